// One request to `sediment memory apply -` (the agent's memory tool call): parsed into a request,
// the memory tool's own refusal, or an error flagged malformed, never a crash; content that parses is threat-scanned as an
// add would scan it.
#include "FuzzInput.h"

#include "memory/MemoryRequest.h"
#include "memory/ThreatScanner.h"

#include <string>

using namespace sediment;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    const std::string text(reinterpret_cast<const char*>(data), size);
    const auto parsed = MemoryRequest::parseText(text);
    const int outcomes =
        int(parsed.request.has_value()) + int(parsed.answer.has_value()) + int(parsed.error.has_value());
    fuzz::require(outcomes == 1, "a request, the tool's own answer or an error: exactly one");
    if (parsed.request && parsed.request->op.content)
        (void)ThreatScanner::scan(*parsed.request->op.content);
    return 0;
}
