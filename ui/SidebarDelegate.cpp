#include "SidebarDelegate.h"

#include "Sidebar.h"

#include <QApplication>
#include <QFontMetrics>
#include <QPainter>

#include <algorithm>

namespace sediment::ui {

void SidebarDelegate::paint(QPainter* painter, const QStyleOptionViewItem& option,
                            const QModelIndex& index) const
{
    QStyleOptionViewItem opt = option;
    initStyleOption(&opt, index);
    const QString badge = index.data(Sidebar::BadgeRole).toString();
    const QStyle* style = opt.widget ? opt.widget->style() : QApplication::style();
    QFont small = opt.font;
    small.setPointSizeF(small.pointSizeF() * 0.9);
    // The title always fits; the figure takes what is left and is elided when it is too long.
    const int titleWidth = opt.decorationSize.width() + 28 + opt.fontMetrics.horizontalAdvance(opt.text);
    const int room = std::max(0, opt.rect.width() - titleWidth - 16);
    const QString shown = QFontMetrics(small).elidedText(badge, Qt::ElideRight, room);
    // Draw the standard background, icon and title, leaving room for the figure on the right.
    const int badgeWidth = shown.isEmpty() ? 0 : QFontMetrics(small).horizontalAdvance(shown) + 16;
    QStyleOptionViewItem text = opt;
    text.rect.setRight(opt.rect.right() - badgeWidth);
    style->drawPrimitive(QStyle::PE_PanelItemViewItem, &opt, painter, opt.widget);
    text.backgroundBrush = Qt::NoBrush;
    text.state &= ~QStyle::State_HasFocus;
    // A subtitle takes the lower half of the entry; the title and icon move up into the upper.
    const QString subtitle = index.data(Sidebar::SubtitleRole).toString();
    if (!subtitle.isEmpty())
        text.rect.setBottom(opt.rect.center().y() + 2);
    style->drawControl(QStyle::CE_ItemViewItem, &text, painter, opt.widget);
    const bool selected = opt.state & QStyle::State_Selected;
    QColor color = opt.palette.color(selected ? QPalette::HighlightedText : QPalette::Text);
    if (!selected)
        color.setAlphaF(0.6f);
    if (!subtitle.isEmpty()) {
        const QRect titleRect = style->subElementRect(QStyle::SE_ItemViewItemText, &text, opt.widget);
        QRect subRect(titleRect.left(), opt.rect.center().y() + 2,
                      opt.rect.right() - titleRect.left() - 10, opt.rect.bottom() - opt.rect.center().y() - 2);
        painter->save();
        painter->setPen(color);
        painter->setFont(small);
        painter->drawText(subRect, Qt::AlignLeft | Qt::AlignTop,
                          QFontMetrics(small).elidedText(subtitle, Qt::ElideRight, subRect.width()));
        painter->restore();
    }
    if (shown.isEmpty())
        return;
    painter->save();
    painter->setPen(color);
    painter->setFont(small);
    const QRect badgeRect = opt.rect.adjusted(opt.rect.width() - badgeWidth, 0, -10, 0);
    painter->drawText(badgeRect, Qt::AlignRight | Qt::AlignVCenter, shown);
    painter->restore();
}

QSize SidebarDelegate::sizeHint(const QStyleOptionViewItem& option, const QModelIndex& index) const
{
    QSize size = QStyledItemDelegate::sizeHint(option, index);
    size.setHeight(std::max(size.height(), option.fontMetrics.height() * 2 + 4));
    return size;
}

} // namespace sediment::ui
