#include "Sidebar.h"

#include "SidebarDelegate.h"

#include <QFile>

namespace sediment::ui {

namespace {

const QStringList& canonicalOrder()
{
    static const QStringList order{QStringLiteral("inbox"), QStringLiteral("memory"),    QStringLiteral("skills"),
                                   QStringLiteral("scars"), QStringLiteral("decisions"), QStringLiteral("audit")};
    return order;
}

int rank(const QString& pageId)
{
    const qsizetype i = canonicalOrder().indexOf(pageId);
    return i < 0 ? int(canonicalOrder().size()) : int(i);
}

} // namespace

Sidebar::Sidebar(QWidget* parent) : QListWidget(parent)
{
    setObjectName(QStringLiteral("sidebar"));
    setItemDelegate(new SidebarDelegate(this));
    setIconSize(QSize(18, 18));
    setFrameShape(QFrame::NoFrame);
    setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    setSelectionMode(QAbstractItemView::SingleSelection);
    setUniformItemSizes(true);
    setSpacing(1);
    setMinimumWidth(200);
    setMaximumWidth(280);
    connect(this, &QListWidget::currentItemChanged, this, [this](QListWidgetItem* item) {
        if (item)
            Q_EMIT pageSelected(item->data(PageIdRole).toString());
    });
}

QString Sidebar::iconPath(const QString& pageId)
{
    const QString path = QStringLiteral(":/icons/%1.svg").arg(pageId);
    return QFile::exists(path) ? path : QStringLiteral(":/icons/page.svg");
}

void Sidebar::addEntry(const QString& pageId, const QString& title)
{
    if (find(pageId))
        return;
    int row = 0;
    while (row < count() && rank(item(row)->data(PageIdRole).toString()) <= rank(pageId))
        ++row;
    auto* entry = new QListWidgetItem(QIcon(iconPath(pageId)), title);
    entry->setData(PageIdRole, pageId);
    entry->setToolTip(title);
    insertItem(row, entry);
}

void Sidebar::setBadge(const QString& pageId, const QString& badge)
{
    if (auto* entry = find(pageId)) {
        entry->setData(BadgeRole, badge);
        entry->setToolTip(badge.isEmpty() ? entry->text() : entry->text() + QStringLiteral(" — ") + badge);
    }
}

QString Sidebar::badge(const QString& pageId) const
{
    auto* entry = find(pageId);
    return entry ? entry->data(BadgeRole).toString() : QString();
}

void Sidebar::setSubtitle(const QString& pageId, const QString& subtitle)
{
    auto* entry = find(pageId);
    if (!entry || entry->data(SubtitleRole).toString() == subtitle)
        return;
    entry->setData(SubtitleRole, subtitle);
    viewport()->update();
}

QString Sidebar::subtitle(const QString& pageId) const
{
    auto* entry = find(pageId);
    return entry ? entry->data(SubtitleRole).toString() : QString();
}

bool Sidebar::select(const QString& pageId)
{
    auto* entry = find(pageId);
    if (!entry)
        return false;
    setCurrentItem(entry);
    return true;
}

QString Sidebar::currentPageId() const
{
    return currentItem() ? currentItem()->data(PageIdRole).toString() : QString();
}

QStringList Sidebar::pageIds() const
{
    QStringList ids;
    for (int i = 0; i < count(); ++i)
        ids << item(i)->data(PageIdRole).toString();
    return ids;
}

QListWidgetItem* Sidebar::find(const QString& pageId) const
{
    for (int i = 0; i < count(); ++i)
        if (item(i)->data(PageIdRole).toString() == pageId)
            return item(i);
    return nullptr;
}

} // namespace sediment::ui
