// sediment.json: every key optional, an unknown key or a wrong type a clear error. Any bytes
// give a configuration or an error, never a crash.
#include "FuzzInput.h"

#include "workspace/Config.h"

using namespace sediment;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    auto c = Config::parse(fuzz::bytes(data, size), QStringLiteral("sediment.json"));
    if (c)
        fuzz::require(c->scoreThreshold >= 0 && c->scoreThreshold <= 1, "a threshold read is in [0,1]");
    return 0;
}
