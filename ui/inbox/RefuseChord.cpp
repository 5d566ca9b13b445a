#include "inbox/RefuseChord.h"

#include "inbox/InboxService.h"

#include <QApplication>
#include <QKeyEvent>

namespace sediment::ui {

RefuseChord::RefuseChord(std::function<void(const QString&)> byCode, std::function<void()> dialog, QObject* parent)
    : QObject(parent)
    , m_byCode(std::move(byCode))
    , m_dialog(std::move(dialog))
{
    m_timeout.setSingleShot(true);
    // Long enough to read the seven reasons in the status bar; Esc cancels sooner.
    m_timeout.setInterval(10000);
    connect(&m_timeout, &QTimer::timeout, this, [this] {
        disarm();
        Q_EMIT message(tr("Refusal cancelled."));
    });
}

RefuseChord::~RefuseChord() { disarm(); }

QString RefuseChord::hint()
{
    QStringList words;
    const QStringList& codes = InboxService::refusalCodes();
    for (qsizetype i = 0; i < codes.size(); ++i)
        words << QStringLiteral("%1 %2").arg(i + 1).arg(spoken(codes[i]));
    return tr("Refuse as: %1 · R again: with a note · Esc: cancel").arg(words.join(QStringLiteral(" · ")));
}

QString RefuseChord::spoken(const QString& code) { return QString(code).replace(QLatin1Char('_'), QLatin1Char(' ')); }

void RefuseChord::arm()
{
    if (!m_armed)
        qApp->installEventFilter(this);
    m_armed = true;
    m_timeout.start();
    Q_EMIT message(hint());
}

void RefuseChord::disarm()
{
    if (m_armed)
        qApp->removeEventFilter(this);
    m_armed = false;
    m_timeout.stop();
}

bool RefuseChord::eventFilter(QObject* watched, QEvent* event)
{
    if (!m_armed)
        return QObject::eventFilter(watched, event);
    if (event->type() == QEvent::ShortcutOverride || event->type() == QEvent::KeyPress) {
        auto* key = static_cast<QKeyEvent*>(event);
        const int k = key->key();
        if (k == Qt::Key_Shift || k == Qt::Key_Control || k == Qt::Key_Alt || k == Qt::Key_Meta)
            return false;
        const QStringList& codes = InboxService::refusalCodes();
        const bool digit = k >= Qt::Key_1 && k < Qt::Key_1 + int(codes.size());
        const bool dialog = k == Qt::Key_R || k == Qt::Key_Return || k == Qt::Key_Enter;
        // The override is accepted so that no shortcut takes the key; the press then decides.
        if (event->type() == QEvent::ShortcutOverride) {
            if (digit || dialog || k == Qt::Key_Escape) {
                event->accept();
                return true;
            }
            return false;
        }
        disarm();
        if (digit) {
            m_byCode(codes[k - Qt::Key_1]);
            return true;
        }
        if (dialog) {
            m_dialog();
            return true;
        }
        Q_EMIT message(tr("Refusal cancelled."));
        return k == Qt::Key_Escape;
    }
    if (event->type() == QEvent::MouseButtonPress) {
        disarm();
        Q_EMIT message(tr("Refusal cancelled."));
    }
    return false;
}

} // namespace sediment::ui
