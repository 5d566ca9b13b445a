#pragma once

#include "skills/HermesUsageFile.h"

#include <QByteArray>
#include <QString>
#include <QStringList>

namespace sediment {

// What Hermes' curator makes of a damaged skills/.usage.json, for a curator pass on a Hermes home
// (docs/user-guide.md#hermes): its load_usage() reads a file that is not JSON, or not an object,
// as {} and drops entries that are not objects; its readers parse each time defensively (a
// malformed one counts as absent) and each count with int(value or 0) (a count written as "5"
// is 5, one it cannot read is 0). The file itself is never rewritten here: only the pass reads
// the repaired text, and every value it ignored is named in a warning.
class HermesUsageRepair final {
public:
    struct Repaired {
        QByteArray text; // the file as Hermes' curator reads it, as JSON
        QStringList warnings;
    };

    // `bytes` is the file's content; `file` names it in the warnings.
    static Repaired repair(const QByteArray& bytes, const QString& file);

    // HermesUsageFile::parse as Hermes' curator reads the file: one it refuses as invalid is
    // repaired and parsed again, what was ignored appended to `warnings`.
    static Result<HermesUsageFile::Parsed> parse(const QByteArray& bytes, const HermesUsageFile::Provenance& provenance,
                                                 const QDateTime& now, const QString& file, QStringList& warnings);
};

} // namespace sediment
