#include "inbox/DetailPane.h"

#include "inbox/BudgetPreview.h"
#include "inbox/ChangePreview.h"
#include "inbox/GroupPreview.h"
#include "inbox/InboxCells.h"
#include "inbox/InboxWalk.h"
#include "inbox/WritePlanView.h"
#include "memory/MemoryEdit.h"
#include "memory/ThreatScanner.h"
#include "model/InboxStatus.h"
#include "model/RefusalCode.h"
#include "shared/DiffView.h"
#include "shared/FactsForm.h"
#include "shared/LocalTime.h"
#include "shared/ReviewerText.h"
#include "shared/Tones.h"
#include "store/InboxRepository.h"
#include "store/ReviewerRepository.h"
#include "util/Clock.h"
#include "workspace/Workspace.h"

#include <QFormLayout>
#include <QLabel>
#include <QLocale>
#include <QPushButton>
#include <QStackedLayout>
#include <QVBoxLayout>

#include <algorithm>

namespace sediment::ui {

namespace {

QLabel* valueLabel(QWidget* parent)
{
    auto* l = new QLabel(parent);
    l->setWordWrap(true);
    l->setTextInteractionFlags(Qt::TextSelectableByMouse);
    l->setAlignment(Qt::AlignLeft | Qt::AlignTop);
    return l;
}

QString str(const Json& j, const char* key)
{
    const auto it = j.find(key);
    if (it == j.end() || it->is_null())
        return {};
    return it->is_string() ? fromStd(it->get<std::string>()) : fromStd(it->dump());
}

// The texts an agent wants injected somewhere: what the threat scanner reads.
QStringList scannedTexts(const InboxItem& item)
{
    const Json& op = item.effectiveOp();
    QStringList texts;
    for (const char* key : {"content", "after", "text", "title"})
        if (const QString t = str(op, key); !t.isEmpty())
            texts << t;
    if (op.contains("operations") && op["operations"].is_array())
        for (const Json& sub : op["operations"])
            if (const QString t = str(sub, "content"); !t.isEmpty())
                texts << t;
    return texts;
}

} // namespace

DetailPane::DetailPane(Workspace& workspace, QWidget* parent) : QWidget(parent), m_workspace(workspace)
{
    setObjectName(QStringLiteral("detailPane"));
    auto* stack = new QStackedLayout(this);
    m_placeholder = new QLabel(this);
    m_placeholder->setAlignment(Qt::AlignCenter);
    m_placeholder->setWordWrap(true);
    m_placeholder->setObjectName(QStringLiteral("detailPlaceholder"));
    m_content = new QWidget(this);
    stack->addWidget(m_content);
    stack->addWidget(m_placeholder);

    auto* outer = new QVBoxLayout(m_content);
    outer->setContentsMargins(12, 10, 12, 8);
    outer->setSpacing(6);
    buildHeading(outer);

    auto* body = new QHBoxLayout();
    body->setSpacing(14);
    m_diff = new DiffView(m_content);
    body->addWidget(m_diff, 3);
    body->addWidget(buildFacts(), 2);
    outer->addLayout(body, 1);
    showMessage(tr("Select a proposal to see its change."));
    Tones::follow(this, [this] {
        if (m_id)
            applyColors();
    });
}

// The item's title, when and by whom, the banner that says what blocks it, and a batch's plan.
void DetailPane::buildHeading(QVBoxLayout* outer)
{
    m_title = new QLabel(m_content);
    QFont big = m_title->font();
    big.setPointSizeF(big.pointSizeF() * 1.25);
    big.setBold(true);
    m_title->setFont(big);
    m_title->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_subtitle = new QLabel(m_content);
    m_subtitle->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_banner = new QLabel(m_content);
    m_banner->setObjectName(QStringLiteral("detailBanner"));
    m_banner->setWordWrap(true);
    m_banner->setMargin(8);
    outer->addWidget(m_title);
    outer->addWidget(m_subtitle);
    outer->addWidget(m_banner);
    m_plan = new WritePlanView(m_content);
    outer->addWidget(m_plan);
}

// The column of facts beside the diff: score, seen, target, threat scan, budget, source, ...
QWidget* DetailPane::buildFacts()
{
    auto* facts = new QWidget(m_content);
    facts->setMinimumWidth(240);
    facts->setMaximumWidth(340);
    QFormLayout* form = factsForm(facts, QMargins(0, 0, 0, 0), 6);
    m_score = valueLabel(facts);
    m_seen = valueLabel(facts);
    m_stale = valueLabel(facts);
    m_preflight = valueLabel(facts);
    m_preflight->setObjectName(QStringLiteral("detailPreflight"));
    m_threat = valueLabel(facts);
    m_provenance = valueLabel(facts);
    m_rationale = valueLabel(facts);
    form->addRow(tr("Score"), m_score);
    form->addRow(tr("Seen"), m_seen);
    form->addRow(tr("Target"), m_stale);
    form->addRow(tr("Approving"), m_preflight);
    m_group = FactRow::add(form, tr("Group"), valueLabel(facts));
    m_group.value->setObjectName(QStringLiteral("detailGroup"));
    m_group.setVisible(false);
    form->addRow(tr("Threat scan"), m_threat);
    m_budget = FactRow::add(form, tr("Budget"), valueLabel(facts));
    m_makeRoom = new QPushButton(tr("Make room…"), facts);
    m_makeRoom->setObjectName(QStringLiteral("detailMakeRoom"));
    m_makeRoom->setToolTip(tr("Approve this write, removing or merging entries so that it fits (M)"));
    m_makeRoom->setSizePolicy(QSizePolicy::Fixed, QSizePolicy::Fixed);
    m_makeRoom->hide();
    connect(m_makeRoom, &QPushButton::clicked, this, &DetailPane::makeRoomRequested);
    form->addRow(QString(), m_makeRoom);
    form->addRow(tr("Source"), m_provenance);
    form->addRow(tr("Rationale"), m_rationale);
    m_approvals = FactRow::add(form, tr("Approvals"), valueLabel(facts));
    m_approvals.setVisible(false);
    m_claim = FactRow::add(form, tr("Claimed"), valueLabel(facts));
    m_claim.setVisible(false);
    return facts;
}

void DetailPane::showPreflight(const PreflightVerdict* verdict, bool pending)
{
    const bool grouped = pending && verdict && verdict->group.size() > 1;
    m_group.setVisible(grouped);
    if (grouped) {
        const auto at = std::ranges::find(verdict->group, *m_id) - verdict->group.begin();
        m_group.value->setText(tr("%1 of %2 aimed at %3\nShift+A approves all %2 in order · O keeps only this one")
                                   .arg(at + 1)
                                   .arg(verdict->group.size())
                                   .arg(verdict->groupTarget));
    }
    if (!pending) {
        m_preflight->setText(tr("decided"));
        return;
    }
    if (!verdict) {
        m_preflight->setText(tr("checking…"));
        return;
    }
    QString text;
    switch (verdict->kind) {
    case PreflightKind::Applies:
        text = tr("applies: it would write its change");
        break;
    case PreflightKind::Fails:
        text = tr("fails: %1").arg(forReviewer(verdict->message));
        break;
    case PreflightKind::Stale:
        text = tr("stale: %1").arg(verdict->message);
        break;
    case PreflightKind::Duplicate:
        text = tr("duplicate of #%1, proposed earlier").arg(verdict->of.value_or(0));
        break;
    case PreflightKind::Present:
        text = tr("present: %1").arg(verdict->message);
        break;
    }
    if (verdict->isUnsafe())
        text += tr("\nunsafe: %1").arg(verdict->unsafe);
    if (verdict->similarTo)
        text += tr("\nsimilar to #%1 (%2 %)").arg(*verdict->similarTo).arg(qRound(verdict->similarity * 100));
    m_preflight->setText(text);
}

QString DetailPane::preflightText() const { return m_preflight->text(); }

void DetailPane::showGroupResult(const PreflightVerdict& verdict)
{
    auto items = InboxRepository(m_workspace.db()).findMany(verdict.group);
    if (!items)
        return;
    std::ranges::sort(*items, [&](const InboxItem& a, const InboxItem& b) {
        return std::ranges::find(verdict.group, a.id) < std::ranges::find(verdict.group, b.id);
    });
    SystemClock clock;
    auto combined = GroupPreview(m_workspace, clock).of(*items);
    const auto n = verdict.group.size();
    QString banner;
    m_bannerWarning = true;
    if (!combined) {
        banner = tr("These %1 proposals aimed at %2 cannot be approved as one: %3\nDecide them one by one.")
                     .arg(n)
                     .arg(verdict.groupTarget, combined.error().message);
    } else if (!combined->applies()) {
        banner = tr("These %1 proposals aimed at %2 do not apply as a whole: %3\nPress O to keep only this one, "
                    "or decide them one by one.")
                     .arg(n)
                     .arg(verdict.groupTarget, combined->refusal);
    } else {
        m_bannerWarning = false;
        banner = tr("Group of %1 aimed at %2: the change below is the file once all %1 are applied in order, "
                    "against today's. Shift+A approves them as one decision.")
                     .arg(n)
                     .arg(verdict.groupTarget);
        m_diff->setTexts(combined->before, combined->after, tr("%1 today").arg(combined->label),
                         tr("after all %1, in order").arg(n));
    }
    m_banner->setText(banner);
    m_banner->setVisible(true);
    applyColors();
}

void DetailPane::showMessage(const QString& message)
{
    m_id.reset();
    m_placeholder->setText(message);
    static_cast<QStackedLayout*>(layout())->setCurrentWidget(m_placeholder);
}

void DetailPane::showItem(const InboxItem& item, bool staleNow)
{
    m_id = item.id;
    static_cast<QStackedLayout*>(layout())->setCurrentWidget(m_content);
    const Json& op = item.effectiveOp();
    const QString action = str(op, "action");
    m_title->setText(QStringLiteral("#%1  %2%3")
                         .arg(item.id)
                         .arg(InboxCells::destinationLabel(item.destination),
                              action.isEmpty() ? QString() : QStringLiteral(" · ") + action));
    QString status = item.status;
    if (item.decidedBy)
        status += tr(" by %1 on %2").arg(*item.decidedBy, localTime(item.decidedAt.value_or(QString())));
    m_subtitle->setText(tr("Proposed %1  ·  %2").arg(localTime(item.createdAt), status));

    // The banner says what blocks or ended the item, and what to do about it.
    const bool pending = isWord(item.status, InboxStatus::Pending);
    QString banner;
    m_bannerWarning = true;
    if (pending && staleNow)
        banner = tr("Outdated: the target changed since this was proposed, so it "
                    "cannot be approved as is. Press E to patch it, or R to refuse it.");
    else if (isWord(item.status, InboxStatus::Failed))
        banner = tr("Failed: %1\nPress A to try again, E to patch it, or R to refuse it.")
                     .arg(item.reason.value_or(tr("the store refused the write")));
    else if (isWord(item.status, InboxStatus::Refused))
        banner = tr("Refused (%1)%2")
                     .arg(item.refusalCode.value_or(toString(RefusalCode::Other)),
                          item.reason && !item.reason->isEmpty() ? QStringLiteral(": ") + *item.reason : QString());
    else if (isWord(item.status, InboxStatus::Rejected))
        banner = tr("Rejected by the gate: %1").arg(item.reason.value_or(QString()));
    else if (isWord(item.status, InboxStatus::Approved)) {
        // Team mode: decided here, written by the host that holds the files.
        banner = tr("Approved, not written yet: %1.").arg(item.reason.value_or(tr("waiting for the files host")));
        m_bannerWarning = false;
    } else if (isWord(item.status, InboxStatus::Reverted))
        banner = tr("Reverted: the target holds its previous content again.");
    else if (item.finalOp) {
        banner = tr("Applied with the reviewer's edits; the diff shows the final version.");
        m_bannerWarning = false;
    }
    m_banner->setText(banner);
    m_banner->setVisible(!banner.isEmpty());

    m_plan->showItem(m_workspace, item);
    const ChangePreview preview = ChangePreview::of(m_workspace, item);
    m_diff->setTexts(preview.before, preview.after, preview.beforeTitle, preview.afterTitle);

    m_rationale->setText(item.rationale.isEmpty() ? tr("(none given)") : item.rationale);

    // Team mode's two-person rule: who approved so far, and what is still needed.
    const bool twoPerson =
        m_workspace.db().isServer() && m_workspace.config().twoPersonDestinations.contains(item.destination);
    m_approvals.setVisible(twoPerson);
    if (twoPerson) {
        auto approvals = ReviewerRepository(m_workspace.db()).approvalsOf(item.id);
        QStringList lines;
        if (approvals)
            for (const auto& a : *approvals)
                lines << tr("%1 on %2").arg(a.reviewer, localTime(a.at));
        const bool open = isWord(item.status, InboxStatus::Pending);
        if (!approvals)
            lines << approvals.error().message;
        else if (open)
            lines << (approvals->empty() ? tr("two reviewers must approve")
                                         : tr("1 of 2: another reviewer's approval applies it"));
        m_approvals.value->setText(lines.join(QLatin1Char('\n')));
    }
    // A reviewer walking the queue (`inbox next`) holds this item: who, and until when.
    SystemClock clock;
    auto claim = InboxWalk(m_workspace, clock).holder(item.id);
    const bool claimed = !claim || *claim;
    m_claim.setVisible(claimed);
    if (!claim)
        m_claim.value->setText(claim.error().message);
    else if (*claim)
        m_claim.value->setText(tr("by %1 until %2").arg((*claim)->reviewer, localTime((*claim)->expiresAt)));
    m_score->setText(item.score ? QLocale::c().toString(*item.score, 'g', 6) : tr("none"));
    m_seen->setText(item.seen == 1 ? tr("once") : tr("%1 times").arg(item.seen));
    m_staleShown = staleNow;
    m_stale->setText(staleNow ? tr("Outdated — changed since proposed") : tr("Matches the proposal"));

    QStringList source;
    if (item.agent)
        source << tr("agent %1").arg(*item.agent);
    if (item.session)
        source << tr("session %1").arg(*item.session);
    if (const QString scar = str(item.source, "scar"); !scar.isEmpty())
        source << tr("scar #%1").arg(scar);
    // A staged Hermes write shows its origin in the write plan, above.
    const bool fromHermes = !str(item.source, "hermes_id").isEmpty();
    if (const QString origin = str(item.source, "origin"); !origin.isEmpty() && !fromHermes)
        source << tr("origin %1").arg(origin);
    // Which profile's store and queue a decision on this item writes.
    if (const QString profile = item.hermesProfile(); !profile.isEmpty())
        source << tr("Hermes profile %1").arg(profile);
    if (item.extId)
        source << tr("id %1").arg(*item.extId);
    m_provenance->setText(source.isEmpty() ? tr("unknown") : source.join(QStringLiteral("\n")));

    m_threatFound = false;
    QString threat = tr("Clean");
    for (const QString& text : scannedTexts(item)) {
        if (auto finding = ThreatScanner::scan(text)) {
            threat = finding->id + QStringLiteral(": ") + finding->message;
            m_threatFound = true;
            break;
        }
    }
    m_threat->setText(threat);

    m_budgetOver = false;
    auto budget = BudgetPreview::forItem(m_workspace, item);
    const bool hasBudget = budget && *budget;
    // A preview that cannot be made says why (a team's files host that has not published its
    // stores, a file that is not UTF-8) rather than vanish.
    m_budget.setVisible(hasBudget || !budget);
    if (hasBudget) {
        m_budget.value->setText((*budget)->text() + ((*budget)->over ? tr(" — over the limit") : QString()));
        m_budgetOver = (*budget)->over;
    } else if (!budget) {
        m_budget.value->setText(budget.error().message);
    }
    // Full memory is the common case on a real home: a write that does not fit is not a dead
    // end, the room can be made in the same decision.
    const bool offer = pending && m_budgetOver && !staleNow;
    m_makeRoom->setVisible(offer);
    if (offer && banner.isEmpty()) {
        m_banner->setText(tr("Does not fit: %1 has no room for it. Press M to make room — remove or merge "
                             "entries in the same decision.")
                              .arg(MemoryEdit::fileName(item.destination)));
        m_banner->show();
        m_bannerWarning = true;
    }
    applyColors();
}

void DetailPane::applyColors()
{
    using T = Tones::Tone;
    const Tones tones = Tones::of(this);
    const QString red = tones.css(T::ErrorText);
    const QString green = tones.css(T::GoodText);
    const QString muted = tones.css(T::MutedText);
    m_subtitle->setStyleSheet(QStringLiteral("color:%1").arg(muted));
    m_placeholder->setStyleSheet(QStringLiteral("color:%1").arg(muted));
    m_banner->setStyleSheet(m_bannerWarning
                                ? QStringLiteral("background:%1;color:%2;border-radius:4px")
                                      .arg(tones.css(T::WarningBackground), tones.css(T::WarningText))
                                : QStringLiteral("background:%1;border-radius:4px").arg(tones.css(T::GoodBackground)));
    m_budget.value->setStyleSheet(m_budgetOver ? QStringLiteral("color:%1;font-weight:bold").arg(red) : QString());
    m_threat->setStyleSheet(QStringLiteral("color:%1").arg(m_threatFound ? red : green));
    m_stale->setStyleSheet(m_staleShown ? QStringLiteral("color:%1").arg(red) : QString());
}

QString DetailPane::budgetText() const { return m_budget.shownText(); }

QString DetailPane::approvalsText() const { return m_approvals.shownText(); }

QString DetailPane::claimText() const { return m_claim.shownText(); }

bool DetailPane::offersRoom() const { return m_id && !m_makeRoom->isHidden(); }

QString DetailPane::threatText() const { return m_threat->text(); }

bool DetailPane::staleShown() const { return m_staleShown; }

} // namespace sediment::ui
