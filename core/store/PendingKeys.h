#pragma once

#include <QSet>
#include <QString>

#include <cstdint>
#include <vector>

namespace sediment {

// The keys of every pending item (hash_key, agent id) during a pass of `propose`, so that a
// proposal no pending item shares a key with needs no duplicate lookup (InboxRepository). The
// hash keys are kept in an open-addressing table of plain integers: a pass asks it once and
// adds to it once per proposal, and a node-based set spent more on its allocations and pointer
// chasing than on the lookups it saved.
class PendingKeys final {
public:
    explicit PendingKeys(std::size_t expected = 0);

    void add(qint64 hashKey);
    void addExtId(const QString& extId) { m_extIds.insert(extId); }
    bool hasHashKey(qint64 hashKey) const;
    bool hasExtId(const QString& extId) const { return m_extIds.contains(extId); }

private:
    static std::size_t slotOf(std::uint64_t key, std::size_t mask);
    void grow();

    // 0 marks an empty slot; the key 0 (a hash whose fifteen first hex digits are all zero, or a
    // NULL key of a hand-edited row) is remembered apart.
    std::vector<std::uint64_t> m_slots;
    std::size_t m_used = 0;
    bool m_hasZero = false;
    QSet<QString> m_extIds;
};

} // namespace sediment
