#pragma once

#include "util/pyyaml/Text.h"

#include <QString>

#include <deque>
#include <initializer_list>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

// yaml.safe_load as PyYAML 6 runs it, far enough to decide whether a text loads and to word the
// first error. One class, its stages in files of their own: SafeLoad.cpp (errors, marks, the
// reader and the load itself), ScannerTokens.cpp (the token queue, simple keys, indentation),
// ScannerScalars.cpp (the text of each token), Parser.cpp (events) and Composer.cpp (nodes and
// the SafeConstructor checks).
namespace sediment::pyyaml {

struct Mark {
    std::size_t pointer = 0;
    int line = 0;
    int column = 0;
};

enum class Tok {
    StreamStart,
    StreamEnd,
    Directive,
    DocumentStart,
    DocumentEnd,
    BlockSequenceStart,
    BlockMappingStart,
    BlockEnd,
    FlowSequenceStart,
    FlowMappingStart,
    FlowSequenceEnd,
    FlowMappingEnd,
    Key,
    Value,
    BlockEntry,
    FlowEntry,
    Alias,
    Anchor,
    Tag,
    Scalar
};

// The token's `id`, which the parser's messages quote.
inline UView tokenId(Tok kind)
{
    switch (kind) {
    case Tok::StreamStart:
        return U"<stream start>"sv;
    case Tok::StreamEnd:
        return U"<stream end>"sv;
    case Tok::Directive:
        return U"<directive>"sv;
    case Tok::DocumentStart:
        return U"<document start>"sv;
    case Tok::DocumentEnd:
        return U"<document end>"sv;
    case Tok::BlockSequenceStart:
        return U"<block sequence start>"sv;
    case Tok::BlockMappingStart:
        return U"<block mapping start>"sv;
    case Tok::BlockEnd:
        return U"<block end>"sv;
    case Tok::FlowSequenceStart:
        return U"["sv;
    case Tok::FlowMappingStart:
        return U"{"sv;
    case Tok::FlowSequenceEnd:
        return U"]"sv;
    case Tok::FlowMappingEnd:
        return U"}"sv;
    case Tok::Key:
        return U"?"sv;
    case Tok::Value:
        return U":"sv;
    case Tok::BlockEntry:
        return U"-"sv;
    case Tok::FlowEntry:
        return U","sv;
    case Tok::Alias:
        return U"<alias>"sv;
    case Tok::Anchor:
        return U"<anchor>"sv;
    case Tok::Tag:
        return U"<tag>"sv;
    case Tok::Scalar:
        return U"<scalar>"sv;
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
    StreamStart,
    StreamEnd,
    DocumentStart,
    DocumentEnd,
    Alias,
    Scalar,
    SequenceStart,
    SequenceEnd,
    MappingStart,
    MappingEnd
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

    // The single document's node graph (nullptr when the text holds none), anchors resolved and
    // every scalar's tag decided, as PyYAML's composer leaves it.
    Node* compose();
    // SafeConstructor over that graph: the checks it makes in the order it makes them, `<<` merges
    // flattened in place. Throws GiveUp where Python itself would raise (a 2024-02-30, `!!int x`).
    void construct(Node* root);
    // Both, as yaml.safe_load runs them.
    void load() { construct(compose()); }

private:
    using State = Event (SafeLoad::*)();

    struct SimpleKey {
        std::size_t tokenNumber;
        bool required;
        Mark mark;
    };

    [[noreturn]] void fail(const QString& context, std::optional<Mark> contextMark, const QString& problem,
                           const Mark& problemMark) const;
    [[noreturn]] void fail(const QString& problem, const Mark& mark) const { fail({}, {}, problem, mark); }
    QString where(const Mark& m) const;

    // Reader
    char32_t peek(std::size_t i = 0) const { return m_ptr + i < m_buf.size() ? m_buf[m_ptr + i] : U'\0'; }
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
    // In block context an entry or a key opens its collection when it stands further right than
    // the indentation; refused (`notAllowedHere`) where no simple key may start.
    void openBlockCollection(const char* notAllowedHere, Tok start);
    void fetchBlockEntry();
    void fetchKey();
    void fetchValue();
    bool checkPlain() const;
    bool atDocumentSeparator() const;
    void scanToNextToken();
    Token scanDirective();
    U scanDirectiveName(const Mark& start);
    bool scanYamlDirectiveNumberIsOne(const Mark& start);
    // The rest of a directive's or a block scalar header's line: blanks, a comment, the break.
    // `scanning` opens the error ("while scanning a directive").
    void scanIgnoredLine(const Mark& start, const char* scanning);
    Token scanAnchor(Tok kind);
    Token scanTag();
    Token scanBlockScalar(bool folded);
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
    // After an indicator that ends at `after`: the entry's node (`node`, the parser then going on
    // in `next`), or an empty scalar at `after` when the next token is one of `ends`.
    Event nodeOrEmpty(const Mark& after, std::initializer_list<Tok> ends, State next, State node);
    // A mapping's value: after its ':' as nodeOrEmpty says, or an empty scalar where the ':' is
    // missing.
    Event mappingValue(std::initializer_list<Tok> ends, State next, State node);
    // The closing token of a collection taken: the state and mark its opening pushed are popped.
    Event closeCollection(Ev end);
    // The ',' between two entries of a flow collection, or the error `context` and `expected`
    // say when something else stands there.
    void takeFlowEntry(const char* context, const char* expected);
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

// The reader's refusal of a character PyYAML never accepts, before anything is scanned.
std::optional<QString> unprintable(const U& input);

} // namespace sediment::pyyaml
