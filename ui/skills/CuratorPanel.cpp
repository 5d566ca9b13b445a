#include "skills/CuratorPanel.h"

#include "shared/ErrorDialog.h"
#include "skills/Curator.h"
#include "skills/SkillCount.h"

#include <QLabel>
#include <QMessageBox>
#include <QTreeWidget>
#include <QVBoxLayout>

namespace sediment::ui {

CuratorPanel::CuratorPanel(Workspace& workspace, const Clock& clock, QWidget* parent)
    : QWidget(parent)
    , m_workspace(workspace)
    , m_clock(clock)
    , m_confirm([this](const QString& question) {
        return QMessageBox::question(this, tr("Run the curator"), question, QMessageBox::Yes | QMessageBox::Cancel,
                                     QMessageBox::Cancel)
               == QMessageBox::Yes;
    })
{
    m_summary = new QLabel(tr("Curator preview: press “Preview curator” to see what the next pass would do."), this);
    m_summary->setWordWrap(true);
    m_plan = new QTreeWidget(this);
    m_plan->setRootIsDecorated(false);
    m_plan->setHeaderLabels({tr("Skill"), tr("Change"), tr("Why")});
    m_plan->setColumnWidth(0, 220);
    m_plan->setColumnWidth(1, 160);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_summary);
    layout->addWidget(m_plan);
}

void CuratorPanel::setConfirmHandler(std::function<bool(const QString&)> confirm) { m_confirm = std::move(confirm); }

void CuratorPanel::showReport(const CuratorReport& r)
{
    m_plan->clear();
    QList<QTreeWidgetItem*> items;
    for (const auto& step : r.plan) {
        auto* item = new QTreeWidgetItem({step.name, QStringLiteral("%1 → %2").arg(step.from, step.to), step.why});
        item->setToolTip(2, step.why);
        items << item;
    }
    m_plan->addTopLevelItems(items);
    m_summary->setText(
        tr("Next curator pass (as of %1): %2 checked, %3 to mark stale, %4 to archive, "
           "%5 to reactivate; %6 pinned and %7 not agent-created left alone.")
            .arg(r.at)
            .arg(r.checked)
            .arg(r.markedStale)
            .arg(r.archived)
            .arg(r.reactivated)
            .arg(r.skippedPinned)
            .arg(r.skippedNotAgent)
        + (r.hermes ? tr(" %1 named by cron jobs left alone, %2 bundled to seed.").arg(r.skippedCron).arg(r.seeded)
                    : QString()));
}

std::optional<CuratorReport> CuratorPanel::dryRun(const QString& failure)
{
    auto plan = Curator(m_workspace, m_clock).run(true);
    if (!plan) {
        ErrorDialog::show(this, failure, plan.error());
        return std::nullopt;
    }
    showReport(*plan);
    return std::move(*plan);
}

void CuratorPanel::preview() { dryRun(tr("Could not preview the curator.")); }

void CuratorPanel::run()
{
    const auto plan = dryRun(tr("Could not plan the curator pass."));
    if (!plan)
        return;
    if (plan->plan.empty()) {
        Q_EMIT statusMessage(tr("The curator has nothing to do (%1 checked).").arg(plan->checked));
        return;
    }
    const QString question = tr("The curator will mark %1 stale, archive %2 and reactivate %3 (of %4 "
                                "agent-created skills checked). Archived folders move to skills/.archive; "
                                "nothing is deleted. Run it now?")
                                 .arg(skillCount(plan->markedStale))
                                 .arg(plan->archived)
                                 .arg(plan->reactivated)
                                 .arg(plan->checked);
    if (!m_confirm(question))
        return;
    auto done = Curator(m_workspace, m_clock).run(false);
    if (!done) {
        ErrorDialog::show(this, tr("The curator pass failed; nothing was changed."), done.error());
        return;
    }
    Q_EMIT ran();
    preview();
    Q_EMIT statusMessage(tr("Curator: %1 marked stale, %2 archived, %3 reactivated, %4 failed")
                             .arg(done->markedStale)
                             .arg(done->archived)
                             .arg(done->reactivated)
                             .arg(done->failed));
}

} // namespace sediment::ui
