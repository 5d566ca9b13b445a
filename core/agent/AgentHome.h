#pragma once

#include "model/ApplyResult.h"
#include "model/InboxItem.h"
#include "util/Clock.h"
#include "util/Error.h"
#include "util/Json.h"

#include <QString>

#include <memory>
#include <optional>

namespace sediment {

class Sanitizer;
class Workspace;
class WriteHook;

// A staged record its agent no longer lists while a decision writes it (HermesClaim): exactly
// one of the agent and the gate applies it.
class AgentClaim {
public:
    virtual ~AgentClaim() = default;
    // The decision stands: the record stays out of the agent's listing until it is settled.
    virtual void keep() = 0;
    // The decision did not stand: the record goes back where the agent finds it.
    virtual Status giveBack() = 0;
};

// What a write in the agent's own words would do, read without writing a byte.
struct AgentPreview {
    QString label;        // the file it writes, as the reader sees it
    QString before;       // the file now
    QString after;        // the file once written
    QString refusal;      // the agent's own "no", when it would refuse
    bool newFile = false; // nothing is there now
    bool removes = false; // it removes a file or a whole folder
};

// Where a write in the agent's own words aims, for groups (InboxGroup).
struct AgentTarget {
    QString key;                       // equal keys in one profile are one group
    QString label;                     // "skill 'deploy'"
    bool combinable = false;           // whether a group of these is approved as one write
    Json groupFields = Json::object(); // what the group's combined op carries besides its operations
};

// The one port through which the domain reaches an agent's home
// (docs/architecture.md#agent-homes). An adapter (Hermes, Claude Code) says which proposals are
// written in its agent's own words, applies them exactly as the agent would, takes a staged
// record out of its agent's listing while a decision writes it and settles it after, imports
// what its agent staged, and reports its state. The domain never names an agent: it asks the
// workspace's homes (AgentHomes) which one speaks an op. Every call is handed the workspace,
// so one adapter serves any number of them.
class AgentHome {
public:
    virtual ~AgentHome() = default;

    // "hermes", "claude_code": the word its verbs and its status use.
    virtual QString name() const = 0;

    // --- The boundary: proposals in the agent's own words.
    // Whether `op` aimed at `destination` is a write in this agent's words (a skill_manage
    // payload, the input of Claude Code's Write tool).
    virtual bool speaks(const QString& destination, const Json& op) const = 0;
    // The op checked and put in its one canonical form when it is proposed, called when
    // speaks(); nothing when the domain's own check of the destination's ops stands.
    virtual std::optional<Result<Json>> normalise(const QString& destination, const Json& op,
                                                  Sanitizer& sanitizer) const;
    // A reviewer's edit of a staged op, checked with the agent's own message; nothing when the
    // edit is checked as a proposal is (normalise()).
    virtual std::optional<Result<Json>> checkEdit(const QString& destination, const Json& edited) const;
    // The write in one line as the agent tells it; empty to let the inbox tell it.
    virtual QString gist(const QString& destination, const Json& op) const;
    // Where the write aims, for groups; nothing to let the inbox tell it from the op's fields.
    virtual std::optional<AgentTarget> target(const InboxItem& item) const;
    // What the write is, without the provenance its op carries (Claude Code's session folder):
    // the part its content hash and the duplicate check read, so that the same write asked for
    // from two places is one item (docs/verbs.md#propose). Nothing when the whole op is the write.
    virtual std::optional<Json> identity(const QString& destination, const Json& op) const;

    // --- Apply exactly as the agent would.
    // `profile`: the workspace profile the write was staged in (WorkspaceProfiles); `hook`, when
    // given, is told of each file write before it happens (the decision journal).
    virtual Result<ApplyResult> apply(Workspace& workspace, const Clock& clock, const QString& profile,
                                      const QString& destination, const Json& op, WriteHook* hook) const = 0;
    virtual Result<bool> isStale(Workspace& workspace, const Clock& clock, const QString& profile,
                                 const QString& destination, const Json& op) const = 0;
    // The write read without writing, when the agent has a preview of its own; nothing to have
    // the domain dry-run apply().
    virtual std::optional<AgentPreview> preview(Workspace& workspace, const QString& profile, const Json& op) const;
    // Whether this adapter wrote `applied` (so reverting it is its job), and the revert.
    virtual bool wrote(const QString& destination, const ApplyResult& applied) const;
    virtual Result<ApplyResult> revert(Workspace& workspace, const ApplyResult& applied, WriteHook* hook) const;

    // --- The agent's own queue: import, claim, settle, recover, status.
    // Imports what the agent staged since the last time; the number of new inbox items.
    virtual Result<int> importStaged(Workspace& workspace, const Clock& clock, const QString& actor) const;
    // Takes inbox item `inboxId`'s staged record out of the agent's listing before its write,
    // under the journal's lock; null when the item is no staged record of this agent.
    virtual Result<std::unique_ptr<AgentClaim>> claim(Workspace& workspace, const Clock& clock, qint64 inboxId) const;
    // Tells the agent's queue that inbox item `inboxId` was decided (after the decision committed).
    virtual Status settle(Workspace& workspace, const Clock& clock, qint64 inboxId, const QString& actor) const;
    // What a killed process left in the agent's queue, put right; the number of records.
    virtual Result<int> recover(Workspace& workspace, const Clock& clock, const QString& actor) const;
    // The adapter's state as `sediment <agent> status --json` prints it.
    virtual Result<Json> status(Workspace& workspace, const Clock& clock) const = 0;
};

} // namespace sediment
