#include "model/Destination.h"

#include "util/WordTable.h"

namespace sediment {

namespace {

using D = Destination;
using namespace Qt::Literals::StringLiterals;

constexpr WordTable<Destination, 8> kWords("destination"_L1, {{
                                                                 {D::Memory, "memory"_L1},
                                                                 {D::User, "user"_L1},
                                                                 {D::ClaudeMd, "claude_md"_L1},
                                                                 {D::SettingsJson, "settings_json"_L1},
                                                                 {D::BrainInbox, "brain_inbox"_L1},
                                                                 {D::Skill, "skill"_L1},
                                                                 {D::ChantierOutil, "chantier_outil"_L1},
                                                                 {D::ClaudeMemory, "claude_memory"_L1},
                                                             }});

} // namespace

const WordTable<Destination, 8>& wordsOf(Destination) { return kWords; }

bool isMemoryStore(Destination destination) { return destination == D::Memory || destination == D::User; }

bool isNote(Destination destination) { return destination == D::BrainInbox || destination == D::ChantierOutil; }

bool isMemoryStore(QStringView destination) { return isWord(destination, D::Memory) || isWord(destination, D::User); }

bool isNote(QStringView destination)
{
    return isWord(destination, D::BrainInbox) || isWord(destination, D::ChantierOutil);
}

} // namespace sediment
