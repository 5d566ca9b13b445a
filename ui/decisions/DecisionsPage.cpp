#include "decisions/DecisionsPage.h"

#include "audit/Actor.h"
#include "decisions/AutoReviewer.h"
#include "decisions/CalibrationTabs.h"
#include "decisions/DecisionBook.h"
#include "decisions/DecisionTableModel.h"
#include "model/DecisionOutcome.h"
#include "shared/IdRowSelection.h"
#include "shared/LocalTime.h"
#include "shared/PaneSplit.h"
#include "shared/SingleRowTable.h"
#include "store/DecisionRepository.h"

#include <QComboBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QKeyEvent>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSettings>
#include <QSplitter>
#include <QTableView>
#include <QVBoxLayout>

namespace sediment::ui {

namespace {

struct OutcomeKey {
    Qt::Key key;
    DecisionOutcome outcome;
    const char* label;
};
constexpr OutcomeKey kOutcomeKeys[] = {
    {Qt::Key_S, DecisionOutcome::Success, QT_TRANSLATE_NOOP("DecisionsPage", "&Success")},
    {Qt::Key_P, DecisionOutcome::Partial, QT_TRANSLATE_NOOP("DecisionsPage", "&Partial")},
    {Qt::Key_F, DecisionOutcome::Failure, QT_TRANSLATE_NOOP("DecisionsPage", "&Failure")},
    {Qt::Key_N, DecisionOutcome::Noise, QT_TRANSLATE_NOOP("DecisionsPage", "&Noise")},
    {Qt::Key_U, DecisionOutcome::Superseded, QT_TRANSLATE_NOOP("DecisionsPage", "S&uperseded")},
};

QString figure(const std::optional<double>& v, int decimals = 3)
{
    return v ? QString::number(*v, 'f', decimals) : QStringLiteral("—");
}

} // namespace

DecisionsPage::DecisionsPage(Workspace& workspace, const Clock& clock, QWidget* parent)
    : WorkspacePage(workspace, clock, parent)
{
    m_model = tableModel<DecisionTableModel>();

    QHBoxLayout* top = buildFilterBar();
    buildTable();
    QWidget* review = buildReview();
    buildCharts();
    layOut(top, review);

    applyFilter();
    refreshFigures();
    m_charts->refreshTrend();
    m_charts->refreshEscalation();
}

// Which decisions the table lists, and the calibration figures beside the choice.
QHBoxLayout* DecisionsPage::buildFilterBar()
{
    m_show = new QComboBox;
    m_show->addItem(tr("Unreviewed"), toString(DecisionOutcome::Pending));
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
    m_table = singleRowTable(m_model);
    // The short columns fit their contents; the description takes the rest of the width.
    m_table->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_table->horizontalHeader()->setSectionResizeMode(DecisionTableModel::DescriptionColumn, QHeaderView::Stretch);
    m_table->installEventFilter(this);
    m_selection =
        new IdRowSelection(m_table, m_model, DecisionTableModel::IdRole, DecisionTableModel::DescriptionColumn);
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
        b->setToolTip(tr("Record %1 (key %2)").arg(toString(k.outcome), QKeySequence(k.key).toString()));
        const QString outcome = toString(k.outcome);
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

// The calibration charts; the escalation list's decisions open here for review.
void DecisionsPage::buildCharts()
{
    m_charts = new CalibrationTabs(m_workspace, m_clock, this);
    connect(m_charts, &CalibrationTabs::statusMessage, this, &Page::statusMessage);
    connect(m_charts, &CalibrationTabs::decisionActivated, this, [this](qint64 id) {
        m_show->setCurrentIndex(0);
        selectDecision(id);
        m_table->setFocus();
    });
}

void DecisionsPage::layOut(QHBoxLayout* top, QWidget* review)
{
    // The table takes the whole width, so descriptions are readable; the selected decision's
    // review and the charts share the band below it. Both splitters keep their sizes.
    m_lowerSplit = paneSplit(Qt::Horizontal, "decisionsLowerSplitter", review, m_charts, 1, 1);
    m_split = paneSplit(Qt::Vertical, "decisionsSplitter", m_table, m_lowerSplit, 3, 2);
    m_charts->setMinimumHeight(280); // the reliability diagram stays legible
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
    const auto& brier = m_charts->figures().brier;
    return brier ? tr("Brier %1").arg(*brier, 0, 'f', 2) : tr("no reviews");
}

ReliabilityChart* DecisionsPage::reliabilityChart() const { return m_charts->reliabilityChart(); }
QLineSeries* DecisionsPage::brierTrend() const { return m_charts->brierTrend(); }
QLineSeries* DecisionsPage::eceTrend() const { return m_charts->eceTrend(); }
QListWidget* DecisionsPage::escalationList() const { return m_charts->escalationList(); }
QTableWidget* DecisionsPage::categoryTable() const { return m_charts->categoryTable(); }

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
    const Decision* d = m_model->rowAt(m_table->currentIndex().row());
    if (!d) {
        m_detail->setText(m_model->rowCount() ? QString() : tr("No decision here."));
        return;
    }
    // A narrow pane wraps the facts between them, never inside the date and time.
    const QString made = tr("made %1").arg(localTime(d->createdAt)).replace(QLatin1Char(' '), QChar::Nbsp);
    QString text = tr("#%1 · %2 · stakes %3 · confidence %4 · %5\n%6")
                       .arg(d->id)
                       .arg(d->category, d->stakes)
                       .arg(d->confidence, 0, 'f', 2)
                       .arg(made, d->description);
    if (!d->context.isEmpty())
        text += tr("\nContext: ") + d->context;
    if (!d->pattern.isEmpty())
        text += tr("\nPattern: ") + d->pattern;
    if (d->isReviewed())
        text += tr("\nOutcome: %1 by %2 at %3%4")
                    .arg(d->outcome, d->reviewer.value_or(QStringLiteral("?")),
                         localTime(d->reviewedAt.value_or(QString())),
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
    DecisionBook::Review r;
    r.id = id;
    r.outcome = outcome;
    if (!m_result->text().trimmed().isEmpty())
        r.text = m_result->text().trimmed();
    r.reviewer = m_workspace.reviewer();
    auto done = DecisionBook(m_workspace.db(), m_clock, Actor::human(r.reviewer)).review(r);
    if (!done) {
        Q_EMIT statusMessage(done.error().message);
        return false;
    }
    m_result->clear();
    m_model->refresh();
    // Decide and advance: in the unreviewed list the row is gone and the next one slid up.
    const bool pendingOnly = isWord(m_show->currentData().toString(), DecisionOutcome::Pending);
    const int next = std::min(pendingOnly ? row : row + 1, m_model->rowCount() - 1);
    if (next >= 0)
        m_table->selectRow(next);
    showSelected();
    refreshFigures();
    m_charts->refreshEscalation();
    if (done->snapshotId)
        m_charts->refreshTrend();
    Q_EMIT statusMessage(tr("decision %1: %2%3")
                             .arg(id)
                             .arg(outcome, done->snapshotId ? tr(" (calibration snapshot taken)") : QString()));
    Q_EMIT workspaceChanged();
    return true;
}

void DecisionsPage::move(int delta)
{
    const int row = std::clamp(m_table->currentIndex().row() + delta, 0, m_model->rowCount() - 1);
    if (row >= 0)
        m_table->selectRow(row);
}

bool DecisionsPage::eventFilter(QObject* watched, QEvent* event)
{
    if (watched == m_table && event->type() == QEvent::KeyPress) {
        const auto* key = static_cast<QKeyEvent*>(event);
        if (key->modifiers() & ~Qt::KeypadModifier & ~Qt::ShiftModifier)
            return Page::eventFilter(watched, event);
        for (const OutcomeKey& k : kOutcomeKeys) {
            if (key->key() == k.key) {
                reviewSelected(toString(k.outcome));
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
    const QString before = badge();
    if (!m_charts->refreshFigures())
        return;
    const Calibration::Figures& f = m_charts->figures();
    m_figures->setText(f.reviewed == 0 ? f.reason
                                       : tr("reviewed %1 · Brier %2 · accuracy %3 · ECE %4")
                                             .arg(f.reviewed)
                                             .arg(figure(f.brier), figure(f.accuracy), figure(f.ece)));
    if (badge() != before)
        Q_EMIT badgeChanged();
}

void DecisionsPage::reload()
{
    const qint64 keep = selectedId();
    m_model->refresh();
    m_selection->selectOrFirst(keep);
    showSelected();
    refreshFigures();
    m_charts->refreshTrend();
    m_charts->refreshEscalation();
}

} // namespace sediment::ui
