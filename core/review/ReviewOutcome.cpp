#include "review/ReviewOutcome.h"

#include "util/JsonWriter.h"

#include <QStringList>

#include <charconv>

namespace sediment {

ReviewOutcome ReviewOutcome::nothingToSave(const QString& path)
{
    ReviewOutcome o;
    o.path = path;
    o.note = QStringLiteral("Nothing to save.");
    return o;
}

void ReviewOutcome::countWrite(const QString& store)
{
    const std::string key = toStd(store);
    stores[key] = stores.value(key, 0) + 1;
}

qsizetype ReviewOutcome::total() const
{
    return qsizetype(applied.size() + rejected.size() + failed.size() + pending.size());
}

// The same value as the text the command line prints: one writer, so the two cannot drift.
Json ReviewOutcome::toJson() const { return Json::parse(toJsonText()); }

std::string ReviewOutcome::toJsonText() const
{
    std::string out;
    // Room for the usual item (~100 bytes) and the line feed the command line appends: growing
    // a string of megabytes copies it, while reserved pages that are never written cost nothing.
    out.reserve(128 + 128 * std::size_t(total()) + 96 * sanitized.size());
    json::JsonWriter w(json::JsonWriter::Style::Python, out);
    const auto text = [&](const QString& s) {
        const QByteArray utf8 = s.toUtf8();
        w.writeString(std::string_view(utf8.constData(), std::size_t(utf8.size())));
    };
    // Items mostly repeat one destination and one reason, shared between them: each is escaped
    // once and its JSON text copied for the items that share it.
    struct Repeated {
        QString source;
        std::string json;
    };
    const auto repeated = [&](const QString& s, Repeated& last) {
        if (!s.isSharedWith(last.source)) {
            const std::size_t start = out.size();
            text(s);
            last.source = s;
            last.json.assign(out, start);
            return;
        }
        out += last.json;
    };
    Repeated destination;
    Repeated reason;
    const auto number = [&](qint64 n) {
        char buffer[24];
        out.append(buffer, std::to_chars(buffer, buffer + sizeof buffer, n).ptr);
    };
    const auto items = [&](const char* key, const std::vector<OutcomeItem>& list) {
        out += ", \"";
        out += key;
        out += "\": [";
        bool first = true;
        for (const OutcomeItem& it : list) {
            out += first ? "{\"index\": " : ", {\"index\": ";
            first = false;
            number(it.index);
            out += ", \"inbox_id\": ";
            number(it.inboxId);
            out += ", \"destination\": ";
            repeated(it.destination, destination);
            out += ", \"reason\": ";
            repeated(it.reason, reason);
            if (it.seen > 0) {
                out += ", \"seen\": ";
                number(it.seen);
            }
            out += '}';
        }
        out += ']';
    };
    out += "{\"path\": ";
    text(path);
    items("applied", applied);
    items("rejected", rejected);
    items("failed", failed);
    items("pending", pending);
    out += ", \"sanitized\": ";
    w.write(sanitized);
    out += ", \"stores\": ";
    w.write(stores);
    if (!note.isEmpty()) {
        out += ", \"note\": ";
        text(note);
    }
    if (error) {
        out += ", \"error\": ";
        text(error->message);
    }
    out += '}';
    return out;
}

QString ReviewOutcome::summary() const
{
    if (total() == 0 && !error)
        return note.isEmpty() ? QStringLiteral("Nothing to save.") : note;
    QStringList lines;
    lines << QStringLiteral("%1: %2 applied, %3 rejected, %4 failed, %5 pending")
                 .arg(path)
                 .arg(applied.size())
                 .arg(rejected.size())
                 .arg(failed.size())
                 .arg(pending.size());
    // Failures and rejections are worth reading one by one; a long pending list is not.
    const auto detail = [&](const char* label, const std::vector<OutcomeItem>& items) {
        constexpr std::size_t kShown = 20;
        for (std::size_t i = 0; i < items.size() && i < kShown; ++i)
            lines << QStringLiteral("  %1 #%2 (inbox %3, %4): %5")
                         .arg(QLatin1String(label))
                         .arg(items[i].index)
                         .arg(items[i].inboxId)
                         .arg(items[i].destination, items[i].reason);
        if (items.size() > kShown)
            lines << QStringLiteral("  ... and %1 more %2").arg(items.size() - kShown).arg(QLatin1String(label));
    };
    detail("failed", failed);
    detail("rejected", rejected);
    QStringList written;
    for (const auto& [store, n] : stores.items())
        written << QStringLiteral("%1 ×%2").arg(fromStd(store)).arg(n.get<qint64>());
    lines << (written.isEmpty() ? QStringLiteral("Nothing written.")
                                : QStringLiteral("Written: %1").arg(written.join(QStringLiteral(", "))));
    if (!sanitized.empty())
        lines << QStringLiteral("Sanitised %1 field(s); see --json for details.").arg(sanitized.size());
    if (error)
        lines << QStringLiteral("Stopped: %1").arg(error->message);
    return lines.join(QLatin1Char('\n'));
}

} // namespace sediment
