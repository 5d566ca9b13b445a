#pragma once

#include <QList>
#include <QSet>
#include <QStackedWidget>

namespace sediment::ui {

class Page;

// The window's pages, one shown at a time. A page that went stale while hidden (the workspace
// changed under it) reloads when it is next shown rather than at once, so that a change reloads
// only the page in sight.
class PageStack final : public QStackedWidget {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(PageStack)

public:
    explicit PageStack(QWidget* parent = nullptr);

    // False when a page of that id is there already.
    bool add(Page* page);
    Page* page(const QString& pageId) const;
    Page* current() const;
    QList<Page*> pages() const;
    // Shows `page`, reloading it first when it went stale while hidden.
    void showPage(Page* page);
    // Another program changed the workspace: the shown page reloads now, the others when shown.
    void changedElsewhere();
    // `writer` changed the workspace and refreshed itself: the others reload when shown.
    void changedBy(Page* writer);

private:
    QSet<QString> m_stale;
};

} // namespace sediment::ui
