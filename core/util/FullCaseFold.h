#pragma once

#include <QString>

namespace sediment {

// Unicode's full case folding (CaseFolding.txt, statuses C and F): QString::toCaseFolded() does
// the simple folding only, one character for one, so "Straße" and "STRASSE" stayed apart. The
// characters whose full folding is longer (ß → ss, ŉ → ʼn, ﬁ → fi, Greek with iota subscript…)
// are expanded here after the simple folding.
QString fullCaseFold(const QString& text);

} // namespace sediment
