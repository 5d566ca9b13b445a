#pragma once

#include "util/Error.h"

#include <QLatin1StringView>
#include <QString>
#include <QStringList>
#include <QStringView>

#include <array>
#include <cstddef>
#include <optional>
#include <type_traits>
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

    // `noun` names the word in a parse error: "unknown <noun> '<text>'".
    constexpr WordTable(std::array<Entry, N> entries, QLatin1StringView noun) : m_noun(noun), m_entries(entries) {}

    // One shared QString per word: the rows of a large table hold it without a copy each.
    const QString& text(Word word) const
    {
        for (std::size_t i = 0; i < N; ++i)
            if (m_entries[i].first == word)
                return texts()[qsizetype(i)];
        static const QString none; // not reached while the table lists every enumerator (the tests check it)
        return none;
    }

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

    Result<Word> parse(QStringView text) const
    {
        if (const auto word = find(text))
            return *word;
        return fail(Error::invalid(QStringLiteral("unknown %1 '%2'").arg(m_noun, text)));
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
    QLatin1StringView m_noun;
    std::array<Entry, N> m_entries;
};

// A word type names its table beside its enum, found by argument-dependent lookup:
//     const WordTable<Destination, 8>& wordsOf(Destination);
// and the conversions below are then its own, written once for every word type.
template <typename Word>
concept SpeltWord = std::is_enum_v<Word> && requires(Word word)
{
    wordsOf(word).words();
};

template <SpeltWord Word>
const QString& toString(Word word)
{
    return wordsOf(word).text(word);
}

// Whether `text` is exactly the word for `word` (an unknown word is none of them).
template <SpeltWord Word>
bool isWord(QStringView text, Word word)
{
    return wordsOf(word).matches(text, word);
}

template <SpeltWord Word>
std::optional<Word> findWord(QStringView text)
{
    return wordsOf(Word{}).find(text);
}

// Exact: an unknown or differently cased word is an Invalid error naming it.
template <SpeltWord Word>
Result<Word> parseWord(QStringView text)
{
    return wordsOf(Word{}).parse(text);
}

// Every value, in table order.
template <SpeltWord Word>
const auto& allWords()
{
    return wordsOf(Word{}).words();
}

// Every spelling, in table order.
template <SpeltWord Word>
const QStringList& wordTexts()
{
    return wordsOf(Word{}).texts();
}

} // namespace sediment
