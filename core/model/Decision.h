#pragma once

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
    QString category;                            // architecture|process|tooling|security|integration
    QString stakes;                              // low|medium|high|critical
    QString outcome = QStringLiteral("pending"); // pending|success|partial|failure|noise|superseded
    std::optional<QString> outcomeText;
    std::optional<QString> reviewer;
    std::optional<QString> reviewedAt;
    std::optional<qint64> supersededBy;
    QString createdAt;
    std::optional<QString> session;

    bool isReviewed() const { return outcome != QLatin1String("pending"); }
    Json toJson() const;

    static const QStringList& categories();
    static const QStringList& stakesLevels();
    static const QStringList& outcomes();

    // One imported record (a JSON object) → a decision; errors name the offending field.
    // `defaultTime` stamps created_at (and reviewed_at of a reviewed record) when absent.
    static Result<Decision> fromJson(const Json& record, const QString& defaultTime);
};

} // namespace sediment
