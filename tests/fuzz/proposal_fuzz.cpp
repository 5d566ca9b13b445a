// Proposals as an agent submits them (docs/verbs.md#propose): bytes → ProposalParser → ProposalValidator. Whatever
// the bytes, parsing and validation answer with a value or an error, never a crash; an accepted
// proposal has a known destination and a score in [0,1] when it has one.
#include "FuzzInput.h"

#include "proposal/ProposalParser.h"
#include "proposal/ProposalValidator.h"
#include "workspace/PathGuard.h"

#include <QDir>
#include <QTemporaryDir>

#include <cmath>

using namespace sediment;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    // A real folder, since the path guard resolves symlinks; made once, left empty.
    static QTemporaryDir root;
    static const PathGuard guard(root.path());
    static const ProposalValidator validator(guard, ProposalValidator::Paths{});

    auto raws = ProposalParser::parse(fuzz::bytes(data, size));
    if (!raws)
        return 0;
    int index = 0;
    for (Json& raw : *raws) {
        auto p = validator.validate(std::move(raw), ++index);
        if (!p)
            continue;
        fuzz::require(ProposalValidator::isKnownDestination(p->destination),
                      "an accepted proposal has a known destination");
        if (p->score)
            fuzz::require(std::isfinite(*p->score) && *p->score >= 0 && *p->score <= 1,
                          "an accepted score is a finite number in [0,1]");
        (void)ProposalValidator::contentHash(p->destination, p->op);
    }
    return 0;
}
