#include "inbox/MakeRoomDialog.h"

#include "inbox/MemoryWritePlan.h"
#include "memory/MemoryEdit.h"
#include "memory/UnicodeText.h"
#include "proposal/WorkspaceOp.h"
#include "shared/Tones.h"

#include <QDialogButtonBox>
#include <QHBoxLayout>
#include <QInputDialog>
#include <QLabel>
#include <QListWidget>
#include <QLocale>
#include <QPushButton>
#include <QVBoxLayout>

namespace sediment::ui {

namespace {

constexpr int kEntryRole = Qt::UserRole;      // the entry's text, verbatim
constexpr int kMergedRole = Qt::UserRole + 1; // index into the merges, -1 when none
constexpr int kShown = 220;                   // code units of an entry shown in its row

QString number(int n) { return QLocale::system().toString(n); }

QString shortened(const QString& text, int max)
{
    QString flat = text;
    flat.replace(QLatin1Char('\n'), QStringLiteral(" ⏎ "));
    return flat.size() > max ? flat.left(max) + QStringLiteral("…") : flat;
}

// An entry's row: its text (shortened; the tooltip has it whole) and its size.
QString rowText(const QString& entry)
{
    return MakeRoomDialog::tr("%1\n%2 chars").arg(shortened(entry, kShown), number(int(UnicodeText::length(entry))));
}

} // namespace

MakeRoomDialog::MakeRoomDialog(const InboxItem& item, BudgetPreview::Input input, QWidget* parent)
    : QDialog(parent)
    , m_id(item.id)
    , m_itemOp(item.effectiveOp())
    , m_input(std::move(input))
    , m_now(BudgetPreview::compute(m_input.target, m_input.entries, m_input.op, m_input.limit))
{
    setObjectName(QStringLiteral("makeRoomDialog"));
    const QString file = MemoryEdit::fileName(m_input.target);
    setWindowTitle(tr("Make room in %1 for #%2").arg(file).arg(item.id));
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(buildIntro(file));
    layout->addWidget(buildEntryList(), 1);
    layout->addLayout(buildMergeRow());
    layout->addWidget(buildBudgetLine());
    layout->addWidget(buildErrorLine());
    QDialogButtonBox* buttons = buildButtons();
    layout->addWidget(buttons);
    connectSignals(buttons);
    resize(680, 520);
    refresh();
    m_list->setFocus();
    if (m_list->count())
        m_list->setCurrentRow(0);
    Tones::follow(this, [this] { applyColors(); });
}

// What the write needs: the chars to free, or that it fits already.
QLabel* MakeRoomDialog::buildIntro(const QString& file)
{
    auto* intro = new QLabel(this);
    intro->setWordWrap(true);
    intro->setText(m_now.over ? tr("This write would bring %1 to %2 of %3 chars: free at least %4 chars. Check "
                                   "entries to remove, or check several and merge them into one. The room and the "
                                   "write are applied together, or not at all.")
                                    .arg(file, number(m_now.after), number(m_now.limit), number(m_now.excess()))
                              : tr("This write fits %1 (%2 of %3 chars). You may still remove or merge entries in "
                                   "the same decision.")
                                    .arg(file, number(m_now.after), number(m_now.limit)));
    return intro;
}

// The store's entries, each checkable for removal except those the write itself edits.
QListWidget* MakeRoomDialog::buildEntryList()
{
    m_list = new QListWidget(this);
    m_list->setObjectName(QStringLiteral("roomEntries"));
    m_list->setWordWrap(true);
    m_list->setAlternatingRowColors(true);
    m_list->setSelectionMode(QAbstractItemView::SingleSelection);
    // The entries the write itself edits are shown, but not offered for removal or merging.
    const QStringList edited = MemoryRoom::entriesEditedBy(m_input.entries, m_itemOp);
    for (const QString& entry : m_input.entries) {
        auto* row = new QListWidgetItem(m_list);
        row->setData(kEntryRole, entry);
        row->setData(kMergedRole, -1);
        row->setToolTip(entry);
        if (edited.contains(entry)) {
            row->setFlags(Qt::ItemIsSelectable);
            row->setText(tr("%1\n(%2 chars — this write edits it)")
                             .arg(shortened(entry, kShown), number(int(UnicodeText::length(entry)))));
        } else {
            row->setFlags(Qt::ItemIsEnabled | Qt::ItemIsSelectable | Qt::ItemIsUserCheckable);
            row->setCheckState(Qt::Unchecked);
            row->setText(rowText(entry));
        }
    }
    return m_list;
}

QHBoxLayout* MakeRoomDialog::buildMergeRow()
{
    auto* mergeRow = new QHBoxLayout();
    m_merge = new QPushButton(tr("Merge checked…"), this);
    m_merge->setObjectName(QStringLiteral("roomMerge"));
    m_merge->setToolTip(tr("Replace the checked entries by one entry you write"));
    m_unmerge = new QPushButton(tr("Undo merges"), this);
    m_unmerge->setObjectName(QStringLiteral("roomUnmerge"));
    mergeRow->addWidget(m_merge);
    mergeRow->addWidget(m_unmerge);
    mergeRow->addStretch(1);
    return mergeRow;
}

QLabel* MakeRoomDialog::buildBudgetLine()
{
    m_budget = new QLabel(this);
    m_budget->setObjectName(QStringLiteral("roomBudget"));
    m_budget->setWordWrap(true);
    return m_budget;
}

QLabel* MakeRoomDialog::buildErrorLine()
{
    m_error = new QLabel(this);
    m_error->setObjectName(QStringLiteral("roomError"));
    m_error->setWordWrap(true);
    m_error->hide();
    return m_error;
}

QDialogButtonBox* MakeRoomDialog::buildButtons()
{
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Cancel, this);
    m_approve = buttons->addButton(tr("Approve and make room"), QDialogButtonBox::AcceptRole);
    m_approve->setObjectName(QStringLiteral("roomApprove"));
    m_approve->setDefault(true);
    return buttons;
}

