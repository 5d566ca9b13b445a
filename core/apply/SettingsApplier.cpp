#include "apply/SettingsApplier.h"

#include "apply/TargetFile.h"
#include "model/Destination.h"
#include "proposal/WorkspaceOp.h"
#include "util/JsonError.h"
#include "workspace/Workspace.h"

namespace sediment {

namespace {

const QString kStore = toString(Destination::SettingsJson);

} // namespace

SettingsApplier::SettingsApplier(Workspace& workspace, const PathGuard& guard, WriteHook* hook)
    : m_workspace(workspace)
    , m_guard(guard)
    , m_hook(hook)
{}

Json SettingsApplier::mergePatch(const Json& target, const Json& patch)
{
    if (!patch.is_object())
        return patch;
    Json result = target.is_object() ? target : Json::object();
    for (const auto& [key, value] : patch.items()) {
        if (value.is_null()) {
            result.erase(key);
        } else {
            const auto it = result.find(key);
            result[key] = mergePatch(it != result.end() ? *it : Json(nullptr), value);
        }
    }
    return result;
}

QString SettingsApplier::render(const Json& document)
{
    return fromStd(document.dump(2, ' ', false, Json::error_handler_t::replace)) + QLatin1Char('\n');
}

Result<ApplyResult> SettingsApplier::apply(const SettingsPatch& op) const
{
    const QString path = op.path.value_or(m_workspace.config().settingsJson);
    const Json& patch = op.patch;

    auto file = TargetFile::open(m_guard, path, m_hook);
    if (!file)
        return ApplyResult::refusedOr(kStore, file.error());
    Json document = Json::object();
    if (file->exists() && !file->text().trimmed().isEmpty()) {
        try {
            document = Json::parse(file->text().toStdString());
        } catch (const Json::exception& e) {
            return ApplyResult::refusal(
                kStore,
                QStringLiteral("%1 is not valid JSON, fix it by hand first: %2").arg(path, json::plainError(e.what())));
        }
        if (!document.is_object())
            return ApplyResult::refusal(
                kStore, QStringLiteral("%1 does not hold a JSON object; fix it by hand first").arg(path));
    }
    const Json merged = mergePatch(document, patch);
    ApplyResult r = ApplyResult::written(kStore, path, file->snapshot(), std::nullopt);
    r.detail = Json{{"patch", patch}};
    if (file->exists() && merged == document) {
        // Already holds the patch: a success without rewriting the user's formatting.
        r.after = r.before;
        r.message = QStringLiteral("%1 already holds these settings; nothing written.").arg(path);
        return r;
    }
    const QString text = render(merged);
    if (auto s = file->write(text); !s)
        return ApplyResult::refusedOr(kStore, s.error());
    r.after = text;
    r.message = QStringLiteral("Settings merged into %1.").arg(path);
    return r;
}

} // namespace sediment
