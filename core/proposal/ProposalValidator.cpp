#include "proposal/ProposalValidator.h"

#include "proposal/NumberText.h"
#include "proposal/OpShape.h"
#include "proposal/Sanitizer.h"

#include "util/JsonWriter.h"
#include "util/Sha256.h"

#include <algorithm>
#include <cmath>

namespace sediment {

namespace {

constexpr std::size_t kMaxIdLength = 128;

const char* const kTopLevel[] = {"id", "destination", "target", "op", "rationale", "score", "source"};

} // namespace

ProposalValidator::ProposalValidator(const PathGuard& guard, Paths defaults, const AgentHomes& agents)
    : m_guard(guard)
    , m_defaults(std::move(defaults))
    , m_agents(agents)
{}

bool ProposalValidator::isKnownDestination(const QString& d) { return OpShape::isKnownDestination(toStd(d)); }

QString ProposalValidator::contentHash(const QString& destination, const Json& op)
{
    // Written into one string: destination, a line feed, the canonical op.
    std::string material = destination.toStdString();
    material += '\n';
    json::JsonWriter(json::JsonWriter::Style::Canonical, material).write(op);
    return QString::fromLatin1(Sha256::hex(material));
}

QString ProposalValidator::sharedText(const std::string& utf8, Interned& last)
{
    if (last.utf8 != utf8) {
        last.utf8 = utf8;
        last.text = fromStd(utf8);
    }
    return last.text;
}

Result<Proposal> ProposalValidator::validate(Json raw, int index) const
{
    const auto invalid = [index](const QString& what) {
        return fail(Error::invalid(QStringLiteral("proposal %1: %2").arg(index).arg(what)));
    };
    if (!raw.is_object())
        return invalid(QStringLiteral("must be a JSON object (got %1)").arg(fromStd(OpShape::typeName(raw))));
    // One pass over the fields: the first unknown one is refused, the known ones are kept (the
    // first of a repeated key, as a lookup by name would find).
    enum Field { Id, Destination, Target, Op, Rationale, Score, Source, FieldCount };
    Json* fields[FieldCount] = {};
    for (auto it = raw.begin(); it != raw.end(); ++it) {
        const std::string& key = it.key();
        const auto known = std::find(std::begin(kTopLevel), std::end(kTopLevel), key);
        if (known == std::end(kTopLevel))
            return invalid(QStringLiteral("unknown field '%1' (expected id, destination or target, "
                                          "op, rationale, score, source)")
                               .arg(fromStd(key)));
        Json*& slot = fields[known - std::begin(kTopLevel)];
        if (!slot)
            slot = &it.value();
    }
    const auto given = [&](Field f) { return fields[f] && !fields[f]->is_null(); };
    Proposal p;
    p.index = index;
    Sanitizer sanitizer(index, p.sanitized);

    // Destination: the general form's `destination`, or the short form's `target`.
    const Json* dest = fields[Destination];
    const Json* target = fields[Target];
    if (dest && target && *dest != *target)
        return invalid(QStringLiteral("target and destination disagree (%1 vs %2)")
                           .arg(fromStd(OpShape::preview(*target)), fromStd(OpShape::preview(*dest))));
    const Json* d = dest ? dest : target;
    const char* destField = dest ? "destination" : "target";
    if (!d || d->is_null())
        return invalid(QStringLiteral("destination is required (one of %1)").arg(fromStd(OpShape::destinationList())));
    if (!d->is_string() || !OpShape::isKnownDestination(d->get_ref<const std::string&>()))
        return invalid(
            QStringLiteral("%1 must be one of %2 (got %3)")
                .arg(QLatin1String(destField), fromStd(OpShape::destinationList()), fromStd(OpShape::preview(*d))));
    p.destination = OpShape::destinationName(d->get_ref<const std::string&>());

    if (given(Id)) {
        Json& id = *fields[Id];
        if (!id.is_string())
            return invalid(QStringLiteral("id must be a string (got %1)").arg(fromStd(OpShape::typeName(id))));
        std::string& text = id.get_ref<std::string&>();
        sanitizer.strip(text, "id");
        const std::size_t length = Sanitizer::codePoints(text);
        if (length == 0)
            return invalid(QStringLiteral("id must not be empty"));
        if (length > kMaxIdLength)
            return invalid(QStringLiteral("id must be at most %1 characters (got %2)").arg(kMaxIdLength).arg(length));
        p.extId = fromStd(text);
    }

    if (given(Rationale)) {
        Json& r = *fields[Rationale];
        if (!r.is_string())
            return invalid(QStringLiteral("rationale must be a string (got %1)").arg(fromStd(OpShape::typeName(r))));
        sanitizer.stripAndCap(r.get_ref<std::string&>(), "rationale");
        p.rationale = fromStd(r.get_ref<const std::string&>());
    }

    if (given(Score)) {
        const Json& s = *fields[Score];
        const bool ok =
            s.is_number() && std::isfinite(s.get<double>()) && s.get<double>() >= 0.0 && s.get<double>() <= 1.0;
        if (!ok)
            return invalid(QStringLiteral("score must be a number in [0,1] (got %1)")
                               .arg(fromStd(s.is_number() ? numbers::shortest(s.get<double>()) : OpShape::preview(s))));
        p.score = s.get<double>();
    }

    if (given(Source)) {
        Json& src = *fields[Source];
        if (!src.is_object())
            return invalid(QStringLiteral("source must be an object (got %1)").arg(fromStd(OpShape::typeName(src))));
        if (!OpShape::withinDepth(src))
            return invalid(QStringLiteral("source is nested too deeply"));
        sanitizer.stripTree(src, "source");
        for (const char* key : {"agent", "session"}) {
            const auto it = src.find(key);
            if (it == src.end() || it->is_null())
                continue;
            if (!it->is_string())
                return invalid(QStringLiteral("source.%1 must be a string (got %2)")
                                   .arg(QLatin1String(key), fromStd(OpShape::typeName(*it))));
            sanitizer.stripAndCap(it->get_ref<std::string&>(), std::string("source.") + key);
            // An agent sends many proposals under one name: they share one string.
            const bool agent = std::string_view(key) == "agent";
            (agent ? p.agent : p.session) =
                sharedText(it->get_ref<const std::string&>(), agent ? m_lastAgent : m_lastSession);
        }
        const auto scar = src.find("scar");
        if (scar != src.end() && !scar->is_null() && !(scar->is_number_integer() && scar->get<qint64>() >= 0))
            return invalid(QStringLiteral("source.scar must be a non-negative integer (got %1)")
                               .arg(fromStd(OpShape::preview(*scar))));
        p.source = std::move(src);
    }

    if (!given(Op))
        return invalid(QStringLiteral("op is required"));
    OpShape shape(p.destination, m_guard, m_defaults.claudeMd, m_defaults.settingsJson, sanitizer, m_agents);
    auto op = shape.normalise(std::move(*fields[Op]));
    if (!op)
        return invalid(op.error().message);
    p.op = std::move(*op);
    // The same write is one item whichever session asked for it: provenance an agent keeps in
    // its op stays out of the hash.
    p.contentHash = contentHash(p.destination, m_agents.identity(p.destination, p.op));
    return p;
}

Result<std::vector<Proposal>> ProposalValidator::validateAll(std::vector<Json> raws) const
{
    std::vector<Proposal> out;
    out.reserve(raws.size());
    for (std::size_t i = 0; i < raws.size(); ++i) {
        auto p = validate(std::move(raws[i]), int(i + 1));
        if (!p)
            return fail(p.error());
        out.push_back(std::move(*p));
    }
    return out;
}

} // namespace sediment
