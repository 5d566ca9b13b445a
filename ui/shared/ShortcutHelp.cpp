#include "shared/ShortcutHelp.h"

#include <QDialogButtonBox>
#include <QGridLayout>
#include <QLabel>
#include <QVBoxLayout>

namespace sediment::ui {

const std::vector<ShortcutHelp::Entry>& ShortcutHelp::entries()
{
    static const std::vector<Entry> list{
        {"A", "Approve the selected proposals and move to the next pending one"},
        {"R", "Refuse the selected proposals, with a reason"},
        {"E", "Edit the payload, then apply the edited version"},
        {"J / K", "Next / previous proposal"},
        {"Ctrl+Z", "Undo the last decision of this session: revert an approval, take back a refusal"},
        {"/", "Search (dest:, status:, score>=, agent:, profile:, is:stale, -term)"},
        {"Esc", "Leave the search box"},
        {"Ctrl+A", "Select every proposal shown (for a batch decision)"},
        {"Ctrl+1 … 6", "Switch page"},
        {"?", "This help"},
    };
    return list;
}

ShortcutHelp::ShortcutHelp(QWidget* parent)
    : QDialog(parent)
{
    setObjectName(QStringLiteral("shortcutHelp"));
    setWindowTitle(QStringLiteral("Keyboard shortcuts"));
    auto* layout = new QVBoxLayout(this);
    auto* grid = new QGridLayout();
    grid->setHorizontalSpacing(18);
    grid->setVerticalSpacing(8);
    int row = 0;
    for (const Entry& e : entries()) {
        auto* keys = new QLabel(QStringLiteral("<b>%1</b>").arg(QString::fromUtf8(e.keys)), this);
        grid->addWidget(keys, row, 0, Qt::AlignRight | Qt::AlignTop);
        auto* what = new QLabel(QString::fromUtf8(e.what), this);
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
