#include "cli/OutcomePrinter.h"

namespace sediment::cli {

int printOutcome(const Context& ctx, bool json, const Result<ReviewOutcome>& outcome)
{
    if (!outcome)
        return ctx.error(outcome.error());
    if (json) {
        // Appended in place: the text of a large pass is megabytes, not worth a second copy.
        std::string text = outcome->toJsonText();
        text += '\n';
        ctx.outRaw(text);
    } else {
        ctx.out(outcome->summary());
    }
    if (outcome->error)
        return ctx.error(*outcome->error);
    // docs/verbs.md#exit-codes: a proposal the gate rejected or a store refused is a "no", exit 1, though the
    // pass itself went through; the outcome above says which and why.
    const std::size_t no = outcome->rejected.size() + outcome->failed.size();
    if (no == 0)
        return 0;
    return ctx.error(Error::refused(QStringLiteral("%1 of the proposals not applied: %2 rejected, %3 failed")
                                        .arg(no)
                                        .arg(outcome->rejected.size())
                                        .arg(outcome->failed.size())));
}

} // namespace sediment::cli
