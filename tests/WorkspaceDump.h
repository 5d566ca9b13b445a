#pragma once

// Text dumps of a workspace for "nothing changed" checks: two equal dumps taken before and after
// an operation mean it wrote nothing.
#include "store/Database.h"

#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QStringList>

#include <sqlite3.h>

namespace sediment::test {

// Every row of every table, as text.
inline QString dumpDatabase(Database& db)
{
    QString out;
    auto tables = db.prepare("SELECT name FROM sqlite_master WHERE type='table' ORDER BY name");
    QStringList names;
    while (tables && *tables->step())
        names << tables->text(0);
    for (const QString& table : names) {
        const QByteArray sql = "SELECT * FROM \"" + table.toUtf8() + "\" ORDER BY 1";
        sqlite3_stmt* st = nullptr;
        if (sqlite3_prepare_v2(db.handle(), sql.constData(), -1, &st, nullptr) != SQLITE_OK)
            continue; // virtual tables' shadow internals
        out += table + QLatin1Char('\n');
        while (sqlite3_step(st) == SQLITE_ROW) {
            for (int c = 0; c < sqlite3_column_count(st); ++c) {
                const auto* text = reinterpret_cast<const char*>(sqlite3_column_text(st, c));
                out += QString::fromUtf8(text ? text : "NULL") + QLatin1Char('|');
            }
            out += QLatin1Char('\n');
        }
        sqlite3_finalize(st);
    }
    return out;
}

// The same for a database file, opened for the dump alone.
inline QString dumpDatabase(const QString& path)
{
    auto db = Database::open(path);
    return db ? dumpDatabase(**db) : QStringLiteral("cannot open");
}

// Every path under a folder with its contents, the database files left out.
inline QString dumpTree(const QString& root)
{
    QStringList lines;
    QDirIterator it(root, QDir::AllEntries | QDir::Hidden | QDir::NoDotAndDotDot,
                    QDirIterator::Subdirectories);
    while (it.hasNext()) {
        const QString path = it.next();
        if (path.contains(QStringLiteral("sediment.db")))
            continue;
        QFile f(path);
        QString line = path.mid(root.size());
        if (it.fileInfo().isFile() && f.open(QIODevice::ReadOnly))
            line += QLatin1Char('=') + QString::fromUtf8(f.readAll());
        lines << line;
    }
    lines.sort();
    return lines.join(QLatin1Char('\n'));
}

} // namespace sediment::test
