#include "skills/SkillTableModel.h"

#include "shared/LocalTime.h"
#include "util/Time.h"

#include <array>

namespace sediment::ui {

namespace {

using K = SkillRepository::SortKey;

// What a click on each column orders by, in the columns' order.
constexpr std::array kSortKeys{K::Name, K::State, K::CreatedBy, K::Pinned,   K::LastActivity,
                               K::Uses, K::Views, K::Patches,   K::CreatedAt};
static_assert(kSortKeys.size() == SkillTableModel::ColumnCount);

K sortKeyFor(int column) { return kSortKeys[size_t(column)]; }

} // namespace

SkillTableModel::SkillTableModel(Database& db, QObject* parent)
    : LazyTableModel(ColumnCount, parent)
    , m_repo(db)
    , m_columns(columns())
{
    reload();
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

TableColumns<Skill> SkillTableModel::columns() const
{
    using C = TableColumns<Skill>;
    const auto value = [](auto member) { return [member](const Skill& s) { return QVariant(s.*member); }; };
    return C({
        {tr("Name"), value(&Skill::name)},
        {tr("State"), value(&Skill::state), false,
         [](const Skill& s) {
             return s.archivePath ? QVariant(tr("archived to skills/%1").arg(*s.archivePath)) : QVariant();
         }},
        {tr("Created by"), value(&Skill::createdBy)},
        // The pin column reads "Protected" with the curator's reason once the page sets one.
        {tr("Pinned"),
         [this](const Skill& s) {
             if (s.pinned)
                 return QVariant(tr("pinned"));
             return QVariant(m_protection ? m_protection(s).first : QString());
         },
         false, [this](const Skill& s) { return m_protection ? QVariant(m_protection(s).second) : QVariant(); }},
        {tr("Last activity"), [](const Skill& s) { return QVariant(localTime(s.lastActivity())); }, false,
         [](const Skill& s) {
             const auto last = s.lastActivity();
             return QVariant(last ? time::toIso(*last) : tr("no use, view or patch recorded"));
         }},
        {tr("Uses"), value(&Skill::useCount), true},
        {tr("Views"), value(&Skill::viewCount), true},
        {tr("Patches"), value(&Skill::patchCount), true},
        {tr("Created"), [](const Skill& s) { return QVariant(localTime(s.createdAt)); }},
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
    return m_columns.data(*s, column, role);
}

QVariant SkillTableModel::columnTitle(int column) const
{
    if (column == PinnedColumn && m_protection)
        return tr("Protected");
    return m_columns.title(column);
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
