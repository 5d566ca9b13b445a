#include "model/InboxStatus.h"

#include "util/WordTable.h"

namespace sediment {

namespace {

using S = InboxStatus;
using namespace Qt::Literals::StringLiterals;

constexpr WordTable<InboxStatus, 9> kWords({{
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

QString toString(InboxStatus status) { return kWords.text(status); }

bool isWord(QStringView text, InboxStatus status) { return kWords.matches(text, status); }

Result<InboxStatus> parseInboxStatus(QStringView text) { return kWords.parse(text, "inbox status"_L1); }

const std::array<InboxStatus, 9>& allInboxStatuses() { return kWords.words(); }

const QStringList& inboxStatusTexts() { return kWords.texts(); }

bool wroteToStore(InboxStatus status) { return status == S::Applied || status == S::Modified; }

} // namespace sediment
