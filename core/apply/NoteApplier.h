#pragma once

#include "apply/Applier.h"
#include "apply/TargetFile.h"

#include <optional>

namespace sediment {

class PathGuard;
class WriteHook;
struct NoteDraft;

// brain_inbox and chantier_outil: a new Markdown file in the destination's inbox folder
// (`brain/inbox/`, `chantiers/inbox/`), named after the title's slug made unique, with YAML
// front matter recording what it is and where it came from. Never brain/permanent/.
class NoteApplier final {
public:
    NoteApplier(const Clock& clock, const PathGuard& guard, WriteHook* hook = nullptr);

    Result<ApplyResult> apply(const NoteDraft& note, const Json& source) const;

    static QString folderFor(const QString& destination);
    // The file's text: front matter, a title heading and the body.
    static QString render(const QString& destination, const QString& title, const QString& text, const QString& created,
                          const Json& source);

private:
    // The heading and body, the part of a note that says what it is.
    static QString noteText(const QString& title, const QString& text);
    // The note of this title that holds this text already, if any, as read.
    std::optional<TargetFile> heldAlready(const QString& folder, const QString& base, const QString& title,
                                          const QString& text) const;

    const Clock& m_clock;
    const PathGuard& m_guard;
    WriteHook* m_hook = nullptr;
};

} // namespace sediment
