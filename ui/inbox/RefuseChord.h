#pragma once

#include <QObject>
#include <QString>
#include <QTimer>

#include <functional>

namespace sediment::ui {

// R, then a digit: a refusal with that reason and no dialog (docs/user-guide.md#keyboard-shortcuts; 1 duplicate, 2 wrong,
// 3 too specific, 4 stale, 5 unsafe, 6 low value, 7 other, InboxService::refusalCodes' order).
// R arms it and the status bar lists the digits; the next key decides: a digit refuses, R or
// Return opens the dialog (a reason to explain), anything else (Esc, a click elsewhere, three
// seconds) disarms it and is not eaten, except Esc. While armed it sees every key of the
// application first, so no shortcut or list takes the digit.
class RefuseChord final : public QObject {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(RefuseChord)

public:
    // `byCode`: refuse with this code; `dialog`: open the refusal dialog.
    RefuseChord(std::function<void(const QString&)> byCode, std::function<void()> dialog, QObject* parent = nullptr);
    ~RefuseChord() override;

    void arm();
    bool armed() const { return m_armed; }
    // "R then 1 duplicate · 2 wrong · … · R again: the dialog", for the status bar.
    static QString hint();
    // A reason code as the chord names it to a person: "too specific" for too_specific.
    static QString spoken(const QString& code);

Q_SIGNALS:
    void message(const QString& text);

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    void disarm();

    std::function<void(const QString&)> m_byCode;
    std::function<void()> m_dialog;
    QTimer m_timeout;
    bool m_armed = false;
};

} // namespace sediment::ui
