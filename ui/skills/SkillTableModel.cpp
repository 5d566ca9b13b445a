#include "skills/SkillTableModel.h"

#include "util/Time.h"

namespace sediment::ui {

namespace {

QString localTime(const std::optional<QDateTime>& t)
{
    return t ? t->toLocalTime().toString(QStringLiteral("yyyy-MM-dd HH:mm")) : QString();
}

SkillRepository::SortKey sortKeyFor(int column)
{
    using K = SkillRepository::SortKey;
    switch (column) {
    case SkillTableModel::StateColumn:
        return K::State;
    case SkillTableModel::CreatedByColumn:
        return K::CreatedBy;
    case SkillTableModel::PinnedColumn:
        return K::Pinned;
    case SkillTableModel::LastActivityColumn:
        return K::LastActivity;
    case SkillTableModel::UsesColumn:
        return K::Uses;
    case SkillTableModel::ViewsColumn:
        return K::Views;
    case SkillTableModel::PatchesColumn:
        return K::Patches;
    case SkillTableModel::CreatedColumn:
        return K::CreatedAt;
    default:
        return K::Name;
    }
}

} // namespace

SkillTableModel::SkillTableModel(Database& db, QObject* parent) : QAbstractTableModel(parent), m_repo(db)
{
    reloadNames();
}

void SkillTableModel::reloadNames()
{
    m_rows.clear();
    auto names = m_repo.names(m_query);
    if (!names) {
        m_names.clear();
        Q_EMIT errorOccurred(names.error().message);
        return;
    }
    m_names = std::move(*names);
}

int SkillTableModel::rowCount(const QModelIndex& parent) const { return parent.isValid() ? 0 : int(m_names.size()); }

int SkillTableModel::columnCount(const QModelIndex& parent) const { return parent.isValid() ? 0 : ColumnCount; }

Result<std::vector<Skill>> SkillTableModel::readPage(int pageIndex) const
{
    const QStringList names = m_names.mid(qsizetype(pageIndex) * kPageSize, kPageSize);
    auto rows = m_repo.fetch(names);
    if (!rows)
        return rows;
    // A skill gone since the names were read would shift the page: keep positions by name.
    std::vector<Skill> aligned;
    aligned.reserve(size_t(names.size()));
    size_t k = 0;
    for (const QString& name : names) {
        if (k < rows->size() && (*rows)[k].name == name) {
            aligned.push_back(std::move((*rows)[k++]));
        } else {
            Skill gone;
            gone.name = name;
            gone.state = QString();
            aligned.push_back(std::move(gone));
        }
    }
    return aligned;
}

const Skill* SkillTableModel::skillAt(int row) const
{
    if (row < 0 || row >= m_names.size())
        return nullptr;
    const int pageIndex = row / kPageSize;
    QString error;
    const auto* rows = m_rows.page(
        pageIndex, [&] { return readPage(pageIndex); }, &error);
    if (!rows)
        Q_EMIT const_cast<SkillTableModel*>(this)->errorOccurred(error);
    const size_t offset = size_t(row % kPageSize);
    return rows && offset < rows->size() ? &(*rows)[offset] : nullptr;
}

int SkillTableModel::rowOf(const QString& name) const { return int(m_names.indexOf(name)); }

QVariant SkillTableModel::data(const QModelIndex& index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    if (role == NameRole)
        return m_names.at(index.row());
    const Skill* s = skillAt(index.row());
    if (!s)
        return {};
    const int column = index.column();
    if (role == Qt::CheckStateRole && column == PinnedColumn)
        return s->pinned ? Qt::Checked : Qt::Unchecked;
    if (role == Qt::TextAlignmentRole) {
        const bool numeric = column == UsesColumn || column == ViewsColumn || column == PatchesColumn;
        return QVariant::fromValue(Qt::Alignment((numeric ? Qt::AlignRight : Qt::AlignLeft) | Qt::AlignVCenter));
    }
    if (role == Qt::ToolTipRole) {
        if (column == LastActivityColumn) {
            const auto last = s->lastActivity();
            return last ? time::toIso(*last) : tr("no use, view or patch recorded");
        }
        if (column == StateColumn && s->archivePath)
            return tr("archived to skills/%1").arg(*s->archivePath);
        if (column == PinnedColumn && m_protection)
            return m_protection(*s).second;
        return {};
    }
    if (role != Qt::DisplayRole)
        return {};
    switch (column) {
    case NameColumn:
        return s->name;
    case StateColumn:
        return s->state;
    case CreatedByColumn:
        return s->createdBy;
    case PinnedColumn:
        if (s->pinned)
            return tr("pinned");
        return m_protection ? m_protection(*s).first : QString();
    case LastActivityColumn:
        return localTime(s->lastActivity());
    case UsesColumn:
        return s->useCount;
    case ViewsColumn:
        return s->viewCount;
    case PatchesColumn:
        return s->patchCount;
    case CreatedColumn:
        return localTime(s->createdAt);
    default:
        return {};
    }
}

QVariant SkillTableModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return QAbstractTableModel::headerData(section, orientation, role);
    switch (section) {
    case NameColumn:
        return tr("Name");
    case StateColumn:
        return tr("State");
    case CreatedByColumn:
        return tr("Created by");
    case PinnedColumn:
        return m_protection ? tr("Protected") : tr("Pinned");
    case LastActivityColumn:
        return tr("Last activity");
    case UsesColumn:
        return tr("Uses");
    case ViewsColumn:
        return tr("Views");
    case PatchesColumn:
        return tr("Patches");
    case CreatedColumn:
        return tr("Created");
    default:
        return {};
    }
}

void SkillTableModel::sort(int column, Qt::SortOrder order)
{
    if (column < 0 || column >= ColumnCount)
        return;
    // The view asks for the order it already has when sorting is switched on: no second query.
    if (sortKeyFor(column) == m_query.sort && (order == Qt::DescendingOrder) == m_query.descending)
        return;
    Q_EMIT layoutAboutToBeChanged({}, QAbstractItemModel::VerticalSortHint);
    const QModelIndexList before = persistentIndexList();
    QStringList names;
    for (const QModelIndex& i : before)
        names << m_names.value(i.row());
    m_query.sort = sortKeyFor(column);
    m_query.descending = order == Qt::DescendingOrder;
    reloadNames();
    QModelIndexList after;
    for (qsizetype i = 0; i < before.size(); ++i) {
        const int row = rowOf(names[i]);
        after << (row < 0 ? QModelIndex() : index(row, before[i].column()));
    }
    changePersistentIndexList(before, after);
    Q_EMIT layoutChanged({}, QAbstractItemModel::VerticalSortHint);
}

void SkillTableModel::setStateFilter(const QString& state)
{
    beginResetModel();
    m_query.state = state;
    reloadNames();
    endResetModel();
}

void SkillTableModel::setCreatorFilter(const QString& creator)
{
    beginResetModel();
    m_query.createdBy = creator;
    reloadNames();
    endResetModel();
}

void SkillTableModel::setNameFilter(const QString& text)
{
    beginResetModel();
    m_query.nameFilter = text.trimmed();
    reloadNames();
    endResetModel();
}

void SkillTableModel::setProtection(Protection why)
{
    beginResetModel();
    m_protection = std::move(why);
    endResetModel();
    Q_EMIT headerDataChanged(Qt::Horizontal, PinnedColumn, PinnedColumn);
}

void SkillTableModel::refresh()
{
    beginResetModel();
    reloadNames();
    endResetModel();
}

} // namespace sediment::ui
