#pragma once

#include "store/DecisionRepository.h"

#include "shared/RepositoryTableModel.h"

namespace sediment::ui {

// The decisions as a lazy table: filtered, ordered ids from SQL; rows read a page at a time.
class DecisionTableModel final : public RepositoryTableModel<DecisionRepository, Decision> {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(DecisionTableModel)

public:
    enum Column {
        IdColumn,
        DescriptionColumn,
        CategoryColumn,
        StakesColumn,
        ConfidenceColumn,
        OutcomeColumn,
        CreatedColumn,
        ColumnCount
    };

    explicit DecisionTableModel(Database& db, QObject* parent = nullptr);

private:
    QVariant toolTip(const Decision& decision) const override;
    static std::vector<Sorting> sortings();
    static TableColumns<Decision> columns();
};

} // namespace sediment::ui
