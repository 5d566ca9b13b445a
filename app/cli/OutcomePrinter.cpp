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
    return outcome->error ? ctx.error(*outcome->error) : 0;
}

} // namespace sediment::cli
