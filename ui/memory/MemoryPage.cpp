#include "memory/MemoryPage.h"
#include "inbox/InboxStatus.h"
#include "proposal/Destination.h"

#include "audit/Actor.h"
#include "memory/MemoryEntryModel.h"
#include "memory/MemoryFile.h"
#include "memory/MemoryService.h"
#include "memory/UsageBar.h"
#include "store/AuditRepository.h"
#include "store/Database.h"
#include "workspace/Workspace.h"

#include <QFile>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QInputDialog>
#include <QItemSelectionModel>
#include <QLabel>
#include <QListView>
#include <QListWidget>
#include <QMessageBox>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSplitter>
#include <QVBoxLayout>

#include <algorithm>

namespace sediment::ui {

namespace {

// How far back the history pane looks: enough for any entry of a bounded store, and a bound
// so that a million-row audit log is never read whole.
constexpr int kHistoryScan = 2000;

QString fileNameOf(const QString& target)
{
    return isWord(target, Destination::User) ? QStringLiteral("USER.md") : QStringLiteral("MEMORY.md");
}

QByteArray readBytes(const QString& path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

// Whether an inbox decision's op wrote `entry`: an add or replace whose content is the entry.
bool opWrote(const Json& op, const QString& entry)
{
    if (op.value("action", std::string()) == "batch") {
        for (const Json& sub : op.value("operations", Json::array()))
            if (opWrote(sub, entry))
                return true;
        return false;
    }
    return fromStd(op.value("content", std::string())).trimmed() == entry;
}

} // namespace

MemoryPage::MemoryPage(sediment::Workspace& workspace, const sediment::Clock& clock, QWidget* parent)
    : Page(parent)
    , m_workspace(workspace)
    , m_clock(clock)
{
    m_memory.target = toString(Destination::Memory);
    m_user.target = toString(Destination::User);

    m_notice = new QLabel(this);
    m_notice->setObjectName(QStringLiteral("memoryNotice"));
    m_notice->setWordWrap(true);
    m_notice->hide();

    auto* stores = new QSplitter(Qt::Horizontal, this);
    stores->addWidget(buildColumn(m_memory, tr("MEMORY.md — the agent's notes")));
    stores->addWidget(buildColumn(m_user, tr("USER.md — who the user is")));

    QWidget* history = buildHistory();
    QWidget* snapshot = buildSnapshot();
    auto* lower = new QSplitter(Qt::Horizontal, this);
    lower->addWidget(history);
    lower->addWidget(snapshot);

    auto* vertical = new QSplitter(Qt::Vertical, this);
    vertical->addWidget(stores);
    vertical->addWidget(lower);

    auto* layout = new QVBoxLayout(this);
    layout->addWidget(m_notice);
    layout->addWidget(vertical, 1);

    followDiskChanges();
    reload();
}

// The selected entry's past versions, from the audit log.
QWidget* MemoryPage::buildHistory()
{
    auto* historyBox = new QWidget(this);
    auto* hl = new QVBoxLayout(historyBox);
    hl->setContentsMargins(0, 0, 0, 0);
    m_historyTitle = new QLabel(tr("History — select an entry"), historyBox);
    m_history = new QListWidget(historyBox);
    m_history->setObjectName(QStringLiteral("memoryHistory"));
    hl->addWidget(m_historyTitle);
    hl->addWidget(m_history);
    return historyBox;
}

// The two stores as the agent's next session will read them.
QWidget* MemoryPage::buildSnapshot()
{
    auto* snapshotBox = new QWidget(this);
    auto* sl = new QVBoxLayout(snapshotBox);
    sl->setContentsMargins(0, 0, 0, 0);
    sl->addWidget(new QLabel(tr("Frozen snapshot — what the agent sees at its next session"), snapshotBox));
    m_snapshot = new QPlainTextEdit(snapshotBox);
    m_snapshot->setObjectName(QStringLiteral("memorySnapshot"));
    m_snapshot->setReadOnly(true);
    m_snapshot->setLineWrapMode(QPlainTextEdit::WidgetWidth);
    sl->addWidget(m_snapshot);
    return snapshotBox;
}

// Another program may write the stores: reload when they change on disk.
void MemoryPage::followDiskChanges()
{
    // inotify reacts at once; the poll covers file systems where it does not, and a watch lost
    // when an atomic rename replaced the file.
    connect(&m_watcher, &QFileSystemWatcher::fileChanged, this, &MemoryPage::checkFiles);
    connect(&m_watcher, &QFileSystemWatcher::directoryChanged, this, &MemoryPage::checkFiles);
    m_poll.setInterval(1000);
    connect(&m_poll, &QTimer::timeout, this, &MemoryPage::checkFiles);
    m_poll.start();
}

MemoryPage::~MemoryPage() = default;

QWidget* MemoryPage::buildColumn(Column& c, const QString& heading)
{
    auto* box = new QWidget(this);
    auto* l = new QVBoxLayout(box);
    l->setContentsMargins(0, 0, 0, 0);
    c.heading = new QLabel(heading, box);
    c.bar = new UsageBar(box);
    c.bar->setObjectName(c.target + QStringLiteral("Usage"));
    c.model = new MemoryEntryModel(this);
    c.list = new QListView(box);
    c.list->setObjectName(c.target + QStringLiteral("Entries"));
    c.list->setModel(c.model);
    c.list->setWordWrap(true);
    c.list->setUniformItemSizes(false);
    c.list->setAlternatingRowColors(true);
    c.add = new QPushButton(tr("Add…"), box);
    c.edit = new QPushButton(tr("Edit…"), box);
    c.remove = new QPushButton(tr("Remove"), box);
    auto* buttons = new QHBoxLayout;
    buttons->addWidget(c.add);
    buttons->addWidget(c.edit);
    buttons->addWidget(c.remove);
    buttons->addStretch(1);
    l->addWidget(c.heading);
    l->addWidget(c.bar);
    l->addWidget(c.list, 1);
    l->addLayout(buttons);

    const QString target = c.target;
    connect(c.add, &QPushButton::clicked, this, [this, target] { onAdd(target); });
    connect(c.edit, &QPushButton::clicked, this, [this, target] { onEdit(target); });
    connect(c.remove, &QPushButton::clicked, this, [this, target] { onRemove(target); });
    connect(c.list->selectionModel(), &QItemSelectionModel::currentChanged, this,
            [this, target](const QModelIndex& index) {
                if (index.isValid())
                    showHistory(target, index.data(MemoryEntryModel::EntryTextRole).toString());
            });
    return box;
}

MemoryPage::Column& MemoryPage::column(const QString& target)
{
    return isWord(target, Destination::User) ? m_user : m_memory;
}

const MemoryPage::Column& MemoryPage::column(const QString& target) const
{
    return isWord(target, Destination::User) ? m_user : m_memory;
}

MemoryStore MemoryPage::storeFor(const QString& target) const
{
    return MemoryStore(target, m_workspace.memoryFile(target), m_workspace.charLimit(target));
}

QString MemoryPage::badge() const
{
    // Measured from the files now, not from the bars: the badge must follow a decision made on
    // another page while this one is hidden and not yet reloaded.
    QStringList parts;
    for (const Column* c : {&m_memory, &m_user}) {
        const MemoryStore store = storeFor(c->target);
        auto entries = store.entries();
        parts << (entries ? QStringLiteral("%1 / %2").arg(MemoryStore::usage(*entries)).arg(store.charLimit())
                          : tr("unreadable"));
    }
    return parts.join(QStringLiteral(" · "));
}

void MemoryPage::reload()
{
    QStringList blocks;
    for (Column* c : {&m_memory, &m_user}) {
        const MemoryStore store = storeFor(c->target);
        m_loadedBytes[c->target] = readBytes(store.filePath());
        auto entries = store.entries();
        const QStringList list = entries ? *entries : QStringList();
        const QString keep = selectedEntry(c->target);
        c->model->setEntries(list);
        c->bar->setUsage(MemoryStore::usage(list), store.charLimit());
        const int flagged = c->model->flaggedCount();
        c->heading->setToolTip(flagged ? tr("%n entry(ies) would be blocked by the threat scan", nullptr, flagged)
                                       : QString());
        if (const int row = int(list.indexOf(keep)); row >= 0 && !keep.isEmpty())
            c->list->setCurrentIndex(c->model->index(row));
        if (!entries) {
            c->heading->setText(tr("%1 — cannot be read: %2").arg(fileNameOf(c->target), entries.error().message));
            continue;
        }
        if (auto snap = store.snapshot(); snap && !snap->isEmpty())
            blocks << *snap;
    }
    m_snapshot->setPlainText(blocks.join(QStringLiteral("\n\n")));
    // A page that opens on an empty history pane looks broken: the first entry is shown until
    // the reviewer picks another.
    if (m_historyEntry.isEmpty() && m_memory.model->rowCount() > 0)
        m_memory.list->setCurrentIndex(m_memory.model->index(0)); // shows its history
    else if (!m_historyEntry.isEmpty())
        showHistory(m_historyTarget, m_historyEntry);
    watchFiles();
    Q_EMIT badgeChanged();
}

void MemoryPage::watchFiles()
{
    QStringList paths{QFileInfo(m_workspace.memoryFile(toString(Destination::Memory))).absolutePath()};
    for (const QString& t : {toString(Destination::Memory), toString(Destination::User)})
        if (QFileInfo::exists(m_workspace.memoryFile(t)))
            paths << m_workspace.memoryFile(t);
    // A rename over the file drops its watch: add back whatever is missing.
    for (const QString& p : paths)
        if (!m_watcher.files().contains(p) && !m_watcher.directories().contains(p) && QFileInfo::exists(p))
            m_watcher.addPath(p);
}

void MemoryPage::checkFiles()
{
    QStringList changed;
    for (const QString& t : {toString(Destination::Memory), toString(Destination::User)})
        if (readBytes(m_workspace.memoryFile(t)) != m_loadedBytes.value(t))
            changed << fileNameOf(t);
    if (changed.isEmpty()) {
        watchFiles();
        return;
    }
    reload();
    const QString message =
        tr("%1 changed on disk (another program wrote it); reloaded at %2")
            .arg(changed.join(tr(" and ")), QTime::currentTime().toString(QStringLiteral("HH:mm:ss")));
    m_notice->setText(message);
    m_notice->show();
    Q_EMIT statusMessage(message);
}

Result<MemoryOutcome> MemoryPage::applyEdit(const QString& target, const MemoryOp& op)
{
    auto outcome =
        MemoryService(m_workspace, m_clock)
            .apply(target, op, Actor::human(m_workspace), Json{{"via", "memory page"}, {"request", op.toJson()}});
    if (outcome)
        reload(); // our own write: shown, not announced as a change by another program
    return outcome;
}

QString MemoryPage::selectedEntry(const QString& target) const
{
    const QModelIndex i = column(target).list->currentIndex();
    return i.isValid() ? i.data(MemoryEntryModel::EntryTextRole).toString() : QString();
}

bool MemoryPage::selectEntry(const QString& target, int row)
{
    Column& c = column(target);
    if (row < 0 || row >= c.model->rowCount())
        return false;
    c.list->setCurrentIndex(c.model->index(row));
    showHistory(target, c.model->index(row).data(MemoryEntryModel::EntryTextRole).toString());
    return true;
}

void MemoryPage::showHistory(const QString& target, const QString& entry)
{
    m_historyTarget = target;
    m_historyEntry = entry;
    m_history->clear();
    m_historyTitle->setText(tr("History of “%1”").arg(entry.left(60)));
    AuditRepository audit(m_workspace.db(), m_clock);
    AuditRepository::Query direct;
    direct.subjectType = QStringLiteral("memory");
    direct.subjectId = target;
    direct.newestFirst = true;
    direct.limit = kHistoryScan;
    AuditRepository::Query decisions;
    decisions.subjectType = QStringLiteral("inbox_item");
    decisions.newestFirst = true;
    decisions.limit = kHistoryScan;
    auto edits = audit.list(direct);
    auto decided = audit.list(decisions);
    if (!edits || !decided) {
        m_history->addItem(
            tr("The audit log cannot be read: %1").arg((!edits ? edits.error() : decided.error()).message));
        return;
    }
    std::vector<AuditEntry> rows;
    for (const AuditEntry& e : *edits) {
        const bool added = e.after && MemoryFile::parseText(*e.after).contains(entry);
        const bool removed = e.before && MemoryFile::parseText(*e.before).contains(entry);
        if (added || removed)
            rows.push_back(e);
    }
    for (const AuditEntry& e : *decided) {
        const bool wrote =
            e.after && (isWord(*e.after, InboxStatus::Applied) || isWord(*e.after, InboxStatus::Modified));
        if (wrote && e.details.value("destination", std::string()) == toStd(target)
            && opWrote(e.details.contains("final_op") ? e.details["final_op"] : e.details.value("op", Json::object()),
                       entry))
            rows.push_back(e);
    }
    std::sort(rows.begin(), rows.end(), [](const AuditEntry& a, const AuditEntry& b) { return a.seq > b.seq; });
    for (const AuditEntry& e : rows) {
        QString what;
        if (e.subjectType == QLatin1String("inbox_item")) {
            what = tr("written by proposal #%1 (%2, decided by %3)").arg(e.subjectId, *e.after, e.actor);
        } else {
            const bool added = e.after && MemoryFile::parseText(*e.after).contains(entry);
            const QString verb = e.action.mid(7); // after "memory."
            what = added ? (verb == QLatin1String("replace") ? tr("replaced in by %1").arg(e.actor)
                                                             : tr("added by %1").arg(e.actor))
                         : tr("removed by %1").arg(e.actor);
            if (added && e.before)
                what += tr(" (was: %1)").arg(e.before->left(80));
        }
        auto* item = new QListWidgetItem(
            QStringLiteral("%1 · %2").arg(e.at.left(19).replace(QLatin1Char('T'), QLatin1Char(' ')), what));
        item->setToolTip(tr("audit row %1, action %2").arg(e.seq).arg(e.action));
        m_history->addItem(item);
    }
    if (rows.empty())
        m_history->addItem(tr("No recorded change: this entry was written before Sediment watched the store."));
}

QStringList MemoryPage::historyLines() const
{
    QStringList lines;
    for (int i = 0; i < m_history->count(); ++i)
        lines << m_history->item(i)->text();
    return lines;
}

QString MemoryPage::snapshotText() const { return m_snapshot->toPlainText(); }
QStringList MemoryPage::entries(const QString& target) const { return column(target).model->entries(); }
QString MemoryPage::usageText(const QString& target) const { return column(target).bar->text(); }
QString MemoryPage::noticeText() const { return m_notice->isHidden() ? QString() : m_notice->text(); }

void MemoryPage::report(const Result<MemoryOutcome>& outcome)
{
    if (!outcome) {
        QMessageBox::critical(this, tr("Memory"), outcome.error().message);
        return;
    }
    if (!outcome->success)
        QMessageBox::warning(this, tr("Memory"), outcome->message);
    else
        Q_EMIT statusMessage(outcome->message);
}

void MemoryPage::onAdd(const QString& target)
{
    bool ok = false;
    const QString text =
        QInputDialog::getMultiLineText(this, tr("Add to %1").arg(fileNameOf(target)), tr("New entry:"), QString(), &ok);
    if (!ok)
        return;
    MemoryOp op;
    op.action = QStringLiteral("add");
    op.content = text;
    report(applyEdit(target, op));
}

void MemoryPage::onEdit(const QString& target)
{
    const QString entry = selectedEntry(target);
    if (entry.isEmpty())
        return;
    bool ok = false;
    const QString text =
        QInputDialog::getMultiLineText(this, tr("Edit entry of %1").arg(fileNameOf(target)), tr("Entry:"), entry, &ok);
    if (!ok || text == entry)
        return;
    MemoryOp op;
    op.action = QStringLiteral("replace");
    op.oldText = entry;
    op.content = text;
    report(applyEdit(target, op));
}

void MemoryPage::onRemove(const QString& target)
{
    const QString entry = selectedEntry(target);
    if (entry.isEmpty())
        return;
    if (QMessageBox::question(this, tr("Remove entry"),
                              tr("Remove this entry from %1?\n\n%2").arg(fileNameOf(target), entry.left(300)))
        != QMessageBox::Yes)
        return;
    MemoryOp op;
    op.action = QStringLiteral("remove");
    op.oldText = entry;
    report(applyEdit(target, op));
}

} // namespace sediment::ui
