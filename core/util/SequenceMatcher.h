#pragma once

#include <string>
#include <vector>

namespace sediment {

// Python's difflib.SequenceMatcher over code points, with no junk predicate and its default
// "autojunk" heuristic (in a second text of 200 code points or more, a code point occurring
// more than 1% + 1 times is ignored when anchoring matches). Hermes' fuzzy patch matcher decides
// with its ratio(), so the numbers must agree with Python's to the last block, which is why this
// is a port of the algorithm rather than another diff library.
class SequenceMatcher final {
public:
    SequenceMatcher(const std::u32string& a, const std::u32string& b);

    struct Block {
        std::size_t a = 0;
        std::size_t b = 0;
        std::size_t size = 0;
    };
    struct Opcode {
        enum class Tag { Equal, Replace, Delete, Insert };
        Tag tag = Tag::Equal;
        std::size_t a1 = 0, a2 = 0, b1 = 0, b2 = 0;
    };

    // 2 * matches / (len(a) + len(b)); 1.0 when both are empty.
    double ratio() const;
    const std::vector<Block>& matchingBlocks() const { return m_blocks; }
    std::vector<Opcode> opcodes() const;

    // Shorthand for SequenceMatcher(a, b).ratio() with Python's `a == b` shortcut.
    static double similarity(const std::u32string& a, const std::u32string& b);

private:
    Block longestMatch(std::size_t alo, std::size_t ahi, std::size_t blo, std::size_t bhi) const;
    void computeBlocks();

    const std::u32string& m_a;
    const std::u32string& m_b;
    std::vector<std::pair<char32_t, std::vector<std::size_t>>> m_b2jStorage;
    std::vector<Block> m_blocks;
    // b2j as a sorted vector of (code point, positions) for lookups by binary search.
    const std::vector<std::size_t>* positionsOf(char32_t c) const;
};

} // namespace sediment
