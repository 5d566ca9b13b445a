#include "hermes/PyYamlCheck.h"

#include <QChar>
#include <QDate>
#include <QRegularExpression>
#include <QStringList>

#include <algorithm>
#include <deque>
#include <initializer_list>
#include <map>
#include <memory>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace sediment {

namespace {

using namespace std::string_view_literals;
using U = std::u32string;
using UView = std::u32string_view;

// PyYAML's character classes; its buffer ends in '\0', which stands for the end of the text.
constexpr UView kBreaks = U"\r\n\x85\u2028\u2029"sv;
constexpr UView kBreaksZ = U"\0\r\n\x85\u2028\u2029"sv;
constexpr UView kBlanksZ = U"\0 \t\r\n\x85\u2028\u2029"sv;
constexpr UView kSpacesBreaksZ = U"\0 \r\n\x85\u2028\u2029"sv; // where a tab does not end a word
constexpr UView kBlanksZFlow = U"\0 \t\r\n\x85\u2028\u2029,[]{}"sv;

constexpr UView kStrTag = U"tag:yaml.org,2002:str"sv;
constexpr UView kSeqTag = U"tag:yaml.org,2002:seq"sv;
constexpr UView kMapTag = U"tag:yaml.org,2002:map"sv;
constexpr UView kMergeTag = U"tag:yaml.org,2002:merge"sv;
constexpr UView kValueTag = U"tag:yaml.org,2002:value"sv;
constexpr UView kYamlTagPrefix = U"tag:yaml.org,2002:"sv;
// About where nesting runs into Python's default recursion limit: RecursionError is no YAMLError.
constexpr int kMaxDepth = 490;

bool isIn(char32_t c, UView set) { return set.find(c) != UView::npos; }

bool isWordChar(char32_t c)
{
    return (c >= U'0' && c <= U'9') || (c >= U'A' && c <= U'Z') || (c >= U'a' && c <= U'z')
        || c == U'-' || c == U'_';
}

bool isHexDigit(char32_t c)
{
    return (c >= U'0' && c <= U'9') || (c >= U'A' && c <= U'F') || (c >= U'a' && c <= U'f');
}

QString fromU(UView s) { return QString::fromUcs4(s.data(), qsizetype(s.size())); }

// Python's str.isprintable() for one character, which repr() follows.
bool isPyPrintable(char32_t c)
{
    if (c < 0x7F)
        return c >= 0x20;
    switch (QChar::category(c)) {
    case QChar::Other_Control:
    case QChar::Other_Format:
    case QChar::Other_Surrogate:
    case QChar::Other_PrivateUse:
    case QChar::Other_NotAssigned:
    case QChar::Separator_Line:
    case QChar::Separator_Paragraph:
    case QChar::Separator_Space:
        return false;
    default:
        return true;
    }
}

// Python's repr() of a str, as PyYAML's messages print names and characters with %r.
QString pyRepr(UView s)
{
    const char32_t quote = (isIn(U'\'', s) && !isIn(U'"', s)) ? U'"' : U'\'';
    U out(1, quote);
    for (const char32_t c : s) {
        if (c == quote || c == U'\\') {
            out += U'\\';
            out += c;
        } else if (c == U'\t') {
            out += U"\\t";
        } else if (c == U'\n') {
            out += U"\\n";
        } else if (c == U'\r') {
            out += U"\\r";
        } else if (isPyPrintable(c)) {
            out += c;
        } else {
            const int width = c < 0x100 ? 2 : c < 0x10000 ? 4 : 8;
            const char* prefix = width == 2 ? "\\x" : width == 4 ? "\\u" : "\\U";
            const QString hex = QStringLiteral("%1").arg(uint(c), width, 16, QLatin1Char('0'));
            for (const char* p = prefix; *p; ++p)
                out += char32_t(*p);
            for (const QChar h : hex)
                out += char32_t(h.unicode());
        }
    }
    out += quote;
    return fromU(out);
}

QString pyRepr(char32_t c) { return pyRepr(UView(&c, 1)); }

QString text(const char* ascii) { return QString::fromLatin1(ascii); }

// Python's bytes.decode('utf-8'): the text, or str() of the UnicodeDecodeError it raises.
std::pair<U, QString> decodeUtf8(const std::vector<unsigned char>& bytes)
{
    U out;
    const auto isCont = [](unsigned char b) { return b >= 0x80 && b < 0xC0; };
    for (std::size_t i = 0; i < bytes.size();) {
        const unsigned char b = bytes[i];
        const std::size_t left = bytes.size() - i;
        std::size_t bad = 0; // how many bytes the error covers
        const char* reason = "invalid start byte";
        int need = 0;
        if (b < 0x80)
            need = 0;
        else if (b < 0xC2 || b >= 0xF5)
            bad = 1;
        else
            need = b < 0xE0 ? 1 : b < 0xF0 ? 2 : 3;
        if (!bad && need) {
            // The second byte has a narrower range after E0, ED, F0 and F4.
            const auto secondOk = [b](unsigned char c) {
                return !(b == 0xE0 && c < 0xA0) && !(b == 0xED && c >= 0xA0)
                    && !(b == 0xF0 && c < 0x90) && !(b == 0xF4 && c >= 0x90);
            };
            reason = "invalid continuation byte";
            for (int k = 1; k <= need && !bad; ++k) {
                if (std::size_t(k) >= left) {
                    reason = "unexpected end of data";
                    bad = left;
                } else if (!isCont(bytes[i + k]) || (k == 1 && !secondOk(bytes[i + k]))) {
                    bad = std::size_t(k);
                }
            }
        }
        if (bad) {
            const QString where = bad == 1
                ? QStringLiteral("byte 0x%1 in position %2").arg(b, 2, 16, QLatin1Char('0')).arg(i)
                : QStringLiteral("bytes in position %1-%2").arg(i).arg(i + bad - 1);
            return {U(), QStringLiteral("'utf-8' codec can't decode %1: %2").arg(where, text(reason))};
        }
        char32_t c = need == 0 ? b : need == 1 ? (b & 0x1F) : need == 2 ? (b & 0x0F) : (b & 0x07);
        for (int k = 1; k <= need; ++k)
            c = (c << 6) | (bytes[i + k] & 0x3F);
        out += c;
        i += std::size_t(need) + 1;
    }
    return {out, QString()};
}

// What `!!binary` raises: str() of the error of text.encode('ascii') or of base64.decodebytes().
QString binaryError(UView value)
{
    for (std::size_t i = 0; i < value.size(); ++i) {
        if (value[i] < 0x80)
            continue;
        std::size_t end = i + 1;
        while (end < value.size() && value[end] >= 0x80)
            ++end;
        const uint c = value[i];
        const QString what = end - i > 1
            ? QStringLiteral("characters in position %1-%2").arg(i).arg(end - 1)
            : QStringLiteral("character '\\%1%2' in position %3")
                  .arg(text(c <= 0xFF ? "x" : c <= 0xFFFF ? "u" : "U"))
                  .arg(c, c <= 0xFF ? 2 : c <= 0xFFFF ? 4 : 8, 16, QLatin1Char('0'))
                  .arg(i);
        return QStringLiteral("failed to convert base64 data into ascii: 'ascii' codec can't encode "
                              "%1: ordinal not in range(128)")
            .arg(what);
    }
    // binascii.a2b_base64, not strict: other characters are skipped, '=' ends a 2- or 3-quad.
    int inQuad = 0;
    int pads = 0;
    std::size_t quads = 0;
    for (const char32_t c : value) {
        if (c == U'=') {
            if (inQuad >= 2 && inQuad + ++pads >= 4)
                return {};
            continue;
        }
        const bool data = (c >= U'A' && c <= U'Z') || (c >= U'a' && c <= U'z') || (c >= U'0' && c <= U'9')
            || c == U'+' || c == U'/';
        if (!data)
            continue;
        pads = 0;
        if (++inQuad == 4) {
            inQuad = 0;
            ++quads;
        }
    }
    if (inQuad == 1)
        return QStringLiteral("failed to decode base64 data: Invalid base64-encoded string: number of "
                              "data characters (%1) cannot be 1 more than a multiple of 4")
            .arg(quads * 4 + 1);
    if (inQuad != 0)
        return text("failed to decode base64 data: Incorrect padding");
    return {};
}

// The tag PyYAML's resolver guesses for a plain scalar: the first of its implicit patterns that
// matches, else str.
UView implicitTag(const U& value)
{
    static const std::pair<UView, QRegularExpression> resolvers[] = {
        {U"tag:yaml.org,2002:bool"sv,
         QRegularExpression(QStringLiteral("^(?:yes|Yes|YES|no|No|NO|true|True|TRUE|false|False|FALSE"
                                           "|on|On|ON|off|Off|OFF)$"))},
        {U"tag:yaml.org,2002:float"sv,
         QRegularExpression(QStringLiteral("^(?:[-+]?(?:[0-9][0-9_]*)\\.[0-9_]*(?:[eE][-+][0-9]+)?"
                                           "|\\.[0-9][0-9_]*(?:[eE][-+][0-9]+)?"
                                           "|[-+]?[0-9][0-9_]*(?::[0-5]?[0-9])+\\.[0-9_]*"
                                           "|[-+]?\\.(?:inf|Inf|INF)|\\.(?:nan|NaN|NAN))$"))},
        {U"tag:yaml.org,2002:int"sv,
         QRegularExpression(QStringLiteral("^(?:[-+]?0b[0-1_]+|[-+]?0[0-7_]+|[-+]?(?:0|[1-9][0-9_]*)"
                                           "|[-+]?0x[0-9a-fA-F_]+|[-+]?[1-9][0-9_]*(?::[0-5]?[0-9])+)$"))},
        {kMergeTag, QRegularExpression(QStringLiteral("^(?:<<)$"))},
        {U"tag:yaml.org,2002:null"sv, QRegularExpression(QStringLiteral("^(?:~|null|Null|NULL|)$"))},
        {U"tag:yaml.org,2002:timestamp"sv,
         QRegularExpression(QStringLiteral("^(?:[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]"
                                           "|[0-9][0-9][0-9][0-9]-[0-9][0-9]?-[0-9][0-9]?"
                                           "(?:[Tt]|[ \\t]+)[0-9][0-9]?:[0-9][0-9]:[0-9][0-9](?:\\.[0-9]*)?"
                                           "(?:[ \\t]*(?:Z|[-+][0-9][0-9]?(?::[0-9][0-9])?))?)$"))},
        {kValueTag, QRegularExpression(QStringLiteral("^(?:=)$"))}};
    const QString text = fromU(value);
    for (const auto& [tag, pattern] : resolvers)
        if (pattern.match(text).hasMatch())
            return tag;
    return kStrTag;
}

// Whether SafeConstructor turns a scalar's text into a bool, int, float or date without raising
// (it raises ValueError, KeyError and the like, no YAMLError, on `!!int abc` or 2024-02-30).
bool pythonConverts(UView kind, const U& value)
{
    QString text = fromU(value);
    if (kind == U"bool")
        return QStringList{QStringLiteral("yes"), QStringLiteral("no"), QStringLiteral("true"),
                           QStringLiteral("false"), QStringLiteral("on"), QStringLiteral("off")}
            .contains(text.toLower());
    if (kind == U"int" || kind == U"float") {
        text.remove(QLatin1Char('_'));
        if (text.isEmpty())
            return false;
        if (kind == U"float")
            text = text.toLower();
        if (text.front() == QLatin1Char('-') || text.front() == QLatin1Char('+'))
            text.remove(0, 1);
        // int() and float() as far as ASCII text goes: blanks around, at most one more sign.
        static const QRegularExpression decimal(QStringLiteral("^\\s*[-+]?[0-9]+\\s*$"));
        static const QRegularExpression binary(QStringLiteral("^\\s*[-+]?[01]+\\s*$"));
        static const QRegularExpression octal(QStringLiteral("^\\s*[-+]?[0-7]+\\s*$"));
        static const QRegularExpression hex(QStringLiteral("^\\s*[-+]?[0-9a-fA-F]+\\s*$"));
        static const QRegularExpression real(QStringLiteral(
            "^\\s*[-+]?(?:inf|infinity|nan|(?:[0-9]+\\.?[0-9]*|\\.[0-9]+)(?:e[-+]?[0-9]+)?)\\s*$"));
        const QRegularExpression& number = kind == U"int" ? decimal : real;
        if (kind == U"float" && (text == QStringLiteral(".inf") || text == QStringLiteral(".nan")))
            return true;
        if (kind == U"int" && text == QStringLiteral("0"))
            return true;
        if (kind == U"int" && text.startsWith(QStringLiteral("0b")))
            return binary.match(text.mid(2)).hasMatch();
        if (kind == U"int" && text.startsWith(QStringLiteral("0x")))
            return hex.match(text.mid(2)).hasMatch();
        if (kind == U"int" && text.startsWith(QLatin1Char('0')))
            return octal.match(text).hasMatch();
        const QStringList parts = text.split(QLatin1Char(':'));
        return std::ranges::all_of(parts, [&](const QString& part) { return number.match(part).hasMatch(); });
    }
    if (kind == U"timestamp") {
        static const QRegularExpression stamp(QStringLiteral(
            "^([0-9]{4})-([0-9][0-9]?)-([0-9][0-9]?)(?:(?:[Tt]|[ \\t]+)([0-9][0-9]?):([0-9]{2}):([0-9]{2})"
            "(?:\\.[0-9]*)?(?:[ \\t]*(?:Z|[-+]([0-9][0-9]?)(?::([0-9]{2}))?))?)?$"));
        const auto m = stamp.match(text);
        if (!m.hasMatch())
            return false;
        const auto field = [&](int i) { return m.captured(i).toInt(); };
        const int year = field(1), month = field(2), day = field(3);
        if (year < 1 || month < 1 || month > 12 || day < 1 || day > QDate(year, month, 1).daysInMonth())
            return false;
        if (m.capturedLength(4) && (field(4) > 23 || field(5) > 59 || field(6) > 59))
            return false;
        return field(7) * 60 + field(8) < 24 * 60; // datetime.timezone wants less than a day
    }
    return true;
}

struct Mark {
    std::size_t pointer = 0;
    int line = 0;
    int column = 0;
};

enum class Tok {
    StreamStart, StreamEnd, Directive, DocumentStart, DocumentEnd, BlockSequenceStart,
    BlockMappingStart, BlockEnd, FlowSequenceStart, FlowMappingStart, FlowSequenceEnd,
    FlowMappingEnd, Key, Value, BlockEntry, FlowEntry, Alias, Anchor, Tag, Scalar
};

// The token's `id`, which the parser's messages quote.
UView tokenId(Tok kind)
{
    switch (kind) {
    case Tok::StreamStart: return U"<stream start>"sv;
    case Tok::StreamEnd: return U"<stream end>"sv;
    case Tok::Directive: return U"<directive>"sv;
    case Tok::DocumentStart: return U"<document start>"sv;
    case Tok::DocumentEnd: return U"<document end>"sv;
    case Tok::BlockSequenceStart: return U"<block sequence start>"sv;
    case Tok::BlockMappingStart: return U"<block mapping start>"sv;
    case Tok::BlockEnd: return U"<block end>"sv;
    case Tok::FlowSequenceStart: return U"["sv;
    case Tok::FlowMappingStart: return U"{"sv;
    case Tok::FlowSequenceEnd: return U"]"sv;
    case Tok::FlowMappingEnd: return U"}"sv;
    case Tok::Key: return U"?"sv;
    case Tok::Value: return U":"sv;
    case Tok::BlockEntry: return U"-"sv;
    case Tok::FlowEntry: return U","sv;
    case Tok::Alias: return U"<alias>"sv;
    case Tok::Anchor: return U"<anchor>"sv;
    case Tok::Tag: return U"<tag>"sv;
    case Tok::Scalar: return U"<scalar>"sv;
    }
    return {};
}

struct Token {
    Tok kind;
    Mark start;
    Mark end;
    U value = {};                 // scalar text, alias or anchor name, tag suffix, directive name
    std::optional<U> handle = {}; // a tag's handle, or a %TAG directive's
    U tagPrefix = {};             // a %TAG directive's prefix
    bool plain = false;
    bool versionOne = false; // a %YAML 1.x directive
};

enum class Ev {
    StreamStart, StreamEnd, DocumentStart, DocumentEnd, Alias, Scalar, SequenceStart, SequenceEnd,
    MappingStart, MappingEnd
};

struct Event {
    Ev kind;
    Mark start;
    std::optional<U> anchor = {}; // for an alias, the name it refers to
    std::optional<U> tag = {};
    bool resolvable = false; // a scalar whose tag the resolver may guess from its text
    U value = {};
};

enum class NodeKind { Scalar, Sequence, Mapping };

struct Node {
    NodeKind kind;
    U tag;
    Mark start;
    U value;
    std::vector<Node*> items;
    std::vector<std::pair<Node*, Node*>> pairs;

