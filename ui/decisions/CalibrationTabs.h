#pragma once

#include "model/Calibration.h"

#include <QTabWidget>

class QChartView;
class QLineSeries;
class QListWidget;
class QTableWidget;

namespace sediment {
class Clock;
class Workspace;
} // namespace sediment

namespace sediment::ui {

class ReliabilityChart;

// How well the reviewed decisions were calibrated, beside the Decisions table: the reliability
// diagram, Brier and ECE over time from the calibration snapshots, the escalation list and the
// per-category figures. Each refresh reads its part from the workspace again.
class CalibrationTabs final : public QTabWidget {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(CalibrationTabs)

public:
    CalibrationTabs(Workspace& workspace, const Clock& clock, QWidget* parent = nullptr);

    // The figures the last refreshFigures() read.
    const Calibration::Figures& figures() const { return m_figures; }
    // False, with a statusMessage saying why, when they could not be read.
    bool refreshFigures();
    void refreshTrend();
    void refreshEscalation();

    ReliabilityChart* reliabilityChart() const { return m_reliability; }
    QLineSeries* brierTrend() const { return m_brierTrend; }
    QLineSeries* eceTrend() const { return m_eceTrend; }
    QListWidget* escalationList() const { return m_escalation; }
    QTableWidget* categoryTable() const { return m_categories; }

Q_SIGNALS:
    // A decision of the escalation list was activated: the page shows it for review.
    void decisionActivated(qint64 id);
    void statusMessage(const QString& text);

private:
    void buildTrendChart();
    void buildEscalation();
    void buildCategories();

    Workspace& m_workspace;
    const Clock& m_clock;
    ReliabilityChart* m_reliability = nullptr;
    QChartView* m_trendView = nullptr;
    QLineSeries* m_brierTrend = nullptr;
    QLineSeries* m_eceTrend = nullptr;
    QListWidget* m_escalation = nullptr;
    QTableWidget* m_categories = nullptr;
    Calibration::Figures m_figures;
};

} // namespace sediment::ui
