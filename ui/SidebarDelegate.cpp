#include "SidebarDelegate.h"

#include "Sidebar.h"

#include <QApplication>
#include <QFontMetrics>
#include <QIcon>
#include <QPainter>
#include <QPixmap>

#include <algorithm>

namespace sediment::ui {

void SidebarDelegate::paint(QPainter* painter, const QStyleOptionViewItem& option, const QModelIndex& index) const
{
    QStyleOptionViewItem opt = option;
    initStyleOption(&opt, index);
    const QString badge = index.data(Sidebar::BadgeRole).toString();
    const QStyle* style = opt.widget ? opt.widget->style() : QApplication::style();
    QFont small = opt.font;
    small.setPointSizeF(small.pointSizeF() * 0.9);
    const QFontMetrics smallMetrics(small);
    // The title always fits; the figure goes on its right when it fits there too. A figure too
    // long for that (the Skills page's "10 active · 1 stale · 3 archived") takes the entry's
    // lower line, unless a subtitle has it, and is elided only when even that line is too short.
    const int titleWidth = opt.decorationSize.width() + 28 + opt.fontMetrics.horizontalAdvance(opt.text);
    const int room = std::max(0, opt.rect.width() - titleWidth - 16);
    QString subtitle = index.data(Sidebar::SubtitleRole).toString();
    QString shown = badge;
    if (smallMetrics.horizontalAdvance(badge) > room && subtitle.isEmpty()) {
        subtitle = badge;
        shown.clear();
    }
    shown = smallMetrics.elidedText(shown, Qt::ElideRight, room);
    // Draw the standard background, icon and title, leaving room for the figure on the right.
    const int badgeWidth = shown.isEmpty() ? 0 : smallMetrics.horizontalAdvance(shown) + 16;
    QStyleOptionViewItem text = opt;
    text.rect.setRight(opt.rect.right() - badgeWidth);
    style->drawPrimitive(QStyle::PE_PanelItemViewItem, &opt, painter, opt.widget);
    text.backgroundBrush = Qt::NoBrush;
    text.state &= ~QStyle::State_HasFocus;
    const bool selected = opt.state & QStyle::State_Selected;
    // The icons are dark line drawings: on the selection's colour they would all but vanish, so
    // the selected entry's icon is drawn in the selection's text colour.
    if (selected && !text.icon.isNull()) {
        QPixmap tinted =
            text.icon.pixmap(opt.decorationSize, painter->device() ? painter->device()->devicePixelRatioF() : 1.0);
        QPainter tint(&tinted);
        tint.setCompositionMode(QPainter::CompositionMode_SourceIn);
        tint.fillRect(tinted.rect(), opt.palette.color(QPalette::HighlightedText));
        tint.end();
        QIcon icon;
        for (QIcon::Mode mode : {QIcon::Normal, QIcon::Selected, QIcon::Active})
            icon.addPixmap(tinted, mode);
        text.icon = icon;
    }
    // A subtitle takes the lower half of the entry; the title and icon move up into the upper.
    if (!subtitle.isEmpty())
        text.rect.setBottom(opt.rect.center().y() + 2);
    style->drawControl(QStyle::CE_ItemViewItem, &text, painter, opt.widget);
    QColor color = opt.palette.color(selected ? QPalette::HighlightedText : QPalette::Text);
    if (!selected)
        color.setAlphaF(0.6f);
    if (!subtitle.isEmpty()) {
        const QRect titleRect = style->subElementRect(QStyle::SE_ItemViewItemText, &text, opt.widget);
        QRect subRect(titleRect.left(), opt.rect.center().y() + 2, opt.rect.right() - titleRect.left() - 10,
                      opt.rect.bottom() - opt.rect.center().y() - 2);
        painter->save();
        painter->setPen(color);
        painter->setFont(small);
        painter->drawText(subRect, Qt::AlignLeft | Qt::AlignTop,
                          smallMetrics.elidedText(subtitle, Qt::ElideRight, subRect.width()));
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
