#include "PageStack.h"

#include "Page.h"

namespace sediment::ui {

PageStack::PageStack(QWidget* parent) : QStackedWidget(parent) {}

bool PageStack::add(Page* page)
{
    if (this->page(page->pageId()))
        return false;
    page->setParent(this);
    addWidget(page);
    return true;
}

Page* PageStack::page(const QString& pageId) const
{
    for (Page* p : pages())
        if (p->pageId() == pageId)
            return p;
    return nullptr;
}

Page* PageStack::current() const { return qobject_cast<Page*>(currentWidget()); }

QList<Page*> PageStack::pages() const
{
    QList<Page*> list;
    for (int i = 0; i < count(); ++i)
        if (auto* p = qobject_cast<Page*>(widget(i)))
            list.append(p);
    return list;
}

void PageStack::showPage(Page* page)
{
    if (currentWidget() == page)
        return;
    setCurrentWidget(page);
    if (m_stale.remove(page->pageId()))
        page->reload();
}

void PageStack::changedElsewhere()
{
    for (Page* p : pages()) {
        if (p == currentWidget())
            p->reload();
        else
            m_stale.insert(p->pageId());
    }
}

void PageStack::changedBy(Page* writer)
{
    for (Page* p : pages())
        if (p != writer)
            m_stale.insert(p->pageId());
}

} // namespace sediment::ui
