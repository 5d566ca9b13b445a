#include "inbox/MemoryRoom.h"

#include "inbox/BudgetPreview.h"
#include "memory/MemoryStore.h"
#include "memory/UnicodeText.h"

#include <QSet>

namespace sediment {

namespace {

// The first 60 code points of an entry, for messages.
QString cut(const QString& entry)
{
    const QString flat = QString(entry).replace(QLatin1Char('\n'), QLatin1Char(' '));
    return flat.size() > 60 ? flat.left(60) + QStringLiteral("…") : flat;
}

Result<QStringList> entryList(const Json& value, const QString& where)
{
    if (!value.is_array())
        return fail(Error::invalid(QStringLiteral("make room: %1 must be an array of entries").arg(where)));
    QStringList out;
    for (std::size_t i = 0; i < value.size(); ++i) {
        if (!value[i].is_string())
            return fail(Error::invalid(QStringLiteral("make room: %1[%2] must be a string").arg(where).arg(i)));
        out << fromStd(value[i].get<std::string>());
    }
    return out;
}

Json pinned(const char* action, const QString& entry, const QString* content = nullptr)
{
    Json op{{"action", action}, {"old_text", toStd(entry)}};
    if (content)
        op["content"] = toStd(*content);
    op["matched_entry"] = toStd(entry);
    return op;
}

bool isEdit(const Json& op)
{
    const std::string action = op.value("action", std::string());
    return action == "replace" || action == "remove";
}

} // namespace

Result<MemoryRoom> MemoryRoom::fromJson(const Json& room)
{
    if (!room.is_object())
        return fail(Error::invalid(
            QStringLiteral("make room: expected an object "
                           "{\"remove\": [...], \"merge\": [{\"entries\": [...], \"into\": \"...\"}]}")));
    for (const auto& [key, value] : room.items())
        if (key != "remove" && key != "merge")
            return fail(Error::invalid(
                QStringLiteral("make room: unknown key '%1' (accepted: remove, merge)").arg(fromStd(key))));
    MemoryRoom out;
    if (const auto it = room.find("remove"); it != room.end()) {
        auto entries = entryList(*it, QStringLiteral("remove"));
        if (!entries)
            return fail(entries.error());
        for (const QString& e : *entries)
            out.edits.push_back({{e}, {}});
    }
    if (const auto it = room.find("merge"); it != room.end()) {
        if (!it->is_array())
            return fail(Error::invalid(QStringLiteral("make room: merge must be an array of "
                                                      "{\"entries\": [...], \"into\": \"...\"}")));
        for (std::size_t i = 0; i < it->size(); ++i) {
            const Json& m = (*it)[i];
            const QString where = QStringLiteral("merge[%1]").arg(i);
            if (!m.is_object())
                return fail(Error::invalid(QStringLiteral("make room: %1 must be an object").arg(where)));
            for (const auto& [key, value] : m.items())
                if (key != "entries" && key != "into")
                    return fail(
                        Error::invalid(QStringLiteral("make room: unknown key '%1' in %2 (accepted: entries, into)")
                                           .arg(fromStd(key), where)));
            const auto entries = m.find("entries");
            if (entries == m.end())
                return fail(Error::invalid(QStringLiteral("make room: %1.entries is required").arg(where)));
            auto list = entryList(*entries, where + QStringLiteral(".entries"));
            if (!list)
                return fail(list.error());
            const auto into = m.find("into");
            if (into == m.end() || !into->is_string())
                return fail(
                    Error::invalid(QStringLiteral("make room: %1.into must be the merged entry's text").arg(where)));
            out.edits.push_back({*list, fromStd(into->get<std::string>())});
        }
    }
    if (out.edits.empty())
        return fail(Error::invalid(QStringLiteral("make room: name at least one entry to remove or merge")));
    return out;
}

Json MemoryRoom::toJson() const
{
    Json remove = Json::array();
    Json merge = Json::array();
    for (const Edit& e : edits) {
        if (!e.isMerge()) {
            remove.push_back(toStd(e.entries.value(0)));
            continue;
        }
        Json entries = Json::array();
        for (const QString& entry : e.entries)
            entries.push_back(toStd(entry));
        merge.push_back(Json{{"entries", std::move(entries)}, {"into", toStd(e.into)}});
    }
    return Json{{"remove", std::move(remove)}, {"merge", std::move(merge)}};
}

Result<Json> MemoryRoom::batchFor(const QStringList& entries, const Json& itemOp) const
{
    if (edits.empty())
        return fail(Error::invalid(QStringLiteral("make room: name at least one entry to remove or merge")));
    Json ops = Json::array();
    QSet<QString> named;
    for (const Edit& e : edits) {
        if (e.isMerge() && e.entries.size() < 2)
            return fail(Error::invalid(QStringLiteral("make room: a merge takes two entries or more")));
        if (e.isMerge() && UnicodeText::strip(e.into).isEmpty())
            return fail(Error::invalid(QStringLiteral("make room: a merge needs the merged entry's text")));
        for (const QString& entry : e.entries) {
            if (!entries.contains(entry))
                return fail(Error::invalid(
                    QStringLiteral("make room: no entry of the store reads exactly “%1” now").arg(cut(entry))));
            if (named.contains(entry))
                return fail(Error::invalid(QStringLiteral("make room: the entry “%1” is named twice").arg(cut(entry))));
            named.insert(entry);
        }
        if (!e.isMerge()) {
            ops.push_back(pinned("remove", e.entries.front()));
            continue;
        }
        ops.push_back(pinned("replace", e.entries.front(), &e.into));
        for (qsizetype i = 1; i < e.entries.size(); ++i)
            ops.push_back(pinned("remove", e.entries[i]));
    }

    // The item's own ops follow, each pinned to the entry it selects in the store as it is now,
    // the entry the reviewer saw in the diff. The room touches none of those (checked here), so
    // the pins hold once the room is made.
    auto own = pinnedItemOps(entries, itemOp);
    if (!own)
        return fail(own.error());
    for (Json& op : *own) {
        if (const auto pin = op.find("matched_entry");
            pin != op.end() && pin->is_string() && named.contains(fromStd(pin->get<std::string>())))
            return fail(Error::invalid(
                QStringLiteral("make room: “%1” is the entry this write %2s; it "
                               "cannot be removed or merged too")
                    .arg(cut(fromStd(pin->get<std::string>())), fromStd(op.value("action", std::string())))));
        ops.push_back(std::move(op));
    }
    return Json{{"action", "batch"}, {"operations", std::move(ops)}};
}

int MemoryRoom::opCount() const
{
    int n = 0;
    for (const Edit& e : edits)
        n += int(e.entries.size());
    return n;
}

Result<Json> MemoryRoom::pinnedItemOps(const QStringList& entries, const Json& itemOp)
{
    const bool single = itemOp.value("action", std::string()) != "batch";
    Json ops = single ? Json::array({itemOp}) : itemOp.value("operations", Json::array());
    QStringList working = entries;
    for (Json& op : ops) {
        MemoryOp m;
        m.action = fromStd(op.value("action", std::string()));
        if (op.contains("content") && op["content"].is_string())
            m.content = fromStd(op["content"].get<std::string>());
        if (op.contains("old_text") && op["old_text"].is_string())
            m.oldText = fromStd(op["old_text"].get<std::string>());
        if (isEdit(op)) {
            // A staged record says which entry it pins (or, null, that it predates pinning,
            // which the store refuses as Hermes does): that stays as it is.
            if (const auto pin = op.find("matched_entry"); pin != op.end()) {
                if (pin->is_string())
                    m.matchedEntry = fromStd(pin->get<std::string>());
            } else {
                const auto at = BudgetPreview::matchIndex(working, UnicodeText::strip(m.oldText.value_or(QString())));
                if (!at)
                    return fail(Error::refused(
                        QStringLiteral("make room: the write's %1 of “%2” no longer selects "
                                       "exactly one entry; patch it first")
                            .arg(fromStd(op.value("action", std::string())), cut(m.oldText.value_or(QString())))));
                m.matchedEntry = working[*at];
                op["matched_entry"] = toStd(*m.matchedEntry);
            }
        }
        working = BudgetPreview::simulate(std::move(working), m);
    }
    return ops;
}

QStringList MemoryRoom::entriesEditedBy(const QStringList& entries, const Json& itemOp)
{
    QStringList out;
    auto ops = pinnedItemOps(entries, itemOp);
    if (!ops)
        return out;
    for (const Json& op : *ops)
        if (const auto pin = op.find("matched_entry"); isEdit(op) && pin != op.end() && pin->is_string())
            out << fromStd(pin->get<std::string>());
    return out;
}

} // namespace sediment
