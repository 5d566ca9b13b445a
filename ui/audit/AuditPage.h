#pragma once

#include "WorkspacePage.h"

class QComboBox;
class QLabel;
class QLineEdit;
class QPlainTextEdit;
class QSplitter;
class QTableView;

namespace sediment::ui {

class AuditTableModel;
class EmptyListStack;
class RecordTable;
class TypingPause;

// The audit log (docs/user-guide.md#audit): every decision and transition, newest first, filtered by subject, actor,
// action or text, with the selected row's before/after/details, and "Verify chain", which
// recomputes the hash chain and names the first broken row.
class AuditPage final : public WorkspacePage {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(AuditPage)

public:
    AuditPage(Workspace& workspace, const Clock& clock, QWidget* parent = nullptr);

    QString pageId() const override { return QStringLiteral("audit"); }
    QString title() const override { return tr("Audit"); }
    QString badge() const override;

    QTableView* table() const;
    AuditTableModel* model() const { return m_model; }
    QLabel* verifyResult() const { return m_verifyResult; }
    QLineEdit* subjectBox() const { return m_subjectId; }
    QComboBox* subjectTypeBox() const { return m_subjectType; }

public Q_SLOTS:
    void reload() override;
    void verifyChain();
    void applyFilter();

private:
    // The constructor's steps, in the order the widgets are made.
    QWidget* buildFilterBar();
    QLabel* buildVerifyResult();
    void buildTable();
    QSplitter* buildSplitter();
    void connectSignals();
    // The style sheets built from Tones, rebuilt when the palette turns light or dark.
    void applyColors();
    void showCurrent();
    void refillChoices();
    void updateEmptyState();

    AuditTableModel* m_model = nullptr;
    RecordTable* m_table = nullptr;
    QComboBox* m_subjectType = nullptr;
    QLineEdit* m_subjectId = nullptr;
    QLineEdit* m_actor = nullptr;
    QComboBox* m_action = nullptr;
    QLineEdit* m_text = nullptr;
    QLabel* m_count = nullptr;
    QLabel* m_verifyResult = nullptr;
    bool m_chainBroken = false; // what m_verifyResult reports, for its colours
    QPlainTextEdit* m_detail = nullptr;
    EmptyListStack* m_stack = nullptr;
    TypingPause* m_typing = nullptr;
};

} // namespace sediment::ui
