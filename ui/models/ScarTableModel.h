#pragma once

#include "store/ScarRepository.h"

#include <QAbstractTableModel>
#include <QHash>

#include <vector>

namespace sediment::ui {

// The scars as a lazy table: the filtered, ordered ids come from SQL (FTS5 for the text), and
// rows are read a page at a time when the view paints them, into a bounded cache.
class ScarTableModel final : public QAbstractTableModel {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ScarTableModel)

public:
    enum Column { IdColumn, KindColumn, TitleColumn, ImportanceColumn, ScopeColumn,
                  RecallsColumn, CreatedColumn, ColumnCount };
    // The scar id of a row, whatever column: what the page acts on.
    enum Role { ScarIdRole = Qt::UserRole + 1 };

    static constexpr int kPageSize = 128;
    static constexpr int kMaxCachedPages = 32;

    explicit ScarTableModel(Database& db, QObject* parent = nullptr);

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation,
                        int role = Qt::DisplayRole) const override;
    void sort(int column, Qt::SortOrder order = Qt::AscendingOrder) override;

    void setFilter(const ScarRepository::Filter& filter);
    const ScarRepository::Filter& filter() const { return m_filter; }
    void refresh();
    const Scar* scarAt(int row) const;
    int rowOf(qint64 scarId) const;

Q_SIGNALS:
    void errorOccurred(const QString& message);

private:
    void reload();

    mutable ScarRepository m_repo;
    ScarRepository::Filter m_filter;
    ScarRepository::Order m_order = ScarRepository::Order::Newest;
    std::vector<qint64> m_ids;
    mutable QHash<int, std::vector<Scar>> m_pages;
    mutable QList<int> m_lru;
};

} // namespace sediment::ui
