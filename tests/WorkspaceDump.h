#pragma once

// Text dumps of a workspace for "nothing changed" checks: two equal dumps taken before and after
// an operation mean it wrote nothing.
#include "agents/Agents.h"
#include "store/Database.h"
#include "TeamStore.h"
#include "workspace/Workspace.h"

#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QFileInfo>
#include <QStringList>

namespace sediment::test {

// Every row of every table, as text (either store).
inline QString dumpDatabase(Database& db)
{
    QString out;
    auto tables = db.prepare({"SELECT name FROM sqlite_master WHERE type='table' ORDER BY name",
                              "SELECT table_name FROM information_schema.tables WHERE "
                              "table_schema = current_schema() ORDER BY table_name"});
    QStringList names;
    while (tables && *tables->step())
        names << tables->text(0);
    for (const QString& table : names) {
        if (table.contains(QLatin1String("_fts")) || table.startsWith(QLatin1String("inbox_text_")))
            continue; // full-text indexes and their shadow tables: derived from the rows
        if (table == QLatin1String("inbox_text"))
            continue;
        const QByteArray sql = "SELECT * FROM \"" + table.toUtf8() + "\" ORDER BY 1";
        auto st = db.prepare(sql.constData());
        if (!st)
            continue;
        out += table + QLatin1Char('\n');
        while (true) {
            auto row = st->step();
            if (!row || !*row)
                break;
            for (int c = 0; c < st->columnCount(); ++c)
                out += (st->isNull(c) ? QStringLiteral("NULL") : st->text(c)) + QLatin1Char('|');
            out += QLatin1Char('\n');
        }
    }
    return out;
}

// The same for a workspace's store, opened for the dump alone: the sediment.db at `path`, or,
// against the team server, the schema its workspace's sediment.json names.
inline QString dumpDatabase(const QString& path)
{
    if (onServer()) {
        auto ws = Agents::open(QFileInfo(path).absolutePath());
        return ws ? dumpDatabase((*ws)->db()) : QStringLiteral("cannot open");
    }
    auto db = Database::open(path);
    return db ? dumpDatabase(**db) : QStringLiteral("cannot open");
}

// Every path under a folder with its contents, the database files left out.
inline QString dumpTree(const QString& root)
{
    QStringList lines;
    QDirIterator it(root, QDir::AllEntries | QDir::Hidden | QDir::NoDotAndDotDot, QDirIterator::Subdirectories);
    while (it.hasNext()) {
        const QString path = it.next();
        // The store's own files (a team store's journal lock, the test's server marker) are not
        // workspace content.
        if (path.contains(QStringLiteral("sediment.db")) || path.contains(QStringLiteral("sediment-team"))
            || path.endsWith(QStringLiteral(".sediment-test-store")))
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
