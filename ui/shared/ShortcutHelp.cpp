#include "shared/ShortcutHelp.h"

#include <QDialogButtonBox>
#include <QGridLayout>
#include <QLabel>
#include <QVBoxLayout>

namespace sediment::ui {

const std::vector<ShortcutHelp::Entry>& ShortcutHelp::entries()
{
    static const std::vector<Entry> list{
        {"A", QT_TR_NOOP("Approve the selected proposals and move to the next pending one")},
        {"R 1…7", QT_TR_NOOP("Refuse the selected proposals with that reason, no dialog (R R: with a note)")},
        {"Shift+A", QT_TR_NOOP("Approve the current proposal's group in order, as one decision")},
        {"O", QT_TR_NOOP("Keep only this one: refuse the rest of its group as superseded")},
        {"G", QT_TR_NOOP("Group by target: the proposals aimed at one target together")},
        {"E", QT_TR_NOOP("Edit the payload, then apply the edited version")},
        {"M", QT_TR_NOOP("Make room: approve a memory write, removing or merging entries")},
        {"Ctrl+K", QT_TR_NOOP("Every command with its key")},
        {"J / K", QT_TR_NOOP("Next / previous proposal")},
        {"Ctrl+Z", QT_TR_NOOP("Undo the last decision of this session: revert an approval, take back a refusal")},
        {"/", QT_TR_NOOP("Search (dest:, status:, score>=, agent:, profile:, is:dead, is:dup, is:ok, is:unsafe, "
                         "group:target, -term)")},
        {"Esc", QT_TR_NOOP("Leave the search box")},
        {"Ctrl+A", QT_TR_NOOP("Select every proposal shown (for a batch decision)")},
        {"Ctrl+1 … 6", QT_TR_NOOP("Switch page")},
        {"?", QT_TR_NOOP("This help")},
    };
    return list;
}

ShortcutHelp::ShortcutHelp(QWidget* parent) : QDialog(parent)
{
    setObjectName(QStringLiteral("shortcutHelp"));
    setWindowTitle(tr("Keyboard shortcuts"));
    auto* layout = new QVBoxLayout(this);
    auto* grid = new QGridLayout();
    grid->setHorizontalSpacing(18);
    grid->setVerticalSpacing(8);
    int row = 0;
    for (const Entry& e : entries()) {
        auto* keys = new QLabel(QStringLiteral("<b>%1</b>").arg(QString::fromUtf8(e.keys)), this);
        grid->addWidget(keys, row, 0, Qt::AlignRight | Qt::AlignTop);
        auto* what = new QLabel(tr(e.what), this);
        what->setWordWrap(true);
        grid->addWidget(what, row, 1);
        ++row;
    }
    grid->setColumnStretch(1, 1);
    layout->addLayout(grid);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    layout->addWidget(buttons);
    resize(480, sizeHint().height());
}

} // namespace sediment::ui
