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

SkillTableModel::SkillTableModel(Database& db, QObject* parent) : LazyTableModel(ColumnCount, parent), m_repo(db)
{
    reload();
}

void SkillTableModel::readKeys()
{
    auto names = m_repo.names(m_query);
    if (!names) {
        m_names.clear();
        reportError(names.error().message);
        return;
    }
    m_names = std::move(*names);
}

Result<std::vector<Skill>> SkillTableModel::readPage(int first, int count) const
{
    const QStringList names = m_names.mid(first, count);
    // A skill gone since the names were read keeps its row and its name but no state, which is
    // how the page knows to leave it alone.
    return placeByKey(names, m_repo.fetch(names), &Skill::name, [](const QString& name) {
        Skill gone;
        gone.name = name;
        gone.state = QString();
        return gone;
    });
}

const Skill* SkillTableModel::skillAt(int row) const
{
    return pagedRow(m_rows, row, [this](int first, int count) { return readPage(first, count); });
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

QVariant SkillTableModel::columnTitle(int column) const
{
    switch (column) {
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
    reorder(
        [&] {
            m_query.sort = sortKeyFor(column);
            m_query.descending = order == Qt::DescendingOrder;
            reload();
        },
        [this](int row) { return m_names.at(row); });
}

void SkillTableModel::setStateFilter(const QString& state)
{
    resetWith([&] { m_query.state = state; });
}

void SkillTableModel::setCreatorFilter(const QString& creator)
{
    resetWith([&] { m_query.createdBy = creator; });
}

void SkillTableModel::setNameFilter(const QString& text)
{
    resetWith([&] { m_query.nameFilter = text.trimmed(); });
}

void SkillTableModel::setProtection(Protection why)
{
    beginResetModel();
    m_protection = std::move(why);
    endResetModel();
    Q_EMIT headerDataChanged(Qt::Horizontal, PinnedColumn, PinnedColumn);
}

} // namespace sediment::ui
