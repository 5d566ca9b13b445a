#include "shared/TypingPause.h"

#include <QLineEdit>

namespace sediment::ui {

TypingPause::TypingPause(int msec, QObject* parent) : QObject(parent)
{
    m_timer.setSingleShot(true);
    m_timer.setInterval(msec);
    connect(&m_timer, &QTimer::timeout, this, &TypingPause::paused);
}

void TypingPause::watch(QLineEdit* edit)
{
    connect(edit, &QLineEdit::textChanged, &m_timer, qOverload<>(&QTimer::start));
}

void TypingPause::cancel() { m_timer.stop(); }

} // namespace sediment::ui