    QString id() const
    {
        return text(kind == NodeKind::Scalar ? "scalar" : kind == NodeKind::Sequence ? "sequence" : "mapping");
    }
};

struct Failure {
    QString message;
};

struct GiveUp {}; // PyYAML would raise something other than a YAMLError

// yaml.safe_load over a str, pulling tokens, events and nodes lazily as PyYAML does, so that the
// first error raised is the one PyYAML raises first.
class SafeLoad {
public:
    explicit SafeLoad(U input) : m_buf(std::move(input))
    {
        m_buf.push_back(U'\0');
        push(Tok::StreamStart, mark(), mark());
    }

    void load();

private:
    using State = Event (SafeLoad::*)();

    struct SimpleKey {
        std::size_t tokenNumber;
        bool required;
        Mark mark;
    };

    [[noreturn]] void fail(const QString& context, std::optional<Mark> contextMark,
                           const QString& problem, const Mark& problemMark) const;
    [[noreturn]] void fail(const QString& problem, const Mark& mark) const { fail({}, {}, problem, mark); }
    QString where(const Mark& m) const;

    // Reader
    char32_t peek(std::size_t i = 0) const
    {
        return m_ptr + i < m_buf.size() ? m_buf[m_ptr + i] : U'\0';
    }
    U prefix(std::size_t n) const { return m_buf.substr(m_ptr, n); }
    void forward(std::size_t n = 1);
    Mark mark() const { return {m_ptr, m_line, m_column}; }

