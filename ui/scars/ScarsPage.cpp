#include "scars/ScarsPage.h"

#include "audit/Actor.h"
#include "model/ScarKind.h"
#include "scars/ScarRecall.h"
#include "scars/ScarSuggester.h"
#include "scars/ScarTableModel.h"
#include "shared/ColumnFit.h"
#include "shared/FilterChoices.h"
#include "shared/IdRowSelection.h"
#include "shared/SingleRowTable.h"
#include "shared/TypingPause.h"
#include "store/ScarRepository.h"

#include <QCheckBox>
#include <QComboBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSpinBox>
#include <QSplitter>
#include <QTableView>
#include <QTableWidget>
#include <QTextBrowser>
#include <QVBoxLayout>

namespace sediment::ui {

ScarsPage::ScarsPage(Workspace& workspace, const Clock& clock, QWidget* parent)
    : WorkspacePage(workspace, clock, parent)
{
    m_model = tableModel<ScarTableModel>();

    QHBoxLayout* filters = buildFilters();
    buildTable();
    buildLessonAndRecall();
    layOut(filters);

    reloadScopes();
    applyFilter();
}

// The search, the scope, kind, importance and archive filters, and the recall and suggestion
// buttons, in one row above the table.
QHBoxLayout* ScarsPage::buildFilters()
{
    m_search = new QLineEdit;
    m_search->setPlaceholderText(tr("Search title, context and lesson (full text)"));
    m_search->setClearButtonEnabled(true);
    m_scope = new QComboBox;
    m_kind = new QComboBox;
    m_kind->addItem(tr("Any kind"), QString());
    m_kind->addItem(tr("Failures"), toString(ScarKind::Failure));
    m_kind->addItem(tr("Victories"), toString(ScarKind::Victory));
    m_minImportance = new QSpinBox;
    m_minImportance->setRange(0, 10);
    m_minImportance->setPrefix(tr("importance ≥ "));
    m_archived = new QCheckBox(tr("Archived too"));
    auto* recallButton = new QPushButton(tr("&Recall"));
    recallButton->setToolTip(tr("Rank the matches as the agent's recall would (preview, no bump)"));
    m_suggest = new QPushButton(tr("Make a &suggestion"));
    m_suggest->setToolTip(tr("Send the selected scar's lesson to the inbox as a memory proposal"));

    m_typing = new TypingPause(200, this);
    m_typing->watch(m_search);
    connect(m_typing, &TypingPause::paused, this, &ScarsPage::applyFilter);
    connect(m_search, &QLineEdit::returnPressed, this, &ScarsPage::applyFilter);
    connect(m_scope, &QComboBox::activated, this, &ScarsPage::applyFilter);
    connect(m_kind, &QComboBox::currentIndexChanged, this, &ScarsPage::applyFilter);
    connect(m_minImportance, &QSpinBox::valueChanged, this, &ScarsPage::applyFilter);
    connect(m_archived, &QCheckBox::toggled, this, &ScarsPage::applyFilter);
    connect(recallButton, &QPushButton::clicked, this, &ScarsPage::runRecall);
    connect(m_suggest, &QPushButton::clicked, this, &ScarsPage::suggestSelected);

    auto* filters = new QHBoxLayout;
    filters->addWidget(m_search, 1);
    filters->addWidget(m_scope);
    filters->addWidget(m_kind);
    filters->addWidget(m_minImportance);
    filters->addWidget(m_archived);
    filters->addWidget(recallButton);
    filters->addWidget(m_suggest);
    return filters;
}

void ScarsPage::buildTable()
{
    m_table = singleRowTable(m_model);
    // The title takes what the short columns leave.
    m_table->horizontalHeader()->setStretchLastSection(false);
    m_table->horizontalHeader()->setSectionResizeMode(ScarTableModel::TitleColumn, QHeaderView::Stretch);
    fitColumn(m_table, ScarTableModel::IdColumn, QStringLiteral("999999"));
    fitColumn(m_table, ScarTableModel::KindColumn, toString(ScarKind::Victory));
    fitColumn(m_table, ScarTableModel::ImportanceColumn, QStringLiteral("10"));
    fitColumn(m_table, ScarTableModel::ScopeColumn, QStringLiteral("integration"));
    fitColumn(m_table, ScarTableModel::RecallsColumn, QStringLiteral("9999"));
    fitColumn(m_table, ScarTableModel::CreatedColumn, QStringLiteral("2026-12-31"));
    m_selection = new IdRowSelection(m_table, m_model, ScarTableModel::IdRole, ScarTableModel::TitleColumn);
    connect(m_table->selectionModel(), &QItemSelectionModel::currentRowChanged, this, &ScarsPage::showSelected);
}

// The selected scar's lesson and the ranked recall preview, beside the table.
void ScarsPage::buildLessonAndRecall()
{
    m_lesson = new QTextBrowser;
    m_recall = new QTableWidget(0, 4);
    m_recall->setHorizontalHeaderLabels({tr("Score"), QStringLiteral("#"), tr("Scar"), tr("Why it ranked so")});
    m_recall->verticalHeader()->hide();
    m_recall->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_recall->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_recall->horizontalHeader()->setStretchLastSection(true);
    m_recall->setWordWrap(false);
    fitColumn(m_recall, 0, QStringLiteral("0.999"));
    fitColumn(m_recall, 1, QStringLiteral("999999"));
    m_recall->setColumnWidth(2, 200);
    connect(m_recall, &QTableWidget::cellDoubleClicked, this, [this](int row, int) {
        if (auto* item = m_recall->item(row, 1))
            selectScar(item->text().toLongLong());
    });
}

void ScarsPage::layOut(QHBoxLayout* filters)
{
    auto* right = new QSplitter(Qt::Vertical);
    right->addWidget(m_lesson);
    right->addWidget(m_recall);
    auto* split = new QSplitter;
    split->addWidget(m_table);
    split->addWidget(right);
    split->setStretchFactor(0, 3);
    split->setStretchFactor(1, 2);
    // Stretch factors only share out extra room; the list starts with two thirds of the width,
    // enough for a readable title beside the short columns.
    split->setSizes({670, 330});
    auto* layout = new QVBoxLayout(this);
    layout->addLayout(filters);
    layout->addWidget(split, 1);
}

QString ScarsPage::badge() const { return m_total == 1 ? tr("1 scar") : tr("%1 scars").arg(m_total); }

void ScarsPage::reloadScopes()
{
    auto scopes = ScarRepository(m_workspace.db()).scopes();
    setFilterChoices(m_scope, tr("All scopes"), scopes ? QStringList(scopes->begin(), scopes->end()) : QStringList());
}

void ScarsPage::applyFilter()
{
    m_typing->cancel();
    ScarRepository::Filter f;
    f.text = m_search->text();
    f.scope = m_scope->currentData().toString();
    f.kind = m_kind->currentData().toString();
    f.minImportance = m_minImportance->value();
    f.includeArchived = m_archived->isChecked();
    m_model->setFilter(f);
    m_selection->selectFirst();
    showSelected();
    const QString before = badge();
    auto total = ScarRepository(m_workspace.db()).count({});
    m_total = total ? *total : 0;
    if (badge() != before)
        Q_EMIT badgeChanged();
}

qint64 ScarsPage::selectedId() const { return m_selection->currentId(); }

bool ScarsPage::selectScar(qint64 id) { return m_selection->select(id); }

void ScarsPage::showSelected()
{
    const Scar* s = m_model->rowAt(m_table->currentIndex().row());
    m_suggest->setEnabled(s && !s->suggestionId);
    if (!s) {
        m_lesson->setPlainText(m_model->rowCount() ? QString() : tr("No scar matches."));
        return;
    }
    QString html = tr("<h3>%1</h3><p><b>%2</b> · importance %3/10 · scope %4 · %5 · "
                      "recalled %6×%7</p>")
                       .arg(s->title.toHtmlEscaped(), s->kind)
                       .arg(s->importance)
                       .arg(s->scope.toHtmlEscaped(), s->createdAt.left(10))
                       .arg(s->recallCount)
                       .arg(s->lastRecalledAt ? tr(" (last %1)").arg(s->lastRecalledAt->left(10)) : QString());
    html += QStringLiteral("<p><b>%1</b><br>%2</p>")
                .arg(isWord(s->kind, ScarKind::Victory) ? tr("Pattern to reproduce")
                                                        : tr("Lesson (what prevents a repeat)"),
                     s->lesson.toHtmlEscaped().replace(QLatin1Char('\n'), QStringLiteral("<br>")));
    if (!s->context.isEmpty())
        html += tr("<p><b>Context</b><br>%1</p>")
                    .arg(s->context.toHtmlEscaped().replace(QLatin1Char('\n'), QStringLiteral("<br>")));
    if (s->suggestionId)
        html += tr("<p>Suggested as inbox item %1.</p>").arg(*s->suggestionId);
    else if (!s->learnable)
        html += tr("<p>Not learnable: never proposed automatically.</p>");
    m_lesson->setHtml(html);
}

bool ScarsPage::runRecall()
{
    m_recall->setRowCount(0);
    auto hits =
        ScarRecall(m_workspace.db(), m_clock).recall(m_search->text(), m_scope->currentData().toString(), 5, false);
    if (!hits) {
        Q_EMIT statusMessage(hits.error().message);
        return false;
    }
    m_recall->setRowCount(int(hits->size()));
    int row = 0;
    for (const auto& h : *hits) {
        m_recall->setItem(row, 0, new QTableWidgetItem(QString::number(h.score, 'f', 3)));
        m_recall->setItem(row, 1, new QTableWidgetItem(QString::number(h.scar.id)));
        m_recall->setItem(row, 2, new QTableWidgetItem(h.scar.title));
        m_recall->setItem(row, 3, new QTableWidgetItem(h.why()));
        ++row;
    }
    Q_EMIT statusMessage(hits->empty() ? tr("recall: no scar matches")
                                       : tr("recall: %n result(s)", nullptr, int(hits->size())));
    return true;
}

qint64 ScarsPage::suggestSelected()
{
    const Scar* s = m_model->rowAt(m_table->currentIndex().row());
    if (!s)
        return 0;
    const qint64 id = s->id;
    int redacted = 0;
    ScarSuggester suggester(m_workspace, m_clock, Actor::human(m_workspace));
    auto done = suggester.suggestOne(*s, redacted);
    if (!done || !done->inboxId) {
        Q_EMIT statusMessage(done ? tr("nothing proposed for scar %1").arg(id) : done.error().message);
        return 0;
    }
    m_model->refresh();
    selectScar(id);
    showSelected();
    Q_EMIT statusMessage(tr("scar %1 suggested: inbox item %2 (%3)").arg(id).arg(*done->inboxId).arg(done->status));
    Q_EMIT workspaceChanged(); // the inbox's count and the audit log's
    return *done->inboxId;
}

void ScarsPage::reload()
{
    const qint64 keep = selectedId();
    reloadScopes();
    m_model->refresh();
    m_selection->selectOrFirst(keep);
    showSelected();
}

} // namespace sediment::ui
