#pragma once

#include "model/DecisionCategory.h"
#include "model/DecisionOutcome.h"
#include "util/Error.h"
#include "util/Json.h"

#include <QString>
#include <QStringList>

#include <optional>

namespace sediment {

// A decision an agent made, with the confidence it had, and later its outcome (docs/user-guide.md#decisions).
struct Decision {
    qint64 id = 0;
    std::optional<QString> extId; // the agent's own id, from the imported record
    QString description;
    QString context;
    QString pattern;
    double confidence = 0;
    QString category; // a DecisionCategory word
    QString stakes;   // a DecisionStakes word
    // A DecisionOutcome word, kept as text so that a row written by a newer version still shows.
    QString outcome = toString(DecisionOutcome::Pending);
    std::optional<QString> outcomeText;
    std::optional<QString> reviewer;
    std::optional<QString> reviewedAt;
    std::optional<qint64> supersededBy;
    QString createdAt;
    std::optional<QString> session;

    bool hasOutcome(DecisionOutcome o) const { return isWord(outcome, o); }
    void setOutcome(DecisionOutcome o) { outcome = toString(o); }
    bool isReviewed() const { return !hasOutcome(DecisionOutcome::Pending); }
    Json toJson() const;

    // The words of each closed set, in their tables' order.
    static const QStringList& categories();
    static const QStringList& stakesLevels();
    static const QStringList& outcomes(); // the DecisionOutcome words, in order

    // One imported record (a JSON object) → a decision; errors name the offending field.
    // `defaultTime` stamps created_at (and reviewed_at of a reviewed record) when absent.
    static Result<Decision> fromJson(const Json& record, const QString& defaultTime);
};

} // namespace sediment
