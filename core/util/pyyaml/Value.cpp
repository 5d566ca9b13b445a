#include "util/pyyaml/Value.h"

#include "util/PyText.h"
#include "util/pyyaml/SafeLoad.h"
#include "util/pyyaml/Scalars.h"

#include <QStringList>

#include <algorithm>
#include <cmath>
#include <limits>

namespace sediment::pyyaml {

namespace {

using Kind = Value::Kind;

Kind kindOf(const Node* node)
{
    if (!node)
        return Kind::Missing;
    static const std::pair<UView, Kind> byTag[] = {
        {U"null"sv, Kind::None},           {U"bool"sv, Kind::Bool}, {U"int"sv, Kind::Int},
        {U"float"sv, Kind::Float},         {U"str"sv, Kind::Str},   {U"binary"sv, Kind::Bytes},
        {U"timestamp"sv, Kind::Timestamp}, {U"seq"sv, Kind::List},  {U"omap"sv, Kind::Pairs},
        {U"pairs"sv, Kind::Pairs},         {U"map"sv, Kind::Dict},  {U"set"sv, Kind::Set}};
    const UView tag = node->tag;
    if (tag.starts_with(kYamlTagPrefix))
        for (const auto& [name, kind] : byTag)
            if (tag.substr(kYamlTagPrefix.size()) == name)
                return kind;
    // A tag SafeConstructor refuses only stays in a document whose loading Python itself gave up
    // on (Document::load): read it by its node's shape.
    return node->kind == NodeKind::Scalar ? Kind::Str : node->kind == NodeKind::Sequence ? Kind::List : Kind::Dict;
}

// The text a scalar constructor reads: the node's, or that of its `=` entry (construct_scalar).
const U& scalarText(const Node* node)
{
    static const U empty;
    for (int depth = 0; node && node->kind == NodeKind::Mapping && depth <= kMaxDepth; ++depth) {
        const auto it =
            std::ranges::find_if(node->pairs, [](const auto& pair) { return pair.first->tag == kValueTag; });
        node = it == node->pairs.end() ? nullptr : it->second;
    }
    return node && node->kind == NodeKind::Scalar ? node->value : empty;
}

bool boolOf(const Node* node)
{
    const QString t = fromU(scalarText(node)).toLower();
    return t == QLatin1String("yes") || t == QLatin1String("true") || t == QLatin1String("on");
}

// Which keys a Python dict holds as one: equal values of equal hash. 1, 1.0 and True are one key;
// a str never equals bytes; each nan is its own.
QString keyIdentity(const Node* key)
{
    const U& t = scalarText(key);
    switch (kindOf(key)) {
    case Kind::None:
        return QStringLiteral("none");
    case Kind::Bool:
        return boolOf(key) ? QStringLiteral("n1") : QStringLiteral("n0");
    case Kind::Int:
        return QLatin1Char('n') + intDecimal(t);
    case Kind::Float: {
        const double f = floatOf(t);
        if (std::isnan(f))
            return QStringLiteral("nan%1").arg(quintptr(key));
        if (std::trunc(f) == f && std::fabs(f) < 1e18)
            return QLatin1Char('n') + QString::number(static_cast<long long>(f));
        return QLatin1Char('f') + floatRepr(f);
    }
    case Kind::Bytes:
        return QLatin1Char('b') + QString::fromLatin1(bytesOf(t).toHex());
    case Kind::Timestamp:
        return QLatin1Char('t') + timestampStr(t);
    default:
        return QLatin1Char('s') + fromU(t);
    }
}

} // namespace

Value::Kind Value::kind() const { return kindOf(m_node); }

bool Value::isScalar() const
{
    const Kind k = kind();
    return k != Kind::Missing && k != Kind::List && k != Kind::Pairs && k != Kind::Dict && k != Kind::Set;
}

QString Value::text() const { return isScalar() ? fromU(scalarText(m_node)) : QString(); }

std::vector<std::pair<const Node*, const Node*>> Value::entries() const
{
    std::vector<std::pair<const Node*, const Node*>> out;
    if (!m_node || m_node->kind != NodeKind::Mapping)
        return out;
    QStringList seen;
    for (const auto& [key, value] : m_node->pairs) {
        const QString id = keyIdentity(key);
        if (const qsizetype at = seen.indexOf(id); at >= 0) {
            out[std::size_t(at)].second = value;
        } else {
            seen << id;
            out.emplace_back(key, value);
        }
    }
    return out;
}

Value Value::operator[](QStringView key) const
{
    if (kind() != Kind::Dict)
        return Value();
    const U wanted = pytext::toU(key.toString());
    for (auto it = m_node->pairs.rbegin(); it != m_node->pairs.rend(); ++it)
        if (kindOf(it->first) == Kind::Str && scalarText(it->first) == wanted)
            return Value(it->second);
    return Value();
}

qsizetype Value::size() const
{
    switch (kind()) {
    case Kind::List:
    case Kind::Pairs:
        return qsizetype(m_node->items.size());
    case Kind::Dict:
    case Kind::Set:
        return qsizetype(entries().size());
    default:
        return 0;
    }
}

bool Value::truth() const
{
    const U& t = scalarText(m_node);
    switch (kind()) {
    case Kind::Missing:
    case Kind::None:
        return false;
    case Kind::Bool:
        return boolOf(m_node);
    case Kind::Int:
        return intDecimal(t) != QLatin1String("0");
    case Kind::Float:
        return floatOf(t) != 0.0; // nan is true
    case Kind::Str:
        return !t.empty();
    case Kind::Bytes:
        return !bytesOf(t).isEmpty();
    case Kind::Timestamp:
        return true;
    default:
        return size() > 0;
    }
}

std::optional<long long> Value::toInt() const
{
    const U& t = scalarText(m_node);
    switch (kind()) {
    case Kind::Bool:
        return boolOf(m_node) ? 1 : 0;
    case Kind::Int:
        return saturated(intDecimal(t));
    case Kind::Float: {
        const double f = floatOf(t);
        if (!std::isfinite(f))
            return std::nullopt; // int() raises on inf and nan
        constexpr double kEdge = 9223372036854775807.0;
        if (std::fabs(f) >= kEdge)
            return f < 0 ? std::numeric_limits<long long>::min() : std::numeric_limits<long long>::max();
        return static_cast<long long>(f);
    }
    case Kind::Str:
        return pytext::intOf(fromU(t));
    case Kind::Bytes:
        return pytext::intOf(QString::fromLatin1(bytesOf(t)));
    default:
        return std::nullopt;
    }
}

QString Value::str() const
{
    const U& t = scalarText(m_node);
    switch (kind()) {
    case Kind::Str:
        return fromU(t);
    case Kind::Timestamp:
        return timestampStr(t);
    default:
        return repr();
    }
}

QString Value::repr() const
{
    std::vector<const Node*> open;
    return repr(open);
}

QString Value::repr(std::vector<const Node*>& open) const
{
    const U& t = scalarText(m_node);
    const Kind k = kind();
    switch (k) {
    case Kind::Missing:
        return {};
    case Kind::None:
        return QStringLiteral("None");
    case Kind::Bool:
        return boolOf(m_node) ? QStringLiteral("True") : QStringLiteral("False");
    case Kind::Int:
        return intDecimal(t);
    case Kind::Float:
        return floatRepr(floatOf(t));
    case Kind::Str:
        return pytext::repr(UView(t));
    case Kind::Bytes:
        return bytesRepr(bytesOf(t));
    case Kind::Timestamp:
        return timestampRepr(t);
    default:
        break;
    }
    const bool isList = k == Kind::List || k == Kind::Pairs;
    // Python's guard against a container printing itself: `&a [*a]` is [[...]].
    if (std::ranges::find(open, m_node) != open.end())
        return isList ? QStringLiteral("[...]") : QStringLiteral("{...}");
    open.push_back(m_node);
    QStringList parts;
    if (k == Kind::List) {
        for (const Node* item : m_node->items)
            parts << Value(item).repr(open);
    } else if (k == Kind::Pairs) {
        for (const Node* item : m_node->items) {
            const auto pair = item->pairs.empty() ? std::pair<const Node*, const Node*>{} : item->pairs.front();
            parts << QLatin1Char('(') + Value(pair.first).repr(open) + QStringLiteral(", ")
                         + Value(pair.second).repr(open) + QLatin1Char(')');
        }
    } else {
        for (const auto& [key, value] : entries())
            parts << (k == Kind::Set ? Value(key).repr(open)
                                     : Value(key).repr(open) + QStringLiteral(": ") + Value(value).repr(open));
    }
    open.pop_back();
    if (k == Kind::Set && parts.isEmpty())
        return QStringLiteral("set()");
    const QString joined = parts.join(QStringLiteral(", "));
    return isList ? QLatin1Char('[') + joined + QLatin1Char(']') : QLatin1Char('{') + joined + QLatin1Char('}');
}

} // namespace sediment::pyyaml
