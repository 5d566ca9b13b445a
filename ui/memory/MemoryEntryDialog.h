#pragma once

#include <QDialog>

#include <functional>

class QDialogButtonBox;
class QLabel;
class QPlainTextEdit;

namespace sediment::ui {

// Adding or editing a memory entry by hand (docs/user-guide.md#memory): a text box that wraps,
// and below it what writing the text would do to the store, said as the text changes — its usage
// after the write, or why the store would refuse it — so that a person sees the budget before
// pressing the button, as the inbox shows it for an agent's write. Ctrl+Return saves.
class MemoryEntryDialog final : public QDialog {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(MemoryEntryDialog)

public:
    // `preview` says what writing a text would do; `text` is the entry as it stands (empty to add).
    MemoryEntryDialog(const QString& title, const QString& text, std::function<QString(const QString&)> preview,
                      QWidget* parent = nullptr);

    QString text() const;
    QString previewText() const;
    QPlainTextEdit* editor() const { return m_edit; }

private:
    void update();

    std::function<QString(const QString&)> m_preview;
    QString m_original;
    QPlainTextEdit* m_edit = nullptr;
    QLabel* m_after = nullptr;
    QDialogButtonBox* m_buttons = nullptr;
};

} // namespace sediment::ui
