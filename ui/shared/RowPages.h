#pragma once

#include "util/Error.h"

#include <QHash>
#include <QList>

#include <algorithm>
#include <vector>

namespace sediment::ui {

// The row cache of a lazy table: rows read a page of ids at a time, at most `maxPages` pages
// kept, the least recently used dropped first. Row is a record with an `id`.
template <typename Row>
class RowPages final {
public:
    RowPages(int pageSize, int maxPages) : m_pageSize(pageSize), m_maxPages(maxPages) {}

    void clear()
    {
        m_pages.clear();
        m_lru.clear();
    }

    // The row at `row` of `ids`, its page read with `read(page ids)` when not cached. nullptr
    // when the read failed (its error in `error`) or the row was deleted since `ids` were read.
    template <typename Read>
    const Row* at(const std::vector<qint64>& ids, int row, Read read, QString* error)
    {
        if (row < 0 || size_t(row) >= ids.size())
            return nullptr;
        const int pageIndex = row / m_pageSize;
        auto it = m_pages.find(pageIndex);
        if (it == m_pages.end()) {
            const size_t first = size_t(pageIndex) * size_t(m_pageSize);
            const size_t last = std::min(ids.size(), first + size_t(m_pageSize));
            Result<std::vector<Row>> rows = read(std::vector<qint64>(
                ids.begin() + qsizetype(first), ids.begin() + qsizetype(last)));
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
        const size_t offset = size_t(row % m_pageSize);
        // A row deleted since the ids were read is simply missing from its page.
        return offset < it->size() && (*it)[offset].id == ids[size_t(row)] ? &(*it)[offset] : nullptr;
    }

private:
    int m_pageSize;
    int m_maxPages;
    QHash<int, std::vector<Row>> m_pages;
    QList<int> m_lru;
};

} // namespace sediment::ui
