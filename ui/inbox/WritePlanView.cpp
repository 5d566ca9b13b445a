#include "inbox/WritePlanView.h"

#include "hermes/StagedOrigin.h"
#include "inbox/MemoryWritePlan.h"
#include "model/InboxItem.h"
#include "shared/FactsForm.h"
#include "shared/Tones.h"
#include "workspace/Workspace.h"

#include <cstdlib>
#include <QFormLayout>
#include <QLabel>
#include <QLocale>

namespace sediment::ui {

namespace {

QString sourceText(const Json& source, const char* key)
{
    const auto it = source.find(key);
    return it != source.end() && it->is_string() ? fromStd(it->get<std::string>()) : QString();
}

QString number(int n) { return QLocale(QLocale::English).toString(n); }

QString signedDelta(int delta)
{
    if (delta == 0)
        return QStringLiteral("±0");
    return (delta > 0 ? QStringLiteral("+") : QStringLiteral("−")) + number(std::abs(delta));
}

QLabel* valueLabel(QWidget* parent, const char* name)
{
    auto* l = new QLabel(parent);
    l->setObjectName(QString::fromLatin1(name));
    l->setWordWrap(true);
    l->setTextFormat(Qt::PlainText);
    l->setTextInteractionFlags(Qt::TextSelectableByMouse);
    l->setAlignment(Qt::AlignLeft | Qt::AlignTop);
    return l;
}

} // namespace

WritePlanView::WritePlanView(QWidget* parent) : QWidget(parent)
{
    setObjectName(QStringLiteral("writePlan"));
    QFormLayout* form = factsForm(this, QMargins(10, 8, 10, 8), 4);
    m_heading = new QLabel(this);
    m_heading->setObjectName(QStringLiteral("writePlanHeading"));
    QFont bold = m_heading->font();
    bold.setBold(true);
    m_heading->setFont(bold);
    form->addRow(m_heading);
    m_kind = valueLabel(this, "writePlanKind");
    form->addRow(m_kind);
    m_origin = valueLabel(this, "writePlanOrigin");
    m_summary = valueLabel(this, "writePlanSummary");
    m_operations = valueLabel(this, "writePlanOperations");
    m_budget = valueLabel(this, "writePlanBudget");
    m_originLabel = new QLabel(tr("Origin"), this);
    m_summaryLabel = new QLabel(tr("Summary"), this);
    m_operationsLabel = new QLabel(tr("Operations"), this);
    m_budgetLabel = new QLabel(tr("Net effect"), this);
    form->addRow(m_originLabel, m_origin);
    form->addRow(m_summaryLabel, m_summary);
    form->addRow(m_operationsLabel, m_operations);
    form->addRow(m_budgetLabel, m_budget);
    hide();
    Tones::follow(this, [this] {
        if (isVisible())
            applyColors();
    });
}

bool WritePlanView::showItem(Workspace& workspace, const InboxItem& item)
{
    const QString hermesId = sourceText(item.source, "hermes_id");
    const QString origin = sourceText(item.source, "origin");
    const QString summary = sourceText(item.source, "summary");
    const bool fromHermes = !hermesId.isEmpty();
    const bool batch = item.effectiveOp().value("action", std::string()) == "batch";
    m_operationTexts.clear();
    m_budgetBad = false;
    if (!fromHermes && !batch) {
        hide();
        return false;
    }

    m_heading->setText(fromHermes ? tr("Staged by Hermes (%1)").arg(hermesId) : tr("Batch write"));
    m_origin->setText(origin);
    m_summary->setText(summary);
    const auto staged = StagedOrigin::of(item.source);
    m_kind->setText(staged && staged->isBackgroundReview()
                        ? tr("A background review consolidation: Hermes stages these even with memory write "
                             "approval off.")
                        : QString());
    m_kind->setVisible(!m_kind->text().isEmpty());
    for (QLabel* l : {m_origin, m_originLabel})
        l->setVisible(fromHermes && !origin.isEmpty());
    for (QLabel* l : {m_summary, m_summaryLabel})
        l->setVisible(fromHermes && !summary.isEmpty());

    QString budget;
    auto plan = MemoryWritePlan::forItem(workspace, item);
    if (!plan) {
        budget = tr("Cannot compute: %1").arg(plan.error().message);
        m_budgetBad = true;
    } else if (*plan) {
        const MemoryWritePlan& p = **plan;
        int n = 0;
        for (const MemoryWritePlan::Step& step : p.steps) {
            QString line =
                tr("%1. %2: %3   %4 chars").arg(++n).arg(p.target, step.text(), signedDelta(step.after - step.before));
            if (!step.ok)
                line += QStringLiteral("   ✗ %1").arg(step.message);
            m_operationTexts << line;
        }
        budget = tr("%1: %2 → %3 / %4 chars")
                     .arg(p.target, number(p.budget.current), number(p.budget.after), number(p.budget.limit));
        if (!p.accepted) {
            budget += p.budget.over ? tr(" — over the limit, the store would refuse it")
                                    : tr(" — the store would refuse it: %1").arg(p.verdict);
            m_budgetBad = true;
        } else {
            budget += tr(" — fits");
        }
    }
    // Only a batch needs its steps spelled out; a single write is the diff and the budget row.
    const bool showSteps = batch && !m_operationTexts.isEmpty();
    m_operations->setText(m_operationTexts.join(QLatin1Char('\n')));
    for (QLabel* l : {m_operations, m_operationsLabel})
        l->setVisible(showSteps);
    m_budget->setText(budget);
    for (QLabel* l : {m_budget, m_budgetLabel})
        l->setVisible(batch && !budget.isEmpty());
    applyColors();
    show();
    return true;
}

QString WritePlanView::originText() const { return m_origin->isHidden() ? QString() : m_origin->text(); }

QString WritePlanView::kindText() const { return m_kind->isHidden() ? QString() : m_kind->text(); }

QString WritePlanView::summaryText() const { return m_summary->isHidden() ? QString() : m_summary->text(); }

QStringList WritePlanView::operationTexts() const
{
    return m_operations->isHidden() ? QStringList() : m_operationTexts;
}

QString WritePlanView::budgetText() const { return m_budget->isHidden() ? QString() : m_budget->text(); }

void WritePlanView::applyColors()
{
    using T = Tones::Tone;
    const Tones tones = Tones::of(this);
    setAttribute(Qt::WA_StyledBackground, true);
    // A style sheet change is itself a palette change: set it only when it differs, or
    // changeEvent would call back here for ever.
    const QString background = QStringLiteral("#writePlan{background:%1;border-radius:4px}").arg(tones.css(T::Panel));
    if (styleSheet() != background)
        setStyleSheet(background);
    m_budget->setStyleSheet(m_budgetBad ? QStringLiteral("color:%1;font-weight:bold").arg(tones.css(T::ErrorText))
                                        : QString());
}

} // namespace sediment::ui
