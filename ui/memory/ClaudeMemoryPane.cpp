#include "memory/ClaudeMemoryPane.h"

#include "audit/Actor.h"
#include "claudecode/ClaudeMemoryEditor.h"
#include "claudecode/ClaudeMemoryProjects.h"
#include "shared/Tones.h"
#include "workspace/Workspace.h"

#include <QCryptographicHash>
#include <QDateTime>
#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QFileInfo>
#include <QFontDatabase>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QMessageBox>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSplitter>
#include <QStackedWidget>
#include <QTreeWidget>
#include <QVBoxLayout>

namespace sediment::ui {

namespace {

// A row's file, absolute; empty on a project's row.
constexpr int kPathRole = Qt::UserRole;
enum Column { FileColumn, TypeColumn, DescriptionColumn };

QString titleOf(const ClaudeMemoryProject& p)
{
    return p.projectPath() ? QDir::toNativeSeparators(*p.projectPath()) : p.slug();
}

} // namespace

ClaudeMemoryPane::ClaudeMemoryPane(sediment::Workspace& workspace, const sediment::Clock& clock, QString home,
                                   QWidget* parent)
    : QWidget(parent)
    , m_workspace(workspace)
    , m_clock(clock)
    , m_home(std::move(home))
{
    m_tree = new QTreeWidget(this);
    m_tree->setObjectName(QStringLiteral("claudeMemoryFiles"));
    m_tree->setHeaderLabels({tr("File"), tr("Type"), tr("Description")});
    m_tree->setRootIsDecorated(true);
    m_tree->setUniformRowHeights(true);
    m_tree->setAlternatingRowColors(true);
    m_tree->header()->setStretchLastSection(true);
    connect(m_tree, &QTreeWidget::currentItemChanged, this, [this](QTreeWidgetItem* item) { showItem(item); });

    auto* split = new QSplitter(Qt::Horizontal, this);
    split->addWidget(m_tree);
    split->addWidget(buildEditor());
    split->setStretchFactor(0, 3);
    split->setStretchFactor(1, 2);

    auto* empty = new QLabel(tr("No Claude Code project has remembered anything yet.\n\nClaude Code keeps its auto "
                                "memory in ~/.claude/projects/<project>/memory/. Once `sediment claude-code install` "
                                "has put the hook in place, its writes wait in the inbox, and each project's memory "
                                "shows up here."),
                             this);
    empty->setObjectName(QStringLiteral("claudeMemoryEmpty"));
    empty->setWordWrap(true);
    empty->setAlignment(Qt::AlignCenter);
    empty->setForegroundRole(QPalette::PlaceholderText);

    m_stack = new QStackedWidget(this);
    m_stack->addWidget(split);
    m_stack->addWidget(empty);
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(m_stack);
    m_poll.setInterval(2000);
    connect(&m_poll, &QTimer::timeout, this, &ClaudeMemoryPane::checkDisk);
    m_poll.start();
    reload();
}

QByteArray ClaudeMemoryPane::diskSignature() const
{
    // Names, sizes and change times of every file in every memory folder: a rename over a file
    // (as Claude Code and Sediment write) changes its time; nothing is read.
    QCryptographicHash hash(QCryptographicHash::Sha256);
    const QDir projects(m_home + QStringLiteral("/.claude/projects"));
    for (const QString& slug : projects.entryList(QDir::Dirs | QDir::NoDotAndDotDot, QDir::Name)) {
        const QDir memory(projects.filePath(slug) + QStringLiteral("/memory"));
        if (!memory.exists())
            continue;
        hash.addData(slug.toUtf8());
        for (const QFileInfo& f : memory.entryInfoList({QStringLiteral("*.md")}, QDir::Files, QDir::Name)) {
            hash.addData(f.fileName().toUtf8());
            hash.addData(QByteArray::number(f.size()));
            hash.addData(QByteArray::number(f.lastModified().toMSecsSinceEpoch()));
        }
    }
    return hash.result();
}

void ClaudeMemoryPane::checkDisk()
{
    if (!isVisible() || diskSignature() == m_signature)
        return;
    const bool keepsEdit = m_editor->document()->isModified();
    reload();
    Q_EMIT statusMessage(keepsEdit ? tr("Claude Code memory changed on disk; your unsaved edit of %1 is kept")
                                         .arg(QFileInfo(m_openPath).fileName())
                                   : tr("Claude Code memory changed on disk; reloaded"));
}

void ClaudeMemoryPane::showEvent(QShowEvent* event)
{
    QWidget::showEvent(event);
    checkDisk();
}

QWidget* ClaudeMemoryPane::buildEditor()
{
    auto* box = new QWidget(this);
    auto* l = new QVBoxLayout(box);
    l->setContentsMargins(0, 0, 0, 0);
    m_fileTitle = new QLabel(box);
    QFont bold = m_fileTitle->font();
    bold.setBold(true);
    m_fileTitle->setFont(bold);
    m_fileSummary = new QLabel(box);
    m_fileSummary->setWordWrap(true);
    m_fileSummary->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_fileSummary->setForegroundRole(QPalette::PlaceholderText);
    m_editor = new QPlainTextEdit(box);
    m_editor->setObjectName(QStringLiteral("claudeMemoryEditor"));
    m_editor->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    m_editor->setLineWrapMode(QPlainTextEdit::WidgetWidth);
    m_save = new QPushButton(tr("Save"), box);
    m_save->setShortcut(QKeySequence::Save);
    m_save->setToolTip(tr("Write the file and record the edit in the audit log (%1)")
                           .arg(QKeySequence(QKeySequence::Save).toString(QKeySequence::NativeText)));
    m_revert = new QPushButton(tr("Revert"), box);
    m_revert->setToolTip(tr("Drop the changes and show the file as it is on disk"));
    auto* buttons = new QHBoxLayout;
    buttons->addStretch(1);
    buttons->addWidget(m_revert);
    buttons->addWidget(m_save);
    l->addWidget(m_fileTitle);
    l->addWidget(m_fileSummary);
    l->addWidget(m_editor, 1);
    l->addLayout(buttons);
    connect(m_editor->document(), &QTextDocument::modificationChanged, this, &ClaudeMemoryPane::updateButtons);
    connect(m_save, &QPushButton::clicked, this, &ClaudeMemoryPane::onSave);
    connect(m_revert, &QPushButton::clicked, this, &ClaudeMemoryPane::onRevert);
    updateButtons();
    return box;
}

void ClaudeMemoryPane::reload()
{
    m_signature = diskSignature();
    fill();
    if (m_openPath.isEmpty() || !openFile(m_openPath)) {
        // A pane that opens on an empty editor looks broken: the first file is shown.
        if (QTreeWidgetItem* first = m_tree->topLevelItem(0); first && first->childCount() > 0)
            m_tree->setCurrentItem(first->child(0));
    }
}

void ClaudeMemoryPane::fill()
{
    const QSignalBlocker quiet(m_tree);
    m_tree->clear();
    const ClaudeMemoryProjects all = ClaudeMemoryProjects::scan(m_home);
    m_projectCount = int(all.projects().size());
    const Tones tones = Tones::of(this);
    for (const ClaudeMemoryProject& p : all.projects()) {
        auto* project = new QTreeWidgetItem(m_tree);
        project->setText(FileColumn, titleOf(p));
        project->setText(DescriptionColumn, tr("%n topic file(s)", nullptr, int(p.topics().size())));
        project->setToolTip(FileColumn, QDir::toNativeSeparators(p.memoryDir()));
        project->setFirstColumnSpanned(false);
        QFont bold = project->font(FileColumn);
        bold.setBold(true);
        project->setFont(FileColumn, bold);
        project->setFlags(Qt::ItemIsEnabled);

        auto* index = new QTreeWidgetItem(project);
        index->setText(FileColumn, QStringLiteral("MEMORY.md"));
        index->setText(TypeColumn, tr("index"));
        index->setText(DescriptionColumn, p.index() ? tr("Loaded at each session (its first 200 lines)")
                                                    : tr("No index yet; saving one creates it"));
        index->setData(FileColumn, kPathRole, p.indexPath());
        for (const ClaudeMemoryProject::File& f : p.topics()) {
            auto* row = new QTreeWidgetItem(project);
            row->setText(FileColumn, f.fileName);
            row->setData(FileColumn, kPathRole, f.path);
            if (!f.topic) {
                row->setText(TypeColumn, QStringLiteral("—"));
                row->setText(DescriptionColumn, f.topic.error().message);
                row->setToolTip(DescriptionColumn, f.topic.error().message);
                row->setForeground(DescriptionColumn, tones.color(Tones::Tone::ErrorText));
                continue;
            }
            row->setText(TypeColumn, f.topic->typeWord().isEmpty() ? QStringLiteral("—") : f.topic->typeWord());
            if (!f.topic->type() && !f.topic->typeWord().isEmpty())
                row->setToolTip(TypeColumn, tr("Not a type Claude Code writes (user, feedback, project, reference)"));
            row->setText(DescriptionColumn, f.topic->description());
            row->setToolTip(DescriptionColumn, f.topic->name().isEmpty()
                                                   ? f.topic->description()
                                                   : tr("%1 — %2").arg(f.topic->name(), f.topic->description()));
            if (!f.indexed) {
                row->setForeground(FileColumn, tones.color(Tones::Tone::MutedText));
                row->setToolTip(FileColumn, tr("MEMORY.md does not link to it"));
            }
        }
        project->setExpanded(true);
    }
    for (const QString& problem : all.problems()) {
        auto* row = new QTreeWidgetItem(m_tree);
        row->setText(FileColumn, tr("Unreadable project"));
        row->setText(DescriptionColumn, problem);
        row->setForeground(DescriptionColumn, tones.color(Tones::Tone::ErrorText));
    }
    m_tree->resizeColumnToContents(FileColumn);
    m_tree->resizeColumnToContents(TypeColumn);
    m_stack->setCurrentIndex(m_projectCount > 0 || !all.problems().isEmpty() ? 0 : 1);
}

QStringList ClaudeMemoryPane::listing() const
{
    QStringList out;
    for (int i = 0; i < m_tree->topLevelItemCount(); ++i) {
        const QTreeWidgetItem* project = m_tree->topLevelItem(i);
        out << project->text(FileColumn);
        for (int j = 0; j < project->childCount(); ++j) {
            const QTreeWidgetItem* row = project->child(j);
            out << QStringLiteral("  %1 | %2 | %3")
                       .arg(row->text(FileColumn), row->text(TypeColumn), row->text(DescriptionColumn));
        }
    }
    return out;
}

bool ClaudeMemoryPane::openFile(const QString& path)
{
    for (int i = 0; i < m_tree->topLevelItemCount(); ++i) {
        QTreeWidgetItem* project = m_tree->topLevelItem(i);
        for (int j = 0; j < project->childCount(); ++j) {
            QTreeWidgetItem* row = project->child(j);
            if (row->data(FileColumn, kPathRole).toString() != path)
                continue;
            if (m_tree->currentItem() == row)
                showItem(row); // the same row again: reread unless it holds unsaved changes
            else
                m_tree->setCurrentItem(row);
            return true;
        }
    }
    return false;
}

void ClaudeMemoryPane::showItem(QTreeWidgetItem* item)
{
    const QString path = item ? item->data(FileColumn, kPathRole).toString() : QString();
    if (path.isEmpty())
        return; // a project's row: the editor keeps its file
    // Unsaved changes of the file shown stay; another file replaces them only when asked to.
    if (path == m_openPath && m_editor->document()->isModified())
        return;
    if (path != m_openPath && m_editor->document()->isModified()
        && QMessageBox::question(this, tr("Unsaved changes"),
                                 tr("Drop the changes to %1?").arg(QFileInfo(m_openPath).fileName()))
               != QMessageBox::Yes) {
        const QSignalBlocker quiet(m_tree);
        openFile(m_openPath);
        return;
    }
    m_openPath = path;
    m_fileTitle->setText(item->text(FileColumn));
    QStringList summary;
    for (const int column : {TypeColumn, DescriptionColumn})
        if (const QString text = item->text(column); !text.isEmpty() && text != QStringLiteral("—"))
            summary << text;
    // Under the home, as the user knows the folder: ~/.claude/projects/….
    const QString shown =
        path.startsWith(m_home + QLatin1Char('/')) ? QStringLiteral("~") + path.mid(m_home.size()) : path;
    m_fileSummary->setText(summary.join(QStringLiteral(" · ")) + QLatin1Char('\n') + QDir::toNativeSeparators(shown));
    m_fileSummary->setToolTip(QDir::toNativeSeparators(path));
    loadOpenFile();
}

void ClaudeMemoryPane::loadOpenFile()
{
    QFile f(m_openPath);
    if (f.open(QIODevice::ReadOnly))
        m_loaded = f.readAll();
    else
        m_loaded.reset();
    m_editor->setPlainText(m_loaded ? QString::fromUtf8(*m_loaded) : QString());
    m_editor->document()->setModified(false);
    updateButtons();
}

QString ClaudeMemoryPane::editorText() const { return m_editor->toPlainText(); }

void ClaudeMemoryPane::setEditorText(const QString& text)
{
    m_editor->setPlainText(text);
    m_editor->document()->setModified(true);
}

Result<bool> ClaudeMemoryPane::save()
{
    if (m_openPath.isEmpty())
        return fail(Error::invalid(tr("No file is open")));
    auto written = ClaudeMemoryEditor(m_workspace, m_clock, m_home)
                       .save(m_openPath, m_loaded, editorText(), Actor::human(m_workspace));
    if (!written)
        return written;
    m_editor->document()->setModified(false);
    reload(); // the listing follows a changed type or description
    if (*written)
        Q_EMIT saved(m_openPath);
    return written;
}

void ClaudeMemoryPane::onSave()
{
    const QString name = QFileInfo(m_openPath).fileName();
    auto written = save();
    if (!written) {
        QMessageBox::warning(this, tr("Claude Code memory"), written.error().message);
        return;
    }
    Q_EMIT statusMessage(*written ? tr("%1 saved; the audit log records the edit").arg(name)
                                  : tr("%1 already holds this text; nothing written").arg(name));
}

void ClaudeMemoryPane::onRevert() { loadOpenFile(); }

void ClaudeMemoryPane::updateButtons()
{
    const bool modified = m_editor->document()->isModified();
    m_save->setEnabled(modified && !m_openPath.isEmpty());
    m_revert->setEnabled(modified);
}

} // namespace sediment::ui
