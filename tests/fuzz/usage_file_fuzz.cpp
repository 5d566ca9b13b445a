// Hermes' skills/.usage.json: an object keyed by skill name, written by the agent. Any bytes
// give skills, skipped records and errors naming a key, never a crash; every imported skill has a
// valid name. Whenever the quick scanner answers, it answers as the full parser does.
#include "FuzzInput.h"
#include "UsageParsedText.h"

#include "skills/HermesUsageFile.h"
#include "skills/HermesUsageScanner.h"
#include "util/Time.h"

using namespace sediment;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    static const QDateTime now = *time::parseIso(QStringLiteral("2026-05-01T10:00:00Z"));
    static const HermesUsageFile::Provenance provenance{{QStringLiteral("bundled-one")}, {QStringLiteral("hub-one")}};
    const QByteArray text = fuzz::bytes(data, size);
    auto parsed = HermesUsageFile::parse(text, provenance, now);
    const auto full = HermesUsageFile::parseTree(text, provenance, now);
    fuzz::require(parsed.has_value() == full.has_value(), "parse and the full parser agree on success");
    const auto quick =
        HermesUsageScanner::tryScan(std::string_view(text.constData(), std::size_t(text.size())), provenance, now);
    if (quick)
        fuzz::require(full && test::describeParsed(*quick) == test::describeParsed(*full),
                      "the scanner answers as the full parser");
    if (!parsed)
        return 0;
    for (const Skill& s : parsed->skills)
        fuzz::require(Skill::isHermesName(s.name), "an imported skill has a valid name");
    return 0;
}
