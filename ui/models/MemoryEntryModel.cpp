#include "models/MemoryEntryModel.h"

#include "memory/ThreatScanner.h"

#include <QBrush>
#include <QColor>

namespace sediment::ui {

MemoryEntryModel::MemoryEntryModel(QObject* parent)
    : QAbstractListModel(parent)
{
}

void MemoryEntryModel::setEntries(const QStringList& entries)
{
    if (entries == m_entries)
        return;
    beginResetModel();
    m_entries = entries;
    m_threats.clear();
    m_threatMessages.clear();
    for (const QString& e : m_entries) {
        const auto finding = ThreatScanner::scan(e);
        m_threats.push_back(finding ? finding->id : QString());
        m_threatMessages.push_back(finding ? finding->message : QString());
    }
    endResetModel();
}

int MemoryEntryModel::flaggedCount() const
{
    int n = 0;
    for (const QString& t : m_threats)
        n += t.isEmpty() ? 0 : 1;
    return n;
}

int MemoryEntryModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : int(m_entries.size());
}

QVariant MemoryEntryModel::data(const QModelIndex& index, int role) const
{
    if (!index.isValid() || index.row() >= m_entries.size())
        return {};
    const int row = index.row();
    const QString& threat = m_threats[size_t(row)];
    switch (role) {
    case Qt::DisplayRole:
        return threat.isEmpty() ? m_entries[row]
                                : QStringLiteral("⚠ [%1] %2").arg(threat, m_entries[row]);
    case Qt::ToolTipRole:
        return threat.isEmpty()
                   ? tr("%n character(s)", nullptr, int(m_entries[row].toUcs4().size()))
                   : m_threatMessages[size_t(row)];
    case Qt::ForegroundRole:
        return threat.isEmpty() ? QVariant() : QVariant(QBrush(QColor(0xc6, 0x28, 0x28)));
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
