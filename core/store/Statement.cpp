#include "store/Statement.h"

namespace sediment {

Statement::~Statement() = default;

Statement& Statement::bind(int index, const QString& value)
{
    // One conversion; the backend takes its own copy before this temporary goes.
    const QByteArray utf8 = value.toUtf8();
    m_backend->bindText(index, std::string_view(utf8.constData(), std::size_t(utf8.size())), true);
    return *this;
}

Statement& Statement::bind(int index, const char* utf8)
{
    m_backend->bindText(index, std::string_view(utf8), true);
    return *this;
}

Statement& Statement::bind(int index, const std::string& utf8)
{
    m_backend->bindText(index, utf8, true);
    return *this;
}

Statement& Statement::bind(int index, qint64 value)
{
    m_backend->bindInt64(index, value);
    return *this;
}

Statement& Statement::bind(int index, double value)
{
    m_backend->bindDouble(index, value);
    return *this;
}

Statement& Statement::bind(int index, std::optional<qint64> value)
{
    return value ? bind(index, *value) : bindNull(index);
}

Statement& Statement::bind(int index, std::optional<double> value)
{
    return value ? bind(index, *value) : bindNull(index);
}

Statement& Statement::bind(int index, const std::optional<QString>& value)
{
    return value ? bind(index, *value) : bindNull(index);
}

Statement& Statement::bindNull(int index)
{
    m_backend->bindNull(index);
    return *this;
}

Statement& Statement::bindUnowned(int index, std::string_view utf8)
{
    // A null pointer would bind NULL, not an empty text.
    m_backend->bindText(index, utf8.data() ? utf8 : std::string_view(""), false);
    return *this;
}

Result<bool> Statement::step() { return m_backend->step(); }

Status Statement::exec()
{
    for (;;) {
        auto r = step();
        if (!r)
            return fail(r.error());
        if (!*r)
            break;
    }
    m_backend->rewind();
    return {};
}

void Statement::reset() { m_backend->reset(); }

Result<std::optional<qint64>> Statement::firstInt64()
{
    auto row = step();
    if (!row)
        return fail(row.error());
    std::optional<qint64> value;
    if (*row)
        value = int64(0);
    reset();
    return value;
}

Result<std::optional<QString>> Statement::firstText()
{
    return first<QString>([](const Statement& row) { return row.text(0); });
}

Result<qint64> Statement::scalar()
{
    auto value = firstInt64();
    if (!value)
        return fail(value.error());
    return value->value_or(0);
}

int Statement::columnCount() const { return m_backend->columnCount(); }

QString Statement::columnName(int col) const
{
    const std::string_view v = m_backend->columnName(col);
    return QString::fromUtf8(v.data(), qsizetype(v.size()));
}

bool Statement::isNull(int col) const { return m_backend->isNull(col); }

QString Statement::text(int col) const
{
    const std::string_view v = m_backend->textAt(col);
    return v.data() ? QString::fromUtf8(v.data(), qsizetype(v.size())) : QString();
}

std::string Statement::utf8(int col) const
{
    const std::string_view v = m_backend->textAt(col);
    return v.data() ? std::string(v) : std::string();
}

qint64 Statement::int64(int col) const { return m_backend->int64(col); }

double Statement::real(int col) const { return m_backend->real(col); }

std::optional<double> Statement::optReal(int col) const
{
    return isNull(col) ? std::nullopt : std::optional<double>(real(col));
}

std::optional<QString> Statement::optText(int col) const
{
    return isNull(col) ? std::nullopt : std::optional<QString>(text(col));
}

void Statement::column(int col, std::optional<qint64>& out) const
{
    out = isNull(col) ? std::nullopt : std::optional<qint64>(int64(col));
}

} // namespace sediment
