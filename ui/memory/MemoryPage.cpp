#include "memory/MemoryPage.h"
#include "model/Destination.h"

#include "audit/Actor.h"
#include "memory/ClaudeMemoryPane.h"
#include "memory/EntryHistoryPane.h"
#include "memory/MemoryEdit.h"
#include "memory/MemoryEntryDialog.h"
#include "memory/MemoryEntryModel.h"
#include "memory/MemoryService.h"
#include "memory/UsageBar.h"
#include "shared/OwnWrites.h"
#include "shared/ReviewerText.h"
#include "workspace/Workspace.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QItemSelectionModel>
#include <QLabel>
#include <QListView>
#include <QMessageBox>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSplitter>
#include <QTabWidget>
#include <QVBoxLayout>

namespace sediment::ui {

namespace {

// One of the page's own edits of a store: add, replace or remove a single entry.
MemoryOp editOp(QString action, std::optional<QString> content, std::optional<QString> oldText)
{
    MemoryOp op;
    op.action = std::move(action);
    op.content = std::move(content);
    op.oldText = std::move(oldText);
    return op;
}

QByteArray readBytes(const QString& path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

} // namespace

MemoryPage::MemoryPage(sediment::Workspace& workspace, const sediment::Clock& clock, QWidget* parent)
    : WorkspacePage(workspace, clock, parent)
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

    m_history = new EntryHistoryPane(workspace, clock, this);
    QWidget* snapshot = buildSnapshot();
    auto* lower = new QSplitter(Qt::Horizontal, this);
    lower->addWidget(m_history);
    lower->addWidget(snapshot);

    auto* vertical = new QSplitter(Qt::Vertical, this);
    vertical->addWidget(stores);
    vertical->addWidget(lower);

    auto* hermes = new QWidget(this);
    auto* hermesLayout = new QVBoxLayout(hermes);
    hermesLayout->addWidget(m_notice);
    hermesLayout->addWidget(vertical, 1);

    m_claude = new ClaudeMemoryPane(workspace, clock, QDir::homePath(), this);
    connect(m_claude, &ClaudeMemoryPane::saved, this, &Page::workspaceChanged);
    connect(m_claude, &ClaudeMemoryPane::statusMessage, this, &Page::statusMessage);
    m_tabs = new QTabWidget(this);
    m_tabs->setObjectName(QStringLiteral("memorySources"));
    m_tabs->setDocumentMode(true);
    m_tabs->addTab(hermes, tr("Hermes"));
    m_tabs->addTab(m_claude, tr("Claude Code"));

    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_tabs, 1);

    followDiskChanges();
    reload();
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
                    m_history->showEntry(target, index.data(MemoryEntryModel::EntryTextRole).toString());
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
            c->heading->setText(
                tr("%1 — cannot be read: %2").arg(MemoryEdit::fileName(c->target), entries.error().message));
            continue;
        }
        if (auto snap = store.snapshot(); snap && !snap->isEmpty())
            blocks << *snap;
    }
    m_snapshot->setPlainText(blocks.join(QStringLiteral("\n\n")));
    // A page that opens on an empty history pane looks broken: the first entry is shown until
    // the reviewer picks another.
    if (!m_history->refresh() && m_memory.model->rowCount() > 0)
        m_memory.list->setCurrentIndex(m_memory.model->index(0)); // shows its history
    m_claude->reload();
    m_tabs->setTabText(1, m_claude->projectCount() ? tr("Claude Code (%1)").arg(m_claude->projectCount())
                                                   : tr("Claude Code"));
    watchFiles();
    Q_EMIT badgeChanged();
}

bool MemoryPage::showSection(const QString& section)
{
    if (section == QLatin1String("hermes"))
        m_tabs->setCurrentIndex(0);
    else if (section == QLatin1String("claude-code"))
        m_tabs->setCurrentIndex(1);
    else
        return false;
    return true;
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
    bool ownChange = false;
    for (const QString& t : {toString(Destination::Memory), toString(Destination::User)}) {
        const QString path = m_workspace.memoryFile(t);
        const QByteArray bytes = readBytes(path);
        if (bytes == m_loadedBytes.value(t))
            continue;
        // What this window's own decision left there is shown, not announced as another's.
        if (m_ownWrites && m_ownWrites->isOwn(path, bytes))
            ownChange = true;
        else
            changed << MemoryEdit::fileName(t);
    }
    if (changed.isEmpty()) {
        if (ownChange)
            reload();
        else
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
    m_history->showEntry(target, c.model->index(row).data(MemoryEntryModel::EntryTextRole).toString());
    return true;
}

QStringList MemoryPage::historyLines() const { return m_history->lines(); }

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
    if (!outcome->success) {
        QMessageBox::warning(this, tr("Memory"), forReviewer(outcome->message));
        return;
    }
    Q_EMIT statusMessage(outcome->message);
    // The write and its audit row: every other page's figures and badges follow.
    Q_EMIT workspaceChanged();
}

std::function<QString(const QString&)> MemoryPage::previewFor(const QString& target,
                                                              const std::optional<QString>& replacing) const
{
    // The store's own rules on the entries the page shows: what the write would leave, or why not.
    const QStringList entries = column(target).model->entries();
    const MemoryEdit edit(target, storeFor(target).charLimit());
    return [entries, edit, replacing](const QString& text) {
        const MemoryEdit::Outcome after =
            edit.apply(editOp(replacing ? QStringLiteral("replace") : QStringLiteral("add"), text, replacing), entries);
        if (after.success)
            return tr("After saving: %1").arg(fromStd(after.result.value("usage", std::string())));
        return tr("Cannot be saved: %1").arg(forReviewer(fromStd(after.result.value("error", std::string()))));
    };
}

void MemoryPage::onAdd(const QString& target)
{
    MemoryEntryDialog dialog(tr("Add to %1").arg(MemoryEdit::fileName(target)), QString(),
                             previewFor(target, std::nullopt), this);
    if (dialog.exec() != QDialog::Accepted)
        return;
    report(applyEdit(target, editOp(QStringLiteral("add"), dialog.text(), std::nullopt)));
}

void MemoryPage::onEdit(const QString& target)
{
    const QString entry = selectedEntry(target);
    if (entry.isEmpty())
        return;
    MemoryEntryDialog dialog(tr("Edit entry of %1").arg(MemoryEdit::fileName(target)), entry, previewFor(target, entry),
                             this);
    if (dialog.exec() != QDialog::Accepted || dialog.text() == entry)
        return;
    report(applyEdit(target, editOp(QStringLiteral("replace"), dialog.text(), entry)));
}

void MemoryPage::onRemove(const QString& target)
{
    const QString entry = selectedEntry(target);
    if (entry.isEmpty())
        return;
    if (QMessageBox::question(this, tr("Remove entry"),
                              tr("Remove this entry from %1?\n\n%2").arg(MemoryEdit::fileName(target), entry.left(300)))
        != QMessageBox::Yes)
        return;
    report(applyEdit(target, editOp(QStringLiteral("remove"), std::nullopt, entry)));
}

} // namespace sediment::ui
