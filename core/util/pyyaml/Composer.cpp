#include "util/pyyaml/SafeLoad.h"

namespace sediment::pyyaml {

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
            fail(text("found duplicate anchor ") + pyRepr(*next.anchor) + text("; first occurrence"), it->second->start,
                 text("second occurrence"), next.start);
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
                fail(context, node->start, text("expected a mapping of length 1, but found ") + item->id(),
                     item->start);
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
                    fail(context, node->start, text("expected a mapping for merging, but found ") + source->id(),
                         source->start);
                flattenMapping(source, depth + 1);
                sources.push_back(source);
            }
            for (auto it = sources.rbegin(); it != sources.rend(); ++it)
                merged.insert(merged.end(), (*it)->pairs.begin(), (*it)->pairs.end());
        } else {
            fail(context, node->start,
                 text("expected a mapping or list of mappings for merging, but found ") + value->id(), value->start);
        }
    }
    if (!merged.empty())
        node->pairs.insert(node->pairs.begin(), merged.begin(), merged.end());
}

} // namespace sediment::pyyaml
