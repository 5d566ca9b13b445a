#pragma once

#include "shared/LazyTableModel.h"
#include "shared/TableColumns.h"
#include "store/SkillRepository.h"

#include <QStringList>

#include <functional>
#include <utility>

namespace sediment::ui {

// The skills as a lazy table, so opening the page costs the same however many skills there are.
// Its keys are the names in display order, from SQL (filtered and sorted there): a skill's
// identity is its name, not a row id. A page of records is read by name.
class SkillTableModel final : public LazyTableModel {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(SkillTableModel)

public:
    enum Column {
        NameColumn,
        StateColumn,
        CreatedByColumn,
        PinnedColumn,
        LastActivityColumn,
        UsesColumn,
        ViewsColumn,
        PatchesColumn,
        CreatedColumn,
        ColumnCount
    };
    // The skill's name is its identity: the page keeps its selection by name across reloads.
    enum Role { NameRole = Qt::UserRole + 1 };

    explicit SkillTableModel(Database& db, QObject* parent = nullptr);

    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    void sort(int column, Qt::SortOrder order = Qt::AscendingOrder) override;

    void setStateFilter(const QString& state);     // empty: all
    void setCreatorFilter(const QString& creator); // empty: all
    void setNameFilter(const QString& text);       // substring of the name
    const SkillRepository::ListQuery& query() const { return m_query; }

    // Why the curator leaves an unpinned skill alone, as a short label and a sentence, for the
    // pin column (which then reads "Protected"); unset, the column shows pins only.
    using Protection = std::function<std::pair<QString, QString>(const Skill&)>;
    void setProtection(Protection why);

    // The whole record at a row, nullptr when out of range or unreadable.
    const Skill* skillAt(int row) const;
    int rowOf(const QString& name) const; // -1 when not listed

private:
    int keyCount() const override { return int(m_names.size()); }
    void readKeys() override { setKeys(m_names, m_repo.names(m_query)); }
    void dropRows() override { m_rows.clear(); }
    QVariant columnTitle(int column) const override;
    TableColumns<Skill> columns() const;
    Result<std::vector<Skill>> readPage(int first, int count) const;

    mutable SkillRepository m_repo;
    SkillRepository::ListQuery m_query;
    QStringList m_names;
    mutable RowPages<Skill> m_rows{kMaxCachedPages};
    Protection m_protection;
    const TableColumns<Skill> m_columns;
};

} // namespace sediment::ui