void MakeRoomDialog::connectSignals(QDialogButtonBox* buttons)
{
    connect(m_list, &QListWidget::itemChanged, this, [this] { refresh(); });
    connect(m_merge, &QPushButton::clicked, this, &MakeRoomDialog::askMerge);
    connect(m_unmerge, &QPushButton::clicked, this, &MakeRoomDialog::undoMerges);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(buttons, &QDialogButtonBox::accepted, this, [this] {
        if (!m_fits)
            return;
        m_error->hide();
        Q_EMIT submitted(m_room);
    });
}

QStringList MakeRoomDialog::checkedEntries() const
{
    QStringList out;
    for (int i = 0; i < m_list->count(); ++i) {
        const QListWidgetItem* row = m_list->item(i);
        if ((row->flags() & Qt::ItemIsUserCheckable) && row->checkState() == Qt::Checked
            && row->data(kMergedRole).toInt() < 0)
            out << row->data(kEntryRole).toString();
    }
    return out;
}

void MakeRoomDialog::rebuildRoom()
{
    m_room.edits = m_merges;
    for (const QString& entry : checkedEntries())
        m_room.edits.push_back({{entry}, {}});
}

void MakeRoomDialog::refresh()
{
    rebuildRoom();
    const QString file = MemoryEdit::fileName(m_input.target);
    const int checked = int(checkedEntries().size());
    m_merge->setEnabled(checked >= 2);
    m_unmerge->setEnabled(!m_merges.empty());
    m_fits = false;
    QString text;
    bool bad = true;
    if (m_room.isEmpty()) {
        text =
            tr("Nothing chosen yet: %1 would hold %2 / %3 chars.").arg(file, number(m_now.after), number(m_now.limit));
    } else if (auto batch = m_room.batchFor(m_input.entries, m_itemOp); !batch) {
        text = batch.error().message;
    } else if (auto op = readMemoryOp(m_input.target, *batch); !op) {
        text = op.error().message;
    } else {
        const MemoryWritePlan plan = MemoryWritePlan::compute(m_input.target, m_input.entries, *op, m_input.limit);
        // What the room alone frees: the usage after its last op, which come first in the batch.
        const int freed = plan.budget.current - plan.steps[std::size_t(m_room.opCount() - 1)].after;
        text = tr("%1 after the room (%2 chars freed) and the write: %3 / %4 chars")
                   .arg(file, number(freed), number(plan.budget.after), number(plan.budget.limit));
        if (plan.accepted) {
            text += tr(" — fits");
            m_fits = true;
            bad = false;
        } else if (plan.budget.over) {
            text += tr(" — still %1 over").arg(number(plan.budget.excess()));
        } else {
            text += tr(" — the store would refuse it: %1").arg(plan.verdict);
        }
    }
    m_budget->setText(text);
    m_budgetBad = bad;
    applyColors();
    m_approve->setEnabled(m_fits);
}

