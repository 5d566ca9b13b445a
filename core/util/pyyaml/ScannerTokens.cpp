#include "util/pyyaml/SafeLoad.h"

namespace sediment::pyyaml {

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
    case U'[':
        return fetchFlowCollectionStart(Tok::FlowSequenceStart);
    case U'{':
        return fetchFlowCollectionStart(Tok::FlowMappingStart);
    case U']':
        return fetchFlowCollectionEnd(Tok::FlowSequenceEnd);
    case U'}':
        return fetchFlowCollectionEnd(Tok::FlowMappingEnd);
    case U',':
        return fetchFlowEntry();
    default:
        break;
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
                fail(text("while scanning a simple key"), key.mark, text("could not find expected ':'"), mark());
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
        fail(text("while scanning a simple key"), it->second.mark, text("could not find expected ':'"), mark());
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

void SafeLoad::openBlockCollection(const char* notAllowedHere, Tok start)
{
    if (inFlow())
        return;
    if (!m_allowSimpleKey)
        fail(text(notAllowedHere), mark());
    if (addIndent(m_column))
        push(start, mark(), mark());
}

void SafeLoad::fetchBlockEntry()
{
    openBlockCollection("sequence entries are not allowed here", Tok::BlockSequenceStart);
    m_allowSimpleKey = true;
    removeSimpleKey();
    pushIndicator(Tok::BlockEntry);
}

void SafeLoad::fetchKey()
{
    openBlockCollection("mapping keys are not allowed here", Tok::BlockMappingStart);
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

} // namespace sediment::pyyaml
