#pragma once

#include "model/InboxItem.h"
#include "util/Error.h"

#include <QDialog>

#include <vector>

class QDialogButtonBox;
class QLabel;
class QPlainTextEdit;

namespace sediment::ui {

// Edits an item's payload before it is applied: the fields a reviewer changes for its
// destination (the memory content, the `before`/`after` texts, the settings patch JSON). The
// page validates the edited op by applying it through the inbox service; a refusal comes back
// here as an inline error and the dialog stays open with the text as typed.
class PatchEditor final : public QDialog {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(PatchEditor)

public:
    explicit PatchEditor(const InboxItem& item, QWidget* parent = nullptr);

    qint64 itemId() const { return m_id; }
    // The whole op with the edits; an Invalid error for JSON that does not parse.
    Result<Json> editedOp() const;
    void showError(const QString& message);
    // The editor of one field ("content", "after", "patch", ...), nullptr when absent.
    QPlainTextEdit* editor(const QString& key) const;

Q_SIGNALS:
    void submitted(const sediment::Json& op);

private:
    void applyColors();

    struct Field {
        QString key;
        bool json = false;
        QPlainTextEdit* edit = nullptr;
    };

    qint64 m_id = 0;
    Json m_op;
    std::vector<Field> m_fields;
    QLabel* m_error = nullptr;
    QDialogButtonBox* m_buttons = nullptr;
};

} // namespace sediment::ui
