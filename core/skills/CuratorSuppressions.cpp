#include "skills/CuratorSuppressions.h"

#include "util/AtomicFile.h"

#include <algorithm>

namespace sediment {

QStringList CuratorSuppressions::names() const
{
    auto bytes = AtomicFile::read(m_dir + QStringLiteral("/.curator_suppressed"), true);
    QStringList out;
    if (!bytes)
        return out;
    for (const QString& line : QString::fromUtf8(*bytes).split(QLatin1Char('\n'))) {
        const QString name = line.trimmed();
        if (!name.isEmpty() && !name.startsWith(QLatin1Char('#')) && !out.contains(name))
            out << name;
    }
    return out;
}

Status CuratorSuppressions::add(const QStringList& names) const
{
    QStringList all = this->names();
    const qsizetype before = all.size();
    for (const QString& n : names) {
        if (!all.contains(n))
            all << n;
    }
    return all.size() == before ? Status() : write(all);
}

Status CuratorSuppressions::remove(const QString& name) const
{
    QStringList all = names();
    if (!all.removeOne(name))
        return {};
    return write(all);
}

Status CuratorSuppressions::write(const QStringList& names) const
{
    // Hermes writes the sorted names joined by newlines, with a final newline unless empty.
    QStringList sorted = names;
    std::sort(sorted.begin(), sorted.end(), [](const QString& a, const QString& b) { return a.toUtf8() < b.toUtf8(); });
    QByteArray text = sorted.join(QLatin1Char('\n')).toUtf8();
    if (!sorted.isEmpty())
        text += '\n';
    return AtomicFile::write(m_dir + QStringLiteral("/.curator_suppressed"), text);
}

} // namespace sediment
