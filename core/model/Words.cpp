// The spelling of every closed set of words the domain's values hold, one table each: what the
// database stores, the command line accepts and prints, and the desktop filters on. Kept in one
// file so that the whole vocabulary a workspace persists reads, and is reviewed, in one place;
// each enum's header says what its words mean.
#include "model/DecisionCategory.h"
#include "model/DecisionOutcome.h"
#include "model/Destination.h"
#include "model/GateKind.h"
#include "model/InboxStatus.h"
#include "model/RefusalCode.h"
#include "model/ScarKind.h"
#include "model/SkillState.h"

namespace sediment {

namespace {

using namespace Qt::Literals::StringLiterals;

constexpr WordTable<Destination, 8> kDestination({{
                                                     {Destination::Memory, "memory"_L1},
                                                     {Destination::User, "user"_L1},
                                                     {Destination::ClaudeMd, "claude_md"_L1},
                                                     {Destination::SettingsJson, "settings_json"_L1},
                                                     {Destination::BrainInbox, "brain_inbox"_L1},
                                                     {Destination::Skill, "skill"_L1},
                                                     {Destination::ChantierOutil, "chantier_outil"_L1},
                                                     {Destination::ClaudeMemory, "claude_memory"_L1},
                                                 }},
                                                 "destination"_L1);

constexpr WordTable<InboxStatus, 9> kInboxStatus({{
                                                     {InboxStatus::Pending, "pending"_L1},
                                                     {InboxStatus::Applied, "applied"_L1},
                                                     {InboxStatus::Failed, "failed"_L1},
                                                     {InboxStatus::Refused, "refused"_L1},
                                                     {InboxStatus::Modified, "modified"_L1},
                                                     {InboxStatus::Reverted, "reverted"_L1},
                                                     {InboxStatus::Rejected, "rejected"_L1},
                                                     {InboxStatus::NeedsAttention, "needs_attention"_L1},
                                                     {InboxStatus::Approved, "approved"_L1},
                                                 }},
                                                 "inbox status"_L1);

constexpr WordTable<RefusalCode, 7> kRefusalCode({{
                                                     {RefusalCode::Duplicate, "duplicate"_L1},
                                                     {RefusalCode::Wrong, "wrong"_L1},
                                                     {RefusalCode::TooSpecific, "too_specific"_L1},
                                                     {RefusalCode::Stale, "stale"_L1},
                                                     {RefusalCode::Unsafe, "unsafe"_L1},
                                                     {RefusalCode::LowValue, "low_value"_L1},
                                                     {RefusalCode::Other, "other"_L1},
                                                 }},
                                                 "refusal reason"_L1);

constexpr WordTable<SkillState, 3> kSkillState({{
                                                   {SkillState::Active, "active"_L1},
                                                   {SkillState::Stale, "stale"_L1},
                                                   {SkillState::Archived, "archived"_L1},
                                               }},
                                               "skill state"_L1);

constexpr WordTable<DecisionOutcome, 6> kDecisionOutcome({{
                                                             {DecisionOutcome::Pending, "pending"_L1},
                                                             {DecisionOutcome::Success, "success"_L1},
                                                             {DecisionOutcome::Partial, "partial"_L1},
                                                             {DecisionOutcome::Failure, "failure"_L1},
                                                             {DecisionOutcome::Noise, "noise"_L1},
                                                             {DecisionOutcome::Superseded, "superseded"_L1},
                                                         }},
                                                         "decision outcome"_L1);

constexpr WordTable<GateKind, 3> kGateKind({{
                                               {GateKind::Human, "human"_L1},
                                               {GateKind::Score, "score"_L1},
                                               {GateKind::ScoreThenHuman, "score-then-human"_L1},
                                           }},
                                           "gate"_L1);

constexpr WordTable<ScarKind, 2> kScarKind({{
                                               {ScarKind::Failure, "failure"_L1},
                                               {ScarKind::Victory, "victory"_L1},
                                           }},
                                           "scar kind"_L1);

constexpr WordTable<DecisionCategory, 5> kDecisionCategory({{
                                                               {DecisionCategory::Architecture, "architecture"_L1},
                                                               {DecisionCategory::Process, "process"_L1},
                                                               {DecisionCategory::Tooling, "tooling"_L1},
                                                               {DecisionCategory::Security, "security"_L1},
                                                               {DecisionCategory::Integration, "integration"_L1},
                                                           }},
                                                           "decision category"_L1);

constexpr WordTable<DecisionStakes, 4> kDecisionStakes({{
                                                           {DecisionStakes::Low, "low"_L1},
                                                           {DecisionStakes::Medium, "medium"_L1},
                                                           {DecisionStakes::High, "high"_L1},
                                                           {DecisionStakes::Critical, "critical"_L1},
                                                       }},
                                                       "stakes"_L1);

} // namespace

const WordTable<Destination, 8>& wordsOf(Destination) { return kDestination; }

const WordTable<InboxStatus, 9>& wordsOf(InboxStatus) { return kInboxStatus; }

const WordTable<RefusalCode, 7>& wordsOf(RefusalCode) { return kRefusalCode; }

const WordTable<SkillState, 3>& wordsOf(SkillState) { return kSkillState; }

const WordTable<DecisionOutcome, 6>& wordsOf(DecisionOutcome) { return kDecisionOutcome; }

const WordTable<GateKind, 3>& wordsOf(GateKind) { return kGateKind; }

const WordTable<ScarKind, 2>& wordsOf(ScarKind) { return kScarKind; }

const WordTable<DecisionCategory, 5>& wordsOf(DecisionCategory) { return kDecisionCategory; }

const WordTable<DecisionStakes, 4>& wordsOf(DecisionStakes) { return kDecisionStakes; }

} // namespace sediment
