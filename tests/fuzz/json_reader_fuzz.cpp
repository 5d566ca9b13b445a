// The quick JSON reader that proposals go through first, against nlohmann's parser: whenever
// the reader answers, nlohmann must accept the same text and build the same value (the same
// compact text, so 1 and 1.0 or -0 and 0 are told apart). The reader may decline anything.
#include "FuzzInput.h"

#include "util/Json.h"
#include "util/JsonReader.h"

#include <string_view>

using namespace sediment;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    const auto quick = json::JsonReader::tryParse(text);
    if (!quick)
        return 0;
    const Json reference = Json::parse(text.begin(), text.end(), nullptr, false);
    fuzz::require(!reference.is_discarded(), "what the quick reader accepts, nlohmann accepts");
    fuzz::require(quick->dump() == reference.dump(), "the quick reader builds nlohmann's value");
    return 0;
}
