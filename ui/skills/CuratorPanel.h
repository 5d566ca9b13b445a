#pragma once

#include "skills/CuratorReport.h"

#include <QWidget>

#include <functional>
#include <optional>

class QLabel;
class QTreeWidget;

namespace sediment {
class Clock;
class Workspace;
} // namespace sediment

namespace sediment::ui {

// Below the Skills table: what the next curator pass would do to which skill, and why (a dry
// run), and the real pass, which first asks with the counts it is about to apply.
class CuratorPanel final : public QWidget {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(CuratorPanel)

public:
    CuratorPanel(Workspace& workspace, const Clock& clock, QWidget* parent = nullptr);

    // Asked before a real pass with a sentence naming the counts; true runs it. The default is
    // a message box; tests answer without one.
    void setConfirmHandler(std::function<bool(const QString& question)> confirm);

    QTreeWidget* plan() const { return m_plan; }
    QLabel* summary() const { return m_summary; }

public Q_SLOTS:
    void preview();
    void run();

Q_SIGNALS:
    // A real pass changed the skills: the page reloads them, then the preview follows.
    void ran();
    void statusMessage(const QString& text);

private:
    // A dry run, shown; nothing, with `failure` and the reason in a dialog, when it cannot run.
    std::optional<CuratorReport> dryRun(const QString& failure);
    void showReport(const CuratorReport& report);

    Workspace& m_workspace;
    const Clock& m_clock;
    QLabel* m_summary = nullptr;
    QTreeWidget* m_plan = nullptr;
    std::function<bool(const QString&)> m_confirm;
};

} // namespace sediment::ui
