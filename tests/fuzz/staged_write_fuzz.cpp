// A Hermes staged record (pending/memory/<id>.json), the agent's file and so untrusted: parsed
// into a value or refused with a reason, never a crash; a parsed record yields its provenance
// and content hash.
#include "FuzzInput.h"

#include "hermes/StagedWrite.h"

using namespace sediment;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    auto staged = StagedWrite::parse(fuzz::bytes(data, size), QStringLiteral("0badc0de.json"));
    if (!staged)
        return 0;
    fuzz::require(staged->target == QLatin1String("memory") || staged->target == QLatin1String("user"),
                  "a staged write targets memory or user");
    (void)staged->source();
    (void)staged->contentHash();
    (void)staged->isBatch();
    return 0;
}
