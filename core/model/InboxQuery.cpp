#include "model/InboxQuery.h"

#include "model/Destination.h"
#include "model/InboxStatus.h"
#include "model/ProfileName.h"

#include <cmath>
#include <utility>

namespace sediment {

namespace {

struct Token {
    QString text;
    bool negated = false;
    bool quoted = false; // a "phrase": never read as a key
};

// Splits on white space outside double quotes; a quote may also open after `key:`.
std::vector<Token> tokenize(const QString& input)
{
    std::vector<Token> tokens;
    Token current;
    bool inQuotes = false;
    bool started = false;
    auto flush = [&] {
        if (started && !current.text.isEmpty())
            tokens.push_back(current);
        current = Token();
        started = false;
    };
    for (const QChar c : input) {
        if (inQuotes) {
            if (c == QLatin1Char('"'))
                inQuotes = false;
            else
                current.text.append(c);
            continue;
        }
        if (c.isSpace()) {
            flush();
            continue;
        }
        if (c == QLatin1Char('"')) {
            inQuotes = true;
            started = true;
            if (current.text.isEmpty())
                current.quoted = true;
            continue;
        }
        if (c == QLatin1Char('-') && !started) {
            current.negated = true;
            started = true;
            continue;
        }
        started = true;
        current.text.append(c);
    }
    flush();
    return tokens;
}

QString knownList(const QStringList& values) { return values.join(QStringLiteral(", ")); }

Status addValues(InboxFilter::Values& into, const Token& token, const QString& key, const QString& raw,
                 const QStringList* allowed)
{
    const QStringList parts = raw.split(QLatin1Char(','), Qt::SkipEmptyParts);
    if (parts.isEmpty())
        return fail(Error::invalid(QStringLiteral("%1: needs a value").arg(key)));
    for (const QString& part : parts) {
        const QString value = allowed ? part.toLower() : part;
        if (allowed && !allowed->contains(value))
            return fail(Error::invalid(QStringLiteral("unknown %1 '%2' (use %3)").arg(key, part, knownList(*allowed))));
        (token.negated ? into.exclude : into.include).append(value);
    }
    return {};
}

// `score>=0.8` and friends; nullopt when the token is not a score comparison at all.
std::optional<Result<InboxFilter::ScoreBound>> parseScore(const Token& token)
{
    const QString lower = token.text.toLower();
    if (!lower.startsWith(QLatin1String("score")) || token.quoted)
        return std::nullopt;
    const QString rest = lower.mid(5);
    struct Op {
        const char* text;
        InboxFilter::Compare compare;
    };
    static const Op ops[] = {{">=", InboxFilter::Compare::GreaterOrEqual}, {"<=", InboxFilter::Compare::LessOrEqual},
                             {">", InboxFilter::Compare::Greater},         {"<", InboxFilter::Compare::Less},
                             {"=", InboxFilter::Compare::Equal},           {":", InboxFilter::Compare::Equal}};
    for (const Op& op : ops) {
        const QLatin1String sym(op.text);
        if (!rest.startsWith(sym))
            continue;
        const QString number = rest.mid(sym.size());
        bool ok = false;
        const double value = number.toDouble(&ok);
        if (!ok || !std::isfinite(value))
            return Result<InboxFilter::ScoreBound>(
                fail(Error::invalid(QStringLiteral("score%1 needs a number, like score%1%3 (got '%2')")
                                        .arg(sym, number, QStringLiteral("0.8")))));
        return Result<InboxFilter::ScoreBound>(InboxFilter::ScoreBound{op.compare, value, token.negated});
    }
    return std::nullopt;
}

// ---- One reader per key: what `key:value` (or `-key:value`) adds to the filter --------------

using KeyReader = Status (*)(InboxFilter& filter, const Token& token, const QString& value);

Status readDestination(InboxFilter& filter, const Token& token, const QString& value)
{
    return addValues(filter.destination, token, QStringLiteral("dest"), value, &wordTexts<Destination>());
}

Status readStatus(InboxFilter& filter, const Token& token, const QString& value)
{
    if (value.compare(QLatin1String("all"), Qt::CaseInsensitive) == 0
        || value.compare(QLatin1String("any"), Qt::CaseInsensitive) == 0) {
        filter.allStatuses = !token.negated;
        return {};
    }
    return addValues(filter.status, token, QStringLiteral("status"), value, &wordTexts<InboxStatus>());
}

Status readAgent(InboxFilter& filter, const Token& token, const QString& value)
{
    return addValues(filter.agent, token, QStringLiteral("agent"), value, nullptr);
}

Status readProfile(InboxFilter& filter, const Token& token, const QString& value)
{
    // Hermes matches profile names case-insensitively and keeps them lowercase.
    if (auto s = addValues(filter.profile, token, QStringLiteral("profile"), value.toLower(), nullptr); !s)
        return s;
    for (const QString& name : filter.profile.include + filter.profile.exclude)
        if (!ProfileName::isValid(name))
            return fail(Error::invalid(QStringLiteral("profile:%1 is not a Hermes profile name (lowercase "
                                                      "letters, digits, '_' and '-')")
                                           .arg(name)));
    return {};
}

Status readGroup(InboxFilter& filter, const Token& token, const QString& value)
{
    if (value.compare(QLatin1String("target"), Qt::CaseInsensitive) != 0)
        return fail(Error::invalid(QStringLiteral("unknown group:%1 (use group:target)").arg(value)));
    // Negated it is a filter, not a view: the items that share their target with no other
    // pending item.
    if (token.negated)
        filter.preflight.exclude.append(QStringLiteral("grouped"));
    else
        filter.groupByTarget = true;
    return {};
}

Status readIs(InboxFilter& filter, const Token& token, const QString& value)
{
    // A comma list, like every key's values: is:dead,dup is either.
    for (const QString& one : value.split(QLatin1Char(','))) {
        const QString word = one.toLower();
        if (word == QLatin1String("dead") || word == QLatin1String("dup") || word == QLatin1String("ok")
            || word == QLatin1String("unsafe")) {
            (token.negated ? filter.preflight.exclude : filter.preflight.include).append(word);
            continue;
        }
        if (word != QLatin1String("stale") && word != QLatin1String("outdated"))
            return fail(Error::invalid(
                QStringLiteral("unknown is:%1 (use is:stale, is:dead, is:dup, is:ok or is:unsafe)").arg(one)));
        filter.stale = !token.negated;
    }
    return {};
}

// The keys of the language; any other `word:` is free text.
KeyReader readerFor(const QString& key)
{
    static const std::pair<QLatin1String, KeyReader> readers[] = {
        {QLatin1String("dest"), readDestination},
        {QLatin1String("destination"), readDestination},
        {QLatin1String("status"), readStatus},
        {QLatin1String("agent"), readAgent},
        {QLatin1String("profile"), readProfile},
        {QLatin1String("group"), readGroup},
        {QLatin1String("is"), readIs},
    };
    for (const auto& [name, reader] : readers)
        if (key == name)
            return reader;
    return nullptr;
}

} // namespace

Result<InboxFilter> InboxQuery::parse(const QString& text)
{
    InboxFilter filter;
    for (const Token& token : tokenize(text)) {
        if (!token.quoted) {
            if (auto score = parseScore(token)) {
                if (!*score)
                    return fail(score->error());
                filter.score.push_back(**score);
                continue;
            }
            const qsizetype colon = token.text.indexOf(QLatin1Char(':'));
            if (const KeyReader read = colon > 0 ? readerFor(token.text.left(colon).toLower()) : nullptr) {
                if (auto s = read(filter, token, token.text.mid(colon + 1)); !s)
                    return fail(s.error());
                continue;
            }
        }
        (token.negated ? filter.text.exclude : filter.text.include).append(token.text);
    }
    return filter;
}

} // namespace sediment
