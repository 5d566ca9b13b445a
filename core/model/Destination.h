#pragma once

#include "util/WordTable.h"

#include <QString>
#include <QStringList>
#include <QStringView>

#include <array>

namespace sediment {

// The store a proposal writes to (docs/verbs.md#propose). Its spelling is the proposal's
// `destination`, inbox_items.destination and the values of a `dest:` search, so toString and
// parseWord<Destination> are the only place it is written. Listed in the order messages show them.
enum class Destination {
    Memory,        // MEMORY.md
    User,          // USER.md
    ClaudeMd,      // CLAUDE.md
    SettingsJson,  // settings.json
    BrainInbox,    // a note in brain/inbox
    Skill,         // a skill folder, or a Hermes skill write
    ChantierOutil, // a note in chantiers/inbox
    ClaudeMemory,  // a file in a Claude Code auto-memory folder (outside the workspace)
};

// Its table, which toString, isWord, parseWord and the others in util/WordTable.h read.
const WordTable<Destination, 8>& wordsOf(Destination);

// The two memory stores, MEMORY.md and USER.md, which share a char budget's rules.
bool isMemoryStore(Destination destination);
bool isMemoryStore(QStringView destination); // an unknown word is not
// A new note file: nothing there to compare against or to go stale.
bool isNote(Destination destination);
bool isNote(QStringView destination);

} // namespace sediment
