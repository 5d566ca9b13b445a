#pragma once

#include <QStyledItemDelegate>

namespace sediment::ui {

// Paints a sidebar entry: icon and title on the left, the page's figure muted on the right.
class SidebarDelegate final : public QStyledItemDelegate {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(SidebarDelegate)

public:
    using QStyledItemDelegate::QStyledItemDelegate;

    void paint(QPainter* painter, const QStyleOptionViewItem& option, const QModelIndex& index) const override;
    QSize sizeHint(const QStyleOptionViewItem& option, const QModelIndex& index) const override;
};

} // namespace sediment::ui
