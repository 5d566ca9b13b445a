#pragma once

#include <QDialog>
#include <QList>

class QAction;
class QLineEdit;
class QListWidget;

namespace sediment::ui {

// Ctrl+K: every command the window offers, with its key, in one list filtered as one types (each
// word must appear in the command's name or its key); Return runs the highlighted one, Esc
// closes. A reviewer finds a command and learns its key in the same look.
class CommandPalette final : public QDialog {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(CommandPalette)

public:
    CommandPalette(const QList<QAction*>& actions, QWidget* parent = nullptr);

    // The commands shown now, as "Name — Key" lines (tests).
    QStringList shown() const;

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    void filter(const QString& text);
    void runCurrent();

    QList<QAction*> m_actions;
    QLineEdit* m_search = nullptr;
    QListWidget* m_list = nullptr;
};

} // namespace sediment::ui
