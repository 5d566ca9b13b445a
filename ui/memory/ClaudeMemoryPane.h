#pragma once

#include "util/Clock.h"
#include "util/Error.h"

#include <QByteArray>
#include <QTimer>
#include <QWidget>

#include <optional>

class QLabel;
class QPlainTextEdit;
class QPushButton;
class QStackedWidget;
class QTreeWidget;
class QTreeWidgetItem;

namespace sediment {
class Workspace;
}

namespace sediment::ui {

// The Memory page's Claude Code tab (docs/user-guide.md#claude-code): each project with an
// auto-memory folder under ~/.claude/projects, its MEMORY.md index and its topic files with the
// type and description of their front matter, and an editor for the chosen file. A save goes
// through ClaudeMemoryEditor (journaled, atomic, one audit row naming the file) and refuses a
// file that changed on disk since it was opened. The listing follows Claude Code's own writes.
class ClaudeMemoryPane final : public QWidget {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ClaudeMemoryPane)

public:
    // `home`: the user's home, whose .claude/projects is read.
    ClaudeMemoryPane(sediment::Workspace& workspace, const sediment::Clock& clock, QString home,
                     QWidget* parent = nullptr);

    int projectCount() const { return m_projectCount; }
    // The listing as shown, one line per row: a project's title, then "  file | type | description".
    QStringList listing() const;
    // Opens a listed file in the editor; false when it is not listed.
    bool openFile(const QString& path);
    QString openPath() const { return m_openPath; }
    QString editorText() const;
    void setEditorText(const QString& text);
    // Saves the editor's text as the Save button does, without its message boxes: true when
    // written, false when the file already held it.
    Result<bool> save();

public Q_SLOTS:
    void reload();
    // Reloads when a memory folder changed on disk (Claude Code wrote to it); asked every two
    // seconds while the pane is shown, and when it is shown.
    void checkDisk();

Q_SIGNALS:
    void saved(const QString& path); // the workspace changed: an audit row was written
    void statusMessage(const QString& text);

protected:
    void showEvent(QShowEvent* event) override;

private:
    QByteArray diskSignature() const;
    QWidget* buildEditor();
    void fill();
    void showItem(QTreeWidgetItem* item);
    void loadOpenFile();
    void onSave();
    void onRevert();
    void updateButtons();

    sediment::Workspace& m_workspace;
    const sediment::Clock& m_clock;
    QString m_home;
    int m_projectCount = 0;
    QStackedWidget* m_stack = nullptr; // the listing and editor, or the empty state
    QTreeWidget* m_tree = nullptr;
    QLabel* m_fileTitle = nullptr;
    QLabel* m_fileSummary = nullptr;
    QPlainTextEdit* m_editor = nullptr;
    QPushButton* m_save = nullptr;
    QPushButton* m_revert = nullptr;
    QString m_openPath;
    std::optional<QByteArray> m_loaded; // what the open file held when read; none: no file
    QByteArray m_signature;             // the memory folders' names, sizes and times at the last reload
    QTimer m_poll;
};

} // namespace sediment::ui
