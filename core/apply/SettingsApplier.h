#pragma once

#include "apply/Applier.h"

namespace sediment {

class PathGuard;
class WriteHook;
struct SettingsPatch;

// settings_json: an RFC 7386 merge patch on a JSON settings file (default from the
// configuration). A missing file is `{}`; an existing file that is not a JSON object is left
// alone and the item fails with the parse error. The result is written back with 2-space
// indentation and a trailing newline, keys in their existing order.
class SettingsApplier final {
public:
    SettingsApplier(Workspace& workspace, const PathGuard& guard, WriteHook* hook = nullptr);

    Result<ApplyResult> apply(const SettingsPatch& op) const;

    // RFC 7386: null deletes a member, objects merge recursively, anything else replaces.
    static Json mergePatch(const Json& target, const Json& patch);
    static QString render(const Json& document);

private:
    Workspace& m_workspace;
    const PathGuard& m_guard;
    WriteHook* m_hook = nullptr;
};

} // namespace sediment
