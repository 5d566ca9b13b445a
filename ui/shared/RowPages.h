#pragma once

#include "util/Error.h"

#include <QHash>
#include <QList>

#include <functional>
#include <vector>

namespace sediment::ui {

// The row cache of every lazy table (LazyTableModel): pages of rows by page index, at most
// `maxPages` kept, the least recently used dropped first. Which rows a page holds is the
// model's business; the cache only keeps them.
template <typename Row>
class RowPages final {
public:
    explicit RowPages(int maxPages) : m_maxPages(maxPages) {}

    void clear()
    {
        m_pages.clear();
        m_lru.clear();
    }

    // Forgets one page: a page cut short by the end of what was read so far.
    void drop(int pageIndex)
    {
        m_pages.remove(pageIndex);
        m_lru.removeOne(pageIndex);
    }

    // The page at `pageIndex`, read with `read()` when not cached. nullptr when the read failed
    // (its error in `error`).
    template <typename Read>
    const std::vector<Row>* page(int pageIndex, Read read, QString* error)
    {
        auto it = m_pages.find(pageIndex);
        if (it == m_pages.end()) {
            Result<std::vector<Row>> rows = read();
            if (!rows) {
                *error = rows.error().message;
                return nullptr;
            }
            while (m_lru.size() >= m_maxPages)
                m_pages.remove(m_lru.takeFirst());
            it = m_pages.insert(pageIndex, std::move(*rows));
        } else {
            m_lru.removeOne(pageIndex);
        }
        m_lru.append(pageIndex);
        return &it.value();
    }

private:
    int m_maxPages;
    QHash<int, std::vector<Row>> m_pages;
    QList<int> m_lru;
};

// The rows read for a page's `keys` (in the keys' order, a row gone since its key was read left
// out), one per key: a gone row's place holds `gone(key)`, so the rows after it keep their
// places instead of moving up into it. `keyOf` names a row's key (a member pointer will do).
template <typename Row, typename Keys, typename KeyOf, typename Gone>
Result<std::vector<Row>> placeByKey(const Keys& keys, Result<std::vector<Row>> rows, KeyOf keyOf, Gone gone)
{
    if (!rows)
        return rows;
    std::vector<Row> placed;
    placed.reserve(size_t(keys.size()));
    size_t next = 0;
    for (const auto& key : keys) {
        if (next < rows->size() && std::invoke(keyOf, (*rows)[next]) == key)
            placed.push_back(std::move((*rows)[next++]));
        else
            placed.push_back(gone(key));
    }
    return placed;
}

} // namespace sediment::ui
