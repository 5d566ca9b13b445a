#pragma once

#include "WorkspacePage.h"

#include "skills/CuratorOutlook.h"

#include <QUrl>

#include <functional>

class QAction;
class QComboBox;
class QHBoxLayout;
class QLabel;
class QLineEdit;
class QPushButton;
class QTableView;
class QTreeWidget;

namespace sediment::ui {

class CuratorPanel;
class SkillTableModel;

// The Skills page (docs/user-guide.md#the-window): every skill with its state, creator, pin and last activity, filtered by
// state, creator and name; pin/unpin (P), restore from the archive, open the SKILL.md; a
// curator preview (a dry run: what the next pass would do to which skill, and why) and "Run
// curator", which first asks with the counts it is about to apply.
class SkillsPage final : public WorkspacePage {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(SkillsPage)

public:
    SkillsPage(Workspace& workspace, const Clock& clock, QWidget* parent = nullptr);

    QString pageId() const override { return QStringLiteral("skills"); }
    QString title() const override { return tr("Skills"); }
    QString badge() const override;

    // Asked before a real curator pass with a sentence naming the counts; true runs it. The
    // default is a message box; tests answer without one.
    void setConfirmHandler(std::function<bool(const QString& question)> confirm);
    // Opens a SKILL.md; the default hands it to the desktop.
    void setOpenHandler(std::function<bool(const QUrl& file)> open);

    QTableView* table() const { return m_table; }
    SkillTableModel* model() const { return m_model; }
    QComboBox* stateFilter() const { return m_state; }
    QComboBox* creatorFilter() const { return m_creator; }
    QLineEdit* nameFilter() const { return m_name; }
    QTreeWidget* curatorPreview() const;
    QLabel* previewSummary() const;
    QLabel* rulesLabel() const { return m_rules; }
    QLabel* detailLabel() const { return m_detail; }
    QPushButton* pinButton() const { return m_pinButton; }
    QAction* pinAction() const { return m_pinAction; }
    QString currentName() const;
    bool selectSkill(const QString& name);

public Q_SLOTS:
    void reload() override;
    void togglePin();
    void restoreSelected();
    bool openSkillFile();
    void previewCurator();
    void runCurator();

private:
    // The constructor's steps, in the order the widgets are made.
    QHBoxLayout* buildFilters();
    void buildTable();
    QHBoxLayout* buildDetailAndActions();
    void buildCurator();
    void layOut(QHBoxLayout* filters, QHBoxLayout* actions);
    // Re-reads the curator's rules and its view of the skills, which say why a skill is protected.
    void loadRules();
    // On a Hermes home: what .usage.json says now, into the workspace (SkillService::syncHermes),
    // before the table reads it; a change or an error is told in the status bar.
    void syncHermes(bool announceLater);
    // Hermes records every use and view in .usage.json: while the page is open, what it records
    // shows within two seconds (a stat each time; the file is read only once it was replaced).
    void watchUsage();
    void applyFilters();
    void showCurrent();
    QString actor() const;

    SkillTableModel* m_model = nullptr;
    QTableView* m_table = nullptr;
    QComboBox* m_state = nullptr;
    QComboBox* m_creator = nullptr;
    QLineEdit* m_name = nullptr;
    QLabel* m_count = nullptr;
    QLabel* m_detail = nullptr;
    QPushButton* m_pinButton = nullptr;
    QPushButton* m_restoreButton = nullptr;
    QPushButton* m_openButton = nullptr;
    QAction* m_pinAction = nullptr;
    CuratorPanel* m_curator = nullptr;
    QLabel* m_rules = nullptr;
    CuratorOutlook m_outlook;
    QByteArray m_usageSeen; // the .usage.json last synced (SkillService::syncHermes)
    std::function<bool(const QUrl&)> m_open;
};

} // namespace sediment::ui
