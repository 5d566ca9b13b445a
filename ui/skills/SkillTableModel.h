#pragma once

#include "shared/RowPages.h"
#include "store/SkillRepository.h"

#include <QAbstractTableModel>
#include <QStringList>

#include <functional>
#include <utility>

namespace sediment::ui {

// The skills as a lazy table: the names in display order come from SQL (filtered and sorted
// there), whole records are fetched a page at a time when the view paints them and kept in a
// small cache (the tables' shared RowPages), so opening the page costs the same however many
// skills there are. Not a LazyIdTableModel: a skill's identity is its name, not a row id.
class SkillTableModel final : public QAbstractTableModel {
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

    static constexpr int kPageSize = 128;
    static constexpr int kMaxCachedPages = 32;

    explicit SkillTableModel(Database& db, QObject* parent = nullptr);

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;
    void sort(int column, Qt::SortOrder order = Qt::AscendingOrder) override;

    void setStateFilter(const QString& state);     // empty: all
    void setCreatorFilter(const QString& creator); // empty: all
    void setNameFilter(const QString& text);       // substring of the name
    const SkillRepository::ListQuery& query() const { return m_query; }

    // Why the curator leaves an unpinned skill alone, as a short label and a sentence, for the
    // pin column (which then reads "Protected"); unset, the column shows pins only.
    using Protection = std::function<std::pair<QString, QString>(const Skill&)>;
    void setProtection(Protection why);

    // Re-reads the names and drops the cached records (another process may have written).
    void refresh();
    // The whole record at a row, nullptr when out of range or unreadable.
    const Skill* skillAt(int row) const;
    int rowOf(const QString& name) const; // -1 when not listed

Q_SIGNALS:
    void errorOccurred(const QString& message);

private:
    Result<std::vector<Skill>> readPage(int pageIndex) const;
    void reloadNames();

    mutable SkillRepository m_repo;
    SkillRepository::ListQuery m_query;
    QStringList m_names;
    mutable RowPages<Skill> m_rows{kMaxCachedPages};
    Protection m_protection;
};

} // namespace sediment::ui
