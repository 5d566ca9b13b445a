#include "shared/CommandPalette.h"

#include <QAction>
#include <QKeyEvent>
#include <QLineEdit>
#include <QListWidget>
#include <QPointer>
#include <QTimer>
#include <QVBoxLayout>

namespace sediment::ui {

namespace {

QString nameOf(const QAction* a)
{
    QString text = a->text();
    text.remove(QLatin1Char('&'));
    return text;
}

QString lineOf(const QAction* a)
{
    const QString key = a->shortcut().toString(QKeySequence::NativeText);
    return key.isEmpty() ? nameOf(a) : QStringLiteral("%1 — %2").arg(nameOf(a), key);
}

} // namespace

CommandPalette::CommandPalette(const QList<QAction*>& actions, QWidget* parent) : QDialog(parent)
{
    setObjectName(QStringLiteral("commandPalette"));
    setWindowTitle(tr("Commands"));
    for (QAction* a : actions)
        if (a && a->isEnabled() && !nameOf(a).isEmpty())
            m_actions << a;
    std::sort(m_actions.begin(), m_actions.end(),
              [](const QAction* a, const QAction* b) { return nameOf(a).localeAwareCompare(nameOf(b)) < 0; });
    auto* layout = new QVBoxLayout(this);
    m_search = new QLineEdit(this);
    m_search->setObjectName(QStringLiteral("commandPaletteSearch"));
    m_search->setPlaceholderText(tr("Type a command or a key…"));
    m_search->setClearButtonEnabled(true);
    m_search->installEventFilter(this);
    m_list = new QListWidget(this);
    m_list->setObjectName(QStringLiteral("commandPaletteList"));
    layout->addWidget(m_search);
    layout->addWidget(m_list);
    resize(480, 360);
    connect(m_search, &QLineEdit::textChanged, this, &CommandPalette::filter);
    connect(m_list, &QListWidget::itemActivated, this, &CommandPalette::runCurrent);
    filter(QString());
}

QStringList CommandPalette::shown() const
{
    QStringList lines;
    for (int i = 0; i < m_list->count(); ++i)
        lines << m_list->item(i)->text();
    return lines;
}

void CommandPalette::filter(const QString& text)
{
    m_list->clear();
    const QStringList words = text.split(QLatin1Char(' '), Qt::SkipEmptyParts);
    for (int i = 0; i < m_actions.size(); ++i) {
        const QString line = lineOf(m_actions[i]);
        if (std::ranges::all_of(words, [&](const QString& w) { return line.contains(w, Qt::CaseInsensitive); })) {
            auto* item = new QListWidgetItem(line, m_list);
            item->setData(Qt::UserRole, i);
            item->setToolTip(m_actions[i]->toolTip());
        }
    }
    m_list->setCurrentRow(0);
}

void CommandPalette::runCurrent()
{
    const QListWidgetItem* item = m_list->currentItem();
    if (!item)
        return;
    QPointer<QAction> action = m_actions.value(item->data(Qt::UserRole).toInt());
    accept();
    // After the palette is gone, so that the command sees the window as the reviewer left it.
    QTimer::singleShot(0, action, [action] {
        if (action)
            action->trigger();
    });
}

bool CommandPalette::eventFilter(QObject* watched, QEvent* event)
{
    // Up and Down move in the list while the search keeps the focus; Return runs.
    if (watched == m_search && event->type() == QEvent::KeyPress) {
        const int key = static_cast<QKeyEvent*>(event)->key();
        if (key == Qt::Key_Down || key == Qt::Key_Up) {
            const int row = m_list->currentRow() + (key == Qt::Key_Down ? 1 : -1);
            if (row >= 0 && row < m_list->count())
                m_list->setCurrentRow(row);
            return true;
        }
        if (key == Qt::Key_Return || key == Qt::Key_Enter) {
            runCurrent();
            return true;
        }
    }
    return QDialog::eventFilter(watched, event);
}

} // namespace sediment::ui
