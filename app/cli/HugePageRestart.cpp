#include "cli/HugePageRestart.h"

#include <sys/stat.h>
#include <unistd.h>

#include <cstdlib>
#include <cstring>
#include <string>

namespace sediment::cli {

namespace {

constexpr off_t kLargeInput = 1 << 20;
constexpr const char* kTunable = "glibc.malloc.hugetlb=1";

bool isLargeRegularFile(const struct stat& st) { return S_ISREG(st.st_mode) && st.st_size >= kLargeInput; }

// The FILE operand of `propose`, or nullptr for standard input.
const char* proposeInput(int argc, char** argv, int verbAt)
{
    for (int i = verbAt + 1; i < argc; ++i) {
        if (std::strcmp(argv[i], "--now") == 0) {
            ++i; // its value
            continue;
        }
        if (std::strcmp(argv[i], "-") == 0)
            return nullptr;
        if (argv[i][0] != '-')
            return argv[i];
    }
    return nullptr;
}

} // namespace

void restartWithHugePagesForLargeInput(int argc, char** argv)
{
    const char* tunables = std::getenv("GLIBC_TUNABLES");
    if (tunables && std::strstr(tunables, "glibc.malloc.hugetlb"))
        return; // already set, by us or by the user
    int verbAt = 0;
    for (int i = 1; i < argc && verbAt == 0; ++i) {
        if (std::strcmp(argv[i], "--workspace") == 0) {
            ++i;
            continue;
        }
        if (argv[i][0] != '-')
            verbAt = i;
    }
    if (verbAt == 0 || std::strcmp(argv[verbAt], "propose") != 0)
        return;
    struct stat st {};
    const char* file = proposeInput(argc, argv, verbAt);
    const bool large = file ? ::stat(file, &st) == 0 && isLargeRegularFile(st)
                            : ::fstat(STDIN_FILENO, &st) == 0 && isLargeRegularFile(st);
    if (!large)
        return;
    std::string value = tunables && *tunables ? std::string(tunables) + ':' + kTunable : std::string(kTunable);
    if (::setenv("GLIBC_TUNABLES", value.c_str(), 1) != 0)
        return;
    ::execv("/proc/self/exe", argv);
    // Could not restart: carry on with ordinary pages.
}

} // namespace sediment::cli
