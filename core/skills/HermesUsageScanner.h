#pragma once

#include "skills/HermesUsageFile.h"

#include <optional>
#include <string_view>

namespace sediment {

// The quick way through a .usage.json as Hermes writes it: one object of flat records whose
// values are plain ASCII strings, whole numbers, true, false and null. It builds what
// HermesUsageFile::parse builds, without a JSON tree; on a home of 100,000 skills (some 30 MB)
// the tree and its sorted maps cost more than the curator's whole pass. For anything else —
// an escape, a non-ASCII byte, a nested value, a fraction, a duplicate key, a name or a field
// parse would skip or refuse, a syntax error — it answers nothing, and the full parser reads the
// file and gives its own result or message. tests/core/usage_file_test.cpp and the usage
// fuzzer check that whenever it answers, it answers as the full parser does.
class HermesUsageScanner final {
public:
    static std::optional<HermesUsageFile::Parsed> tryScan(std::string_view text,
                                                          const HermesUsageFile::Provenance& provenance,
                                                          const QDateTime& now);
};

} // namespace sediment
