#include "util/SequenceMatcher.h"

#include <algorithm>
#include <unordered_map>

namespace sediment {

SequenceMatcher::SequenceMatcher(const std::u32string& a, const std::u32string& b) : m_a(a), m_b(b)
{
    std::unordered_map<char32_t, std::vector<std::size_t>> b2j;
    for (std::size_t j = 0; j < b.size(); ++j)
        b2j[b[j]].push_back(j);
    const std::size_t n = b.size();
    if (n >= 200) { // difflib's autojunk: popular code points do not anchor matches
        const std::size_t ntest = n / 100 + 1;
        std::erase_if(b2j, [ntest](const auto& kv) { return kv.second.size() > ntest; });
    }
    m_b2jStorage.reserve(b2j.size());
    for (auto& kv : b2j)
        m_b2jStorage.emplace_back(kv.first, std::move(kv.second));
    std::sort(m_b2jStorage.begin(), m_b2jStorage.end(), [](const auto& x, const auto& y) { return x.first < y.first; });
    computeBlocks();
}

const std::vector<std::size_t>* SequenceMatcher::positionsOf(char32_t c) const
{
    const auto it = std::lower_bound(m_b2jStorage.begin(), m_b2jStorage.end(), c,
                                     [](const auto& kv, char32_t v) { return kv.first < v; });
    return it != m_b2jStorage.end() && it->first == c ? &it->second : nullptr;
}

SequenceMatcher::Block SequenceMatcher::longestMatch(std::size_t alo, std::size_t ahi, std::size_t blo,
                                                     std::size_t bhi) const
{
    std::size_t besti = alo, bestj = blo, bestsize = 0;
    std::unordered_map<std::size_t, std::size_t> j2len, next;
    for (std::size_t i = alo; i < ahi; ++i) {
        next.clear();
        if (const auto* js = positionsOf(m_a[i])) {
            for (const std::size_t j : *js) {
                if (j < blo)
                    continue;
                if (j >= bhi)
                    break;
                std::size_t k = 1;
                if (j > 0)
                    if (const auto it = j2len.find(j - 1); it != j2len.end())
                        k = it->second + 1;
                next[j] = k;
                if (k > bestsize) {
                    besti = i - k + 1;
                    bestj = j - k + 1;
                    bestsize = k;
                }
            }
        }
        std::swap(j2len, next);
    }
    // No junk predicate: Python extends the match over equal neighbours, popular ones included.
    while (besti > alo && bestj > blo && m_a[besti - 1] == m_b[bestj - 1]) {
        --besti;
        --bestj;
        ++bestsize;
    }
    while (besti + bestsize < ahi && bestj + bestsize < bhi && m_a[besti + bestsize] == m_b[bestj + bestsize])
        ++bestsize;
    return {besti, bestj, bestsize};
}

void SequenceMatcher::computeBlocks()
{
    struct Range {
        std::size_t alo, ahi, blo, bhi;
    };
    std::vector<Range> queue{{0, m_a.size(), 0, m_b.size()}};
    std::vector<Block> found;
    while (!queue.empty()) {
        const Range r = queue.back();
        queue.pop_back();
        const Block x = longestMatch(r.alo, r.ahi, r.blo, r.bhi);
        if (x.size == 0)
            continue;
        found.push_back(x);
        if (r.alo < x.a && r.blo < x.b)
            queue.push_back({r.alo, x.a, r.blo, x.b});
        if (x.a + x.size < r.ahi && x.b + x.size < r.bhi)
            queue.push_back({x.a + x.size, r.ahi, x.b + x.size, r.bhi});
    }
    std::sort(found.begin(), found.end(),
              [](const Block& x, const Block& y) { return std::tie(x.a, x.b, x.size) < std::tie(y.a, y.b, y.size); });
    Block cur;
    for (const Block& next : found) {
        if (cur.a + cur.size == next.a && cur.b + cur.size == next.b) {
            cur.size += next.size;
        } else {
            if (cur.size)
                m_blocks.push_back(cur);
            cur = next;
        }
    }
    if (cur.size)
        m_blocks.push_back(cur);
    m_blocks.push_back({m_a.size(), m_b.size(), 0});
}

double SequenceMatcher::ratio() const
{
    std::size_t matches = 0;
    for (const Block& b : m_blocks)
        matches += b.size;
    const std::size_t total = m_a.size() + m_b.size();
    return total ? 2.0 * double(matches) / double(total) : 1.0;
}

std::vector<SequenceMatcher::Opcode> SequenceMatcher::opcodes() const
{
    std::vector<Opcode> out;
    std::size_t i = 0, j = 0;
    for (const Block& m : m_blocks) {
        if (i < m.a && j < m.b)
            out.push_back({Opcode::Tag::Replace, i, m.a, j, m.b});
        else if (i < m.a)
            out.push_back({Opcode::Tag::Delete, i, m.a, j, m.b});
        else if (j < m.b)
            out.push_back({Opcode::Tag::Insert, i, m.a, j, m.b});
        i = m.a + m.size;
        j = m.b + m.size;
        if (m.size)
            out.push_back({Opcode::Tag::Equal, m.a, i, m.b, j});
    }
    return out;
}

double SequenceMatcher::similarity(const std::u32string& a, const std::u32string& b)
{
    if (a == b)
        return 1.0;
    return SequenceMatcher(a, b).ratio();
}

} // namespace sediment
