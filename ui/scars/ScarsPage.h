#pragma once

#include "util/Clock.h"
#include "workspace/Workspace.h"
#include "WorkspacePage.h"

class QCheckBox;
class QComboBox;
class QHBoxLayout;
class QLineEdit;
class QPushButton;
class QSpinBox;
class QTableView;
class QTableWidget;
class QTextBrowser;

namespace sediment::ui {

class IdRowSelection;
class ScarTableModel;
class TypingPause;

// Scars (docs/user-guide.md#scars, docs/user-guide.md#the-window): full-text search with scope, kind and importance filters; a recall preview
// showing each result's score and why it ranked so; the selected scar's lesson; and "make a
// suggestion", which sends the scar's lesson to the inbox as a proposal.
class ScarsPage final : public WorkspacePage {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ScarsPage)

public:
    ScarsPage(Workspace& workspace, const Clock& clock, QWidget* parent = nullptr);

    QString pageId() const override { return QStringLiteral("scars"); }
    QString title() const override { return tr("Scars"); }
    QString badge() const override;

    // Runs the recall on the search text and scope and lists the ranked results. A preview: a
    // person browsing does not count as the agent recalling, so nothing is bumped.
    bool runRecall();
    // The selected scar becomes an inbox proposal; returns the inbox id, 0 on failure.
    qint64 suggestSelected();
    bool selectScar(qint64 id);
    qint64 selectedId() const;

    QLineEdit* searchBox() const { return m_search; }
    QComboBox* scopeBox() const { return m_scope; }
    QComboBox* kindBox() const { return m_kind; }
    QSpinBox* importanceBox() const { return m_minImportance; }
    QCheckBox* archivedBox() const { return m_archived; }
    QTableView* table() const { return m_table; }
    QTableWidget* recallTable() const { return m_recall; }
    QTextBrowser* lessonView() const { return m_lesson; }

public Q_SLOTS:
    void reload() override;
    void applyFilter();

private:
    // The constructor's steps, in the order the widgets are made.
    QHBoxLayout* buildFilters();
    void buildTable();
    void buildLessonAndRecall();
    void layOut(QHBoxLayout* filters);
    void reloadScopes();
    void showSelected();

    ScarTableModel* m_model = nullptr;
    QLineEdit* m_search = nullptr;
    QComboBox* m_scope = nullptr;
    QComboBox* m_kind = nullptr;
    QSpinBox* m_minImportance = nullptr;
    QCheckBox* m_archived = nullptr;
    QTableView* m_table = nullptr;
    IdRowSelection* m_selection = nullptr;
    QTableWidget* m_recall = nullptr;
    QTextBrowser* m_lesson = nullptr;
    QPushButton* m_suggest = nullptr;
    TypingPause* m_typing = nullptr;
    qint64 m_total = 0;
};

} // namespace sediment::ui
