#include "memory/MemoryFile.h"

#include "memory/UnicodeText.h"
#include "util/AtomicFile.h"

#include <QSet>
#include <QStringDecoder>

namespace sediment {

const QString& MemoryFile::delimiter()
{
    static const QString d = QStringLiteral("\n\u00A7\n");
    return d;
}

QStringList MemoryFile::parseText(const QString& raw)
{
    const QString text = UnicodeText::normaliseNewlines(raw);
    QStringList entries;
    if (UnicodeText::strip(text).isEmpty())
        return entries;
    QSet<QString> seen;
    // Only the full delimiter splits: a bare '§' inside an entry is content.
    for (const QString& piece : text.split(delimiter())) {
        const QString entry = UnicodeText::strip(piece);
        if (entry.isEmpty() || seen.contains(entry))
            continue;
        seen.insert(entry);
        entries << entry;
    }
    return entries;
}

Result<QStringList> MemoryFile::parse(const QByteArray& bytes)
{
    QStringDecoder decoder(QStringConverter::Utf8, QStringConverter::Flag::ConvertInitialBom
                                                       | QStringConverter::Flag::Stateless);
    const QString text = decoder(bytes);
    if (decoder.hasError())
        return fail(Error::io(QStringLiteral("the memory file is not valid UTF-8")));
    return parseText(text);
}

QString MemoryFile::join(const QStringList& entries) { return entries.join(delimiter()); }

QByteArray MemoryFile::render(const QStringList& entries) { return join(entries).toUtf8(); }

Result<QString> MemoryFile::readText(const QString& path)
{
    auto bytes = AtomicFile::read(path, true);
    if (!bytes)
        return fail(bytes.error());
    QStringDecoder decoder(QStringConverter::Utf8, QStringConverter::Flag::ConvertInitialBom
                                                       | QStringConverter::Flag::Stateless);
    QString text = decoder(*bytes);
    if (decoder.hasError())
        return fail(Error::io(QStringLiteral("%1 is not valid UTF-8; fix or move it first").arg(path)));
    return text;
}

Result<QStringList> MemoryFile::read(const QString& path)
{
    auto text = readText(path);
    if (!text)
        return fail(text.error());
    return parseText(*text);
}

} // namespace sediment
