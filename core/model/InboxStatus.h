#pragma once

#include "util/WordTable.h"

#include <QString>
#include <QStringList>
#include <QStringView>

#include <array>

namespace sediment {

// Where an inbox item stands. Its spelling is inbox_items.status, the `status` of `inbox list
// --json` and the values of a `status:` search, so toString and parseWord<InboxStatus> are the only
// place it is written. Listed in the order `status:`'s help and errors show them.
enum class InboxStatus {
    Pending,        // waiting for a reviewer
    Applied,        // written as proposed
    Failed,         // approved, but the store refused or the write failed
    Refused,        // a reviewer said no
    Modified,       // written after a reviewer's patch
    Reverted,       // written, then undone
    Rejected,       // a gate said no, or Hermes' file went away before a decision
    NeedsAttention, // a crash left its write half done (docs/user-guide.md#inbox)
    Approved,       // team mode: decided on another host, waiting for the files host to write it
};

// Its table, which toString, isWord, parseWord and the others in util/WordTable.h read.
const WordTable<InboxStatus, 9>& wordsOf(InboxStatus);

// A store wrote something for the item: it can be reverted and its content is in the file.
bool wroteToStore(InboxStatus status);

} // namespace sediment
