#include "inbox/InboxStatus.h"

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

Result<InboxStatus> parseInboxStatus(QStringView text)
{
    if (const auto status = kWords.find(text))
        return *status;
    return fail(Error::invalid(QStringLiteral("unknown inbox status '%1'").arg(text)));
}

const std::array<InboxStatus, 9>& allInboxStatuses()
{
    static const auto all = kWords.words();
    return all;
}

const QStringList& inboxStatusTexts()
{
    static const QStringList texts = kWords.texts();
    return texts;
}

bool wroteToStore(InboxStatus status) { return status == S::Applied || status == S::Modified; }

} // namespace sediment