    // Scanner
    bool inFlow() const { return m_flowLevel != 0; }
    bool checkToken(std::initializer_list<Tok> kinds);
    const Token& peekToken();
    Token getToken();
    bool needMoreTokens();
    void fetchMoreTokens();
    void dropStaleSimpleKeys();
    void saveSimpleKey();
    void removeSimpleKey();
    void unwindIndent(int column);
    bool addIndent(int column);
    void push(Tok kind, const Mark& start, const Mark& end) { m_tokens.push_back({kind, start, end}); }
    void pushIndicator(Tok kind, std::size_t length = 1)
    {
        const Mark start = mark();
        forward(length);
        push(kind, start, mark());
    }
    void fetchStreamEnd();
    void fetchDocumentIndicator(Tok kind);
    void fetchFlowCollectionStart(Tok kind);
    void fetchFlowCollectionEnd(Tok kind);
    void fetchFlowEntry();
    void fetchBlockEntry();
    void fetchKey();
    void fetchValue();
    bool checkPlain() const;
    bool atDocumentSeparator() const;
    void scanToNextToken();
    Token scanDirective();
    U scanDirectiveName(const Mark& start);
    bool scanYamlDirectiveNumberIsOne(const Mark& start);
    void scanDirectiveIgnoredLine(const Mark& start);
    Token scanAnchor(Tok kind);
    Token scanTag();
    Token scanBlockScalar(bool folded);
    void scanBlockScalarIgnoredLine(const Mark& start);
    U scanBlockScalarBreaks(int indent, Mark& end);
    Token scanFlowScalar(bool doubleQuoted);
    U scanFlowScalarNonSpaces(bool doubleQuoted, const Mark& start);
    U scanFlowScalarSpaces(const Mark& start);
    U scanFlowScalarBreaks(const Mark& start);
    Token scanPlain();
    std::optional<U> scanPlainSpaces();
    U scanTagHandle(const QString& name, const Mark& start);
    U scanTagUri(const QString& name, const Mark& start);
    U scanUriEscapes(const QString& name, const Mark& start);
    U scanLineBreak();

    // Parser
    bool checkEvent(Ev kind);
    const Event& peekEvent();
    Event getEvent();
    State popState();
    Event emptyScalar(const Mark& m) const { return {Ev::Scalar, m, {}, {}, true, {}}; }
    Event parseStreamStart();
    Event parseImplicitDocumentStart();
    Event parseDocumentStart();
    Event parseDocumentEnd();
    Event parseDocumentContent();
    void processDirectives();
    Event parseBlockNode() { return parseNode(true, false); }
    Event parseFlowNode() { return parseNode(false, false); }
    Event parseBlockNodeOrIndentlessSequence() { return parseNode(true, true); }
    Event parseNode(bool block, bool indentlessSequence);
    Event parseBlockSequenceFirstEntry();
    Event parseBlockSequenceEntry();
    Event parseIndentlessSequenceEntry();
    Event parseBlockMappingFirstKey();
    Event parseBlockMappingKey();
    Event parseBlockMappingValue();
    Event parseFlowSequenceFirstEntry();
    Event parseFlowSequenceEntry() { return flowSequenceEntry(false); }
    Event flowSequenceEntry(bool first);
    Event parseFlowSequenceEntryMappingKey();
    Event parseFlowSequenceEntryMappingValue();
    Event parseFlowSequenceEntryMappingEnd();
    Event parseFlowMappingFirstKey();
    Event parseFlowMappingKey() { return flowMappingKey(false); }
    Event flowMappingKey(bool first);
    Event parseFlowMappingValue();
    Event parseFlowMappingEmptyValue();

    // Composer
    Node* composeNode(int depth);
    Node* newNode(NodeKind kind, const Event& event, U tag);

    // Constructor
    bool constructObject(Node* node);
    const Node* constructScalar(const Node* node, int depth = 0);
    void fillCollection(Node* node);
    void constructMapping(Node* node);
    void flattenMapping(Node* node, int depth = 0);

    U m_buf;
    std::size_t m_ptr = 0;
    int m_line = 0;
    int m_column = 0;

    bool m_done = false;
    int m_flowLevel = 0; // goes below zero on a stray ']' or '}', as in PyYAML
    std::deque<Token> m_tokens;
    std::size_t m_tokensTaken = 0;
    int m_indent = -1;
    std::vector<int> m_indents;
    bool m_allowSimpleKey = true;
    std::map<int, SimpleKey> m_simpleKeys; // by flow level

    std::optional<Event> m_event;
    State m_state = &SafeLoad::parseStreamStart;
    std::vector<State> m_states;
    std::vector<Mark> m_marks;
    std::map<U, U> m_tagHandles;

    std::vector<std::unique_ptr<Node>> m_nodes;
    std::map<U, Node*> m_anchors;

