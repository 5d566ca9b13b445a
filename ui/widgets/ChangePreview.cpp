#include "widgets/ChangePreview.h"

#include "hermes/HermesProfiles.h"
#include "inbox/InboxItem.h"
#include "memory/MemoryStore.h"
#include "workspace/Workspace.h"

#include <QFile>

namespace sediment::ui {

namespace {

QString field(const Json& op, const char* key)
{
    const auto it = op.find(key);
    return it != op.end() && it->is_string() ? qs(it->get<std::string>()) : QString();
}

QString readFile(const QString& path)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return {};
    return QString::fromUtf8(f.readAll());
}

// The memory entry an old_text designates, as the store would match it; the text itself
// when nothing matches (the item is then stale and the diff shows what the agent meant).
QString matchedEntry(const Workspace& ws, const QString& target, const QString& oldText,
                     const QString& profile)
{
    const MemoryStore store(target, HermesProfiles::memoryFile(ws, target, profile),
                            HermesProfiles::charLimit(ws, target, profile));
    if (auto entries = store.entries())
        for (const QString& e : *entries)
            if (!oldText.isEmpty() && e.contains(oldText))
                return e;
    return oldText;
}

QString note(const Json& op)
{
    const QString title = field(op, "title");
    const QString text = field(op, "text");
    return title.isEmpty() ? text : QStringLiteral("# ") + title + QStringLiteral("\n\n") + text;
}

} // namespace

ChangePreview ChangePreview::of(const Workspace& ws, const InboxItem& item)
{
    ChangePreview p;
    const bool decided = item.status != QLatin1String("pending")
                         && item.status != QLatin1String("rejected")
                         && item.status != QLatin1String("refused")
                         && item.status != QLatin1String("failed");
    if (decided && item.beforeContent && item.afterContent) {
        const QString file = item.targetPath.value_or(item.destination);
        p.before = *item.beforeContent;
        p.after = *item.afterContent;
        p.beforeTitle = file + QStringLiteral(" before");
        p.afterTitle = file + QStringLiteral(" after");
        return p;
    }
    const Json& op = item.effectiveOp();
    const QString d = item.destination;
    const QString profile = HermesProfiles::of(item);
    p.beforeTitle = QStringLiteral("Now");
    p.afterTitle = QStringLiteral("Proposed");
    if (d == QLatin1String("memory") || d == QLatin1String("user")) {
        const QString action = field(op, "action");
        const QString store = d == QLatin1String("user") ? QStringLiteral("USER.md")
                                                         : QStringLiteral("MEMORY.md");
        if (action == QLatin1String("replace")) {
            p.before = matchedEntry(ws, d, field(op, "old_text"), profile);
            p.after = field(op, "content").trimmed();
        } else if (action == QLatin1String("remove")) {
            p.before = matchedEntry(ws, d, field(op, "old_text"), profile);
        } else if (action == QLatin1String("batch")) {
            QStringList before, after;
            for (const Json& sub : op.value("operations", Json::array())) {
                const QString a = field(sub, "action");
                if (a != QLatin1String("add"))
                    before << matchedEntry(ws, d, field(sub, "old_text"), profile);
                if (a != QLatin1String("remove"))
                    after << field(sub, "content").trimmed();
            }
            p.before = before.join(QStringLiteral("\n§\n"));
            p.after = after.join(QStringLiteral("\n§\n"));
        } else {
            p.after = field(op, "content").trimmed();
            p.beforeTitle = QStringLiteral("Not in %1 yet").arg(store);
        }
        p.afterTitle = QStringLiteral("Proposed for %1").arg(store);
        return p;
    }
    if (d == QLatin1String("claude_md") || (d == QLatin1String("skill")
                                             && field(op, "mode") == QLatin1String("patch"))) {
        p.before = field(op, "before");
        p.after = field(op, "after");
        if (p.before.isEmpty())
            p.beforeTitle = QStringLiteral("Appended as a new paragraph");
        return p;
    }
    if (d == QLatin1String("settings_json")) {
        QString path = field(op, "path");
        if (path.isEmpty())
            path = ws.config().settingsJson;
        const QString current = readFile(ws.path(path));
        Json doc = current.trimmed().isEmpty() ? Json::object()
                                               : Json::parse(current.toStdString(), nullptr, false);
        if (doc.is_discarded()) {
            p.before = current;
            p.after = qs(op.value("patch", Json::object()).dump(2));
            p.afterTitle = QStringLiteral("Patch (the current file is not valid JSON)");
            return p;
        }
        p.before = current.trimmed().isEmpty() ? QString() : qs(doc.dump(2));
        doc.merge_patch(op.value("patch", Json::object()));
        p.after = qs(doc.dump(2));
        p.beforeTitle = path;
        p.afterTitle = path + QStringLiteral(" after the merge patch");
        return p;
    }
    if (d == QLatin1String("skill")) {
        p.after = field(op, "text");
        p.beforeTitle = QStringLiteral("New skill");
        p.afterTitle = QStringLiteral("skills/%1/SKILL.md").arg(field(op, "name"));
        return p;
    }
    p.after = note(op);
    p.beforeTitle = QStringLiteral("New file");
    return p;
}

} // namespace sediment::ui
