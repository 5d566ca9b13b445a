#include "audit/AuditPage.h"

#include "audit/AuditTableModel.h"
#include "Resources.h"
#include "shared/EmptyListStack.h"
#include "shared/ErrorDialog.h"
#include "shared/FilterChoices.h"
#include "shared/PaneSplit.h"
#include "shared/RecordTable.h"
#include "shared/Tones.h"
#include "shared/TypingPause.h"
#include "store/AuditRepository.h"
#include "util/Json.h"
#include "workspace/Workspace.h"

#include <QComboBox>
#include <QFontDatabase>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QLocale>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QScrollBar>
#include <QSplitter>
#include <QTableView>
#include <QVBoxLayout>

namespace sediment::ui {

namespace {

QString number(qint64 n) { return QLocale(QLocale::English).toString(n); }

QLineEdit* filterEdit(const QString& placeholder, QWidget* parent)
{
    auto* edit = new QLineEdit(parent);
    edit->setPlaceholderText(placeholder);
    edit->setClearButtonEnabled(true);
    return edit;
}

} // namespace

AuditPage::AuditPage(Workspace& workspace, const Clock& clock, QWidget* parent)
    : WorkspacePage(workspace, clock, parent)
{
    initResources();
    setObjectName(QStringLiteral("auditPage"));
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(0);
    layout->addWidget(buildFilterBar());
    layout->addWidget(buildVerifyResult());
    buildTable();
    applyColors();
    layout->addWidget(buildSplitter(), 1);
    connectSignals();
    refillChoices();
    updateEmptyState();
    Tones::follow(this, [this] { applyColors(); });
}

// The filters (subject, actor, action, text), the row count and the chain check.
QWidget* AuditPage::buildFilterBar()
{
    auto* bar = new QWidget(this);
    auto* barLayout = new QHBoxLayout(bar);
    barLayout->setContentsMargins(10, 8, 10, 8);
    barLayout->setSpacing(8);
    m_subjectType = new QComboBox(bar);
    m_subjectType->setObjectName(QStringLiteral("auditSubjectType"));
    m_subjectType->setMinimumContentsLength(10);
    m_subjectId = filterEdit(tr("Subject id"), bar);
    m_subjectId->setObjectName(QStringLiteral("auditSubjectId"));
    m_actor = filterEdit(tr("Actor"), bar);
    m_action = new QComboBox(bar);
    m_action->setMinimumContentsLength(10);
    m_text = filterEdit(tr("Text in reason, before, after"), bar);
    barLayout->addWidget(m_subjectType);
    barLayout->addWidget(m_subjectId, 1);
    barLayout->addWidget(m_actor, 1);
    barLayout->addWidget(m_action);
    barLayout->addWidget(m_text, 2);
    m_count = new QLabel(bar);
    barLayout->addWidget(m_count);
    auto* verify = new QPushButton(QIcon(QStringLiteral(":/icons/verify.svg")), tr("Verify chain"), bar);
    verify->setObjectName(QStringLiteral("verifyChain"));
    verify->setToolTip(tr("Recompute every row's hash and check the links"));
    barLayout->addWidget(verify);
    connect(verify, &QPushButton::clicked, this, &AuditPage::verifyChain);
    return bar;
}

QLabel* AuditPage::buildVerifyResult()
{
    m_verifyResult = new QLabel(this);
    m_verifyResult->setObjectName(QStringLiteral("verifyResult"));
    m_verifyResult->setWordWrap(true);
    m_verifyResult->setMargin(8);
    m_verifyResult->hide();
    return m_verifyResult;
}

void AuditPage::buildTable()
{
    m_model = tableModel<AuditTableModel>();
    m_table = new RecordTable(m_model, AuditTableModel::ReasonColumn, this);
    m_table->setObjectName(QStringLiteral("auditTable"));
    m_table->setSelectionMode(QAbstractItemView::SingleSelection);
    m_table->setColumnWidthsFor({{AuditTableModel::SeqColumn, "100000"},
                                 {AuditTableModel::TimeColumn, "2026-11-22 05:39:45"},
                                 {AuditTableModel::ActorColumn, "human:reviewer"},
                                 {AuditTableModel::ActionColumn, "calibration.snapshot"},
                                 {AuditTableModel::SubjectColumn, "calibration_snapshot 1000"}});

    m_stack = new EmptyListStack(m_table, this);
}

// The table (or its empty state) above, the selected row's detail below.
QSplitter* AuditPage::buildSplitter()
{
    m_detail = new QPlainTextEdit(this);
    m_detail->setObjectName(QStringLiteral("auditDetail"));
    m_detail->setReadOnly(true);
    m_detail->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    m_detail->setPlaceholderText(tr("Select a row to see what it changed."));
    m_detail->setFrameShape(QFrame::NoFrame);
    return paneSplit(Qt::Vertical, "", m_stack, m_detail, 3, 2, this);
}

// The text filters apply after a pause in typing, the choices at once.
void AuditPage::connectSignals()
{
    m_typing = new TypingPause(250, this);
    for (QLineEdit* edit : {m_subjectId, m_actor, m_text})
        m_typing->watch(edit);
    connect(m_typing, &TypingPause::paused, this, &AuditPage::applyFilter);
    connect(m_subjectType, &QComboBox::activated, this, &AuditPage::applyFilter);
    connect(m_action, &QComboBox::activated, this, &AuditPage::applyFilter);
    connect(m_table->selectionModel(), &QItemSelectionModel::currentRowChanged, this, &AuditPage::showCurrent);
}

QTableView* AuditPage::table() const { return m_table; }

QString AuditPage::badge() const
{
    AuditReadModel read(m_workspace.db());
    auto n = read.count({});
    return n ? number(*n) : QString();
}

void AuditPage::refillChoices()
{
    AuditReadModel read(m_workspace.db());
    setFilterChoices(m_subjectType, tr("Any subject"), read.subjectTypes().value_or(QStringList()));
    setFilterChoices(m_action, tr("Any action"), read.actions().value_or(QStringList()));
}

void AuditPage::applyFilter()
{
    AuditReadModel::Filter f;
    f.subjectType = m_subjectType->currentData().toString();
    f.subjectId = m_subjectId->text().trimmed();
    f.actor = m_actor->text().trimmed();
    f.action = m_action->currentData().toString();
    f.text = m_text->text().trimmed();
    if (f == m_model->filter())
        return;
    m_model->setFilter(f);
    updateEmptyState();
    if (m_model->rowCount() > 0)
        m_table->selectRow(0);
}

void AuditPage::updateEmptyState()
{
    const int n = m_model->rowCount();
    m_count->setText(n == 1 ? tr("1 row") : tr("%1 rows").arg(number(n)));
    if (n > 0) {
        m_stack->showList();
        return;
    }
    m_stack->showEmpty(m_model->filter() == AuditReadModel::Filter()
                           ? tr("The audit log is empty.\n\nEvery decision, write and "
                                "curator transition will be recorded here.")
                           : tr("No audit row matches these filters."));
    m_detail->clear();
}

void AuditPage::showCurrent()
{
    const AuditEntry* e = m_model->entryAt(m_table->currentIndex().row());
    if (!e) {
        m_detail->clear();
        return;
    }
    // The field names are the audit row's own keys (those of `sediment audit`'s JSON), so a
    // reader can match them with the CLI and the database: they stay untranslated.
    QString text = QStringLiteral("#%1  %2  %3  %4 %5 %6\n")
                       .arg(e->seq)
                       .arg(e->at, e->actor, e->action, e->subjectType, e->subjectId);
    if (e->reason)
        text += QStringLiteral("\nreason:  %1\n").arg(*e->reason);
    if (e->before)
        text += QStringLiteral("\nbefore:\n%1\n").arg(*e->before);
    if (e->after)
        text += QStringLiteral("\nafter:\n%1\n").arg(*e->after);
    if (!e->details.empty())
        text += QStringLiteral("\ndetails:\n%1\n").arg(fromStd(e->details.dump(2)));
    text += QStringLiteral("\nhash:      %1\nprev_hash: %2").arg(e->hash, e->prevHash);
    m_detail->setPlainText(text);
}

void AuditPage::reload()
{
    // Newest first: rows that arrived push the selection down by as many.
    const int before = m_model->rowCount();
    const int row = m_table->currentIndex().row();
    const int scroll = m_table->verticalScrollBar()->value();
    m_model->refresh();
    const int added = m_model->rowCount() - before;
    updateEmptyState();
    if (row >= 0 && m_model->rowCount() > 0) {
        m_table->doItemsLayout();
        m_table->selectRow(std::clamp(row + std::max(added, 0), 0, m_model->rowCount() - 1));
        m_table->verticalScrollBar()->setValue(
            scroll + (scroll > 0 ? std::max(added, 0) * m_table->verticalHeader()->defaultSectionSize() : 0));
    }
    Q_EMIT badgeChanged();
}

void AuditPage::verifyChain()
{
    AuditRepository repo(m_workspace.db(), m_clock);
    auto result = repo.verify();
    if (!result) {
        ErrorDialog::show(this, tr("Could not read the audit log."), result.error());
        return;
    }
    if (*result) {
        m_verifyResult->setText(tr("Chain broken at row %1: %2. Rows from there on "
                                   "cannot be trusted; restore the database from a "
                                   "backup or investigate who edited it.")
                                    .arg((*result)->seq)
                                    .arg((*result)->why));
        m_chainBroken = true;
        Q_EMIT statusMessage(tr("Audit chain broken at row %1").arg((*result)->seq));
    } else {
        auto count = repo.count();
        m_verifyResult->setText(tr("Chain intact: all %1 rows verified.").arg(number(count ? *count : 0)));
        m_chainBroken = false;
        Q_EMIT statusMessage(m_verifyResult->text());
    }
    applyColors();
    m_verifyResult->show();
}

void AuditPage::applyColors()
{
    using T = Tones::Tone;
    const Tones tones = Tones::of(this);
    m_verifyResult->setStyleSheet(QStringLiteral("background:%1;color:%2")
                                      .arg(tones.css(m_chainBroken ? T::ErrorBackground : T::GoodBackground),
                                           tones.css(m_chainBroken ? T::ErrorOnBackground : T::GoodOnBackground)));
}

} // namespace sediment::ui
