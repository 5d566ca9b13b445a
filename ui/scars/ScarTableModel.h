#pragma once

#include "store/ScarRepository.h"

#include "shared/RepositoryTableModel.h"

namespace sediment::ui {

// The scars as a lazy table: the filtered, ordered ids come from SQL (FTS5 for the text), and
// rows are read a page at a time when the view paints them, into a bounded cache.
class ScarTableModel final : public RepositoryTableModel<ScarRepository, Scar> {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ScarTableModel)

public:
    enum Column {
        IdColumn,
        KindColumn,
        TitleColumn,
        ImportanceColumn,
        ScopeColumn,
        RecallsColumn,
        CreatedColumn,
        ColumnCount
    };

    explicit ScarTableModel(Database& db, QObject* parent = nullptr);

private:
    QVariant toolTip(const Scar& scar) const override;
    static std::vector<Sorting> sortings();
    static TableColumns<Scar> columns();
};

} // namespace sediment::ui
