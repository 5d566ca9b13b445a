#include "memory/MemoryResponse.h"

#include "memory/MemoryFile.h"
#include "memory/UnicodeText.h"

#include <algorithm>

namespace sediment {

Json MemoryResponse::toJsonArray(const QStringList& entries)
{
    Json list = Json::array();
    for (const QString& e : entries)
        list.push_back(us(e));
    return list;
}

int MemoryResponse::usage(const QStringList& entries)
{
    if (entries.isEmpty())
        return 0;
    return int(UnicodeText::length(MemoryFile::join(entries)));
}

int MemoryResponse::percent(int current, int limit)
{
    if (limit <= 0)
        return 0;
    // Python computes int((current / limit) * 100) in doubles: 638/2200*100 is 28.999...,
    // which truncates to 28. Hermes caps the figure at 100 for a file grown past its limit.
    const double pct = double(current) / double(limit) * 100.0;
    return std::min(100, int(pct));
}

QString MemoryResponse::budgetText(int current, int limit)
{
    return UnicodeText::groupThousands(current) + QLatin1Char('/')
        + UnicodeText::groupThousands(limit);
}

QString MemoryResponse::usageText(int current, int limit)
{
    return QStringLiteral("%1% \u2014 %2 chars").arg(percent(current, limit)).arg(budgetText(current, limit));
}

Json MemoryResponse::success(const QString& target, const QStringList& entries, int limit,
                             const QString& message)
{
    const int current = usage(entries);
    Json r = Json::object();
    r["success"] = true;
    r["target"] = us(target);
    r["entries"] = toJsonArray(entries);
    r["usage"] = us(usageText(current, limit));
    r["entry_count"] = entries.size();
    if (!message.isEmpty())
        r["message"] = us(message);
    return r;
}

Json MemoryResponse::failure(const QString& error)
{
    Json r = Json::object();
    r["success"] = false;
    r["error"] = us(error);
    return r;
}

Json MemoryResponse::failureWithEntries(const QString& error, const QStringList& entries,
                                        int limit)
{
    Json r = failure(error);
    r["current_entries"] = toJsonArray(entries);
    r["usage"] = us(budgetText(usage(entries), limit));
    return r;
}

} // namespace sediment
