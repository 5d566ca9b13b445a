#include "util/pyyaml/SafeLoad.h"

namespace sediment::pyyaml {

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
        fail(text("expected '<document start>', but found ") + pyRepr(tokenId(peekToken().kind)), peekToken().start);
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
            fail(text("while parsing a node"), start, text("found undefined tag handle ") + pyRepr(*tagToken->handle),
                 tagToken->start);
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
    const std::pair<Tok, State> collections[] = {{Tok::FlowSequenceStart, &SafeLoad::parseFlowSequenceFirstEntry},
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
         text("expected the node content, but found ") + pyRepr(tokenId(peekToken().kind)), peekToken().start);
}

Event SafeLoad::parseBlockSequenceFirstEntry()
{
    m_marks.push_back(getToken().start);
    return parseBlockSequenceEntry();
}

Event SafeLoad::nodeOrEmpty(const Mark& after, std::initializer_list<Tok> ends, State next, State node)
{
    if (!checkToken(ends)) {
        m_states.push_back(next);
        return (this->*node)();
    }
    m_state = next;
    return emptyScalar(after);
}

Event SafeLoad::mappingValue(std::initializer_list<Tok> ends, State next, State node)
{
    if (checkToken({Tok::Value})) {
        const Token t = getToken();
        return nodeOrEmpty(t.end, ends, next, node);
    }
    m_state = next;
    return emptyScalar(peekToken().start);
}

Event SafeLoad::closeCollection(Ev end)
{
    const Token t = getToken();
    m_state = popState();
    m_marks.pop_back();
    return {end, t.start};
}

Event SafeLoad::parseBlockSequenceEntry()
{
    if (checkToken({Tok::BlockEntry})) {
        const Token t = getToken();
        return nodeOrEmpty(t.end, {Tok::BlockEntry, Tok::BlockEnd}, &SafeLoad::parseBlockSequenceEntry,
                           &SafeLoad::parseBlockNode);
    }
    if (!checkToken({Tok::BlockEnd}))
        fail(text("while parsing a block collection"), m_marks.back(),
             text("expected <block end>, but found ") + pyRepr(tokenId(peekToken().kind)), peekToken().start);
    return closeCollection(Ev::SequenceEnd);
}

Event SafeLoad::parseIndentlessSequenceEntry()
{
    if (checkToken({Tok::BlockEntry})) {
        const Token t = getToken();
        return nodeOrEmpty(t.end, {Tok::BlockEntry, Tok::Key, Tok::Value, Tok::BlockEnd},
                           &SafeLoad::parseIndentlessSequenceEntry, &SafeLoad::parseBlockNode);
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
        return nodeOrEmpty(t.end, {Tok::Key, Tok::Value, Tok::BlockEnd}, &SafeLoad::parseBlockMappingValue,
                           &SafeLoad::parseBlockNodeOrIndentlessSequence);
    }
    if (!checkToken({Tok::BlockEnd}))
        fail(text("while parsing a block mapping"), m_marks.back(),
             text("expected <block end>, but found ") + pyRepr(tokenId(peekToken().kind)), peekToken().start);
    return closeCollection(Ev::MappingEnd);
}

Event SafeLoad::parseBlockMappingValue()
{
    return mappingValue({Tok::Key, Tok::Value, Tok::BlockEnd}, &SafeLoad::parseBlockMappingKey,
                        &SafeLoad::parseBlockNodeOrIndentlessSequence);
}

void SafeLoad::takeFlowEntry(const char* context, const char* expected)
{
    if (!checkToken({Tok::FlowEntry}))
        fail(text(context), m_marks.back(), text(expected) + pyRepr(tokenId(peekToken().kind)), peekToken().start);
    getToken();
}

Event SafeLoad::parseFlowSequenceFirstEntry()
{
    m_marks.push_back(getToken().start);
    return flowSequenceEntry(true);
}

Event SafeLoad::flowSequenceEntry(bool first)
{
    if (!checkToken({Tok::FlowSequenceEnd})) {
        if (!first)
            takeFlowEntry("while parsing a flow sequence", "expected ',' or ']', but got ");
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
    return closeCollection(Ev::SequenceEnd);
}

Event SafeLoad::parseFlowSequenceEntryMappingKey()
{
    const Token t = getToken();
    return nodeOrEmpty(t.end, {Tok::Value, Tok::FlowEntry, Tok::FlowSequenceEnd},
                       &SafeLoad::parseFlowSequenceEntryMappingValue, &SafeLoad::parseFlowNode);
}

Event SafeLoad::parseFlowSequenceEntryMappingValue()
{
    return mappingValue({Tok::FlowEntry, Tok::FlowSequenceEnd}, &SafeLoad::parseFlowSequenceEntryMappingEnd,
                        &SafeLoad::parseFlowNode);
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
        if (!first)
            takeFlowEntry("while parsing a flow mapping", "expected ',' or '}', but got ");
        if (checkToken({Tok::Key})) {
            const Token t = getToken();
            return nodeOrEmpty(t.end, {Tok::Value, Tok::FlowEntry, Tok::FlowMappingEnd},
                               &SafeLoad::parseFlowMappingValue, &SafeLoad::parseFlowNode);
        }
        if (!checkToken({Tok::FlowMappingEnd})) {
            m_states.push_back(&SafeLoad::parseFlowMappingEmptyValue);
            return parseFlowNode();
        }
    }
    return closeCollection(Ev::MappingEnd);
}

Event SafeLoad::parseFlowMappingValue()
{
    return mappingValue({Tok::FlowEntry, Tok::FlowMappingEnd}, &SafeLoad::parseFlowMappingKey,
                        &SafeLoad::parseFlowNode);
}

Event SafeLoad::parseFlowMappingEmptyValue()
{
    m_state = &SafeLoad::parseFlowMappingKey;
    return emptyScalar(peekToken().start);
}

} // namespace sediment::pyyaml
