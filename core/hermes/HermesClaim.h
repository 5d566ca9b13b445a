#pragma once

#include "util/Clock.h"
#include "util/Error.h"

#include <QString>

#include <optional>

namespace sediment {

class Workspace;

// A staged Hermes record taken out of Hermes' listing while Sediment applies it (docs/verbs.md#hermes).
// Hermes lists `pending/<subsystem>/*.json` and finds a record by `<id>.json`; renaming the file
// to a name that does not end in `.json` is one atomic step after which neither Hermes nor
// another Sediment workspace on the same home can take it too, and renaming it back returns it.
// So exactly one of them applies a record, whoever approves it at the same moment.
//
// The claimed name is `<file>.sediment-<8 hex>`, the hex naming this workspace's database: a
// claim that is not this workspace's (another workspace's, or any other `<file>.<word>` or
// `<stem>.<word>` beside the record, as a Hermes claim would be) means someone else is applying it.
// Hermes' own staging temporary `<file>.tmp` is not a claim.
class HermesClaim final {
public:
    // Claims the staged record of inbox item `inboxId` before its write, under the caller's
    // journal lock. nullopt: the item is no staged Hermes record still waiting (nothing to
    // claim). Refused, with nothing written: the record is being applied by someone else, or
    // it vanished before the claim, in which case the item is withdrawn (committed) first.
    static Result<std::optional<HermesClaim>> take(Workspace& workspace, const Clock& clock, qint64 inboxId);

    HermesClaim(HermesClaim&& other) noexcept;
    HermesClaim& operator=(HermesClaim&&) = delete;
    HermesClaim(const HermesClaim&) = delete;
    HermesClaim& operator=(const HermesClaim&) = delete;
    // A claim neither kept nor given back (an error on the way) is given back.
    ~HermesClaim();

    // The decision stands: the claimed file stays claimed until settling removes it.
    void keep();
    // The decision did not stand (failed, refused as stale, an error): the record goes back into
    // Hermes' listing under its own name.
    Status giveBack();

    // Renames the claimed file `claim` back to `record` unless a file of that name is there
    // (a record staged again under it meanwhile is never overwritten). A claim already gone is
    // no error.
    static Status returnFile(const QString& claim, const QString& record);

    // This workspace's claim suffix, `.sediment-<8 hex>`.
    static QString suffixOf(Workspace& workspace);
    // Whether any claim of `fileName` (this workspace's or another's) lies in `folder`.
    static bool claimed(const QString& folder, const QString& fileName);
    // The name of a claim of `fileName` in `folder` other than `ours`, if there is one.
    static std::optional<QString> heldElsewhere(const QString& folder, const QString& fileName, const QString& ours);

    // What a killed process of this workspace left: claims whose item is decided are settled
    // (HermesSettler removes the claimed file), claims whose item is still undecided go back
    // under their own name. Skipped while a decision of this workspace holds the journal's lock
    // (its claim is live). The number of claims recovered.
    static Result<int> recover(Workspace& workspace, const Clock& clock, const QString& actor);

private:
    HermesClaim(QString record, QString claim) : m_record(std::move(record)), m_claim(std::move(claim)) {}

    QString m_record; // the record's own path
    QString m_claim;  // its path while claimed
    bool m_armed = true;
};

} // namespace sediment
