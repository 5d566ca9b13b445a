#pragma once

#include <QListWidget>

namespace sediment::ui {

// The window's navigation: one entry per page in the product's order (Inbox, Memory, Skills,
// Scars, Decisions, Audit, then any other), each with its live figure on the right.
class Sidebar final : public QListWidget {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(Sidebar)

public:
    // SubtitleRole: a second, smaller line under the title (the inbox's oldest waiting item).
    enum Role { PageIdRole = Qt::UserRole + 1, BadgeRole, SubtitleRole };

    explicit Sidebar(QWidget* parent = nullptr);

    // Inserts at the page's place in the canonical order, whenever it is added.
    void addEntry(const QString& pageId, const QString& title);
    void setBadge(const QString& pageId, const QString& badge);
    QString badge(const QString& pageId) const;
    void setSubtitle(const QString& pageId, const QString& subtitle);
    QString subtitle(const QString& pageId) const;
    bool select(const QString& pageId);
    QString currentPageId() const;
    QStringList pageIds() const;

    static QString iconPath(const QString& pageId);

Q_SIGNALS:
    void pageSelected(const QString& pageId);

private:
    QListWidgetItem* find(const QString& pageId) const;
};

} // namespace sediment::ui
