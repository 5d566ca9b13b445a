#pragma once

namespace sediment::cli {

// For `propose` over a large input file (1 MiB or more), starts this program again with glibc's
// transparent-huge-page malloc enabled (the glibc.malloc.hugetlb tunable, read only at process
// start). Ingesting a hundred thousand proposals touches a few hundred MiB of heap: with 4 KiB
// pages that is ~50,000 page faults and a third of the run; with huge pages, ~3,500. Small inputs,
// pipes and every other verb are left alone, so an agent's one-proposal call pays nothing.
// Returns only when no restart happened (or it failed, in which case the run goes on as is).
void restartWithHugePagesForLargeInput(int argc, char** argv);

} // namespace sediment::cli
