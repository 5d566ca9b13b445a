#pragma once

#include "skills/HermesCuratorScope.h"

#include <QCoreApplication>
#include <QString>

#include <optional>
#include <utility>

namespace sediment {
class Clock;
class Workspace;
struct Skill;
} // namespace sediment

namespace sediment::ui {

// What the curator makes of the skills, as the Skills page tells it: its rules and where they
// come from, on a Hermes home what protects a skill from it, and what its next pass would do to
// a skill and why.
class CuratorOutlook final {
    Q_DECLARE_TR_FUNCTIONS(CuratorOutlook)

public:
    CuratorOutlook(Workspace& workspace, const Clock& clock);

    // Re-reads the curator's settings and, on a Hermes home, its view of the skills (config.yaml,
    // .usage.json, the manifests, cron/jobs.json); returns its rules in a sentence.
    QString reload();
    bool isHermesHome() const { return m_settings.hermesHome; }
    // A short label for the table (empty when nothing protects the skill) and why, in a phrase.
    std::pair<QString, QString> protectionOf(const Skill& skill) const;
    QString nextPass(const Skill& skill) const;

private:
    Workspace& m_workspace;
    const Clock& m_clock;
    CuratorSettings m_settings;
    std::optional<HermesCuratorScope> m_scope;
};

} // namespace sediment::ui
