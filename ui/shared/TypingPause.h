#pragma once

#include <QObject>
#include <QTimer>

class QLineEdit;

namespace sediment::ui {

// A text filter that applies once typing pauses rather than on every key, so that a large list
// is not queried again for each letter. Every edit of a watched field restarts the wait.
class TypingPause final : public QObject {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(TypingPause)

public:
    TypingPause(int msec, QObject* parent);

    void watch(QLineEdit* edit);
    // The filter was applied another way (Enter, a choice): no second application to come.
    void cancel();

Q_SIGNALS:
    void paused();

private:
    QTimer m_timer;
};

} // namespace sediment::ui
