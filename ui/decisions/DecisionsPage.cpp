#include "decisions/DecisionsPage.h"

#include "audit/Actor.h"
#include "decisions/AutoReviewer.h"
#include "decisions/CalibrationSnapshots.h"
#include "decisions/DecisionReviewer.h"
#include "decisions/DecisionTableModel.h"
#include "decisions/EscalationList.h"
#include "decisions/ReliabilityChart.h"
#include "shared/IdRowSelection.h"
#include "shared/Tones.h"
#include "store/DecisionRepository.h"
#include "util/Time.h"

#include <QChart>
#include <QChartView>
#include <QComboBox>
#include <QDateTimeAxis>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QKeyEvent>
#include <QLabel>
#include <QLineEdit>
#include <QLineSeries>
#include <QListWidget>
#include <QPushButton>
#include <QSettings>
#include <QSplitter>
#include <QTableView>
#include <QTableWidget>
#include <QTabWidget>
#include <QValueAxis>
#include <QVBoxLayout>

namespace sediment::ui {

namespace {

struct OutcomeKey {
    Qt::Key key;
    const char* outcome;
    const char* label;
};
constexpr OutcomeKey kOutcomeKeys[] = {
    {Qt::Key_S, "success", QT_TRANSLATE_NOOP("DecisionsPage", "&Success")},
    {Qt::Key_P, "partial", QT_TRANSLATE_NOOP("DecisionsPage", "&Partial")},
    {Qt::Key_F, "failure", QT_TRANSLATE_NOOP("DecisionsPage", "&Failure")},
    {Qt::Key_N, "noise", QT_TRANSLATE_NOOP("DecisionsPage", "&Noise")},
    {Qt::Key_U, "superseded", QT_TRANSLATE_NOOP("DecisionsPage", "S&uperseded")},
};

QString figure(const std::optional<double>& v, int decimals = 3)
{
    return v ? QString::number(*v, 'f', decimals) : QStringLiteral("—");
}

} // namespace

DecisionsPage::DecisionsPage(Workspace& workspace, const Clock& clock, QWidget* parent)
    : Page(parent)
    , m_workspace(workspace)
    , m_clock(clock)
{
    m_model = new DecisionTableModel(workspace.db(), this);
    connect(m_model, &DecisionTableModel::errorOccurred, this, &Page::statusMessage);

    QHBoxLayout* top = buildFilterBar();
    buildTable();
    QWidget* review = buildReview();
    layOut(top, review, buildChartTabs());

    applyFilter();
    refreshFigures();
    refreshTrend();
    refreshEscalation();
}

// Which decisions the table lists, and the calibration figures beside the choice.
QHBoxLayout* DecisionsPage::buildFilterBar()
{
    m_show = new QComboBox;
    m_show->addItem(tr("Unreviewed"), QStringLiteral("pending"));
    m_show->addItem(tr("Reviewed"), QStringLiteral("reviewed"));
    m_show->addItem(tr("All"), QString());
    connect(m_show, &QComboBox::currentIndexChanged, this, &DecisionsPage::applyFilter);
    m_figures = new QLabel;
    m_figures->setTextInteractionFlags(Qt::TextSelectableByMouse);
    auto* top = new QHBoxLayout;
    top->addWidget(new QLabel(tr("Show")));
    top->addWidget(m_show);
    top->addStretch();
    top->addWidget(m_figures);
    return top;
}

void DecisionsPage::buildTable()
{
    m_table = new QTableView;
    m_table->setModel(m_model);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setSelectionMode(QAbstractItemView::SingleSelection);
    m_table->setSortingEnabled(true);
    m_table->verticalHeader()->hide();
    m_table->setWordWrap(false);
    // The short columns fit their contents; the description takes the rest of the width.
    m_table->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_table->horizontalHeader()->setSectionResizeMode(DecisionTableModel::DescriptionColumn, QHeaderView::Stretch);
    m_table->installEventFilter(this);
    m_selection =
        new IdRowSelection(m_table, m_model, DecisionTableModel::DecisionIdRole, DecisionTableModel::DescriptionColumn);
    connect(m_table->selectionModel(), &QItemSelectionModel::currentRowChanged, this, &DecisionsPage::showSelected);
}

// The selected decision, the result line and one button per outcome.
QWidget* DecisionsPage::buildReview()
{
    m_detail = new QLabel;
    m_detail->setWordWrap(true);
    m_detail->setTextFormat(Qt::PlainText);
    m_detail->setAlignment(Qt::AlignTop | Qt::AlignLeft);
    m_result = new QLineEdit;
    m_result->setPlaceholderText(tr("What happened (optional), then press an outcome"));
    auto* buttons = new QHBoxLayout;
    for (const OutcomeKey& k : kOutcomeKeys) {
        auto* b = new QPushButton(tr(k.label));
        b->setToolTip(tr("Record %1 (key %2)").arg(QLatin1String(k.outcome), QKeySequence(k.key).toString()));
        const QString outcome = QString::fromLatin1(k.outcome);
        connect(b, &QPushButton::clicked, this, [this, outcome] { reviewSelected(outcome); });
        buttons->addWidget(b);
    }
    auto* review = new QWidget;
    auto* reviewLayout = new QVBoxLayout(review);
    reviewLayout->setContentsMargins(0, 0, 0, 0);
    reviewLayout->addWidget(m_detail, 1);
    reviewLayout->addWidget(m_result);
    reviewLayout->addLayout(buttons);
    return review;
}

// The reliability diagram, the trend over time, the escalation list and the per-category table.
QTabWidget* DecisionsPage::buildChartTabs()
{
    m_reliability = new ReliabilityChart;
    buildTrendChart();
    m_escalation = new QListWidget;
    connect(m_escalation, &QListWidget::itemActivated, this, [this](QListWidgetItem* item) {
        m_show->setCurrentIndex(0);
        selectDecision(item->data(Qt::UserRole).toLongLong());
        m_table->setFocus();
    });
    m_categories = new QTableWidget(0, 4);
    m_categories->setHorizontalHeaderLabels({tr("Category"), tr("Count"), tr("Brier"), tr("Accuracy")});
    m_categories->verticalHeader()->hide();
    m_categories->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_categories->horizontalHeader()->setStretchLastSection(true);

    auto* tabs = new QTabWidget;
    tabs->addTab(m_reliability, tr("Reliability"));
    tabs->addTab(m_trendView, tr("Over time"));
    tabs->addTab(m_escalation, tr("Escalation"));
    tabs->addTab(m_categories, tr("By category"));
    return tabs;
}

void DecisionsPage::buildTrendChart()
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

void DecisionsPage::layOut(QHBoxLayout* top, QWidget* review, QTabWidget* tabs)
{
    // The table takes the whole width, so descriptions are readable; the selected decision's
    // review and the charts share the band below it. Both splitters keep their sizes.
    m_lowerSplit = new QSplitter(Qt::Horizontal);
    m_lowerSplit->setObjectName(QStringLiteral("decisionsLowerSplitter"));
    m_lowerSplit->addWidget(review);
    m_lowerSplit->addWidget(tabs);
    m_lowerSplit->setStretchFactor(0, 1);
    m_lowerSplit->setStretchFactor(1, 1);
    m_lowerSplit->setChildrenCollapsible(false);
    m_split = new QSplitter(Qt::Vertical);
    m_split->setObjectName(QStringLiteral("decisionsSplitter"));
    m_split->addWidget(m_table);
    m_split->addWidget(m_lowerSplit);
    m_split->setStretchFactor(0, 3);
    m_split->setStretchFactor(1, 2);
    m_split->setChildrenCollapsible(false);
    tabs->setMinimumHeight(280); // the reliability diagram stays legible
    m_table->setMinimumHeight(120);
    m_split->setSizes({430, 400}); // until the user moves it
    const QSettings settings;
    m_split->restoreState(settings.value(QStringLiteral("decisions/splitter")).toByteArray());
    m_lowerSplit->restoreState(settings.value(QStringLiteral("decisions/lowerSplitter")).toByteArray());
    auto* layout = new QVBoxLayout(this);
    layout->addLayout(top);
    layout->addWidget(m_split, 1);
}

DecisionsPage::~DecisionsPage()
{
    QSettings settings;
    settings.setValue(QStringLiteral("decisions/splitter"), m_split->saveState());
    settings.setValue(QStringLiteral("decisions/lowerSplitter"), m_lowerSplit->saveState());
}

QString DecisionsPage::badge() const
{
    return m_current.brier ? tr("Brier %1").arg(*m_current.brier, 0, 'f', 2) : tr("no reviews");
}

qint64 DecisionsPage::selectedId() const { return m_selection->currentId(); }

bool DecisionsPage::selectDecision(qint64 id) { return m_selection->select(id); }

void DecisionsPage::applyFilter()
{
    DecisionRepository::Filter f;
    f.outcome = m_show->currentData().toString();
    m_model->setFilter(f);
    m_selection->selectFirst();
    showSelected();
}

void DecisionsPage::showSelected()
{
    const Decision* d = m_model->decisionAt(m_table->currentIndex().row());
    if (!d) {
        m_detail->setText(m_model->rowCount() ? QString() : tr("No decision here."));
        return;
    }
    QString text = tr("#%1 · %2 · stakes %3 · confidence %4 · made %5\n%6")
                       .arg(d->id)
                       .arg(d->category, d->stakes)
                       .arg(d->confidence, 0, 'f', 2)
                       .arg(d->createdAt, d->description);
    if (!d->context.isEmpty())
        text += tr("\nContext: ") + d->context;
    if (!d->pattern.isEmpty())
        text += tr("\nPattern: ") + d->pattern;
    if (d->isReviewed())
        text += tr("\nOutcome: %1 by %2 at %3%4")
                    .arg(d->outcome, d->reviewer.value_or(QStringLiteral("?")), d->reviewedAt.value_or(QString()),
                         d->outcomeText ? QStringLiteral(" — ") + *d->outcomeText : QString());
    else if (const auto hint = AutoReviewer(m_workspace.db(), m_clock, m_workspace.root()).fileCreatedSignal(*d))
        text += tr("\nSignal: ") + hint->explanation;
    m_detail->setText(text);
}

bool DecisionsPage::reviewSelected(const QString& outcome)
{
    const qint64 id = selectedId();
    if (id == 0)
        return false;
    const int row = m_table->currentIndex().row();
    DecisionReviewer::Request r;
    r.id = id;
    r.outcome = outcome;
    if (!m_result->text().trimmed().isEmpty())
        r.text = m_result->text().trimmed();
    r.reviewer = m_workspace.reviewer();
    auto done = DecisionReviewer(m_workspace.db(), m_clock, Actor::human(r.reviewer)).review(r);
    if (!done) {
        Q_EMIT statusMessage(done.error().message);
        return false;
    }
    m_result->clear();
    m_model->refresh();
    // Decide and advance: in the unreviewed list the row is gone and the next one slid up.
    const bool pendingOnly = m_show->currentData().toString() == QLatin1String("pending");
    const int next = std::min(pendingOnly ? row : row + 1, m_model->rowCount() - 1);
    if (next >= 0)
        m_table->selectRow(next);
    showSelected();
    refreshFigures();
    refreshEscalation();
    if (done->snapshotId)
        refreshTrend();
    Q_EMIT statusMessage(tr("decision %1: %2%3")
                             .arg(id)
                             .arg(outcome, done->snapshotId ? tr(" (calibration snapshot taken)") : QString()));
    return true;
}

void DecisionsPage::move(int delta)
{
    const int row = std::clamp(m_table->currentIndex().row() + delta, 0, m_model->rowCount() - 1);
    if (row >= 0)
        m_table->selectRow(row);
}

void DecisionsPage::changeEvent(QEvent* event)
{
    Page::changeEvent(event);
    if (event->type() == QEvent::PaletteChange && m_trendView)
        Tones::applyTo(m_trendView->chart(), palette());
}

bool DecisionsPage::eventFilter(QObject* watched, QEvent* event)
{
    if (watched == m_table && event->type() == QEvent::KeyPress) {
        const auto* key = static_cast<QKeyEvent*>(event);
        if (key->modifiers() & ~Qt::KeypadModifier & ~Qt::ShiftModifier)
            return Page::eventFilter(watched, event);
        for (const OutcomeKey& k : kOutcomeKeys) {
            if (key->key() == k.key) {
                reviewSelected(QString::fromLatin1(k.outcome));
                return true;
            }
        }
        if (key->key() == Qt::Key_J) {
            move(1);
            return true;
        }
        if (key->key() == Qt::Key_K) {
            move(-1);
            return true;
        }
    }
    return Page::eventFilter(watched, event);
}

void DecisionsPage::refreshFigures()
{
    auto f = CalibrationSnapshots(m_workspace.db(), m_clock).current();
    if (!f) {
        Q_EMIT statusMessage(f.error().message);
        return;
    }
    const QString before = badge();
    m_current = *f;
    m_reliability->setFigures(m_current);
    m_figures->setText(m_current.reviewed == 0
                           ? m_current.reason
                           : tr("reviewed %1 · Brier %2 · accuracy %3 · ECE %4")
                                 .arg(m_current.reviewed)
                                 .arg(figure(m_current.brier), figure(m_current.accuracy), figure(m_current.ece)));
    m_categories->setRowCount(int(m_current.byCategory.size()));
    int row = 0;
    for (const auto& [cat, c] : m_current.byCategory) {
        m_categories->setItem(row, 0, new QTableWidgetItem(Decision::categories().at(cat)));
        m_categories->setItem(row, 1, new QTableWidgetItem(QString::number(c.count)));
        m_categories->setItem(row, 2, new QTableWidgetItem(QString::number(c.brier, 'f', 3)));
        m_categories->setItem(row, 3, new QTableWidgetItem(QString::number(c.accuracy, 'f', 3)));
        ++row;
    }
    if (badge() != before)
        Q_EMIT badgeChanged();
}

void DecisionsPage::refreshTrend()
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

void DecisionsPage::refreshEscalation()
{
    auto list = EscalationList::compute(m_workspace.db(), m_clock);
    if (!list) {
        Q_EMIT statusMessage(list.error().message);
        return;
    }
    m_escalation->clear();
    for (const Decision& d : *list) {
        auto* item = new QListWidgetItem(tr("#%1 [%2] %3 — made %4, unreviewed")
                                             .arg(d.id)
                                             .arg(d.stakes, d.description.simplified(), d.createdAt.left(10)));
        item->setData(Qt::UserRole, d.id);
        m_escalation->addItem(item);
    }
    if (list->empty())
        m_escalation->addItem(tr("Nothing to escalate: no high-stakes decision waits more than 14 days."));
}

void DecisionsPage::reload()
{
    const qint64 keep = selectedId();
    m_model->refresh();
    m_selection->selectOrFirst(keep);
    showSelected();
    refreshFigures();
    refreshTrend();
    refreshEscalation();
}

} // namespace sediment::ui
