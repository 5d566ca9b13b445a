#include "inbox/InboxSearchBar.h"

#include "model/InboxStatus.h"
#include "shared/Tones.h"
#include "shared/TypingPause.h"

#include <QAction>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QToolButton>
#include <QVBoxLayout>

namespace sediment::ui {

InboxSearchBar::InboxSearchBar(QWidget* parent) : QWidget(parent)
{
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(0);
    m_row = new QHBoxLayout;
    m_row->setContentsMargins(10, 8, 10, 8);
    m_row->setSpacing(8);
    m_search = new QLineEdit(this);
    m_search->setObjectName(QStringLiteral("inboxSearch"));
    m_search->setClearButtonEnabled(true);
    // Short enough to be read whole in the box; ? lists every term.
    m_search->setPlaceholderText(tr("Search — e.g. dest:memory is:stale -agent:bot"));
    m_search->addAction(QIcon(QStringLiteral(":/icons/search.svg")), QLineEdit::LeadingPosition);
    m_search->setMinimumWidth(280);
    m_row->addWidget(m_search, 1);
    m_count = new QLabel(this);
    m_count->setObjectName(QStringLiteral("inboxCount"));
    m_row->addWidget(m_count);
    layout->addLayout(m_row);

    m_queryError = new QLabel(this);
    m_queryError->setObjectName(QStringLiteral("queryError"));
    m_queryError->hide();
    layout->addWidget(m_queryError);
    applyColors();

    m_typing = new TypingPause(250, this);
    m_typing->watch(m_search);
    connect(m_typing, &TypingPause::paused, this, &InboxSearchBar::typingPaused);
    connect(m_search, &QLineEdit::returnPressed, this, &InboxSearchBar::entered);
    Tones::follow(this, [this] { applyColors(); });
}

void InboxSearchBar::setCount(const QString& text) { m_count->setText(text); }

void InboxSearchBar::addButtonsFor(const QList<QAction*>& actions)
{
    auto* buttons = new QWidget(this);
    auto* buttonsLayout = new QHBoxLayout(buttons);
    buttonsLayout->setContentsMargins(0, 0, 0, 0);
    buttonsLayout->setSpacing(4);
    for (QAction* action : actions) {
        if (action->icon().isNull())
            continue;
        auto* button = new QToolButton(buttons);
        button->setDefaultAction(action);
        button->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
        button->setAutoRaise(true);
        buttonsLayout->addWidget(button);
    }
    m_row->addWidget(buttons);
}

std::optional<InboxFilter> InboxSearchBar::parse()
{
    m_typing->cancel();
    auto filter = InboxQuery::parse(m_search->text());
    if (!filter) {
        m_queryError->setText(filter.error().message);
        m_queryError->show();
        return std::nullopt;
    }
    m_queryError->hide();
    if (filter->status.isEmpty() && !filter->allStatuses)
        filter->status.include = {toString(InboxStatus::Pending)};
    return *filter;
}

void InboxSearchBar::applyColors()
{
    const Tones tones = Tones::of(this);
    m_queryError->setStyleSheet(
        QStringLiteral("color:%1; padding: 0 12px 6px 12px").arg(tones.css(Tones::Tone::ErrorText)));
}

} // namespace sediment::ui
