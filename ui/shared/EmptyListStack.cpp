#include "shared/EmptyListStack.h"

#include "shared/Tones.h"

#include <QLabel>

namespace sediment::ui {

EmptyListStack::EmptyListStack(QWidget* list, QWidget* parent) : QStackedWidget(parent), m_list(list)
{
    m_empty = new QLabel(this);
    m_empty->setAlignment(Qt::AlignCenter);
    m_empty->setWordWrap(true);
    addWidget(m_list);
    addWidget(m_empty);
    applyColors();
    Tones::follow(this, [this] { applyColors(); });
}

QString EmptyListStack::emptyText() const { return m_empty->text(); }

void EmptyListStack::showList() { setCurrentWidget(m_list); }

void EmptyListStack::showEmpty(const QString& text)
{
    m_empty->setText(text);
    setCurrentWidget(m_empty);
}

void EmptyListStack::applyColors()
{
    m_empty->setStyleSheet(
        QStringLiteral("color: %1; font-size: 13pt; padding: 24px").arg(Tones::of(this).css(Tones::Tone::MutedText)));
}

} // namespace sediment::ui
