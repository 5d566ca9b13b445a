#include "decisions/CalibrationTabs.h"

#include "decisions/CalibrationSnapshots.h"
#include "decisions/EscalationList.h"
#include "decisions/ReliabilityChart.h"
#include "shared/LocalTime.h"
#include "shared/Tones.h"
#include "store/DecisionRepository.h"
#include "util/Time.h"
#include "workspace/Workspace.h"

#include <QChart>
#include <QChartView>
#include <QDateTimeAxis>
#include <QHeaderView>
#include <QLineSeries>
#include <QListWidget>
#include <QTableWidget>
#include <QValueAxis>

namespace sediment::ui {

CalibrationTabs::CalibrationTabs(Workspace& workspace, const Clock& clock, QWidget* parent)
    : QTabWidget(parent)
    , m_workspace(workspace)
    , m_clock(clock)
{
    m_reliability = new ReliabilityChart;
    buildTrendChart();
    buildEscalation();
    buildCategories();
    addTab(m_reliability, tr("Reliability"));
    addTab(m_trendView, tr("Over time"));
    addTab(m_escalation, tr("Escalation"));
    addTab(m_categories, tr("By category"));
    Tones::follow(this, [this] { Tones::applyTo(m_trendView->chart(), palette()); });
}

void CalibrationTabs::buildTrendChart()
{
    auto* trend = new QChart;
    trend->setTitle(tr("Brier and ECE over time (snapshots)"));
    m_brierTrend = new QLineSeries;
    m_brierTrend->setName(tr("Brier"));
    m_brierTrend->setPointsVisible(true);
    m_eceTrend = new QLineSeries;
    m_eceTrend->setName(tr("ECE"));
    m_eceTrend->setPointsVisible(true);
    trend->addSeries(m_brierTrend);
    trend->addSeries(m_eceTrend);
    auto* timeAxis = new QDateTimeAxis;
    timeAxis->setFormat(QStringLiteral("yyyy-MM-dd"));
    auto* valueAxis = new QValueAxis;
    valueAxis->setRange(0, 1);
    trend->addAxis(timeAxis, Qt::AlignBottom);
    trend->addAxis(valueAxis, Qt::AlignLeft);
    for (QAbstractSeries* s : trend->series()) {
        s->attachAxis(timeAxis);
        s->attachAxis(valueAxis);
    }
    m_trendView = new QChartView(trend);
    m_trendView->setRenderHint(QPainter::Antialiasing);
    Tones::applyTo(trend, palette());
}

void CalibrationTabs::buildEscalation()
{
    m_escalation = new QListWidget;
    connect(m_escalation, &QListWidget::itemActivated, this,
            [this](QListWidgetItem* item) { Q_EMIT decisionActivated(item->data(Qt::UserRole).toLongLong()); });
}

void CalibrationTabs::buildCategories()
{
    m_categories = new QTableWidget(0, 4);
    m_categories->setHorizontalHeaderLabels({tr("Category"), tr("Count"), tr("Brier"), tr("Accuracy")});
    m_categories->verticalHeader()->hide();
    m_categories->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_categories->horizontalHeader()->setStretchLastSection(true);
}

bool CalibrationTabs::refreshFigures()
{
    auto f = CalibrationSnapshots(m_workspace.db(), m_clock).current();
    if (!f) {
        Q_EMIT statusMessage(f.error().message);
        return false;
    }
    m_figures = *f;
    m_reliability->setFigures(m_figures);
    m_categories->setRowCount(int(m_figures.byCategory.size()));
    int row = 0;
    for (const auto& [cat, c] : m_figures.byCategory) {
        m_categories->setItem(row, 0, new QTableWidgetItem(Decision::categories().at(cat)));
        m_categories->setItem(row, 1, new QTableWidgetItem(QString::number(c.count)));
        m_categories->setItem(row, 2, new QTableWidgetItem(QString::number(c.brier, 'f', 3)));
        m_categories->setItem(row, 3, new QTableWidgetItem(QString::number(c.accuracy, 'f', 3)));
        ++row;
    }
    return true;
}

void CalibrationTabs::refreshTrend()
{
    auto snaps = DecisionRepository(m_workspace.db()).snapshots();
    if (!snaps) {
        Q_EMIT statusMessage(snaps.error().message);
        return;
    }
    m_brierTrend->clear();
    m_eceTrend->clear();
    QDateTime first;
    QDateTime last;
    for (const auto& s : *snaps) {
        const auto t = time::parseIso(s.at);
        if (!t)
            continue;
        const double x = double(t->toMSecsSinceEpoch());
        if (s.brier)
            m_brierTrend->append(x, *s.brier);
        if (s.ece)
            m_eceTrend->append(x, *s.ece);
        if (!first.isValid())
            first = *t;
        last = *t;
    }
    const auto axes = m_trendView->chart()->axes(Qt::Horizontal);
    if (!axes.isEmpty() && first.isValid())
        axes.first()->setRange(first.addSecs(-3600), last.addSecs(3600));
}

void CalibrationTabs::refreshEscalation()
{
    auto list = EscalationList::compute(m_workspace.db(), m_clock);
    if (!list) {
        Q_EMIT statusMessage(list.error().message);
        return;
    }
    m_escalation->clear();
    for (const Decision& d : *list) {
        auto* item = new QListWidgetItem(
            tr("#%1 [%2] %3 — made %4, unreviewed")
                .arg(d.id)
                .arg(d.stakes, d.description.simplified(), localTime(d.createdAt, QStringLiteral("yyyy-MM-dd"))));
        item->setData(Qt::UserRole, d.id);
        m_escalation->addItem(item);
    }
    if (list->empty())
        m_escalation->addItem(tr("Nothing to escalate: no high-stakes decision waits more than 14 days."));
}

} // namespace sediment::ui
