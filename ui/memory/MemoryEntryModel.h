#pragma once

#include <QAbstractListModel>
#include <QStringList>

#include <vector>

namespace sediment::ui {

// The entries of one bounded store (docs/user-guide.md#memory). A store is a few kilobytes by construction, so the
// model holds its entries whole; what it adds is the threat-scan verdict of each entry, shown
// as a flag (an entry written by another program may hold what the scan would block: it is
// flagged, never hidden).
class MemoryEntryModel final : public QAbstractListModel {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(MemoryEntryModel)

public:
    // Custom roles start past Qt's so that views and delegates can ask for the scan verdict.
    enum Role {
        EntryTextRole = Qt::UserRole + 1, // the entry exactly as stored
        ThreatRole,                       // the threat pattern id, empty when clean
    };

    explicit MemoryEntryModel(QObject* parent = nullptr);

    // Replaces the entries; keeps rows that did not change in place for the views' selection.
    void setEntries(const QStringList& entries);
    const QStringList& entries() const { return m_entries; }
    int flaggedCount() const;

    int rowCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role) const override;
    QHash<int, QByteArray> roleNames() const override;

private:
    QStringList m_entries;
    std::vector<QString> m_threats;
    std::vector<QString> m_threatMessages;
};

} // namespace sediment::ui
