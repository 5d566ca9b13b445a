#include "inbox/InboxCells.h"
#include "model/Destination.h"
#include "model/InboxStatus.h"

#include "inbox/InboxTableModel.h"
#include "shared/LocalTime.h"
#include "shared/ReviewerText.h"

#include <QIcon>
#include <QLocale>

namespace sediment::ui {

QString InboxCells::destinationLabel(const QString& d)
{
    if (isWord(d, Destination::ClaudeMd))
        return QStringLiteral("CLAUDE.md");
    if (isWord(d, Destination::ClaudeMemory))
        return InboxCells::tr("Claude Code memory");
    if (isWord(d, Destination::SettingsJson))
        return QStringLiteral("settings.json");
    if (isWord(d, Destination::BrainInbox))
        return InboxCells::tr("brain inbox");
    if (isWord(d, Destination::ChantierOutil))
        return InboxCells::tr("chantier");
    return d;
}

QVariant InboxCells::checkCell(const InboxRow& r, int role, const PreflightVerdict* verdict)
{
    if (!isWord(r.status, InboxStatus::Pending))
        return role == Qt::DisplayRole ? QVariant(QString()) : QVariant();
    switch (role) {
    case Qt::DisplayRole: {
        if (!verdict)
            return tr("checking…");
        QString text = toString(verdict->kind);
        if (verdict->isUnsafe())
            text += tr(" · unsafe");
        // A near duplicate keeps its verdict; the mark says which item to compare it with.
        if (verdict->similarTo)
            text += tr(" · ≈#%1").arg(*verdict->similarTo);
        return text;
    }
    case Qt::ToolTipRole: {
        if (!verdict)
            return tr("What approving it would do is being checked.");
        QString tip =
            verdict->message.isEmpty() ? tr("Approving it would write its change.") : forReviewer(verdict->message);
        if (verdict->isUnsafe())
            tip += tr("\nUnsafe: %1").arg(verdict->unsafe);
        if (verdict->similarTo)
            tip += tr("\nSimilar to #%1 (%2 % of their three-letter groups in common).")
                       .arg(*verdict->similarTo)
                       .arg(qRound(verdict->similarity * 100));
        return tip;
    }
    case Qt::DecorationRole:
        if (verdict && (verdict->isDead() || verdict->isUnsafe()))
            return QIcon(QStringLiteral(":/icons/stale.svg"));
        return {};
    case Qt::TextAlignmentRole:
        return QVariant::fromValue(Qt::Alignment(Qt::AlignLeft | Qt::AlignVCenter));
    default:
        return {};
    }
}

QVariant InboxCells::data(const InboxRow& r, int column, int role, const PreflightVerdict* verdict)
{
    if (column == InboxTableModel::CheckColumn)
        return checkCell(r, role, verdict);
    switch (role) {
    case InboxTableModel::IdRole:
        return r.id;
    case InboxTableModel::StaleRole:
        return r.stale;
    case InboxTableModel::StatusRole:
        return r.status;
    case InboxTableModel::DestinationRole:
        return r.destination;
    case Qt::DisplayRole:
        switch (column) {
        case InboxTableModel::IdColumn:
            return r.id;
        case InboxTableModel::DestinationColumn:
            return destinationLabel(r.destination);
        case InboxTableModel::SummaryColumn:
            return r.summary;
        case InboxTableModel::ScoreColumn:
            return r.score ? QLocale::c().toString(*r.score, 'f', 2) : QStringLiteral("—");
        case InboxTableModel::AgentColumn:
            if (r.agent.isEmpty())
                return QStringLiteral("—");
            // A named Hermes profile beside its agent: one inbox holds every profile's queue.
            if (!r.profile.isEmpty() && r.profile != QLatin1String("default"))
                return QString(r.agent + QStringLiteral(" · ") + r.profile);
            return r.agent;
        case InboxTableModel::SeenColumn:
            return r.seen;
        case InboxTableModel::StatusColumn:
            return r.stale && isWord(r.status, InboxStatus::Pending) ? QStringLiteral("outdated") : r.status;
        case InboxTableModel::CreatedColumn:
            return localTime(r.createdAt);
        default:
            return {};
        }
    case Qt::ToolTipRole:
        if (column == InboxTableModel::SummaryColumn)
            return r.summary;
        if (column == InboxTableModel::StatusColumn && r.stale)
            return tr("The target changed since this was proposed: patch it (E) "
                      "before approving.");
        if (column == InboxTableModel::CreatedColumn)
            return r.createdAt;
        if (column == InboxTableModel::AgentColumn && !r.profile.isEmpty())
            return tr("Hermes profile: %1").arg(r.profile);
        return {};
    case Qt::DecorationRole:
        if (column == InboxTableModel::StatusColumn && r.stale)
            return QIcon(QStringLiteral(":/icons/stale.svg"));
        return {};
    case Qt::TextAlignmentRole:
        if (column == InboxTableModel::IdColumn || column == InboxTableModel::ScoreColumn
            || column == InboxTableModel::SeenColumn)
            return QVariant::fromValue(Qt::Alignment(Qt::AlignRight | Qt::AlignVCenter));
        return QVariant::fromValue(Qt::Alignment(Qt::AlignLeft | Qt::AlignVCenter));
    default:
        return {};
    }
}

QVariant InboxCells::header(int section)
{
    switch (section) {
    case InboxTableModel::IdColumn:
        return QStringLiteral("#");
    case InboxTableModel::DestinationColumn:
        return tr("Destination");
    case InboxTableModel::SummaryColumn:
        return tr("Proposal");
    case InboxTableModel::ScoreColumn:
        return tr("Score");
    case InboxTableModel::AgentColumn:
        return tr("Agent");
    case InboxTableModel::SeenColumn:
        return tr("Seen");
    case InboxTableModel::StatusColumn:
        return tr("Status");
    case InboxTableModel::CheckColumn:
        return tr("Check");
    case InboxTableModel::CreatedColumn:
        return tr("Proposed");
    default:
        return {};
    }
}

} // namespace sediment::ui
