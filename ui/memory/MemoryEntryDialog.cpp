#include "memory/MemoryEntryDialog.h"

#include "shared/CtrlReturn.h"

#include <QDialogButtonBox>
#include <QLabel>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QVBoxLayout>

namespace sediment::ui {

MemoryEntryDialog::MemoryEntryDialog(const QString& title, const QString& text,
                                     std::function<QString(const QString&)> preview, QWidget* parent)
    : QDialog(parent)
    , m_preview(std::move(preview))
    , m_original(text)
{
    setWindowTitle(title);
    setObjectName(QStringLiteral("memoryEntryDialog"));
    auto* layout = new QVBoxLayout(this);
    m_edit = new QPlainTextEdit(text, this);
    m_edit->setObjectName(QStringLiteral("memoryEntryText"));
    m_edit->setLineWrapMode(QPlainTextEdit::WidgetWidth);
    layout->addWidget(m_edit, 1);
    m_after = new QLabel(this);
    m_after->setObjectName(QStringLiteral("memoryEntryPreview"));
    m_after->setWordWrap(true);
    layout->addWidget(m_after);
    m_buttons = new QDialogButtonBox(QDialogButtonBox::Save | QDialogButtonBox::Cancel, this);
    layout->addWidget(m_buttons);
    connect(m_buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(m_buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    pressOnCtrlReturn(this, m_buttons->button(QDialogButtonBox::Save));
    connect(m_edit, &QPlainTextEdit::textChanged, this, &MemoryEntryDialog::update);
    update();
    resize(560, 320);
    m_edit->setFocus();
}

QString MemoryEntryDialog::text() const { return m_edit->toPlainText(); }

QString MemoryEntryDialog::previewText() const { return m_after->text(); }

void MemoryEntryDialog::update()
{
    const QString now = text();
    // Nothing to write: an empty entry, or the entry as it stands.
    const bool writes = !now.trimmed().isEmpty() && now != m_original;
    m_buttons->button(QDialogButtonBox::Save)->setEnabled(writes);
    m_after->setText(writes && m_preview ? m_preview(now) : QString());
}

} // namespace sediment::ui
