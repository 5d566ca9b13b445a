#pragma once

#include <QWidget>

namespace sediment::ui {

// A page of the main window (Inbox, Memory, Skills, Scars, Decisions, Audit). The window polls
// the workspace database (PRAGMA data_version) and calls reload() when another process changed
// it; a page keeps its selection and scroll position across reloads.
class Page : public QWidget {
    Q_OBJECT

public:
    using QWidget::QWidget;

    virtual QString pageId() const = 0; // "inbox", "memory", ... (the --page argument)
    virtual QString title() const = 0;  // the sidebar label
    virtual QString badge() const = 0;  // the sidebar figure, e.g. "12 pending", measured now
    // Shows a part of the page (a tab), as `--page memory/claude-code` asks; false when the page
    // has no such part.
    virtual bool showSection(const QString& section)
    {
        Q_UNUSED(section);
        return false;
    }

public Q_SLOTS:
    virtual void reload() = 0;

Q_SIGNALS:
    void badgeChanged();
    // The page changed the workspace itself (a decision, an edit). Its writes go through the
    // window's own database connection, which PRAGMA data_version does not report, so the window
    // needs this to refresh every badge and the other pages.
    void workspaceChanged();
    void statusMessage(const QString& text); // for the status bar
};

} // namespace sediment::ui
