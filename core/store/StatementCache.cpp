#include "store/StatementCache.h"

#include "store/Database.h"

namespace sediment {

Result<Statement*> StatementCache::get(int slot, const Sql& sql)
{
    auto& entry = m_slots[std::size_t(slot)];
    if (!entry) {
        auto st = m_db.prepare(sql);
        if (!st)
            return fail(st.error());
        entry.emplace(std::move(*st));
    }
    entry->reset();
    return &*entry;
}

} // namespace sediment
