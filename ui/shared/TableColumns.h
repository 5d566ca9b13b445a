#pragma once

#include <QString>
#include <QVariant>

#include <functional>
#include <utility>
#include <vector>

namespace sediment::ui {

// A lazy table's columns, each said once: its title, its alignment, what a row shows in it and,
// when it has one, its tooltip. A model's data() and headerData() read this one list rather than
// a switch over the columns apiece (the scars, decisions, audit and skills tables).
template <typename Row>
class TableColumns final {
public:
    struct Column {
        QString title;
        std::function<QVariant(const Row&)> show;
        bool number = false;                       // right-aligned
        std::function<QVariant(const Row&)> tip{}; // none: the column has no tooltip of its own
    };

    explicit TableColumns(std::vector<Column> columns) : m_columns(std::move(columns)) {}

    int count() const { return int(m_columns.size()); }
    QVariant title(int column) const { return has(column) ? QVariant(m_columns[size_t(column)].title) : QVariant(); }

    // What `row` shows in `column` for the display, alignment and tooltip roles; nothing for
    // any other role, nor outside the columns.
    QVariant data(const Row& row, int column, int role) const
    {
        if (!has(column))
            return {};
        const Column& c = m_columns[size_t(column)];
        switch (role) {
        case Qt::DisplayRole:
            return c.show(row);
        case Qt::TextAlignmentRole:
            return QVariant::fromValue(Qt::Alignment((c.number ? Qt::AlignRight : Qt::AlignLeft) | Qt::AlignVCenter));
        case Qt::ToolTipRole:
            return c.tip ? c.tip(row) : QVariant();
        default:
            return {};
        }
    }

private:
    bool has(int column) const { return column >= 0 && column < count(); }

    std::vector<Column> m_columns;
};

} // namespace sediment::ui
