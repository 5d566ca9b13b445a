#pragma once

// Test data for the inbox UI tests: a workspace in a temporary folder and pending items inserted
// straight through the repository, the way `sediment propose` queues them.

#include "inbox/InboxPage.h"
#include "model/InboxItem.h"
#include "store/InboxRepository.h"
#include "TeamStore.h"
#include "util/Clock.h"
#include "util/Time.h"
#include "workspace/Workspace.h"

#include <QApplication>
#include <QCryptographicHash>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>

#include <memory>

namespace sediment::testing {

struct InboxFixture {
    QTemporaryDir dir;
    std::unique_ptr<Workspace> ws;
    FixedClock clock{QDateTime(QDate(2026, 3, 1), QTime(9, 0), Qt::UTC)};

    bool open()
    {
        auto opened = sediment::test::openWorkspace(dir.path());
        if (!opened)
            return false;
        ws = std::move(*opened);
        return true;
    }

    qint64 add(const QString& destination, const Json& op, double score = 0.5,
               const QString& agent = QStringLiteral("scout"),
               const QString& rationale = QStringLiteral("seen in three sessions"),
               const QString& status = QStringLiteral("pending"))
    {
        InboxItem item;
        item.destination = destination;
        item.op = op;
        item.contentHash =
            QString::fromLatin1(QCryptographicHash::hash(QByteArray::fromStdString(toStd(destination) + op.dump()),
                                                         QCryptographicHash::Sha256)
                                    .toHex());
        item.rationale = rationale;
        item.score = score;
        item.agent = agent;
        item.source = Json{{"agent", toStd(agent)}, {"session", "s-1"}};
        item.status = status;
        item.createdAt = time::toIso(clock.now());
        InboxRepository repo(ws->db());
        auto id = repo.insert(item);
        return id ? *id : 0;
    }

    // Files `count` memory proposals in the intake, as `propose` does, in one transaction;
    // returns the last id.
    qint64 fileMemories(const QString& prefix, int count)
    {
        InboxRepository repo(ws->db());
        auto tx = ws->db().begin();
        if (!tx)
            return 0;
        qint64 last = 0;
        for (int i = 0; i < count; ++i) {
            const Json op{{"action", "add"}, {"content", toStd(prefix + QString::number(i))}};
            InboxItem item;
            item.destination = QStringLiteral("memory");
            item.op = op;
            item.contentHash = QString::fromLatin1(
                QCryptographicHash::hash(QByteArray::fromStdString("memory" + op.dump()), QCryptographicHash::Sha256)
                    .toHex());
            item.rationale = QStringLiteral("filed by an agent");
            item.createdAt = time::toIso(clock.now());
            auto id = repo.file(item);
            if (!id)
                return 0;
            last = *id;
        }
        return tx->commit() ? last : 0;
    }

    qint64 addMemory(const QString& content, double score = 0.5, const QString& agent = QStringLiteral("scout"))
    {
        return add(QStringLiteral("memory"), Json{{"action", "add"}, {"content", toStd(content)}}, score, agent);
    }
};

// Shows the page as the active window with the keyboard in its list: the triage shortcuts only
// reach the active window.
inline void activate(ui::InboxPage& page)
{
    page.resize(1100, 700);
    page.show();
    QApplication::setActiveWindow(&page);
    QVERIFY(QTest::qWaitForWindowActive(&page));
    page.table()->setFocus();
}

} // namespace sediment::testing
