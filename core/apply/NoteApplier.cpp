#include "apply/NoteApplier.h"

#include "apply/Slug.h"
#include "apply/TargetFile.h"
#include "model/Destination.h"
#include "proposal/WorkspaceOp.h"
#include "util/Time.h"
#include "workspace/PathGuard.h"

namespace sediment {

namespace {

// Double-quoted YAML scalar: agent-supplied text can never break out of its line.
QString yamlQuoted(const QString& s)
{
    QString out = QStringLiteral("\"");
    for (const QChar c : s) {
        if (c == QLatin1Char('\\'))
            out += QStringLiteral("\\\\");
        else if (c == QLatin1Char('"'))
            out += QStringLiteral("\\\"");
        else if (c == QLatin1Char('\n'))
            out += QStringLiteral("\\n");
        else if (c == QLatin1Char('\t'))
            out += QStringLiteral("\\t");
        else
            out += c;
    }
    return out + QLatin1Char('"');
}

QString sourceText(const Json& source)
{
    auto field = [&](const char* key) -> QString {
        if (!source.is_object())
            return {};
        const auto it = source.find(key);
        if (it == source.end() || it->is_null())
            return {};
        return it->is_string() ? fromStd(it->get<std::string>()) : fromStd(it->dump());
    };
    const QString agent = field("agent");
    const QString session = field("session");
    if (agent.isEmpty() && session.isEmpty())
        return QStringLiteral("unknown");
    if (session.isEmpty())
        return agent;
    return (agent.isEmpty() ? QStringLiteral("unknown") : agent) + QLatin1Char('/') + session;
}

} // namespace

NoteApplier::NoteApplier(const Clock& clock, const PathGuard& guard, WriteHook* hook)
    : m_clock(clock)
    , m_guard(guard)
    , m_hook(hook)
{}

QString NoteApplier::folderFor(const QString& destination)
{
    return isWord(destination, Destination::ChantierOutil) ? QStringLiteral("chantiers/inbox")
                                                           : QStringLiteral("brain/inbox");
}

QString NoteApplier::render(const QString& destination, const QString& title, const QString& text,
                            const QString& created, const Json& source)
{
    const bool chantier = isWord(destination, Destination::ChantierOutil);
    QString out = QStringLiteral("---\n");
    out += chantier ? QStringLiteral("type: chantier\n") : QStringLiteral("type: note\n");
    out += QStringLiteral("status: draft\n");
    out += QStringLiteral("title: ") + yamlQuoted(title) + QLatin1Char('\n');
    out += QStringLiteral("created: ") + created + QLatin1Char('\n');
    out += QStringLiteral("source: ") + yamlQuoted(sourceText(source)) + QLatin1Char('\n');
    if (source.is_object() && source.contains("scar") && source["scar"].is_number_integer())
        out += QStringLiteral("scar: %1\n").arg(source["scar"].get<qint64>());
    return out + QStringLiteral("---\n\n") + noteText(title, text);
}

QString NoteApplier::noteText(const QString& title, const QString& text)
{
    QString body = text;
    while (body.startsWith(QLatin1Char('\n')))
        body.remove(0, 1);
    if (!body.isEmpty() && !body.endsWith(QLatin1Char('\n')))
        body += QLatin1Char('\n');
    return QStringLiteral("# ") + QString(title).replace(QLatin1Char('\n'), QLatin1Char(' ')) + QStringLiteral("\n\n")
           + body;
}

std::optional<TargetFile> NoteApplier::heldAlready(const QString& folder, const QString& base, const QString& title,
                                                   const QString& text) const
{
    // A note of the same title is named base, base-2, ...: the one holding the same heading and
    // body, whatever its front matter says of when and from whom, is this note already.
    const QString wanted = noteText(title, text);
    for (int n = 1;; ++n) {
        const QString name = n == 1 ? base : base + QLatin1Char('-') + QString::number(n);
        auto file = TargetFile::open(m_guard, folder + QLatin1Char('/') + name + QStringLiteral(".md"), m_hook);
        if (!file || !file->exists())
            return std::nullopt;
        const qsizetype end = file->text().indexOf(QStringLiteral("\n---\n\n"));
        if (file->text().startsWith(QStringLiteral("---\n")) && end >= 0 && file->text().mid(end + 6) == wanted)
            return std::move(*file);
    }
}

Result<ApplyResult> NoteApplier::apply(const NoteDraft& note, const Json& source) const
{
    const QString& destination = note.destination;

    const QString folder = folderFor(destination);
    auto folderPath = m_guard.resolve(folder);
    if (!folderPath)
        return ApplyResult::refusal(destination, folderPath.error().message);
    const QString base = Slug::fromTitle(note.title);
    // Re-applying a note the folder holds already is a success that adds no second file.
    if (const auto held = heldAlready(folder, base, note.title, note.text))
        return ApplyResult::written(
            destination, held->relative(), held->snapshot(), held->snapshot(),
            QStringLiteral("%1 already holds this note; nothing written.").arg(held->relative()));
    const QString name = Slug::unique(*folderPath, base);
    auto file = TargetFile::open(m_guard, folder + QLatin1Char('/') + name + QStringLiteral(".md"), m_hook);
    if (!file)
        return ApplyResult::refusedOr(destination, file.error());
    const QString contents = render(destination, note.title, note.text, time::toIso(m_clock.now()), source);
    if (auto s = file->write(contents); !s)
        return ApplyResult::refusedOr(destination, s.error());
    return ApplyResult::written(destination, file->relative(), std::nullopt, contents,
                                QStringLiteral("Created %1.").arg(file->relative()));
}

} // namespace sediment
