#include "model/InboxStatus.h"

#include "util/WordTable.h"

namespace sediment {

namespace {

using S = InboxStatus;
using namespace Qt::Literals::StringLiterals;

constexpr WordTable<InboxStatus, 9> kWords("inbox status"_L1, {{
                                                                  {S::Pending, "pending"_L1},
                                                                  {S::Applied, "applied"_L1},
                                                                  {S::Failed, "failed"_L1},
                                                                  {S::Refused, "refused"_L1},
                                                                  {S::Modified, "modified"_L1},
                                                                  {S::Reverted, "reverted"_L1},
                                                                  {S::Rejected, "rejected"_L1},
                                                                  {S::NeedsAttention, "needs_attention"_L1},
                                                                  {S::Approved, "approved"_L1},
                                                              }});

} // namespace

const WordTable<InboxStatus, 9>& wordsOf(InboxStatus) { return kWords; }

bool wroteToStore(InboxStatus status) { return status == S::Applied || status == S::Modified; }

} // namespace sediment
