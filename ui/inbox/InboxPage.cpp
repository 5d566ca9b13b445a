#include "inbox/InboxPage.h"
#include "model/InboxStatus.h"

#include "inbox/DetailPane.h"
#include "inbox/InboxBackground.h"
#include "inbox/InboxDecider.h"
#include "inbox/InboxPreflight.h"
#include "inbox/InboxSearchBar.h"
#include "inbox/InboxSelection.h"
#include "inbox/InboxTableModel.h"
#include "inbox/InboxTriage.h"
#include "inbox/InboxUpkeep.h"
#include "Resources.h"
#include "shared/EmptyListStack.h"
#include "shared/PaneSplit.h"
#include "shared/RecordTable.h"
#include "store/InboxRepository.h"
#include "workspace/Workspace.h"

#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QLocale>
#include <QSettings>
#include <QSplitter>
#include <QTableView>
#include <QVBoxLayout>

namespace sediment::ui {

namespace {

constexpr int kMaxBatch = 5000; // one decision per item: keep a batch reviewable

QString number(qint64 n) { return QLocale(QLocale::English).toString(n); }

constexpr qint64 kFileOnOpen = 4'000;

} // namespace

InboxPage::InboxPage(Workspace& workspace, const Clock& clock, QWidget* parent)
    : WorkspacePage(workspace, clock, parent)
    , m_decider(std::make_unique<InboxDecider>(workspace, clock))
{
    initResources();
    setObjectName(QStringLiteral("inboxPage"));
    // What agents filed since the app last ran joins the list before its first page is read, up
    // to kFileOnOpen rows, so that a usual start shows it at once; the rest, and anything that
    // fails here, is left to the upkeep's slices.
    m_background = new InboxBackground(workspace.db(), this);
    m_background->fileAtOpen(kFileOnOpen);
    // The whole queue's verdicts, on a thread of its own; asked again after every refresh.
    m_preflight = new InboxPreflight(workspace.root(), this);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(0);
    // The decision buttons join the bar once the triage has made its actions.
    m_bar = new InboxSearchBar(this);
    layout->addWidget(m_bar);
    buildList();
    layout->addWidget(buildSplitter(), 1);
    m_triage = new InboxTriage(*this, *m_decider);
    connect(m_detail, &DetailPane::makeRoomRequested, m_triage, &InboxTriage::makeRoomCurrent);
    m_bar->addButtonsFor(actions());
    connectSignals();
    restoreLayout();
    updateEmptyState();
    selectRow(0);
    m_table->setFocus();
}

void InboxPage::buildList()
{
    m_model = tableModel<InboxTableModel>();
    m_model->setAgents(m_workspace.agents());
    m_table = new RecordTable(m_model, InboxTableModel::SummaryColumn, this);
    // Whoever focuses the page (the window at start, a page switch) focuses the list, so the very
    // first key press decides.
    setFocusProxy(m_table);
    m_table->setObjectName(QStringLiteral("inboxTable"));
    m_table->setSelectionMode(QAbstractItemView::ExtendedSelection);
    m_table->setColumnWidthsFor({{InboxTableModel::IdColumn, "100000"},
                                 {InboxTableModel::DestinationColumn, "settings.json"},
                                 {InboxTableModel::ScoreColumn, "0.00"},
                                 {InboxTableModel::AgentColumn, "curator-bot"},
                                 {InboxTableModel::SeenColumn, "Seen"},
                                 {InboxTableModel::StatusColumn, "outdated"},
                                 {InboxTableModel::CheckColumn, "duplicate · ≈#1000"},
                                 {InboxTableModel::CreatedColumn, "2026-11-22 05:39"}});
    auto* header = m_table->horizontalHeader();
    header->setSortIndicator(InboxTableModel::IdColumn, Qt::AscendingOrder);
    m_table->setSortingEnabled(true);
    m_selection = new InboxSelection(m_table, m_model);

    m_listStack = new EmptyListStack(m_table, this);
    m_listStack->emptyLabel()->setObjectName(QStringLiteral("inboxEmpty"));
}

QSplitter* InboxPage::buildSplitter()
{
    m_detail = new DetailPane(m_workspace, this);
    m_splitter = paneSplit(Qt::Vertical, "inboxSplitter", m_listStack, m_detail, 2, 3, this);
    return m_splitter;
}

// The search applies after a pause in typing; the list, the model and the background upkeep
// drive the detail pane and the empty state.
void InboxPage::connectSignals()
{
    connect(m_bar, &InboxSearchBar::typingPaused, this, &InboxPage::applyQuery);
    connect(m_bar, &InboxSearchBar::entered, this, [this] {
        applyQuery();
        m_table->setFocus();
    });
    connect(m_table->selectionModel(), &QItemSelectionModel::currentRowChanged, this, &InboxPage::showCurrent);
    // The detail pane shows one item; what a key will decide is said where the reviewer looks.
    connect(m_table->selectionModel(), &QItemSelectionModel::selectionChanged, this, [this] {
        if (const qint64 n = m_selection->selectedRowCount(); n > 1)
            Q_EMIT statusMessage(tr("%1 selected: A approves them all, R refuses them all").arg(number(n)));
    });
    connect(m_model, &QAbstractItemModel::modelReset, this, &InboxPage::updateEmptyState);
    // Filters the indexes cannot count (agent, score, free text) fill in after the first page.
    connect(m_model, &QAbstractItemModel::rowsInserted, this, &InboxPage::updateEmptyState);
    connect(m_model, &InboxTableModel::loadingFinished, this, &InboxPage::updateEmptyState);

    connect(m_background, &InboxBackground::filed, this, &InboxPage::reload);
    connect(m_background, &InboxBackground::filingChanged, this, &InboxPage::updateEmptyState);
    connect(m_background, &InboxBackground::statusMessage, this, &Page::statusMessage);
    connect(m_preflight, &InboxPreflight::updated, this, [this] {
        // A view filtered by verdicts (is:dead, group:target) is read again with them: the
        // reviewer's place in it is kept, as after any refresh.
        if (m_model->filter().needsVerdicts()) {
            const InboxSelection::Kept kept = m_selection->keep();
            m_model->setVerdicts(&m_preflight->verdicts());
            m_selection->restore(kept, true);
            updateEmptyState();
        } else {
            m_model->setVerdicts(&m_preflight->verdicts());
        }
        if (!m_preflight->lastError().isEmpty())
            Q_EMIT statusMessage(tr("Preflight: %1").arg(m_preflight->lastError()));
        const QModelIndex current = m_table->currentIndex();
        if (current.isValid() && m_detail->itemId() == currentId()) {
            const QString status = m_model->data(current, InboxTableModel::StatusRole).toString();
            m_detail->showPreflight(m_preflight->verdictOf(currentId()), isWord(status, InboxStatus::Pending));
            showGroupResult();
        }
    });
    m_preflight->request();
}

void InboxPage::restoreLayout()
{
    const QSettings settings;
    // The list is what a founder scans; the detail pane mostly shows a short diff. Without a saved
    // layout the list gets nearly half the height (stretch factors alone leave it a third).
    if (!m_splitter->restoreState(settings.value(QStringLiteral("inbox/splitter")).toByteArray()))
        m_splitter->setSizes({450, 550});
    auto* header = m_table->horizontalHeader();
    header->restoreState(settings.value(QStringLiteral("inbox/header")).toByteArray());
    header->setSortIndicator(InboxTableModel::IdColumn, Qt::AscendingOrder);
}

InboxPage::~InboxPage() { saveLayout(); }

void InboxPage::showEvent(QShowEvent* event)
{
    Page::showEvent(event);
    m_background->start();
}

void InboxPage::saveLayout() const
{
    QSettings settings;
    settings.setValue(QStringLiteral("inbox/splitter"), m_splitter->saveState());
    settings.setValue(QStringLiteral("inbox/header"), m_table->horizontalHeader()->saveState());
}

QTableView* InboxPage::table() const { return m_table; }

QLineEdit* InboxPage::searchBox() const { return m_bar->searchBox(); }

QLabel* InboxPage::queryError() const { return m_bar->queryError(); }

InboxUpkeep* InboxPage::upkeep() const { return m_background->upkeep(); }

void InboxPage::setOwnWrites(OwnWrites* writes) { m_decider->setOwnWrites(writes); }

QString InboxPage::badge() const
{
    // Pending items still being filed are pending all the same.
    InboxReadModel read(m_workspace.db());
    auto n = read.pendingCount();
    auto filing = InboxStaging(m_workspace.db()).count();
    return n ? number(*n + filing.value_or(0)) : QString();
}

qint64 InboxPage::currentId() const { return m_selection->currentId(); }

QList<qint64> InboxPage::selectedIds() const
{
    const qint64 rows = m_selection->selectedRowCount();
    if (rows > kMaxBatch) {
        Q_EMIT const_cast<InboxPage*>(this)->statusMessage(
            tr("%1 proposals selected: decide at most %2 at once, or narrow the "
               "search first.")
                .arg(number(rows), number(kMaxBatch)));
        return {};
    }
    return m_selection->selectedIds();
}

int InboxPage::firstSelectedRow() const { return m_selection->firstSelectedRow(); }

bool InboxPage::selectId(qint64 id)
{
    const int row = m_model->rowOfId(id);
    if (row < 0)
        return false;
    selectRow(row);
    return true;
}

void InboxPage::selectRow(int row)
{
    if (m_model->rowCount() == 0) {
        m_detail->showMessage(m_listStack->emptyText());
        return;
    }
    m_selection->selectRow(row);
    showCurrent();
}

void InboxPage::showCurrent()
{
    const qint64 id = currentId();
    m_currentStale = false;
    if (!id) {
        m_detail->showMessage(m_model->rowCount() ? tr("Select a proposal to see its change.")
                                                  : m_listStack->emptyText());
        return;
    }
    auto item = m_decider->service().item(id);
    if (!item) {
        m_detail->showMessage(item.error().message);
        return;
    }
    bool stale = item->stale;
    const bool open = isWord(item->status, InboxStatus::Pending) || isWord(item->status, InboxStatus::Failed);
    if (open) {
        // The target may have changed since the last look: check now, and keep the flag the list
        // shows in step with what the detail says.
        if (auto now = m_decider->service().isStale(*item)) {
            stale = *now;
            if (stale != item->stale) {
                InboxRepository repo(m_workspace.db());
                if (auto tx = m_workspace.db().begin()) {
                    if (repo.setStale(id, stale) && tx->commit())
                        m_model->reloadRows();
                }
                item->stale = stale;
            }
        }
    }
    m_currentStale = stale && open;
    m_detail->showItem(*item, stale);
    m_detail->showPreflight(m_preflight->verdictOf(id), item->hasStatus(InboxStatus::Pending));
    showGroupResult();
}

void InboxPage::showGroupResult()
{
    // In the group view, a group is looked at as one write: the file once all of it is applied.
    if (!m_model->filter().groupByTarget)
        return;
    if (const PreflightVerdict* v = m_preflight->verdictOf(currentId()); v && v->group.size() > 1)
        m_detail->showGroupResult(*v);
}

void InboxPage::updateEmptyState()
{
    const qint64 count = m_model->rowCount();
    const bool defaultView = m_appliedQuery.trimmed().isEmpty();
    // While the model is still reading, the figure so far is a lower bound: say so.
    const bool loading = m_model->isLoading();
    // Proposals still being filed are not listed yet: say how many, rather than a short count.
    const qint64 filing = m_background->filing();
    const QString arriving = filing > 0 ? tr(" · %1 arriving").arg(number(filing)) : QString();
    if (defaultView)
        m_bar->setCount(tr("%1%2 pending%3").arg(number(count), loading ? QStringLiteral("+") : QString(), arriving));
    else if (loading)
        m_bar->setCount(tr("%1+ matches, searching…%2").arg(number(count)).arg(arriving));
    else
        m_bar->setCount((count == 1 ? tr("1 match") : tr("%1 matches").arg(number(count))) + arriving);
    if (count > 0) {
        m_listStack->showList();
        return;
    }
    if (loading || (defaultView && filing > 0)) {
        m_listStack->showEmpty(loading ? tr("Searching…") : tr("Filing %1 new proposals…").arg(number(filing)));
        return;
    }
    m_listStack->showEmpty(defaultView ? tr("Inbox zero: nothing is waiting for a decision.\n\nNew "
                                            "proposals from your agents appear here as they arrive.")
                                       : tr("No proposal matches “%1”.\n\nAdd status:all to search "
                                            "decided items too, or press Esc and clear the search.")
                                             .arg(m_appliedQuery.trimmed()));
    m_detail->showMessage(QString());
}

void InboxPage::applyQuery()
{
    const QString text = m_bar->searchBox()->text();
    auto filter = m_bar->parse();
    if (!filter)
        return;
    if (*filter == m_model->filter() && text == m_appliedQuery)
        return;
    const qint64 keep = currentId();
    m_appliedQuery = text;
    m_model->setFilter(*filter);
    m_triage->showGroupsOn(filter->groupByTarget);
    updateEmptyState();
    if (!keep || !selectId(keep))
        selectRow(0);
}

void InboxPage::reload()
{
    // Counted here, where rows arrive: another program's filing (the live refresh) or ours.
    m_background->recount();
    const InboxSelection::Kept kept = m_selection->keep();
    m_selection->restore(kept, m_model->refresh());
    m_preflight->request();
    updateEmptyState();
    showCurrent();
    // Another program's rows (the live refresh brings us here) wait for the free-text index.
    m_background->start();
    Q_EMIT badgeChanged();
}

bool InboxPage::currentIsStale() const { return m_currentStale; }

int InboxPage::decidedThisSession() const { return m_decider->decidedThisSession(); }

void InboxPage::advanceFrom(int row)
{
    m_model->refresh();
    m_preflight->request(); // a decision changes what the others would do
    updateEmptyState();
    selectRow(m_selection->nextPendingFrom(row));
    Q_EMIT badgeChanged();
    Q_EMIT workspaceChanged();
}

} // namespace sediment::ui
