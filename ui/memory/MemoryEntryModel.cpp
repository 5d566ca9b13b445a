#include "memory/MemoryEntryModel.h"

#include "memory/ThreatScanner.h"
#include "shared/Tones.h"

#include <QBrush>
#include <QGuiApplication>

namespace sediment::ui {

MemoryEntryModel::MemoryEntryModel(QObject* parent) : QAbstractListModel(parent) {}

void MemoryEntryModel::setEntries(const QStringList& entries)
{
    if (entries == m_entries)
        return;
    // Only the changed middle is removed and inserted: the rows before and after it stay, with
    // the views' selection on them (a store changes by one entry at a time, at most a batch).
    const qsizetype oldCount = m_entries.size();
    const qsizetype newCount = entries.size();
    qsizetype prefix = 0;
    while (prefix < oldCount && prefix < newCount && m_entries[prefix] == entries[prefix])
        ++prefix;
    qsizetype suffix = 0;
    while (suffix < oldCount - prefix && suffix < newCount - prefix
           && m_entries[oldCount - 1 - suffix] == entries[newCount - 1 - suffix])
        ++suffix;
    const qsizetype removed = oldCount - prefix - suffix;
    const qsizetype added = newCount - prefix - suffix;
    if (removed > 0) {
        beginRemoveRows({}, int(prefix), int(prefix + removed - 1));
        m_entries.remove(prefix, removed);
        m_threats.erase(m_threats.begin() + prefix, m_threats.begin() + prefix + removed);
        m_threatMessages.erase(m_threatMessages.begin() + prefix, m_threatMessages.begin() + prefix + removed);
        endRemoveRows();
    }
    if (added > 0) {
        beginInsertRows({}, int(prefix), int(prefix + added - 1));
        for (qsizetype i = 0; i < added; ++i) {
            const QString& e = entries[prefix + i];
            const auto finding = ThreatScanner::scan(e);
            m_entries.insert(prefix + i, e);
            m_threats.insert(m_threats.begin() + prefix + i, finding ? finding->id : QString());
            m_threatMessages.insert(m_threatMessages.begin() + prefix + i, finding ? finding->message : QString());
        }
        endInsertRows();
    }
}

int MemoryEntryModel::flaggedCount() const
{
    int n = 0;
    for (const QString& t : m_threats)
        n += t.isEmpty() ? 0 : 1;
    return n;
}

int MemoryEntryModel::rowCount(const QModelIndex& parent) const { return parent.isValid() ? 0 : int(m_entries.size()); }

QVariant MemoryEntryModel::data(const QModelIndex& index, int role) const
{
    if (!index.isValid() || index.row() >= m_entries.size())
        return {};
    const int row = index.row();
    const QString& threat = m_threats[size_t(row)];
    switch (role) {
    case Qt::DisplayRole:
        return threat.isEmpty() ? m_entries[row] : QStringLiteral("⚠ [%1] %2").arg(threat, m_entries[row]);
    case Qt::ToolTipRole:
        return threat.isEmpty() ? tr("%n character(s)", nullptr, int(m_entries[row].toUcs4().size()))
                                : m_threatMessages[size_t(row)];
    case Qt::ForegroundRole:
        // The model has no widget: the tone follows the application's palette, which every view
        // repaints with when it turns light or dark.
        return threat.isEmpty() ? QVariant()
                                : QVariant(QBrush(Tones(QGuiApplication::palette()).color(Tones::Tone::ErrorText)));
    case EntryTextRole:
        return m_entries[row];
    case ThreatRole:
        return threat;
    default:
        return {};
    }
}

QHash<int, QByteArray> MemoryEntryModel::roleNames() const
{
    QHash<int, QByteArray> names = QAbstractListModel::roleNames();
    names.insert(EntryTextRole, "entryText");
    names.insert(ThreatRole, "threat");
    return names;
}

} // namespace sediment::ui
