#pragma once

#include "model/Calibration.h"
#include "model/Decision.h"
#include "util/Error.h"

#include <optional>
#include <vector>

namespace sediment {

class Database;

// The decisions and calibration_snapshots tables. Writes run inside the caller's transaction.
class DecisionRepository final {
public:
    explicit DecisionRepository(Database& db) : m_db(db) {}

    Result<qint64> insert(const Decision& d);
    Result<std::optional<Decision>> get(qint64 id);
    Result<std::optional<qint64>> idOfExtId(const QString& extId);

    struct Filter {
        QString outcome;  // empty: any; "reviewed": anything but pending
        QString category; // empty: any
        QString stakes;   // empty: any
        QString text;     // substring of description, context or pattern
    };
    enum class Order { Newest, Oldest, Confidence, Stakes };
    Result<std::vector<qint64>> ids(const Filter& filter, Order order = Order::Newest);
    Result<std::vector<Decision>> byIds(const std::vector<qint64>& ids);
    // Every matching decision, whole: what a listing prints (the table pages by ids instead).
    Result<std::vector<Decision>> list(const Filter& filter, Order order);

    Status setReview(qint64 id, const QString& outcome, const std::optional<QString>& text, const QString& reviewer,
                     const QString& at, std::optional<qint64> supersededBy);

    // Every decision that may count in calibration, in id order (the summation order).
    Result<std::vector<Calibration::Sample>> calibrationSamples();

    // Unreviewed decisions, oldest first; stakes filter and created-before cut-off optional.
    Result<std::vector<Decision>> unreviewed(const QStringList& stakes = {}, const QString& createdBefore = {});

    struct Snapshot {
        qint64 id = 0;
        QString at;
        qint64 reviewed = 0;
        std::optional<double> brier;
        std::optional<double> accuracy;
        std::optional<double> ece;
        Json figures;
        Json toJson() const;
    };
    Result<qint64> insertSnapshot(const QString& at, const Calibration::Figures& figures);
    Result<std::vector<Snapshot>> snapshots(); // oldest first

    // Reviews recorded (audit rows decision.review, and reviewed decisions imported) since the
    // last snapshot's audit row: derived from the append-only log, never a stored counter.
    Result<qint64> reviewsSinceLastSnapshot();

private:
    Database& m_db;
};

} // namespace sediment
