// MEMORY.md / USER.md as found on disk: any bytes parse into entries or are refused as not
// UTF-8. Parsed entries are trimmed, non-empty and distinct, and each goes through the threat
// scan, as the frozen snapshot does.
#include "FuzzInput.h"

#include "memory/MemoryFile.h"
#include "memory/ThreatScanner.h"

#include <QSet>

using namespace sediment;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    auto entries = MemoryFile::parse(fuzz::bytes(data, size));
    if (!entries)
        return 0;
    QSet<QString> seen;
    for (const QString& e : *entries) {
        fuzz::require(!e.isEmpty(), "no empty entry");
        fuzz::require(!seen.contains(e), "no duplicate entry");
        seen.insert(e);
        (void)ThreatScanner::scan(e);
    }
    (void)MemoryFile::render(*entries);
    return 0;
}