    std::map<const Node*, bool> m_built; // constructed nodes, and whether Python could hash them
    std::deque<Node*> m_unfilled;        // collections built empty, filled in this order
};

void SafeLoad::fail(const QString& context, std::optional<Mark> contextMark, const QString& problem,
                    const Mark& problemMark) const
{
    QStringList lines;
    if (!context.isEmpty())
        lines << context;
    if (contextMark
        && (contextMark->line != problemMark.line || contextMark->column != problemMark.column))
        lines << where(*contextMark);
    lines << problem << where(problemMark);
    throw Failure{lines.join(QLatin1Char('\n'))};
}

// A mark as PyYAML prints it: position, then the line with a caret, cut to about 75 characters
// around the caret.
QString SafeLoad::where(const Mark& m) const
{
    constexpr std::size_t kHalf = 36;
    std::size_t start = m.pointer;
    QString head;
    while (start > 0 && !isIn(m_buf[start - 1], kBreaksZ)) {
        --start;
        if (m.pointer - start > kHalf) {
            head = text(" ... ");
            start += 5;
            break;
        }
    }
    std::size_t end = m.pointer;
    QString tail;
    while (end < m_buf.size() && !isIn(m_buf[end], kBreaksZ)) {
        ++end;
        if (end - m.pointer > kHalf) {
            tail = text(" ... ");
            end -= 5;
            break;
        }
    }
    return text("  in \"<unicode string>\", line ") + QString::number(m.line + 1) + text(", column ")
        + QString::number(m.column + 1) + text(":\n    ") + head
        + fromU(UView(m_buf).substr(start, end - start)) + tail + QLatin1Char('\n')
        + QString(qsizetype(4 + m.pointer - start) + head.size(), QLatin1Char(' ')) + QLatin1Char('^');
}

// ---- Reader ------------------------------------------------------------------------------------

void SafeLoad::forward(std::size_t n)
{
    for (; n > 0 && m_ptr < m_buf.size(); --n) {
        const char32_t c = m_buf[m_ptr++];
        if (c == U'\n' || c == 0x85 || c == 0x2028 || c == 0x2029
            || (c == U'\r' && peek() != U'\n')) {
            ++m_line;
            m_column = 0;
        } else if (c != 0xFEFF) {
            ++m_column;
        }
    }
}

// ---- Scanner -----------------------------------------------------------------------------------

bool SafeLoad::checkToken(std::initializer_list<Tok> kinds)
{
    while (needMoreTokens())
        fetchMoreTokens();
    if (m_tokens.empty())
        return false;
    for (const Tok kind : kinds)
        if (m_tokens.front().kind == kind)
            return true;
    return false;
}

const Token& SafeLoad::peekToken()
{
    while (needMoreTokens())
        fetchMoreTokens();
    return m_tokens.front();
}

Token SafeLoad::getToken()
{
    while (needMoreTokens())
        fetchMoreTokens();
    ++m_tokensTaken;
    Token t = std::move(m_tokens.front());
    m_tokens.pop_front();
    return t;
}

// A token that may turn out to be a simple key cannot leave the queue before its line is over.
bool SafeLoad::needMoreTokens()
{
    if (m_done)
        return false;
    if (m_tokens.empty())
        return true;
    dropStaleSimpleKeys();
    for (const auto& [level, key] : m_simpleKeys)
        if (key.tokenNumber == m_tokensTaken)
            return true;
    return false;
}

void SafeLoad::fetchMoreTokens()
{
    scanToNextToken();
    dropStaleSimpleKeys();
    unwindIndent(m_column);
    const char32_t c = peek();
    const bool blankNext = isIn(peek(1), kBlanksZ);
    if (c == U'\0')
        return fetchStreamEnd();
    if (c == U'%' && m_column == 0) {
        unwindIndent(-1);
        removeSimpleKey();
        m_allowSimpleKey = false;
        m_tokens.push_back(scanDirective());
        return;
    }
    if (c == U'-' && m_column == 0 && prefix(3) == U"---" && isIn(peek(3), kBlanksZ))
        return fetchDocumentIndicator(Tok::DocumentStart);
    if (c == U'.' && m_column == 0 && prefix(3) == U"..." && isIn(peek(3), kBlanksZ))
        return fetchDocumentIndicator(Tok::DocumentEnd);
    switch (c) {
    case U'[': return fetchFlowCollectionStart(Tok::FlowSequenceStart);
    case U'{': return fetchFlowCollectionStart(Tok::FlowMappingStart);
    case U']': return fetchFlowCollectionEnd(Tok::FlowSequenceEnd);
    case U'}': return fetchFlowCollectionEnd(Tok::FlowMappingEnd);
    case U',': return fetchFlowEntry();
    default: break;
    }
    if (c == U'-' && blankNext)
        return fetchBlockEntry();
    if (c == U'?' && (inFlow() || blankNext))
        return fetchKey();
    if (c == U':' && (inFlow() || blankNext))
        return fetchValue();
    if (c == U'*' || c == U'&' || c == U'!') {
        saveSimpleKey();
        m_allowSimpleKey = false;
        m_tokens.push_back(c == U'!' ? scanTag() : scanAnchor(c == U'*' ? Tok::Alias : Tok::Anchor));
        return;
    }
    if ((c == U'|' || c == U'>') && !inFlow()) {
        m_allowSimpleKey = true;
        removeSimpleKey();
        m_tokens.push_back(scanBlockScalar(c == U'>'));
        return;
    }
    if (c == U'\'' || c == U'"' || checkPlain()) {
        saveSimpleKey();
        m_allowSimpleKey = false;
        m_tokens.push_back(c == U'\'' || c == U'"' ? scanFlowScalar(c == U'"') : scanPlain());
        return;
    }
    fail(text("while scanning for the next token"), {},
         text("found character ") + pyRepr(c) + text(" that cannot start any token"), mark());
}

// A simple key must end with its ':' on the same line and within 1,024 characters.
void SafeLoad::dropStaleSimpleKeys()
{
    for (auto it = m_simpleKeys.begin(); it != m_simpleKeys.end();) {
        const SimpleKey& key = it->second;
        if (key.mark.line != m_line || m_ptr - key.mark.pointer > 1024) {
            if (key.required)
                fail(text("while scanning a simple key"), key.mark,
                     text("could not find expected ':'"), mark());
            it = m_simpleKeys.erase(it);
        } else {
            ++it;
        }
    }
}

void SafeLoad::saveSimpleKey()
{
    const bool required = !inFlow() && m_indent == m_column;
    if (!m_allowSimpleKey)
        return;
    removeSimpleKey();
    m_simpleKeys[m_flowLevel] = {m_tokensTaken + m_tokens.size(), required, mark()};
}

void SafeLoad::removeSimpleKey()
{
    const auto it = m_simpleKeys.find(m_flowLevel);
    if (it == m_simpleKeys.end())
        return;
    if (it->second.required)
        fail(text("while scanning a simple key"), it->second.mark,
             text("could not find expected ':'"), mark());
    m_simpleKeys.erase(it);
}

void SafeLoad::unwindIndent(int column)
{
    if (inFlow())
        return;
    while (m_indent > column) {
        m_indent = m_indents.back();
        m_indents.pop_back();
        push(Tok::BlockEnd, mark(), mark());
    }
}

bool SafeLoad::addIndent(int column)
{
    if (m_indent >= column)
        return false;
    m_indents.push_back(m_indent);
    m_indent = column;
    return true;
}

void SafeLoad::fetchStreamEnd()
{
    unwindIndent(-1);
    removeSimpleKey();
    m_allowSimpleKey = false;
    m_simpleKeys.clear();
    push(Tok::StreamEnd, mark(), mark());
    m_done = true;
}

void SafeLoad::fetchDocumentIndicator(Tok kind)
{
    unwindIndent(-1);
    removeSimpleKey();
    m_allowSimpleKey = false;
    pushIndicator(kind, 3);
}

void SafeLoad::fetchFlowCollectionStart(Tok kind)
{
    saveSimpleKey();
    ++m_flowLevel;
    m_allowSimpleKey = true;
    pushIndicator(kind);
}

void SafeLoad::fetchFlowCollectionEnd(Tok kind)
{
    removeSimpleKey();
    --m_flowLevel;
    m_allowSimpleKey = false;
    pushIndicator(kind);
}

void SafeLoad::fetchFlowEntry()
{
    m_allowSimpleKey = true;
    removeSimpleKey();
    pushIndicator(Tok::FlowEntry);
}

void SafeLoad::fetchBlockEntry()
{
    if (!inFlow()) {
        if (!m_allowSimpleKey)
            fail(text("sequence entries are not allowed here"), mark());
        if (addIndent(m_column))
            push(Tok::BlockSequenceStart, mark(), mark());
    }
    m_allowSimpleKey = true;
    removeSimpleKey();
    pushIndicator(Tok::BlockEntry);
}

void SafeLoad::fetchKey()
{
    if (!inFlow()) {
        if (!m_allowSimpleKey)
            fail(text("mapping keys are not allowed here"), mark());
        if (addIndent(m_column))
            push(Tok::BlockMappingStart, mark(), mark());
    }
    m_allowSimpleKey = !inFlow();
    removeSimpleKey();
    pushIndicator(Tok::Key);
}

// A ':' turns the pending simple key into a KEY token, inserted where that key began.
void SafeLoad::fetchValue()
{
    if (const auto it = m_simpleKeys.find(m_flowLevel); it != m_simpleKeys.end()) {
        const SimpleKey key = it->second;
        m_simpleKeys.erase(it);
        const auto at = m_tokens.begin() + std::ptrdiff_t(key.tokenNumber - m_tokensTaken);
        const auto keyAt = m_tokens.insert(at, Token{Tok::Key, key.mark, key.mark});
        if (!inFlow() && addIndent(key.mark.column))
            m_tokens.insert(keyAt, Token{Tok::BlockMappingStart, key.mark, key.mark});
        m_allowSimpleKey = false;
    } else {
        if (!inFlow()) {
            if (!m_allowSimpleKey)
                fail(text("mapping values are not allowed here"), mark());
            if (addIndent(m_column))
                push(Tok::BlockMappingStart, mark(), mark());
        }
        m_allowSimpleKey = !inFlow();
        removeSimpleKey();
    }
    pushIndicator(Tok::Value);
}

// A plain scalar starts with anything but an indicator, or with '-', '?' or ':' glued to the
// next character ('-' only, in a flow collection).
bool SafeLoad::checkPlain() const
{
    const char32_t c = peek();
    if (!isIn(c, U"\0 \t\r\n\x85\u2028\u2029-?:,[]{}#&*!|>'\"%@`"sv))
        return true;
    return !isIn(peek(1), kBlanksZ) && (c == U'-' || (!inFlow() && (c == U'?' || c == U':')));
}

bool SafeLoad::atDocumentSeparator() const
{
    const U p = prefix(3);
    return (p == U"---" || p == U"...") && isIn(peek(3), kBlanksZ);
}

void SafeLoad::scanToNextToken()
{
    if (m_ptr == 0 && peek() == 0xFEFF)
        forward();
    for (;;) {
        while (peek() == U' ')
            forward();
        if (peek() == U'#')
            while (!isIn(peek(), kBreaksZ))
                forward();
        if (scanLineBreak().empty())
            return;
        if (!inFlow())
            m_allowSimpleKey = true;
    }
}

Token SafeLoad::scanDirective()
{
    const Mark start = mark();
    forward();
    Token t{Tok::Directive, start, start};
    t.value = scanDirectiveName(start);
    const QString context = text("while scanning a directive");
    if (t.value == U"YAML") {
        while (peek() == U' ')
            forward();
        t.versionOne = scanYamlDirectiveNumberIsOne(start);
        if (peek() != U'.')
            fail(context, start, text("expected a digit or '.', but found ") + pyRepr(peek()), mark());
        forward();
        scanYamlDirectiveNumberIsOne(start);
        if (!isIn(peek(), kSpacesBreaksZ))
            fail(context, start, text("expected a digit or ' ', but found ") + pyRepr(peek()), mark());
    } else if (t.value == U"TAG") {
        while (peek() == U' ')
            forward();
        t.handle = scanTagHandle(text("directive"), start);
        if (peek() != U' ')
            fail(context, start, text("expected ' ', but found ") + pyRepr(peek()), mark());
        while (peek() == U' ')
            forward();
        t.tagPrefix = scanTagUri(text("directive"), start);
        if (!isIn(peek(), kSpacesBreaksZ))
            fail(context, start, text("expected ' ', but found ") + pyRepr(peek()), mark());
    } else {
        while (!isIn(peek(), kBreaksZ))
            forward();
    }
    t.end = mark();
    scanDirectiveIgnoredLine(start);
    return t;
}

U SafeLoad::scanDirectiveName(const Mark& start)
{
    std::size_t length = 0;
    while (isWordChar(peek(length)))
        ++length;
    const QString problem = text("expected alphabetic or numeric character, but found ");
    if (length == 0)
        fail(text("while scanning a directive"), start, problem + pyRepr(peek(length)), mark());
    U name = prefix(length);
    forward(length);
    if (!isIn(peek(), kSpacesBreaksZ))
        fail(text("while scanning a directive"), start, problem + pyRepr(peek()), mark());
    return name;
}

bool SafeLoad::scanYamlDirectiveNumberIsOne(const Mark& start)
{
    const auto isDigit = [](char32_t c) { return c >= U'0' && c <= U'9'; };
    if (!isDigit(peek()))
        fail(text("while scanning a directive"), start,
             text("expected a digit, but found ") + pyRepr(peek()), mark());
    std::size_t length = 0;
    while (isDigit(peek(length)))
        ++length;
    const U digits = prefix(length);
    forward(length);
    const std::size_t first = digits.find_first_not_of(U'0');
    return first != U::npos && digits.substr(first) == U"1";
}

void SafeLoad::scanDirectiveIgnoredLine(const Mark& start)
{
    while (peek() == U' ')
        forward();
    if (peek() == U'#')
        while (!isIn(peek(), kBreaksZ))
            forward();
    if (!isIn(peek(), kBreaksZ))
        fail(text("while scanning a directive"), start,
             text("expected a comment or a line break, but found ") + pyRepr(peek()), mark());
    scanLineBreak();
}

// Anchor and alias names are restricted to ASCII letters, digits, '-' and '_'.
Token SafeLoad::scanAnchor(Tok kind)
{
    const Mark start = mark();
    const QString context = text(kind == Tok::Alias ? "while scanning an alias" : "while scanning an anchor");
    const QString problem = text("expected alphabetic or numeric character, but found ");
    forward();
    std::size_t length = 0;
    while (isWordChar(peek(length)))
        ++length;
    if (length == 0)
        fail(context, start, problem + pyRepr(peek(length)), mark());
    Token t{kind, start, start};
    t.value = prefix(length);
    forward(length);
    if (!isIn(peek(), U"\0 \t\r\n\x85\u2028\u2029?:,]}%@`"sv))
        fail(context, start, problem + pyRepr(peek()), mark());
    t.end = mark();
    return t;
}

Token SafeLoad::scanTag()
{
    const Mark start = mark();
    Token t{Tok::Tag, start, start};
    char32_t c = peek(1);
    if (c == U'<') {
        forward(2);
        t.value = scanTagUri(text("tag"), start);
        if (peek() != U'>')
            fail(text("while parsing a tag"), start, text("expected '>', but found ") + pyRepr(peek()), mark());
        forward();
    } else if (isIn(c, kBlanksZ)) {
        t.value = U"!";
        forward();
    } else {
        // `!handle!suffix` when a second '!' follows before the next blank, else `!suffix`.
        bool named = false;
        for (std::size_t length = 1; !isIn(c, kSpacesBreaksZ); c = peek(++length))
            if (c == U'!') {
                named = true;
                break;
            }
        if (named) {
            t.handle = scanTagHandle(text("tag"), start);
        } else {
            t.handle = U"!";
            forward();
        }
        t.value = scanTagUri(text("tag"), start);
    }
    if (!isIn(peek(), kSpacesBreaksZ))
        fail(text("while scanning a tag"), start, text("expected ' ', but found ") + pyRepr(peek()), mark());
    t.end = mark();
    return t;
}

Token SafeLoad::scanBlockScalar(bool folded)
{
    const Mark start = mark();
    const QString context = text("while scanning a block scalar");
    forward();
    std::optional<bool> keepTail; // '+' keeps trailing line breaks, '-' strips them
    int increment = 0;
    const auto readIndicator = [&](bool digit) {
        const char32_t c = peek();
        if (!digit && (c == U'+' || c == U'-')) {
            keepTail = c == U'+';
            forward();
            return true;
        }
        if (digit && c >= U'0' && c <= U'9') {
            if (c == U'0')
                fail(context, start,
                     text("expected indentation indicator in the range 1-9, but found 0"), mark());
            increment = int(c - U'0');
            forward();
            return true;
        }
        return false;
    };
    if (readIndicator(false))
        readIndicator(true);
    else if (readIndicator(true))
        readIndicator(false);
    if (!isIn(peek(), kSpacesBreaksZ))
        fail(context, start,
             text("expected chomping or indentation indicators, but found ") + pyRepr(peek()), mark());
    scanBlockScalarIgnoredLine(start);

    const int minIndent = std::max(m_indent + 1, 1);
    int indent = 0;
    Mark end = mark();
    U breaks;
    if (increment == 0) {
        // Without an indicator the first non-empty line decides the indentation.
        int maxIndent = 0;
        while (isIn(peek(), U" \r\n\x85\u2028\u2029"sv)) {
            if (peek() != U' ') {
                breaks += scanLineBreak();
                end = mark();
            } else {
                forward();
                maxIndent = std::max(maxIndent, m_column);
            }
        }
        indent = std::max(minIndent, maxIndent);
    } else {
        indent = minIndent + increment - 1;
        breaks = scanBlockScalarBreaks(indent, end);
    }

    U value;
    U lineBreak;
    while (m_column == indent && peek() != U'\0') {
        value += breaks;
        const bool leadingNonSpace = peek() != U' ' && peek() != U'\t';
        std::size_t length = 0;
        while (!isIn(peek(length), kBreaksZ))
            ++length;
        value += prefix(length);
        forward(length);
        lineBreak = scanLineBreak();
        breaks = scanBlockScalarBreaks(indent, end);
        if (m_column != indent || peek() == U'\0')
            break;
        if (folded && lineBreak == U"\n" && leadingNonSpace && peek() != U' ' && peek() != U'\t') {
            if (breaks.empty())
                value += U' ';
        } else {
            value += lineBreak;
        }
    }
    if (keepTail != false)
        value += lineBreak;
    if (keepTail == true)
        value += breaks;
    Token t{Tok::Scalar, start, end};
    t.value = std::move(value);
    return t;
}

void SafeLoad::scanBlockScalarIgnoredLine(const Mark& start)
{
    while (peek() == U' ')
        forward();
    if (peek() == U'#')
        while (!isIn(peek(), kBreaksZ))
            forward();
    if (!isIn(peek(), kBreaksZ))
        fail(text("while scanning a block scalar"), start,
             text("expected a comment or a line break, but found ") + pyRepr(peek()), mark());
    scanLineBreak();
}

U SafeLoad::scanBlockScalarBreaks(int indent, Mark& end)
{
    U breaks;
    end = mark();
    while (m_column < indent && peek() == U' ')
        forward();
    while (isIn(peek(), kBreaks)) {
        breaks += scanLineBreak();
        end = mark();
        while (m_column < indent && peek() == U' ')
            forward();
    }
    return breaks;
}

Token SafeLoad::scanFlowScalar(bool doubleQuoted)
{
    const Mark start = mark();
    const char32_t quote = peek();
    forward();
    U value = scanFlowScalarNonSpaces(doubleQuoted, start);
    while (peek() != quote) {
        value += scanFlowScalarSpaces(start);
        value += scanFlowScalarNonSpaces(doubleQuoted, start);
    }
    forward();
    Token t{Tok::Scalar, start, mark()};
    t.value = std::move(value);
    return t;
}

U SafeLoad::scanFlowScalarNonSpaces(bool doubleQuoted, const Mark& start)
{
    static const std::map<char32_t, char32_t> replacements = {
        {U'0', 0}, {U'a', 0x07}, {U'b', 0x08}, {U't', 0x09}, {U'\t', 0x09}, {U'n', 0x0A},
        {U'v', 0x0B}, {U'f', 0x0C}, {U'r', 0x0D}, {U'e', 0x1B}, {U' ', 0x20}, {U'"', U'"'},
        {U'\\', U'\\'}, {U'/', U'/'}, {U'N', 0x85}, {U'_', 0xA0}, {U'L', 0x2028}, {U'P', 0x2029}};
    const QString context = text("while scanning a double-quoted scalar");
    U value;
    for (;;) {
        std::size_t length = 0;
        while (!isIn(peek(length), U"'\"\\\0 \t\r\n\x85\u2028\u2029"sv))
            ++length;
        value += prefix(length);
        forward(length);
        const char32_t c = peek();
        if (!doubleQuoted && c == U'\'' && peek(1) == U'\'') {
            value += U'\'';
            forward(2);
        } else if ((doubleQuoted && c == U'\'') || (!doubleQuoted && (c == U'"' || c == U'\\'))) {
            value += c;
            forward();
        } else if (doubleQuoted && c == U'\\') {
            forward();
            const char32_t e = peek();
            if (const auto r = replacements.find(e); r != replacements.end()) {
                value += r->second;
                forward();
            } else if (e == U'x' || e == U'u' || e == U'U') {
                const std::size_t digits = e == U'x' ? 2 : e == U'u' ? 4 : 8;
                forward();
                for (std::size_t k = 0; k < digits; ++k)
                    if (!isHexDigit(peek(k)))
                        fail(context, start,
                             QStringLiteral("expected escape sequence of %1 hexadecimal numbers, but found ")
                                     .arg(digits)
                                 + pyRepr(peek(k)),
                             mark());
                const uint code = fromU(prefix(digits)).toUInt(nullptr, 16);
                if (code > 0x10FFFF)
                    throw GiveUp{}; // chr() raises ValueError
                value += char32_t(code);
                forward(digits);
            } else if (isIn(e, kBreaks)) {
                scanLineBreak();
                value += scanFlowScalarBreaks(start);
            } else {
                fail(context, start, text("found unknown escape character ") + pyRepr(e), mark());
            }
        } else {
            return value;
        }
    }
}

U SafeLoad::scanFlowScalarSpaces(const Mark& start)
{
    std::size_t length = 0;
    while (peek(length) == U' ' || peek(length) == U'\t')
        ++length;
    const U spaces = prefix(length);
    forward(length);
    const char32_t c = peek();
    if (c == U'\0')
        fail(text("while scanning a quoted scalar"), start, text("found unexpected end of stream"), mark());
    if (!isIn(c, kBreaks))
        return spaces;
    const U lineBreak = scanLineBreak();
    const U breaks = scanFlowScalarBreaks(start);
    // A single line break folds into a space.
    return (lineBreak != U"\n" ? lineBreak : breaks.empty() ? U(U" ") : U()) + breaks;
}

// Quoted scalars may ignore indentation, but not run into a document separator.
U SafeLoad::scanFlowScalarBreaks(const Mark& start)
{
    U breaks;
    for (;;) {
        if (atDocumentSeparator())
            fail(text("while scanning a quoted scalar"), start,
                 text("found unexpected document separator"), mark());
        while (peek() == U' ' || peek() == U'\t')
            forward();
        if (!isIn(peek(), kBreaks))
            return breaks;
        breaks += scanLineBreak();
    }
}

Token SafeLoad::scanPlain()
{
    const Mark start = mark();
    Token t{Tok::Scalar, start, start};
    t.plain = true;
    const int indent = m_indent + 1;
    U spaces;
    while (peek() != U'#') {
        std::size_t length = 0;
        for (;; ++length) {
            const char32_t c = peek(length);
            if (isIn(c, kBlanksZ) || (c == U':' && isIn(peek(length + 1), inFlow() ? kBlanksZFlow : kBlanksZ))
                || (inFlow() && isIn(c, U",?[]{}"sv)))
                break;
        }
        if (length == 0)
            break;
        m_allowSimpleKey = false;
        t.value += spaces;
        t.value += prefix(length);
        forward(length);
        t.end = mark();
        const std::optional<U> next = scanPlainSpaces();
        if (!next || next->empty() || peek() == U'#' || (!inFlow() && m_column < indent))
            break;
        spaces = *next;
    }
    return t;
}

// The white space after a word of a plain scalar, folded; nothing at a document separator.
std::optional<U> SafeLoad::scanPlainSpaces()
{
    std::size_t length = 0;
    while (peek(length) == U' ')
        ++length;
    U spaces = prefix(length);
    forward(length);
    if (!isIn(peek(), kBreaks))
        return spaces;
    const U lineBreak = scanLineBreak();
    m_allowSimpleKey = true;
    if (atDocumentSeparator())
        return std::nullopt;
    U breaks;
    while (isIn(peek(), U" \r\n\x85\u2028\u2029"sv)) {
        if (peek() == U' ') {
            forward();
        } else {
            breaks += scanLineBreak();
            if (atDocumentSeparator())
                return std::nullopt;
        }
    }
    return (lineBreak != U"\n" ? lineBreak : breaks.empty() ? U(U" ") : U()) + breaks;
}

U SafeLoad::scanTagHandle(const QString& name, const Mark& start)
{
    const QString context = text("while scanning a ") + name;
    if (peek() != U'!')
        fail(context, start, text("expected '!', but found ") + pyRepr(peek()), mark());
    std::size_t length = 1;
    if (peek(1) != U' ') {
        while (isWordChar(peek(length)))
            ++length;
        if (peek(length) != U'!') {
            const char32_t c = peek(length);
            forward(length);
            fail(context, start, text("expected '!', but found ") + pyRepr(c), mark());
        }
        ++length;
    }
    U handle = prefix(length);
    forward(length);
    return handle;
}

U SafeLoad::scanTagUri(const QString& name, const Mark& start)
{
    U uri;
    bool any = false;
    std::size_t length = 0;
    for (char32_t c = peek(); isWordChar(c) || isIn(c, U";/?:@&=+$,.!~*'()[]%"sv); c = peek(length)) {
        if (c == U'%') {
            uri += prefix(length);
            forward(length);
            length = 0;
            uri += scanUriEscapes(name, start);
            any = true;
        } else {
            ++length;
        }
    }
    if (length) {
        uri += prefix(length);
        forward(length);
        any = true;
    }
    if (!any)
        fail(text("while parsing a ") + name, start, text("expected URI, but found ") + pyRepr(peek()), mark());
    return uri;
}

U SafeLoad::scanUriEscapes(const QString& name, const Mark& start)
{
    std::vector<unsigned char> bytes;
    const Mark first = mark();
    while (peek() == U'%') {
        forward();
        for (std::size_t k = 0; k < 2; ++k)
            if (!isHexDigit(peek(k)))
                fail(text("while scanning a ") + name, start,
                     text("expected URI escape sequence of 2 hexadecimal numbers, but found ")
                         + pyRepr(peek(k)),
                     mark());
        bytes.push_back(static_cast<unsigned char>(fromU(prefix(2)).toUInt(nullptr, 16)));
        forward(2);
    }
    auto [decoded, error] = decodeUtf8(bytes);
    if (!error.isEmpty())
        fail(text("while scanning a ") + name, start, error, first);
    return decoded;
}

U SafeLoad::scanLineBreak()
{
    const char32_t c = peek();
    if (c == U'\r' || c == U'\n' || c == 0x85) {
        forward(prefix(2) == U"\r\n" ? 2 : 1);
        return U"\n";
    }
    if (c == 0x2028 || c == 0x2029) {
        forward();
        return U(1, c);
    }
    return {};
}

// ---- Parser ------------------------------------------------------------------------------------

bool SafeLoad::checkEvent(Ev kind)
{
    if (!m_event && m_state)
        m_event = (this->*m_state)();
    return m_event && m_event->kind == kind;
}

// The parser only runs out of events after the stream end, which nothing asks past.
const Event& SafeLoad::peekEvent()
{
    if (!m_event)
        m_event = (this->*m_state)();
    return *m_event;
}

Event SafeLoad::getEvent()
{
    peekEvent();
    Event e = std::move(*m_event);
    m_event.reset();
    return e;
}

SafeLoad::State SafeLoad::popState()
{
    const State s = m_states.back();
    m_states.pop_back();
    return s;
}

Event SafeLoad::parseStreamStart()
{
    const Token t = getToken();
    m_state = &SafeLoad::parseImplicitDocumentStart;
    return {Ev::StreamStart, t.start};
}

Event SafeLoad::parseImplicitDocumentStart()
{
    if (checkToken({Tok::Directive, Tok::DocumentStart, Tok::StreamEnd}))
        return parseDocumentStart();
    m_tagHandles = {{U"!", U"!"}, {U"!!", U(kYamlTagPrefix)}};
    m_states.push_back(&SafeLoad::parseDocumentEnd);
    m_state = &SafeLoad::parseBlockNode;
    return {Ev::DocumentStart, peekToken().start};
}

Event SafeLoad::parseDocumentStart()
{
    while (checkToken({Tok::DocumentEnd}))
        getToken();
    if (checkToken({Tok::StreamEnd})) {
        const Token t = getToken();
        m_state = nullptr;
        return {Ev::StreamEnd, t.start};
    }
    const Mark start = peekToken().start;
    processDirectives();
    if (!checkToken({Tok::DocumentStart}))
        fail(text("expected '<document start>', but found ") + pyRepr(tokenId(peekToken().kind)),
             peekToken().start);
    getToken();
    m_states.push_back(&SafeLoad::parseDocumentEnd);
    m_state = &SafeLoad::parseDocumentContent;
    return {Ev::DocumentStart, start};
}

Event SafeLoad::parseDocumentEnd()
{
    const Mark start = peekToken().start;
    if (checkToken({Tok::DocumentEnd}))
        getToken();
    m_state = &SafeLoad::parseDocumentStart;
    return {Ev::DocumentEnd, start};
}

Event SafeLoad::parseDocumentContent()
{
    if (checkToken({Tok::Directive, Tok::DocumentStart, Tok::DocumentEnd, Tok::StreamEnd})) {
        m_state = popState();
        return emptyScalar(peekToken().start);
    }
    return parseBlockNode();
}

void SafeLoad::processDirectives()
{
    bool versionSeen = false;
    m_tagHandles.clear();
    while (checkToken({Tok::Directive})) {
        const Token t = getToken();
        if (t.value == U"YAML") {
            if (versionSeen)
                fail(text("found duplicate YAML directive"), t.start);
            if (!t.versionOne)
                fail(text("found incompatible YAML document (version 1.* is required)"), t.start);
            versionSeen = true;
        } else if (t.value == U"TAG") {
            if (m_tagHandles.contains(*t.handle))
                fail(text("duplicate tag handle ") + pyRepr(*t.handle), t.start);
            m_tagHandles[*t.handle] = t.tagPrefix;
        }
    }
    m_tagHandles.try_emplace(U"!", U"!");
    m_tagHandles.try_emplace(U"!!", U(kYamlTagPrefix));
}

Event SafeLoad::parseNode(bool block, bool indentlessSequence)
{
    if (checkToken({Tok::Alias})) {
        const Token t = getToken();
        m_state = popState();
        return {Ev::Alias, t.start, t.value};
    }
    std::optional<U> anchor;
    std::optional<Token> tagToken;
    std::optional<Mark> start;
    if (checkToken({Tok::Anchor})) {
        const Token t = getToken();
        start = t.start;
        anchor = t.value;
        if (checkToken({Tok::Tag}))
            tagToken = getToken();
    } else if (checkToken({Tok::Tag})) {
        tagToken = getToken();
        start = tagToken->start;
        if (checkToken({Tok::Anchor}))
            anchor = getToken().value;
    }
    std::optional<U> tag;
    if (tagToken && tagToken->handle) {
        const auto h = m_tagHandles.find(*tagToken->handle);
        if (h == m_tagHandles.end())
            fail(text("while parsing a node"), start,
                 text("found undefined tag handle ") + pyRepr(*tagToken->handle), tagToken->start);
        tag = h->second + tagToken->value;
    } else if (tagToken) {
        tag = tagToken->value;
    }
    if (!start)
        start = peekToken().start;
    const bool untagged = !tag || *tag == U"!";
    if (indentlessSequence && checkToken({Tok::BlockEntry})) {
        m_state = &SafeLoad::parseIndentlessSequenceEntry;
        return {Ev::SequenceStart, *start, anchor, tag};
    }
    if (checkToken({Tok::Scalar})) {
        const Token t = getToken();
        m_state = popState();
        return {Ev::Scalar, *start, anchor, tag, (t.plain && !tag) || (tag && *tag == U"!"), t.value};
    }
    const std::pair<Tok, State> collections[] = {
        {Tok::FlowSequenceStart, &SafeLoad::parseFlowSequenceFirstEntry},
        {Tok::FlowMappingStart, &SafeLoad::parseFlowMappingFirstKey},
        {Tok::BlockSequenceStart, &SafeLoad::parseBlockSequenceFirstEntry},
        {Tok::BlockMappingStart, &SafeLoad::parseBlockMappingFirstKey}};
    for (const auto& [kind, state] : collections) {
        const bool blockOnly = kind == Tok::BlockSequenceStart || kind == Tok::BlockMappingStart;
        if ((block || !blockOnly) && checkToken({kind})) {
            m_state = state;
            const bool sequence = kind == Tok::FlowSequenceStart || kind == Tok::BlockSequenceStart;
            return {sequence ? Ev::SequenceStart : Ev::MappingStart, *start, anchor, tag};
        }
    }
    if (anchor || tag) {
        m_state = popState();
        return {Ev::Scalar, *start, anchor, tag, untagged, {}};
    }
    fail(text(block ? "while parsing a block node" : "while parsing a flow node"), start,
         text("expected the node content, but found ") + pyRepr(tokenId(peekToken().kind)),
         peekToken().start);
}

Event SafeLoad::parseBlockSequenceFirstEntry()
{
    m_marks.push_back(getToken().start);
    return parseBlockSequenceEntry();
}

Event SafeLoad::parseBlockSequenceEntry()
{
    if (checkToken({Tok::BlockEntry})) {
        const Token t = getToken();
        if (!checkToken({Tok::BlockEntry, Tok::BlockEnd})) {
            m_states.push_back(&SafeLoad::parseBlockSequenceEntry);
            return parseBlockNode();
        }
        m_state = &SafeLoad::parseBlockSequenceEntry;
        return emptyScalar(t.end);
    }
    if (!checkToken({Tok::BlockEnd}))
        fail(text("while parsing a block collection"), m_marks.back(),
             text("expected <block end>, but found ") + pyRepr(tokenId(peekToken().kind)),
             peekToken().start);
    const Token t = getToken();
    m_state = popState();
    m_marks.pop_back();
    return {Ev::SequenceEnd, t.start};
}

Event SafeLoad::parseIndentlessSequenceEntry()
{
    if (checkToken({Tok::BlockEntry})) {
        const Token t = getToken();
        if (!checkToken({Tok::BlockEntry, Tok::Key, Tok::Value, Tok::BlockEnd})) {
            m_states.push_back(&SafeLoad::parseIndentlessSequenceEntry);
            return parseBlockNode();
        }
        m_state = &SafeLoad::parseIndentlessSequenceEntry;
        return emptyScalar(t.end);
    }
    m_state = popState();
    return {Ev::SequenceEnd, peekToken().start};
}

Event SafeLoad::parseBlockMappingFirstKey()
{
    m_marks.push_back(getToken().start);
    return parseBlockMappingKey();
}

Event SafeLoad::parseBlockMappingKey()
{
    if (checkToken({Tok::Key})) {
        const Token t = getToken();
        if (!checkToken({Tok::Key, Tok::Value, Tok::BlockEnd})) {
            m_states.push_back(&SafeLoad::parseBlockMappingValue);
            return parseBlockNodeOrIndentlessSequence();
        }
        m_state = &SafeLoad::parseBlockMappingValue;
        return emptyScalar(t.end);
    }
    if (!checkToken({Tok::BlockEnd}))
        fail(text("while parsing a block mapping"), m_marks.back(),
             text("expected <block end>, but found ") + pyRepr(tokenId(peekToken().kind)),
             peekToken().start);
    const Token t = getToken();
    m_state = popState();
    m_marks.pop_back();
    return {Ev::MappingEnd, t.start};
}

Event SafeLoad::parseBlockMappingValue()
{
    if (checkToken({Tok::Value})) {
        const Token t = getToken();
        if (!checkToken({Tok::Key, Tok::Value, Tok::BlockEnd})) {
            m_states.push_back(&SafeLoad::parseBlockMappingKey);
            return parseBlockNodeOrIndentlessSequence();
        }
        m_state = &SafeLoad::parseBlockMappingKey;
        return emptyScalar(t.end);
    }
    m_state = &SafeLoad::parseBlockMappingKey;
    return emptyScalar(peekToken().start);
}

Event SafeLoad::parseFlowSequenceFirstEntry()
{
    m_marks.push_back(getToken().start);
    return flowSequenceEntry(true);
}

Event SafeLoad::flowSequenceEntry(bool first)
{
    if (!checkToken({Tok::FlowSequenceEnd})) {
        if (!first) {
            if (!checkToken({Tok::FlowEntry}))
                fail(text("while parsing a flow sequence"), m_marks.back(),
                     text("expected ',' or ']', but got ") + pyRepr(tokenId(peekToken().kind)),
                     peekToken().start);
            getToken();
        }
        if (checkToken({Tok::Key})) {
            // `[a: b]` holds a single-pair mapping.
            m_state = &SafeLoad::parseFlowSequenceEntryMappingKey;
            return {Ev::MappingStart, peekToken().start};
        }
        if (!checkToken({Tok::FlowSequenceEnd})) {
            m_states.push_back(&SafeLoad::parseFlowSequenceEntry);
            return parseFlowNode();
        }
    }
    const Token t = getToken();
    m_state = popState();
    m_marks.pop_back();
    return {Ev::SequenceEnd, t.start};
}

Event SafeLoad::parseFlowSequenceEntryMappingKey()
{
    const Token t = getToken();
    if (!checkToken({Tok::Value, Tok::FlowEntry, Tok::FlowSequenceEnd})) {
        m_states.push_back(&SafeLoad::parseFlowSequenceEntryMappingValue);
        return parseFlowNode();
    }
    m_state = &SafeLoad::parseFlowSequenceEntryMappingValue;
    return emptyScalar(t.end);
}

Event SafeLoad::parseFlowSequenceEntryMappingValue()
{
    if (checkToken({Tok::Value})) {
        const Token t = getToken();
        if (!checkToken({Tok::FlowEntry, Tok::FlowSequenceEnd})) {
            m_states.push_back(&SafeLoad::parseFlowSequenceEntryMappingEnd);
            return parseFlowNode();
        }
        m_state = &SafeLoad::parseFlowSequenceEntryMappingEnd;
        return emptyScalar(t.end);
    }
    m_state = &SafeLoad::parseFlowSequenceEntryMappingEnd;
    return emptyScalar(peekToken().start);
}

Event SafeLoad::parseFlowSequenceEntryMappingEnd()
{
    m_state = &SafeLoad::parseFlowSequenceEntry;
    return {Ev::MappingEnd, peekToken().start};
}

Event SafeLoad::parseFlowMappingFirstKey()
{
    m_marks.push_back(getToken().start);
    return flowMappingKey(true);
}

Event SafeLoad::flowMappingKey(bool first)
{
    if (!checkToken({Tok::FlowMappingEnd})) {
        if (!first) {
            if (!checkToken({Tok::FlowEntry}))
                fail(text("while parsing a flow mapping"), m_marks.back(),
                     text("expected ',' or '}', but got ") + pyRepr(tokenId(peekToken().kind)),
                     peekToken().start);
            getToken();
        }
        if (checkToken({Tok::Key})) {
            const Token t = getToken();
            if (!checkToken({Tok::Value, Tok::FlowEntry, Tok::FlowMappingEnd})) {
                m_states.push_back(&SafeLoad::parseFlowMappingValue);
                return parseFlowNode();
            }
            m_state = &SafeLoad::parseFlowMappingValue;
            return emptyScalar(t.end);
        }
        if (!checkToken({Tok::FlowMappingEnd})) {
            m_states.push_back(&SafeLoad::parseFlowMappingEmptyValue);
            return parseFlowNode();
        }
    }
    const Token t = getToken();
    m_state = popState();
    m_marks.pop_back();
    return {Ev::MappingEnd, t.start};
}

Event SafeLoad::parseFlowMappingValue()
{
    if (checkToken({Tok::Value})) {
        const Token t = getToken();
        if (!checkToken({Tok::FlowEntry, Tok::FlowMappingEnd})) {
            m_states.push_back(&SafeLoad::parseFlowMappingKey);
            return parseFlowNode();
        }
        m_state = &SafeLoad::parseFlowMappingKey;
        return emptyScalar(t.end);
    }
    m_state = &SafeLoad::parseFlowMappingKey;
    return emptyScalar(peekToken().start);
}

Event SafeLoad::parseFlowMappingEmptyValue()
{
    m_state = &SafeLoad::parseFlowMappingKey;
    return emptyScalar(peekToken().start);
}

// ---- Composer ----------------------------------------------------------------------------------

Node* SafeLoad::newNode(NodeKind kind, const Event& event, U tag)
{
    m_nodes.push_back(std::make_unique<Node>(Node{kind, std::move(tag), event.start, event.value, {}, {}}));
    Node* node = m_nodes.back().get();
    if (event.anchor)
        m_anchors[*event.anchor] = node;
    return node;
}

Node* SafeLoad::composeNode(int depth)
{
    if (depth > kMaxDepth)
        throw GiveUp{};
    if (checkEvent(Ev::Alias)) {
        const Event e = getEvent();
        const auto it = m_anchors.find(*e.anchor);
        if (it == m_anchors.end())
            fail(text("found undefined alias ") + pyRepr(*e.anchor), e.start);
        return it->second;
    }
    if (const Event& next = peekEvent(); next.anchor) {
        if (const auto it = m_anchors.find(*next.anchor); it != m_anchors.end())
            fail(text("found duplicate anchor ") + pyRepr(*next.anchor) + text("; first occurrence"),
                 it->second->start, text("second occurrence"), next.start);
    }
    const Event e = getEvent();
    const bool untagged = !e.tag || *e.tag == U"!";
    if (e.kind == Ev::Scalar) {
        const U tag = !untagged ? *e.tag : e.resolvable ? U(implicitTag(e.value)) : U(kStrTag);
        return newNode(NodeKind::Scalar, e, tag);
    }
    if (e.kind == Ev::SequenceStart) {
        Node* node = newNode(NodeKind::Sequence, e, untagged ? U(kSeqTag) : *e.tag);
        while (!checkEvent(Ev::SequenceEnd))
            node->items.push_back(composeNode(depth + 1));
        getEvent();
        return node;
    }
    Node* node = newNode(NodeKind::Mapping, e, untagged ? U(kMapTag) : *e.tag);
    while (!checkEvent(Ev::MappingEnd)) {
        Node* key = composeNode(depth + 1);
        node->pairs.emplace_back(key, composeNode(depth + 1));
    }
    getEvent();
    return node;
}

// ---- Constructor -------------------------------------------------------------------------------

// Builds a node as SafeConstructor would, or queues a collection to be filled later (PyYAML's
// generators fill collections after the node that holds them). Returns whether the built value
// could be a dict key.
bool SafeLoad::constructObject(Node* node)
{
    if (const auto it = m_built.find(node); it != m_built.end())
        return it->second;
    const UView tag = node->tag;
    const auto named = [&](UView name) {
        return tag.starts_with(kYamlTagPrefix) && tag.substr(kYamlTagPrefix.size()) == name;
    };
    for (const UView scalar : {U"null"sv, U"bool"sv, U"int"sv, U"float"sv, U"binary"sv, U"timestamp"sv, U"str"sv}) {
        if (named(scalar)) {
            const Node* scalarNode = constructScalar(node);
            if (scalar == U"binary"sv)
                if (const QString error = binaryError(scalarNode->value); !error.isEmpty())
                    fail(error, node->start);
            if (!pythonConverts(scalar, scalarNode->value))
                throw GiveUp{};
            return m_built[node] = true;
        }
    }
    for (const UView collection : {U"seq"sv, U"map"sv, U"set"sv, U"omap"sv, U"pairs"sv}) {
        if (named(collection)) {
            m_unfilled.push_back(node);
            return m_built[node] = false; // list, dict or set: unhashable
        }
    }
    fail(text("could not determine a constructor for the tag ") + pyRepr(tag), node->start);
}

// The scalar whose text a scalar constructor reads: the node, or the `=` entry of a mapping.
const Node* SafeLoad::constructScalar(const Node* node, int depth)
{
    if (depth > kMaxDepth)
        throw GiveUp{};
    if (node->kind == NodeKind::Mapping)
        for (const auto& [key, value] : node->pairs)
            if (key->tag == kValueTag)
                return constructScalar(value, depth + 1);
    if (node->kind != NodeKind::Scalar)
        fail(text("expected a scalar node, but found ") + node->id(), node->start);
    return node;
}

void SafeLoad::fillCollection(Node* node)
{
    const UView tag = UView(node->tag).substr(kYamlTagPrefix.size());
    if (tag == U"seq") {
        if (node->kind != NodeKind::Sequence)
            fail(text("expected a sequence node, but found ") + node->id(), node->start);
        for (Node* item : node->items)
            constructObject(item);
    } else if (tag == U"map" || tag == U"set") {
        constructMapping(node);
    } else {
        const QString context = text(tag == U"omap" ? "while constructing an ordered map" : "while constructing pairs");
        if (node->kind != NodeKind::Sequence)
            fail(context, node->start, text("expected a sequence, but found ") + node->id(), node->start);
        for (Node* item : node->items) {
            if (item->kind != NodeKind::Mapping)
                fail(context, node->start,
                     text("expected a mapping of length 1, but found ") + item->id(), item->start);
            if (item->pairs.size() != 1)
                fail(context, node->start,
                     QStringLiteral("expected a single mapping item, but found %1 items").arg(item->pairs.size()),
                     item->start);
            constructObject(item->pairs.front().first);
            constructObject(item->pairs.front().second);
        }
    }
}

void SafeLoad::constructMapping(Node* node)
{
    if (node->kind == NodeKind::Mapping)
        flattenMapping(node);
    if (node->kind != NodeKind::Mapping)
        fail(text("expected a mapping node, but found ") + node->id(), node->start);
    for (const auto& [key, value] : node->pairs) {
        if (!constructObject(key))
            fail(text("while constructing a mapping"), node->start, text("found unhashable key"), key->start);
        constructObject(value);
    }
}

// Replaces `<<` keys by the pairs of the mappings they name, as SafeConstructor does in place.
void SafeLoad::flattenMapping(Node* node, int depth)
{
    if (depth > kMaxDepth)
        throw GiveUp{};
    std::vector<std::pair<Node*, Node*>> merged;
    const QString context = text("while constructing a mapping");
    for (std::size_t i = 0; i < node->pairs.size();) {
        auto [key, value] = node->pairs[i];
        if (key->tag == kValueTag) {
            key->tag = kStrTag;
            ++i;
            continue;
        }
        if (key->tag != kMergeTag) {
            ++i;
            continue;
        }
        node->pairs.erase(node->pairs.begin() + std::ptrdiff_t(i));
        if (value->kind == NodeKind::Mapping) {
            flattenMapping(value, depth + 1);
            merged.insert(merged.end(), value->pairs.begin(), value->pairs.end());
        } else if (value->kind == NodeKind::Sequence) {
            std::vector<Node*> sources;
            for (Node* source : value->items) {
                if (source->kind != NodeKind::Mapping)
                    fail(context, node->start,
                         text("expected a mapping for merging, but found ") + source->id(), source->start);
                flattenMapping(source, depth + 1);
                sources.push_back(source);
            }
            for (auto it = sources.rbegin(); it != sources.rend(); ++it)
                merged.insert(merged.end(), (*it)->pairs.begin(), (*it)->pairs.end());
        } else {
            fail(context, node->start,
                 text("expected a mapping or list of mappings for merging, but found ") + value->id(),
                 value->start);
        }
    }
    if (!merged.empty())
        node->pairs.insert(node->pairs.begin(), merged.begin(), merged.end());
}

// yaml.safe_load: exactly one document (or none), composed in full, then constructed.
void SafeLoad::load()
{
    getEvent(); // stream start
    Node* root = nullptr;
    if (!checkEvent(Ev::StreamEnd)) {
        getEvent(); // document start
        root = composeNode(0);
        getEvent(); // document end
        m_anchors.clear();
    }
    if (!checkEvent(Ev::StreamEnd)) {
        const Event next = getEvent();
        fail(text("expected a single document in the stream"), root->start,
             text("but found another document"), next.start);
    }
    if (!root)
        return;
    constructObject(root);
    while (!m_unfilled.empty()) {
        Node* node = m_unfilled.front();
        m_unfilled.pop_front();
        fillCollection(node);
    }
}

// The reader refuses control characters (other than tab and line breaks), surrogates and
// U+FFFE/U+FFFF before scanning anything.
std::optional<QString> unprintable(const U& input)
{
    for (std::size_t i = 0; i < input.size(); ++i) {
        const char32_t c = input[i];
        const bool ok = c == 0x09 || c == 0x0A || c == 0x0D || (c >= 0x20 && c <= 0x7E) || c == 0x85
            || (c >= 0xA0 && c <= 0xD7FF) || (c >= 0xE000 && c <= 0xFFFD) || (c >= 0x10000 && c <= 0x10FFFF);
        if (!ok)
            return QStringLiteral("unacceptable character #x%1: special characters are not allowed\n"
                                  "  in \"<unicode string>\", position %2")
                .arg(uint(c), 4, 16, QLatin1Char('0'))
                .arg(i);
    }
    return std::nullopt;
}

} // namespace

std::optional<QString> PyYamlCheck::firstError(const QString& yaml)
{
    const QList<uint> ucs = yaml.toUcs4();
    U input(ucs.begin(), ucs.end());
    if (auto error = unprintable(input))
        return error;
    try {
        SafeLoad(std::move(input)).load();
    } catch (const Failure& failure) {
        return failure.message;
    } catch (const GiveUp&) {
    }
    return std::nullopt;
}

} // namespace sediment
