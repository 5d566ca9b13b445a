#pragma once

#include "util/Error.h"

#include <QHash>
#include <QList>

#include <algorithm>
#include <vector>

namespace sediment::ui {

// The row cache of every lazy table: rows read a page at a time, at most `maxPages` pages kept,
// the least recently used dropped first. `at` pages a list of ids (Row is then a record with an
// `id`); `page` serves a table that reads its pages otherwise (by offset, by name).
template <typename Row>
class RowPages final {
public:
    RowPages(int pageSize, int maxPages) : m_pageSize(pageSize), m_maxPages(maxPages) {}

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
    // (its error in `error`). For a table that reads pages by offset or by another key than ids.
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

    // The row at `row` of `ids`, its page read with `read(page ids)` when not cached. nullptr
    // when the read failed (its error in `error`) or the row was deleted since `ids` were read.
    template <typename Read>
    const Row* at(const std::vector<qint64>& ids, int row, Read read, QString* error)
    {
        if (row < 0 || size_t(row) >= ids.size())
            return nullptr;
        const int pageIndex = row / m_pageSize;
        const std::vector<Row>* rows = page(
            pageIndex,
            [&] {
                const size_t first = size_t(pageIndex) * size_t(m_pageSize);
                const size_t last = std::min(ids.size(), first + size_t(m_pageSize));
                return read(std::vector<qint64>(ids.begin() + qsizetype(first), ids.begin() + qsizetype(last)));
            },
            error);
        if (!rows)
            return nullptr;
        const size_t offset = size_t(row % m_pageSize);
        // A row deleted since the ids were read is simply missing from its page.
        return offset < rows->size() && (*rows)[offset].id == ids[size_t(row)] ? &(*rows)[offset] : nullptr;
    }

    int pageSize() const { return m_pageSize; }

private:
    int m_pageSize;
    int m_maxPages;
    QHash<int, std::vector<Row>> m_pages;
    QList<int> m_lru;
};

} // namespace sediment::ui
