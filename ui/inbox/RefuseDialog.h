#pragma once

#include <QDialog>

class QComboBox;
class QDialogButtonBox;
class QLabel;
class QPlainTextEdit;

namespace sediment::ui {

// Asks why: one of the docs/user-guide.md#inbox reason codes, and a text (required for `other`). OK stays disabled
// until the answer is complete, so a refusal always carries its reason.
class RefuseDialog final : public QDialog {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(RefuseDialog)

public:
    RefuseDialog(int itemCount, QWidget* parent = nullptr);

    QString code() const; // empty until one is chosen
    QString text() const;
    bool isComplete() const;

    void setCode(const QString& code);
    void setText(const QString& text);

    static QString label(const QString& code);

private:
    void updateState();

    QComboBox* m_code = nullptr;
    QPlainTextEdit* m_text = nullptr;
    QLabel* m_hint = nullptr;
    QDialogButtonBox* m_buttons = nullptr;
};

} // namespace sediment::ui
