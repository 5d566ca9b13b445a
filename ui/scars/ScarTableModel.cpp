#include "scars/ScarTableModel.h"

#include "util/Time.h"

namespace sediment::ui {

ScarTableModel::ScarTableModel(Database& db, QObject* parent) : LazyIdTableModel(ColumnCount, parent), m_repo(db)
{
    reload();
}

Result<std::vector<qint64>> ScarTableModel::readIds() const { return m_repo.ids(m_filter, m_order); }

const Scar* ScarTableModel::scarAt(int row) const
{
    return cachedRow(m_rows, row, [this](const std::vector<qint64>& ids) { return m_repo.byIds(ids); });
}

QVariant ScarTableModel::data(const QModelIndex& index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    if (role == ScarIdRole)
        return idAt(index.row());
    const Scar* s = scarAt(index.row());
    if (!s)
        return {};
    if (role == Qt::ToolTipRole)
        return s->lesson.isEmpty() ? s->title : s->lesson;
    if (role == Qt::TextAlignmentRole) {
        const bool number =
            index.column() == IdColumn || index.column() == ImportanceColumn || index.column() == RecallsColumn;
        return QVariant::fromValue(Qt::Alignment((number ? Qt::AlignRight : Qt::AlignLeft) | Qt::AlignVCenter));
    }
    if (role != Qt::DisplayRole)
        return {};
    switch (index.column()) {
    case IdColumn:
        return s->id;
    case KindColumn:
        return s->kind;
    case TitleColumn:
        return s->archived ? s->title + tr(" (archived)") : s->title;
    case ImportanceColumn:
        return s->importance;
    case ScopeColumn:
        return s->scope;
    case RecallsColumn:
        return s->recallCount;
    case CreatedColumn: {
        const auto t = time::parseIso(s->createdAt);
        return t ? t->toLocalTime().toString(QStringLiteral("yyyy-MM-dd")) : s->createdAt;
    }
    default:
        return {};
    }
}

QVariant ScarTableModel::columnTitle(int column) const
{
    switch (column) {
    case IdColumn:
        return QStringLiteral("#");
    case KindColumn:
        return tr("Kind");
    case TitleColumn:
        return tr("Title");
    case ImportanceColumn:
        return tr("Importance");
    case ScopeColumn:
        return tr("Scope");
    case RecallsColumn:
        return tr("Recalls");
    case CreatedColumn:
        return tr("Created");
    default:
        return {};
    }
}

void ScarTableModel::sort(int column, Qt::SortOrder)
{
    // The orders SQL offers; each reads naturally in one direction (most important first).
    ScarRepository::Order order = ScarRepository::Order::Newest;
    if (column == ImportanceColumn)
        order = ScarRepository::Order::Importance;
    else if (column == RecallsColumn)
        order = ScarRepository::Order::Recalls;
    else if (column == TitleColumn)
        order = ScarRepository::Order::Title;
    if (order == m_order)
        return;
    reorder([&] { m_order = order; });
}

void ScarTableModel::setFilter(const ScarRepository::Filter& filter)
{
    resetWith([&] { m_filter = filter; });
}

} // namespace sediment::ui
