#include "inbox/InboxBackground.h"

#include "inbox/InboxUpkeep.h"
#include "store/InboxStaging.h"

#include <QLocale>
#include <QTimer>

namespace sediment::ui {

namespace {

QString number(qint64 n) { return QLocale(QLocale::English).toString(n); }

} // namespace

InboxBackground::InboxBackground(Database& db, QObject* parent)
    : QObject(parent)
    , m_db(db)
    , m_upkeep(new InboxUpkeep(db, this))
{
    watch();
    QTimer::singleShot(0, m_upkeep, &InboxUpkeep::start);
}

void InboxBackground::fileAtOpen(qint64 rows)
{
    auto filed = InboxStaging(m_db).fold(rows, 20);
    m_filing = filed ? filed->remaining : InboxStaging(m_db).count().value_or(0);
}

void InboxBackground::start() { m_upkeep->start(); }

void InboxBackground::recount() { m_filing = InboxStaging(m_db).count().value_or(m_filing); }

void InboxBackground::watch()
{
    connect(m_upkeep, &InboxUpkeep::filed, this, [this](const InboxStaging::Progress& p, qint64) {
        Q_EMIT filed();
        if (p.remaining > 0) {
            m_progressShown.start();
            Q_EMIT statusMessage(tr("Filing %1 new proposals into the inbox…").arg(number(p.remaining)));
        }
    });
    // Progress at most a few times a second; nothing at all when the index was already current.
    connect(m_upkeep, &InboxUpkeep::sliceDone, this, [this](const InboxTextIndex::Progress& p, qint64) {
        if (m_progressShown.isValid() && m_progressShown.elapsed() < 250)
            return;
        m_progressShown.start();
        Q_EMIT statusMessage(
            tr("Indexing %1 of %2 items for search…").arg(number(p.mark), number(p.mark + p.remaining)));
    });
    connect(m_upkeep, &InboxUpkeep::finished, this, [this] {
        if (m_progressShown.isValid())
            Q_EMIT statusMessage(QString());
        m_progressShown.invalidate();
    });
    connect(m_upkeep, &InboxUpkeep::failed, this, [this](const QString& message) {
        m_progressShown.invalidate();
        // The intake is filed before the index is touched: rows waiting there name the step.
        recount();
        Q_EMIT filingChanged();
        Q_EMIT statusMessage(m_filing > 0 ? tr("%1 new proposals not filed yet (%2): retrying shortly; "
                                               "they are counted meanwhile.")
                                                .arg(number(m_filing), message)
                                          : tr("Search index not updated (%1): retrying shortly; "
                                               "search still works, more slowly.")
                                                .arg(message));
    });
}

} // namespace sediment::ui
