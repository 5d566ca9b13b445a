#pragma once

#include "store/StatementBackend.h"
#include "util/Error.h"

#include <QByteArray>
#include <QString>

#include <memory>
#include <optional>
#include <string_view>
#include <vector>

namespace sediment {

// One prepared statement of either store (SQLite or PostgreSQL), owned. Binding is 1-based as in
// SQLite; columns 0-based.
class Statement final {
public:
    explicit Statement(std::unique_ptr<StatementBackend> backend) : m_backend(std::move(backend)) {}
    Statement(Statement&& other) noexcept = default;
    Statement& operator=(Statement&& other) noexcept = default;
    Statement(const Statement&) = delete;
    Statement& operator=(const Statement&) = delete;
    ~Statement();

    Statement& bind(int index, const QString& value);
    Statement& bind(int index, const char* utf8);
    Statement& bind(int index, const std::string& utf8);
    Statement& bind(int index, qint64 value);
    Statement& bind(int index, int value) { return bind(index, qint64(value)); }
    Statement& bind(int index, double value);
    Statement& bind(int index, std::optional<qint64> value);
    Statement& bind(int index, std::optional<double> value);
    Statement& bind(int index, const std::optional<QString>& value);
    Statement& bindNull(int index);
    // Binds the values in turn from `from` on (a filter's list, an IN (...) of ids); returns the
    // index after the last, where a following parameter goes.
    template <typename Values>
    int bindEach(const Values& values, int from = 1)
    {
        for (const auto& v : values)
            bind(from++, v);
        return from;
    }
    // Text SQLite does not copy: `utf8` must stay alive and unchanged until the statement has
    // run and been reset (a hot insert binds from buffers it reuses, saving a copy per column).
    Statement& bindUnowned(int index, std::string_view utf8);

    // true: a row is ready; false: done. An error (busy past the time-out, constraint) is a value.
    Result<bool> step();
    // Runs to completion, for statements without rows.
    Status exec();
    void reset();
    // Steps once: the first column of the first row, if there is one; then resets.
    Result<std::optional<qint64>> firstInt64();
    // Steps once: the first column of the first row as text, if there is one; then resets.
    Result<std::optional<QString>> firstText();
    // Steps once: the first column of the first row, 0 when there is no row (a count, a
    // maximum); then resets.
    Result<qint64> scalar();

    // Steps once: the first row made into a T by `read(const Statement&)`, or nothing when there
    // is no row; then resets, so that a cached statement is ready for its next run.
    template <typename T, typename Read>
    Result<std::optional<T>> first(Read&& read)
    {
        auto row = step();
        if (!row)
            return fail(row.error());
        std::optional<T> value;
        if (*row)
            value.emplace(read(*this));
        reset();
        return value;
    }

    // Steps through every remaining row, handing the statement to `fn` at each one.
    template <typename Fn>
    Status forEachRow(Fn&& fn)
    {
        for (;;) {
            auto row = step();
            if (!row)
                return fail(row.error());
            if (!*row)
                return {};
            fn(*this);
        }
    }

    // Every remaining row, each made into a T by `read(const Statement&)`.
    template <typename T, typename Read>
    Result<std::vector<T>> collect(Read&& read, std::size_t expected = 0)
    {
        std::vector<T> out;
        out.reserve(expected);
        if (auto s = forEachRow([&](const Statement& st) { out.push_back(read(st)); }); !s)
            return fail(s.error());
        return out;
    }

    // Every remaining row as an entry of a `Map` keyed by text (QMap, QHash, std::map): the first
    // column its key, `read(const Statement&)` its value; a key read again keeps its last value.
    template <typename Map, typename Read>
    Result<Map> collectMap(Read&& read)
    {
        Map out;
        if (auto s = forEachRow([&](const Statement& st) { out[st.text(0)] = read(st); }); !s)
            return fail(s.error());
        return out;
    }

    // One run per key, bound to the first parameter; a key without a row is skipped.
    template <typename T, typename Keys, typename Read>
    Result<std::vector<T>> collectEach(const Keys& keys, Read&& read)
    {
        std::vector<T> out;
        out.reserve(std::size_t(keys.size()));
        for (const auto& key : keys) {
            reset();
            bind(1, key);
            auto row = step();
            if (!row)
                return fail(row.error());
            if (*row)
                out.push_back(read(*this));
        }
        return out;
    }

    int columnCount() const;
    QString columnName(int col) const;
    bool isNull(int col) const;
    QString text(int col) const;
    std::string utf8(int col) const;
    qint64 int64(int col) const;
    double real(int col) const;
    std::optional<double> optReal(int col) const;
    std::optional<QString> optText(int col) const;

    // Reads the row's columns, from `col` on, into `fields` in order, each the way its type asks
    // (a NULL is an empty optional): a reader then lists its fields in the order of its SELECT
    // instead of numbering every column by hand.
    template <typename... Fields>
    void columns(int col, Fields&... fields) const
    {
        (column(col++, fields), ...);
    }

private:
    void column(int col, QString& out) const { out = text(col); }
    void column(int col, std::optional<QString>& out) const { out = optText(col); }
    void column(int col, std::string& out) const { out = utf8(col); }
    void column(int col, qint64& out) const { out = int64(col); }
    void column(int col, std::optional<qint64>& out) const;
    void column(int col, int& out) const { out = int(int64(col)); }
    void column(int col, bool& out) const { out = int64(col) != 0; }
    void column(int col, double& out) const { out = real(col); }
    void column(int col, std::optional<double>& out) const { out = optReal(col); }

    std::unique_ptr<StatementBackend> m_backend;
};

} // namespace sediment
