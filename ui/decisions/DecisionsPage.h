#pragma once

#include "util/Clock.h"
#include "workspace/Workspace.h"
#include "WorkspacePage.h"

class QComboBox;
class QHBoxLayout;
class QLabel;
class QLineEdit;
class QListWidget;
class QSplitter;
class QTableView;
class QTableWidget;
class QLineSeries;

namespace sediment::ui {

class CalibrationTabs;
class DecisionTableModel;
class IdRowSelection;
class ReliabilityChart;

// Decisions (docs/user-guide.md#decisions, docs/user-guide.md#the-window): review outcomes from the keyboard (S success, P partial, F failure,
// N noise, U superseded; J/K move), the reliability diagram, Brier and ECE over time from the
// calibration snapshots, the escalation list and the per-category figures.
class DecisionsPage final : public WorkspacePage {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(DecisionsPage)

public:
    DecisionsPage(Workspace& workspace, const Clock& clock, QWidget* parent = nullptr);
    ~DecisionsPage() override;

    QString pageId() const override { return QStringLiteral("decisions"); }
    QString title() const override { return tr("Decisions"); }
    QString badge() const override;

    // Records an outcome for the selected decision and moves to the next one.
    bool reviewSelected(const QString& outcome);
    bool selectDecision(qint64 id);
    qint64 selectedId() const;

    QTableView* table() const { return m_table; }
    ReliabilityChart* reliabilityChart() const;
    QLineSeries* brierTrend() const;
    QLineSeries* eceTrend() const;
    QListWidget* escalationList() const;
    QTableWidget* categoryTable() const;
    QComboBox* showFilter() const { return m_show; }
    QLineEdit* resultEdit() const { return m_result; }
    // Table above, the selected decision's review and the charts side by side below.
    QSplitter* splitter() const { return m_split; }

public Q_SLOTS:
    void reload() override;

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    // The constructor's steps, in the order the widgets are made.
    QHBoxLayout* buildFilterBar();
    void buildTable();
    QWidget* buildReview();
    void buildCharts();
    void layOut(QHBoxLayout* top, QWidget* review);
    void applyFilter();
    void refreshFigures();
    void showSelected();
    void move(int delta);

    DecisionTableModel* m_model = nullptr;
    QTableView* m_table = nullptr;
    IdRowSelection* m_selection = nullptr;
    QComboBox* m_show = nullptr;
    QLabel* m_detail = nullptr;
    QLabel* m_figures = nullptr;
    QLineEdit* m_result = nullptr;
    CalibrationTabs* m_charts = nullptr;
    QSplitter* m_split = nullptr;
    QSplitter* m_lowerSplit = nullptr;
};

} // namespace sediment::ui