void MakeRoomDialog::applyColors()
{
    using T = Tones::Tone;
    const Tones tones = Tones::of(this);
    m_budget->setStyleSheet(
        QStringLiteral("font-weight:bold;color:%1").arg(tones.css(m_budgetBad ? T::ErrorText : T::GoodText)));
    m_error->setStyleSheet(QStringLiteral("color:%1").arg(tones.css(T::ErrorText)));
}

QString MakeRoomDialog::budgetText() const { return m_budget->text(); }

void MakeRoomDialog::setChecked(int row, bool checked)
{
    if (QListWidgetItem* item = m_list->item(row); item && (item->flags() & Qt::ItemIsUserCheckable))
        item->setCheckState(checked ? Qt::Checked : Qt::Unchecked);
}

bool MakeRoomDialog::mergeChecked(const QString& text)
{
    const QStringList entries = checkedEntries();
    if (entries.size() < 2 || UnicodeText::strip(text).isEmpty())
        return false;
    const int group = int(m_merges.size());
    m_merges.push_back({entries, UnicodeText::strip(text)});
    const QSignalBlocker quiet(m_list);
    for (int i = 0; i < m_list->count(); ++i) {
        QListWidgetItem* row = m_list->item(i);
        if (!entries.contains(row->data(kEntryRole).toString()))
            continue;
        row->setData(kMergedRole, group);
        row->setFlags(Qt::ItemIsSelectable);
        row->setText(
            tr("%1\n→ merged into “%2”")
                .arg(shortened(row->data(kEntryRole).toString(), kShown), shortened(m_merges.back().into, 80)));
    }
    refresh();
    return true;
}

void MakeRoomDialog::askMerge()
{
    const QStringList entries = checkedEntries();
    if (entries.size() < 2)
        return;
    bool ok = false;
    const QString text = QInputDialog::getMultiLineText(
        this, tr("Merge %1 entries").arg(entries.size()),
        tr("One entry replaces the %1 checked ones. Edit it down to what is worth keeping:").arg(entries.size()),
        entries.join(QLatin1Char('\n')), &ok);
    if (ok && !mergeChecked(text))
        showError(tr("A merge needs the merged entry's text."));
}

void MakeRoomDialog::undoMerges()
{
    m_merges.clear();
    const QSignalBlocker quiet(m_list);
    for (int i = 0; i < m_list->count(); ++i) {
        QListWidgetItem* row = m_list->item(i);
        if (row->data(kMergedRole).toInt() < 0)
            continue;
        row->setData(kMergedRole, -1);
        row->setFlags(Qt::ItemIsEnabled | Qt::ItemIsSelectable | Qt::ItemIsUserCheckable);
        row->setCheckState(Qt::Unchecked);
        row->setText(rowText(row->data(kEntryRole).toString()));
    }
    refresh();
}

void MakeRoomDialog::showError(const QString& message)
{
    m_error->setText(tr("Not approved: %1").arg(message));
    m_error->show();
}

} // namespace sediment::ui
