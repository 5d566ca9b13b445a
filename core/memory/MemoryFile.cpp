#include "memory/MemoryFile.h"

#include "memory/UnicodeText.h"
#include "util/AtomicFile.h"

#include <QSet>
#include <QStringDecoder>

#include <optional>

namespace sediment {

const QString& MemoryFile::delimiter()
{
    static const QString d = QStringLiteral("\n\u00A7\n");
    return d;
}

QStringList MemoryFile::split(const QString& raw)
{
    const QString text = UnicodeText::normaliseNewlines(raw);
    QStringList entries;
    if (UnicodeText::strip(text).isEmpty())
        return entries;
    // Only the full delimiter splits: a bare '§' inside an entry is content.
    for (const QString& piece : text.split(delimiter())) {
        QString entry = UnicodeText::strip(piece);
        if (!entry.isEmpty())
            entries << std::move(entry);
    }
    return entries;
}

QStringList MemoryFile::parseText(const QString& raw)
{
    QStringList entries;
    QSet<QString> seen;
    for (QString& entry : split(raw)) {
        if (seen.contains(entry))
            continue;
        seen.insert(entry);
        entries << std::move(entry);
    }
    return entries;
}

bool MemoryFile::hasDrifted(const QString& raw, int limit)
{
    const QString text = UnicodeText::strip(UnicodeText::normaliseNewlines(raw));
    if (text.isEmpty())
        return false;
    const QStringList pieces = split(text);
    if (text != join(pieces))
        return true;
    for (const QString& entry : pieces)
        if (UnicodeText::length(entry) > limit)
            return true;
    return false;
}

// Python's "utf-8-sig" codec in text mode: one leading BOM dropped, strict UTF-8, universal
// newlines. Hermes reads with it so that a file saved by Notepad does not glue U+FEFF to the
// first entry.
std::optional<QString> MemoryFile::decode(const QByteArray& bytes)
{
    QByteArrayView view(bytes);
    if (view.startsWith("\xEF\xBB\xBF"))
        view = view.sliced(3);
    QStringDecoder decoder(QStringConverter::Utf8,
                           QStringConverter::Flag::ConvertInitialBom | QStringConverter::Flag::Stateless);
    const QString text = decoder(view);
    if (decoder.hasError())
        return std::nullopt;
    return UnicodeText::normaliseNewlines(text);
}

Result<QStringList> MemoryFile::parse(const QByteArray& bytes)
{
    const auto text = decode(bytes);
    if (!text)
        return fail(Error::io(QStringLiteral("the memory file is not valid UTF-8")));
    return parseText(*text);
}

QString MemoryFile::join(const QStringList& entries) { return entries.join(delimiter()); }

QByteArray MemoryFile::render(const QStringList& entries) { return join(entries).toUtf8(); }

Result<QString> MemoryFile::readText(const QString& path)
{
    auto bytes = AtomicFile::read(path, true);
    if (!bytes)
        return fail(bytes.error());
    auto text = decode(*bytes);
    if (!text)
        return fail(Error::io(QStringLiteral("%1 is not valid UTF-8; fix or move it first").arg(path)));
    return *text;
}

Result<QStringList> MemoryFile::read(const QString& path)
{
    auto text = readText(path);
    if (!text)
        return fail(text.error());
    return parseText(*text);
}

} // namespace sediment
