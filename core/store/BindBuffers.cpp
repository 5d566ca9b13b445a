#include "store/BindBuffers.h"

#include "store/Statement.h"
#include "util/JsonWriter.h"

#include <QByteArray>

namespace sediment {

std::string_view BindBuffers::utf8(int slot, const QString& text)
{
    std::string& out = m_slots[std::size_t(slot)];
    // The same shared text as last time (a pass's time, the gate's reason, an agent's name):
    // its bytes are already here. The slot holds a reference, so the data cannot have been
    // freed and its address reused by another text.
    QString& last = m_sources[std::size_t(slot)];
    if (!text.isNull() && text.constData() == last.constData() && text.size() == last.size())
        return out;
    last = text;
    // Almost every text here is ASCII (hashes, statuses, times, names): narrowed in place. The
    // rest goes through Qt's converter, as Statement::bind(QString) would.
    const char16_t* in = reinterpret_cast<const char16_t*>(text.utf16());
    out.resize(std::size_t(text.size()));
    for (std::size_t i = 0; i < out.size(); ++i) {
        if (in[i] >= 0x80) {
            const QByteArray encoded = text.toUtf8();
            out.assign(encoded.constData(), std::size_t(encoded.size()));
            break;
        }
        out[i] = char(in[i]);
    }
    return out;
}

void BindBuffers::bindText(Statement& st, int column, const QString& text)
{
    st.bindUnowned(column, utf8(column, text));
}

void BindBuffers::bindText(Statement& st, int column, const std::optional<QString>& text)
{
    if (text)
        bindText(st, column, *text);
}

void BindBuffers::bindJson(Statement& st, int column, const Json& value)
{
    st.bindUnowned(column, json(column, value));
}

std::string_view BindBuffers::json(int slot, const Json& value)
{
    std::string& out = m_slots[std::size_t(slot)];
    m_sources[std::size_t(slot)] = QString();
    out.clear();
    json::JsonWriter(json::JsonWriter::Style::Compact, out).write(value); // as json::compact()
    return out;
}

} // namespace sediment
