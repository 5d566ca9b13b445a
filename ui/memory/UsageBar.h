#pragma once

#include <QWidget>

namespace sediment::ui {

// A store's budget at a glance: a filled bar with "1840 / 2200" on it, turning to the warning
// colour past 90% and to red when over the limit (a file written by another program can be).
class UsageBar final : public QWidget {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(UsageBar)

public:
    explicit UsageBar(QWidget* parent = nullptr);

    void setUsage(int current, int limit);
    int current() const { return m_current; }
    int limit() const { return m_limit; }
    QString text() const; // "1840 / 2200"

    QSize sizeHint() const override;

protected:
    void paintEvent(QPaintEvent* event) override;

private:
    int m_current = 0;
    int m_limit = 0;
};

} // namespace sediment::ui
