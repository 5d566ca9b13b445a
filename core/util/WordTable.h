#pragma once

#include "util/Error.h"

#include <QLatin1StringView>
#include <QString>
#include <QStringList>
#include <QStringView>

#include <array>
#include <cstddef>
#include <optional>
#include <utility>

namespace sediment {

// The one spelling of each value of a typed domain word (InboxStatus, Destination, AuditAction).
// Those spellings are persisted, printed and searched for, so a word keeps them in a single table
// and every conversion, both ways, reads it. Matching is exact: a word that is persisted in lower
// case is not the same word in another case.
template <typename Word, std::size_t N>
class WordTable final {
public:
    using Entry = std::pair<Word, QLatin1StringView>;

    constexpr explicit WordTable(std::array<Entry, N> entries) : m_entries(entries) {}

    QString text(Word word) const { return QString(spelling(word)); }

    QLatin1StringView spelling(Word word) const
    {
        for (const auto& [w, spelling] : m_entries)
            if (w == word)
                return spelling;
        return {}; // not reached while the table lists every enumerator (the tests check it)
    }

    // Without building a QString: for comparing a stored word in a loop.
    bool matches(QStringView text, Word word) const
    {
        for (const auto& [w, spelling] : m_entries)
            if (w == word)
                return spelling == text;
        return false;
    }

    std::optional<Word> find(QStringView text) const
    {
        for (const auto& [w, spelling] : m_entries)
            if (spelling == text)
                return w;
        return std::nullopt;
    }

    // `noun` names the word in the error: "unknown <noun> '<text>'".
    Result<Word> parse(QStringView text, QLatin1StringView noun) const
    {
        if (const auto word = find(text))
            return *word;
        return fail(Error::invalid(QStringLiteral("unknown %1 '%2'").arg(noun, text)));
    }

    // In table order, which is the order lists and messages show them in. Built once: each word
    // type has exactly one table, so the instantiation's static is that table's.
    const std::array<Word, N>& words() const
    {
        static const std::array<Word, N> all = [this] {
            std::array<Word, N> out{};
            for (std::size_t i = 0; i < N; ++i)
                out[i] = m_entries[i].first;
            return out;
        }();
        return all;
    }

    const QStringList& texts() const
    {
        static const QStringList all = [this] {
            QStringList out;
            out.reserve(qsizetype(N));
            for (const auto& entry : m_entries)
                out << QString(entry.second);
            return out;
        }();
        return all;
    }

private:
    std::array<Entry, N> m_entries;
};

} // namespace sediment
