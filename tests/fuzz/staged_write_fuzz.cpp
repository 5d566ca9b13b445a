// A Hermes staged record (pending/memory/<id>.json or pending/skills/<id>.json), the agent's file
// and so untrusted: parsed into a value or refused with a reason, never a crash (nor an exception,
// which the skill reader once let out); a parsed record yields its provenance and content hash.
// Both readers see every input: they share how a record opens (StagedEnvelope).
#include "FuzzInput.h"

#include "hermes/StagedSkillWrite.h"
#include "hermes/StagedWrite.h"

using namespace sediment;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    const QByteArray bytes = fuzz::bytes(data, size);
    if (auto staged = StagedWrite::parse(bytes, QStringLiteral("0badc0de.json"))) {
        fuzz::require(staged->target == QLatin1String("memory") || staged->target == QLatin1String("user"),
                      "a staged write targets memory or user");
        (void)staged->source();
        (void)staged->contentHash();
        (void)staged->isBatch();
    }
    if (auto skill = StagedSkillWrite::parse(bytes, QStringLiteral("0badc0de.json"))) {
        fuzz::require(skill->target == QLatin1String("skill"), "a staged skill write targets skill");
        (void)skill->source();
        (void)skill->contentHash();
    }
    return 0;
}
