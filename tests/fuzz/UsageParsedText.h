#pragma once

// Everything HermesUsageFile::Parsed holds, as one text: two results are the same exactly when
// their texts are. Shared by the scanner's test and the usage fuzzer, which hold
// HermesUsageScanner to HermesUsageFile::parseTree.
#include "skills/HermesUsageFile.h"

#include <QStringList>

#include <algorithm>

namespace sediment::test {

inline QString describeTime(const std::optional<QDateTime>& t)
{
    if (!t)
        return QStringLiteral("-");
    return QString::number(t->toMSecsSinceEpoch()) + QLatin1Char('/') + QString::number(int(t->timeSpec()))
           + QLatin1Char('/') + QString::number(t->offsetFromUtc());
}

inline QString describeParsed(const HermesUsageFile::Parsed& p)
{
    QStringList out;
    for (const Skill& s : p.skills)
        out << QStringList{s.name,
                           s.createdBy,
                           s.pinned ? QStringLiteral("pinned") : QStringLiteral("free"),
                           s.state,
                           QString::number(s.useCount),
                           QString::number(s.viewCount),
                           QString::number(s.patchCount),
                           describeTime(s.lastUsedAt),
                           describeTime(s.lastViewedAt),
                           describeTime(s.lastPatchedAt),
                           describeTime(s.createdAt),
                           describeTime(s.archivedAt),
                           s.archivePath.value_or(QStringLiteral("-")),
                           QString::fromStdString(s.extra.dump())}
                   .join(QLatin1Char('|'));
    for (const auto& k : p.skipped)
        out << QStringLiteral("skipped ") + k.name + QLatin1Char(':') + k.why;
    QStringList marked(p.agentMarked.begin(), p.agentMarked.end());
    std::sort(marked.begin(), marked.end());
    out << QStringLiteral("marked ") + marked.join(QLatin1Char(','));
    return out.join(QLatin1Char('\n'));
}

} // namespace sediment::test
