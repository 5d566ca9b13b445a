#include "store/PendingKeys.h"

#include <algorithm>
#include <bit>

namespace sediment {

PendingKeys::PendingKeys(std::size_t expected)
{
    // At most half full: linear probing stays short. A larger pass grows the table as it goes.
    constexpr std::size_t kMostReserved = std::size_t(1) << 22;
    m_slots.assign(std::bit_ceil(std::max<std::size_t>(16, 2 * std::min(expected, kMostReserved))), 0);
}

std::size_t PendingKeys::slotOf(std::uint64_t key, std::size_t mask)
{
    // hash_key is already the start of a SHA-256, but a hand-edited hash need not be: mix it.
    key ^= key >> 33;
    key *= 0xff51afd7ed558ccdULL;
    key ^= key >> 33;
    return std::size_t(key) & mask;
}

void PendingKeys::add(qint64 hashKey)
{
    const auto key = std::uint64_t(hashKey);
    if (key == 0) {
        m_hasZero = true;
        return;
    }
    if (2 * (m_used + 1) > m_slots.size())
        grow();
    const std::size_t mask = m_slots.size() - 1;
    for (std::size_t i = slotOf(key, mask);; i = (i + 1) & mask) {
        if (m_slots[i] == key)
            return;
        if (m_slots[i] == 0) {
            m_slots[i] = key;
            ++m_used;
            return;
        }
    }
}

bool PendingKeys::hasHashKey(qint64 hashKey) const
{
    const auto key = std::uint64_t(hashKey);
    if (key == 0)
        return m_hasZero;
    const std::size_t mask = m_slots.size() - 1;
    for (std::size_t i = slotOf(key, mask);; i = (i + 1) & mask) {
        if (m_slots[i] == key)
            return true;
        if (m_slots[i] == 0)
            return false;
    }
}

void PendingKeys::grow()
{
    std::vector<std::uint64_t> old(2 * m_slots.size(), 0);
    old.swap(m_slots);
    m_used = 0;
    for (std::uint64_t key : old)
        if (key != 0)
            add(qint64(key));
}

} // namespace sediment
