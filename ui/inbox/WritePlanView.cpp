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
    m_origin = FactRow::add(form, tr("Origin"), valueLabel(this, "writePlanOrigin"));
    m_summary = FactRow::add(form, tr("Summary"), valueLabel(this, "writePlanSummary"));
    m_operations = FactRow::add(form, tr("Operations"), valueLabel(this, "writePlanOperations"));
    m_budget = FactRow::add(form, tr("Net effect"), valueLabel(this, "writePlanBudget"));
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
    m_origin.value->setText(origin);
    m_summary.value->setText(summary);
    const auto staged = StagedOrigin::of(item.source);
    m_kind->setText(staged && staged->isBackgroundReview()
                        ? tr("A background review consolidation: Hermes stages these even with memory write "
                             "approval off.")
                        : QString());
    m_kind->setVisible(!m_kind->text().isEmpty());
    m_origin.setVisible(fromHermes && !origin.isEmpty());
    m_summary.setVisible(fromHermes && !summary.isEmpty());

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
    m_operations.value->setText(m_operationTexts.join(QLatin1Char('\n')));
    m_operations.setVisible(showSteps);
    m_budget.value->setText(budget);
    m_budget.setVisible(batch && !budget.isEmpty());
    applyColors();
    show();
    return true;
}

QString WritePlanView::originText() const { return m_origin.shownText(); }

QString WritePlanView::kindText() const { return m_kind->isHidden() ? QString() : m_kind->text(); }

QString WritePlanView::summaryText() const { return m_summary.shownText(); }

QStringList WritePlanView::operationTexts() const
{
    return m_operations.value->isHidden() ? QStringList() : m_operationTexts;
}

QString WritePlanView::budgetText() const { return m_budget.shownText(); }

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
    m_budget.value->setStyleSheet(m_budgetBad ? QStringLiteral("color:%1;font-weight:bold").arg(tones.css(T::ErrorText))
                                              : QString());
}

} // namespace sediment::ui
