#include "inbox/RefuseDialog.h"

#include "inbox/InboxService.h"
#include "model/RefusalCode.h"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QFormLayout>
#include <QLabel>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QVBoxLayout>

namespace sediment::ui {

QString RefuseDialog::label(const QString& code)
{
    const auto parsed = parseWord<RefusalCode>(code);
    if (!parsed)
        return code;
    switch (*parsed) {
    case RefusalCode::Duplicate:
        return tr("Duplicate — already known");
    case RefusalCode::Wrong:
        return tr("Wrong — not true");
    case RefusalCode::TooSpecific:
        return tr("Too specific — will not generalise");
    case RefusalCode::Stale:
        return tr("Stale — no longer applies");
    case RefusalCode::Unsafe:
        return tr("Unsafe — must not be injected");
    case RefusalCode::LowValue:
        return tr("Low value — not worth the budget");
    case RefusalCode::Other:
        return tr("Other — explain below");
    }
    return code;
}

RefuseDialog::RefuseDialog(int itemCount, QWidget* parent) : QDialog(parent)
{
    setObjectName(QStringLiteral("refuseDialog"));
    setWindowTitle(itemCount == 1 ? tr("Refuse proposal") : tr("Refuse %1 proposals").arg(itemCount));
    auto* layout = new QVBoxLayout(this);
    auto* intro = new QLabel(tr("The agent will not be offered this again: a refusal is remembered and "
                                "rejects identical proposals."),
                             this);
    intro->setWordWrap(true);
    layout->addWidget(intro);
    auto* form = new QFormLayout();
    m_code = new QComboBox(this);
    m_code->setObjectName(QStringLiteral("reasonCode"));
    m_code->addItem(tr("Choose a reason…"), QString());
    for (const QString& code : InboxService::refusalCodes())
        m_code->addItem(label(code), code);
    m_text = new QPlainTextEdit(this);
    m_text->setObjectName(QStringLiteral("reasonText"));
    m_text->setPlaceholderText(tr("Optional note for the audit log (required for Other)"));
    m_text->setTabChangesFocus(true);
    m_text->setMinimumHeight(80);
    form->addRow(tr("Reason"), m_code);
    form->addRow(tr("Note"), m_text);
    layout->addLayout(form);
    m_hint = new QLabel(this);
    m_hint->setWordWrap(true);
    layout->addWidget(m_hint);
    m_buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    m_buttons->button(QDialogButtonBox::Ok)->setText(tr("Refuse"));
    layout->addWidget(m_buttons);
    connect(m_buttons, &QDialogButtonBox::accepted, this, [this] {
        if (isComplete())
            accept();
    });
    connect(m_buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(m_code, &QComboBox::currentIndexChanged, this, &RefuseDialog::updateState);
    connect(m_text, &QPlainTextEdit::textChanged, this, &RefuseDialog::updateState);
    resize(440, sizeHint().height());
    updateState();
    m_code->setFocus();
}

QString RefuseDialog::code() const { return m_code->currentData().toString(); }

QString RefuseDialog::text() const { return m_text->toPlainText().trimmed(); }

bool RefuseDialog::isComplete() const
{
    return !code().isEmpty() && (!isWord(code(), RefusalCode::Other) || !text().isEmpty());
}

void RefuseDialog::setCode(const QString& code)
{
    const int i = m_code->findData(code);
    m_code->setCurrentIndex(i < 0 ? 0 : i);
}

void RefuseDialog::setText(const QString& text) { m_text->setPlainText(text); }

void RefuseDialog::updateState()
{
    m_buttons->button(QDialogButtonBox::Ok)->setEnabled(isComplete());
    if (code().isEmpty())
        m_hint->setText(tr("Choose why this is refused."));
    else if (!isComplete())
        m_hint->setText(tr("Say what is wrong: Other needs a note."));
    else
        m_hint->clear();
}

} // namespace sediment::ui
