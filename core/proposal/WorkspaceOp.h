#pragma once

#include "memory/MemoryStore.h"
#include "util/Error.h"
#include "util/Json.h"

#include <QString>
#include <QStringView>

#include <optional>
#include <variant>

namespace sediment {

// The ops of the workspace's own stores, each typed after its destination (docs/verbs.md#propose
// table). An op is kept as JSON, as proposed, in the inbox and the journal; readWorkspaceOp reads
// it into one of these once, where it is about to be applied or checked, so that no applier reads a
// field by its key and the destination is chosen by type rather than by comparing words. A write
// in an agent's own words (a Hermes skill_manage call, a Claude Code tool input) is not one of
// these: its adapter reads it (agent/AgentHome.h).

// memory / user: one operation or a batch on a bounded store.
struct MemoryWrite {
    QString store; // "memory" or "user"
    MemoryOp op;
    // Staged by Hermes with `matched_entry` on its replace/remove: applies to those entries only.
    bool pinned = false;

    // Whether a pinned write has a replace or remove that pins no entry (Hermes refuses it).
    bool pinsNothing() const;
    // The same question `pinned` answers, asked of an op as stored.
    static bool isPinned(const Json& op);
};

// claude_md: replace the one occurrence of `before`, or append `after` when `before` is empty.
struct DirectiveEdit {
    std::optional<QString> path; // absent: the configured directives file
    QString before;
    QString after;
};

// settings_json: an RFC 7386 merge patch.
struct SettingsPatch {
    std::optional<QString> path; // absent: the configured settings file
    Json patch;                  // an object
};

// brain_inbox / chantier_outil: a new note.
struct NoteDraft {
    QString destination; // which inbox folder, and the note's type
    QString title;       // not blank
    QString text;
};

// skill, mode create: a new skills/<name>/SKILL.md.
struct SkillCreate {
    QString name; // a valid skill name
    QString text;
};

// skill, mode patch: an edit of an existing SKILL.md, as a directives file is edited.
struct SkillPatch {
    QString name;
    QString before;
    QString after;
};

using WorkspaceOp = std::variant<MemoryWrite, DirectiveEdit, SettingsPatch, NoteDraft, SkillCreate, SkillPatch>;

// The op of `destination` read into its type. A missing or mistyped field is an Invalid error
// naming it (reviewers' patches and rows from older versions reach here too); an unknown
// destination, or one whose ops only an agent's adapter reads, is an Invalid error saying which.
Result<WorkspaceOp> readWorkspaceOp(QStringView destination, const Json& op);
// Why a known destination's op found no reader: only an agent's adapter reads it, and none is
// plugged into the workspace (a program that opened it without Agents::open).
Error noAdapterFor(const QString& destination);
// A memory op alone, for the callers that plan a memory write before it is applied.
Result<MemoryOp> readMemoryOp(const QString& store, const Json& op);

} // namespace sediment
