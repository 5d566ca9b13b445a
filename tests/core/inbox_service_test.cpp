// The inbox decisions (docs/user-guide.md#inbox): approve, refuse, patch, revert, staleness, each with its status,
// its store write and its audit row.
#include "FileBytes.h"
#include "hermes/PendingQueue.h"
#include "inbox/InboxService.h"
#include "InboxRows.h"
#include "store/AuditRepository.h"
#include "store/HermesRepository.h"
#include "store/InboxRepository.h"
#include "TeamStore.h"
#include "util/Clock.h"
#include "workspace/Workspace.h"

#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>

#include <memory>

using namespace sediment;

class InboxServiceTest : public QObject {
    Q_OBJECT

private:
    std::unique_ptr<QTemporaryDir> m_dir;
    std::unique_ptr<Workspace> m_ws;
    FixedClock m_clock{QDateTime(QDate(2026, 11, 22), QTime(6, 0), Qt::UTC)};

    QString path(const QString& rel) const { return m_dir->path() + QLatin1Char('/') + rel; }
    void writeFile(const QString& rel, const QByteArray& bytes) { test::writeFileBytes(path(rel), bytes); }
    QByteArray readFile(const QString& rel) const { return test::fileBytes(path(rel)); }
    void openWorkspace()
    {
        m_ws.reset();
        auto ws = sediment::test::openWorkspace(m_dir->path());
        QVERIFY2(ws.has_value(), ws ? "" : qPrintable(ws.error().message));
        m_ws = std::move(*ws);
    }
    qint64 seed(const char* destination, const Json& op)
    {
        InboxItem it;
        it.destination = QString::fromLatin1(destination);
        it.op = op;
        it.contentHash = QString::fromLatin1(destination) + fromStd(op.dump());
        it.rationale = QStringLiteral("because");
        it.score = 0.8;
        it.agent = QStringLiteral("claude");
        it.source = Json{{"agent", "claude"}, {"session", "s1"}};
        it.createdAt = QStringLiteral("2026-11-22T05:00:00.000Z");
        auto id = InboxRepository(m_ws->db()).insert(it);
        return id ? *id : -1;
    }
    InboxItem stored(qint64 id) { return test::storedItem(m_ws->db(), id); }
    InboxService service() { return InboxService(*m_ws, m_clock); }
    std::vector<AuditEntry> auditOf(qint64 id) { return test::auditOfItem(m_ws->db(), m_clock, id); }

private Q_SLOTS:
    void init()
    {
        m_dir = std::make_unique<QTemporaryDir>();
        openWorkspace();
    }
    void cleanup() { m_ws.reset(); }

    void approveAppliesTheOpAndAuditsTheDecision()
    {
        const qint64 id = seed("memory", Json{{"action", "add"}, {"content", "Prefers tabs."}});
        auto it = service().approve(id, QStringLiteral("alice"));
        QVERIFY2(it.has_value(), it ? "" : qPrintable(it.error().message));
        QCOMPARE(it->status, QStringLiteral("applied"));
        QCOMPARE(it->reason.value_or(QString()), QStringLiteral("Entry added."));
        QCOMPARE(readFile(QStringLiteral("memories/MEMORY.md")), QByteArray("Prefers tabs."));
        QCOMPARE(stored(id).status, QStringLiteral("applied"));
        QCOMPARE(stored(id).decidedBy.value_or(QString()), QStringLiteral("alice"));
        AuditRepository::Query q;
        q.subjectType = QStringLiteral("inbox_item");
        q.subjectId = QString::number(id);
        auto rows = AuditRepository(m_ws->db(), m_clock).list(q);
        QVERIFY(rows && rows->size() == 1);
        QCOMPARE(rows->front().actor, QStringLiteral("human:alice"));
        QCOMPARE(rows->front().action, QStringLiteral("inbox.approve"));
        QCOMPARE(rows->front().before.value_or(QString()), QStringLiteral("pending"));
        QCOMPARE(rows->front().after.value_or(QString()), QStringLiteral("applied"));
    }

    void approveOverBudgetFailsWithTheStoreMessage()
    {
        writeFile(QStringLiteral("sediment.json"), R"({"memory_char_limit": 20})");
        openWorkspace();
        const qint64 id = seed("memory", Json{{"action", "add"}, {"content", "This entry is thirty chars ok"}});
        auto it = service().approve(id, QStringLiteral("alice"));
        QVERIFY(it.has_value());
        QCOMPARE(it->status, QStringLiteral("failed"));
        QCOMPARE(it->reason.value_or(QString()),
                 QStringLiteral("Memory at 0/20 chars. Adding this entry (29 chars) would exceed the limit. "
                                "Consolidate now: use 'replace' to merge overlapping entries into shorter "
                                "ones or 'remove' stale or less important entries (see current_entries "
                                "below), then retry this add \u2014 all in this turn."));
        QVERIFY(!QFile::exists(path(QStringLiteral("memories/MEMORY.md")))
                || readFile(QStringLiteral("memories/MEMORY.md")).isEmpty());
        QCOMPARE(stored(id).status, QStringLiteral("failed"));
    }

    void aFailedItemStaysOpenToApproveAgainOrRefuse()
    {
        writeFile(QStringLiteral("sediment.json"), R"({"memory_char_limit": 20})");
        openWorkspace();
        const qint64 id = seed("memory", Json{{"action", "add"}, {"content", "Fifteen chars.."}});
        const qint64 other = seed("memory", Json{{"action", "add"}, {"content", "Also fifteen..."}});
        QCOMPARE(service().approve(id, QStringLiteral("alice"))->status, QStringLiteral("applied"));
        QCOMPARE(service().approve(other, QStringLiteral("alice"))->status, QStringLiteral("failed"));
        // Room made by hand: the same item, approved again, is written; its audit row starts from
        // `failed`.
        writeFile(QStringLiteral("memories/MEMORY.md"), "");
        auto again = service().approve(other, QStringLiteral("bob"));
        QVERIFY2(again.has_value(), again ? "" : qPrintable(again.error().message));
        QCOMPARE(again->status, QStringLiteral("applied"));
        QCOMPARE(readFile(QStringLiteral("memories/MEMORY.md")), QByteArray("Also fifteen..."));
        const auto rows = auditOf(other);
        QCOMPARE(rows.size(), std::size_t(2));
        QCOMPARE(rows.back().actor, QStringLiteral("human:bob"));
        QCOMPARE(rows.back().before.value_or(QString()), QStringLiteral("failed"));
        QCOMPARE(rows.back().after.value_or(QString()), QStringLiteral("applied"));

        // A failed item may be refused instead; after that it is closed.
        const qint64 third = seed("memory", Json{{"action", "add"}, {"content", "Too long to fit, surely."}});
        QCOMPARE(service().approve(third, QStringLiteral("alice"))->status, QStringLiteral("failed"));
        auto refused = service().refuse(third, QStringLiteral("too_specific"), {}, QStringLiteral("alice"));
        QVERIFY(refused.has_value());
        QCOMPARE(refused->status, QStringLiteral("refused"));
        QVERIFY(!service().approve(third, QStringLiteral("alice")).has_value());
        QCOMPARE(readFile(QStringLiteral("memories/MEMORY.md")), QByteArray("Also fifteen..."));
    }

    void staleMemoryReplaceCannotBeApprovedUntilPatched()
    {
        writeFile(QStringLiteral("memories/MEMORY.md"), "Uses vim.");
        const qint64 id = seed("memory", Json{{"action", "replace"}, {"old_text", "emacs"}, {"content", "Uses nano."}});
        auto it = service().approve(id, QStringLiteral("alice"));
        QVERIFY(!it.has_value());
        QCOMPARE(it.error().kind, ErrorKind::Refused);
        QVERIFY(it.error().message.contains(QLatin1String("stale")));
        QVERIFY(it.error().message.contains(QLatin1String("patch it")));
        QCOMPARE(stored(id).status, QStringLiteral("pending"));
        QVERIFY(stored(id).stale);
        QCOMPARE(readFile(QStringLiteral("memories/MEMORY.md")), QByteArray("Uses vim."));

        auto patched = service().patch(id, Json{{"action", "replace"}, {"old_text", "vim"}, {"content", "Uses nano."}},
                                       QStringLiteral("alice"));
        QVERIFY2(patched.has_value(), patched ? "" : qPrintable(patched.error().message));
        QCOMPARE(patched->status, QStringLiteral("modified"));
        QVERIFY(!stored(id).stale);
        QCOMPARE(readFile(QStringLiteral("memories/MEMORY.md")), QByteArray("Uses nano."));
    }

    void refreshStaleFlagsItemsWhoseTargetChanged()
    {
        writeFile(QStringLiteral("CLAUDE.md"), "Use tabs.\n");
        const qint64 id =
            seed("claude_md", Json{{"path", "CLAUDE.md"}, {"before", "Use tabs."}, {"after", "Use spaces."}});
        QCOMPARE(service().refreshStale().value_or(-1), 0);
        QVERIFY(!stored(id).stale);
        writeFile(QStringLiteral("CLAUDE.md"), "Use whatever.\n");
        QCOMPARE(service().refreshStale().value_or(-1), 1);
        QVERIFY(stored(id).stale);
        writeFile(QStringLiteral("CLAUDE.md"), "Use tabs.\n");
        QCOMPARE(service().refreshStale().value_or(-1), 1);
        QVERIFY(!stored(id).stale);
    }

    void onlyPendingItemsCanBeDecided()
    {
        const qint64 id = seed("memory", Json{{"action", "add"}, {"content", "x"}});
        QVERIFY(service().approve(id, QStringLiteral("alice")).has_value());
        auto again = service().approve(id, QStringLiteral("alice"));
        QVERIFY(!again.has_value());
        QCOMPARE(again.error().kind, ErrorKind::Refused);
        QVERIFY(again.error().message.contains(QLatin1String("only pending or failed items")));
        QVERIFY(!service().refuse(id, QStringLiteral("wrong"), {}, QStringLiteral("alice")).has_value());
        QVERIFY(!service().patch(id, Json{{"action", "add"}, {"content", "y"}}, QStringLiteral("alice")).has_value());
        QCOMPARE(readFile(QStringLiteral("memories/MEMORY.md")), QByteArray("x"));
        auto missing = service().approve(999, QStringLiteral("alice"));
        QVERIFY(!missing.has_value());
        QCOMPARE(missing.error().message, QStringLiteral("no inbox item 999"));
    }

    void aDecisionOnTheWrongStatusNamesTheStatusItNeedsAndLeavesNoTransactionOpen()
    {
        const qint64 pending = seed("memory", Json{{"action", "add"}, {"content", "a"}});
        const qint64 applied = seed("memory", Json{{"action", "add"}, {"content", "b"}});
        QVERIFY(service().approve(applied, QStringLiteral("alice")).has_value());
        const auto message = [](const auto& result) {
            return result ? QStringLiteral("<no error>") : result.error().message;
        };
        // The loser of a race (or a second look) is told who decided the item, and when.
        auto decided = service().item(applied);
        QVERIFY(decided.has_value() && decided->decidedBy && decided->decidedAt);
        const QString by = QStringLiteral(" (by %1 at %2)").arg(*decided->decidedBy, *decided->decidedAt);
        QCOMPARE(message(service().approve(applied, QStringLiteral("alice"))),
                 QStringLiteral("inbox item %1 is applied%2; only pending or failed items can be approved")
                     .arg(applied)
                     .arg(by));
        QCOMPARE(message(service().refuse(applied, QStringLiteral("wrong"), {}, QStringLiteral("alice"))),
                 QStringLiteral("inbox item %1 is applied%2; only pending or failed items can be refused")
                     .arg(applied)
                     .arg(by));
        QCOMPARE(message(service().patch(applied, Json{{"action", "add"}, {"content", "c"}}, QStringLiteral("alice"))),
                 QStringLiteral("inbox item %1 is applied%2; only pending or failed items can be patched")
                     .arg(applied)
                     .arg(by));
        QCOMPARE(
            message(service().revert(pending, QStringLiteral("alice"))),
            QStringLiteral("inbox item %1 is pending; only applied or modified items can be reverted").arg(pending));
        QCOMPARE(
            message(service().undoRefusal(pending, QStringLiteral("alice"))),
            QStringLiteral("inbox item %1 is pending; only refused items can have their refusal undone").arg(pending));
        // Each refusal rolled its transaction back: the next decision starts one of its own.
        auto refused = service().refuse(pending, QStringLiteral("wrong"), {}, QStringLiteral("alice"));
        QVERIFY(refused.has_value());
        QCOMPARE(stored(pending).status, QStringLiteral("refused"));
        QCOMPARE(readFile(QStringLiteral("memories/MEMORY.md")), QByteArray("b"));
    }

    void refuseNeedsAKnownCodeAndATextForOther()
    {
        const qint64 id = seed("memory", Json{{"action", "add"}, {"content", "x"}});
        auto none = service().refuse(id, {}, {}, QStringLiteral("alice"));
        QVERIFY(!none && none.error().kind == ErrorKind::Invalid);
        auto bogus = service().refuse(id, QStringLiteral("meh"), {}, QStringLiteral("alice"));
        QVERIFY(!bogus && bogus.error().message.contains(QLatin1String("unknown refusal reason 'meh'")));
        auto other = service().refuse(id, QStringLiteral("other"), QStringLiteral("  "), QStringLiteral("alice"));
        QVERIFY(!other && other.error().message.contains(QLatin1String("needs a text")));
        QCOMPARE(stored(id).status, QStringLiteral("pending"));

        auto ok = service().refuse(id, QStringLiteral("other"), QStringLiteral("not about us"), QStringLiteral("bob"));
        QVERIFY(ok.has_value());
        QCOMPARE(ok->status, QStringLiteral("refused"));
        QCOMPARE(stored(id).refusalCode.value_or(QString()), QStringLiteral("other"));
        QCOMPARE(stored(id).reason.value_or(QString()), QStringLiteral("not about us"));
        auto memory = InboxRepository(m_ws->db()).findRefusedByHash(stored(id).contentHash);
        QVERIFY(memory && *memory);
        QCOMPARE((*memory)->decidedBy, QStringLiteral("bob"));
        QCOMPARE((*memory)->reason, QStringLiteral("not about us"));
    }

    void patchKeepsTheOriginalAndTheFinalOp()
    {
        const qint64 id = seed("memory", Json{{"action", "add"}, {"content", "Likes teh coffee."}});
        auto it = service().patch(id, Json{{"action", "add"}, {"content", "Likes coffee."}}, QStringLiteral("alice"));
        QVERIFY2(it.has_value(), it ? "" : qPrintable(it.error().message));
        const InboxItem s = stored(id);
        QCOMPARE(s.status, QStringLiteral("modified"));
        QCOMPARE(s.op["content"].get<std::string>(), std::string("Likes teh coffee."));
        QVERIFY(s.finalOp.has_value());
        QCOMPARE((*s.finalOp)["content"].get<std::string>(), std::string("Likes coffee."));
        QCOMPARE(readFile(QStringLiteral("memories/MEMORY.md")), QByteArray("Likes coffee."));
    }

    void invalidPatchChangesNothing()
    {
        const qint64 id = seed("memory", Json{{"action", "add"}, {"content", "x"}});
        auto it = service().patch(id, Json{{"action", "explode"}}, QStringLiteral("alice"));
        QVERIFY(!it.has_value());
        QCOMPARE(it.error().kind, ErrorKind::Invalid);
        QVERIFY(it.error().message.startsWith(QLatin1String("patch: ")));
        QCOMPARE(stored(id).status, QStringLiteral("pending"));
        QVERIFY(!stored(id).finalOp.has_value());
        QVERIFY(!QFile::exists(path(QStringLiteral("memories/MEMORY.md"))));
    }

    void revertRestoresTheMemoryFile()
    {
        writeFile(QStringLiteral("memories/MEMORY.md"), "First.");
        const qint64 id = seed("memory", Json{{"action", "add"}, {"content", "Second."}});
        QVERIFY(service().approve(id, QStringLiteral("alice")).has_value());
        QCOMPARE(readFile(QStringLiteral("memories/MEMORY.md")), QByteArray("First.\n§\nSecond."));
        auto it = service().revert(id, QStringLiteral("alice"));
        QVERIFY2(it.has_value(), it ? "" : qPrintable(it.error().message));
        QCOMPARE(it->status, QStringLiteral("reverted"));
        QCOMPARE(readFile(QStringLiteral("memories/MEMORY.md")), QByteArray("First."));
        auto twice = service().revert(id, QStringLiteral("alice"));
        QVERIFY(!twice.has_value());
        QVERIFY(twice.error().message.contains(QLatin1String("only applied or modified")));
    }

    void revertIsRefusedWhenTheTargetChangedSince()
    {
        const qint64 id = seed("claude_md", Json{{"path", "CLAUDE.md"}, {"before", ""}, {"after", "Rule."}});
        QVERIFY(service().approve(id, QStringLiteral("alice")).has_value());
        writeFile(QStringLiteral("CLAUDE.md"), "Rule.\nHand edit.\n");
        auto it = service().revert(id, QStringLiteral("alice"));
        QVERIFY(!it.has_value());
        QCOMPARE(it.error().kind, ErrorKind::Refused);
        QCOMPARE(it.error().message, QStringLiteral("target changed since; revert by hand"));
        QCOMPARE(stored(id).status, QStringLiteral("applied"));
        QCOMPARE(readFile(QStringLiteral("CLAUDE.md")), QByteArray("Rule.\nHand edit.\n"));
    }

    void everyFileDestinationRevertsThroughTheService()
    {
        writeFile(QStringLiteral("settings.json"), "{\"a\": 1}");
        const qint64 settings = seed("settings_json", Json{{"path", "settings.json"}, {"patch", {{"b", 2}}}});
        const qint64 note = seed("brain_inbox", Json{{"title", "A note"}, {"text", "Body."}});
        const qint64 skill = seed("skill", Json{{"name", "lint"}, {"mode", "create"}, {"text", "# Lint"}});
        for (qint64 id : {settings, note, skill})
            QCOMPARE(service().approve(id, QStringLiteral("alice")).value_or(InboxItem{}).status,
                     QStringLiteral("applied"));
        QCOMPARE(readFile(QStringLiteral("settings.json")), QByteArray("{\n  \"a\": 1,\n  \"b\": 2\n}\n"));
        QVERIFY(QFile::exists(path(QStringLiteral("brain/inbox/a-note.md"))));
        QVERIFY(QFile::exists(path(QStringLiteral("skills/lint/SKILL.md"))));
        for (qint64 id : {settings, note, skill})
            QCOMPARE(service().revert(id, QStringLiteral("alice")).value_or(InboxItem{}).status,
                     QStringLiteral("reverted"));
        QCOMPARE(readFile(QStringLiteral("settings.json")), QByteArray("{\"a\": 1}"));
        QVERIFY(!QFile::exists(path(QStringLiteral("brain/inbox/a-note.md"))));
        QVERIFY(!QFile::exists(path(QStringLiteral("skills/lint/SKILL.md"))));
    }

    void invalidSettingsMakesTheItemFailed()
    {
        writeFile(QStringLiteral("settings.json"), "{oops");
        const qint64 id = seed("settings_json", Json{{"path", "settings.json"}, {"patch", {{"b", 2}}}});
        auto it = service().approve(id, QStringLiteral("alice"));
        QVERIFY(it.has_value());
        QCOMPARE(it->status, QStringLiteral("failed"));
        QVERIFY(it->reason.value_or(QString()).contains(QLatin1String("not valid JSON")));
        QCOMPARE(readFile(QStringLiteral("settings.json")), QByteArray("{oops"));
    }

    void undoRefusalMakesTheItemPendingAgainWithAnAuditRow()
    {
        const qint64 id = seed("memory", Json{{"action", "add"}, {"content", "Deploy on Fridays."}});
        QVERIFY(service()
                    .refuse(id, QStringLiteral("wrong"), QStringLiteral("we never do"), QStringLiteral("bob"))
                    .has_value());
        const QString hash = stored(id).contentHash;
        QVERIFY(*InboxRepository(m_ws->db()).findRefusedByHash(hash));

        auto it = service().undoRefusal(id, QStringLiteral("alice"));
        QVERIFY2(it.has_value(), it ? "" : qPrintable(it.error().message));
        const InboxItem s = stored(id);
        QCOMPARE(s.status, QStringLiteral("pending"));
        QVERIFY(!s.refusalCode && !s.reason && !s.decidedAt && !s.decidedBy);
        const auto rows = auditOf(id);
        QCOMPARE(rows.size(), std::size_t(2));
        const AuditEntry& undo = rows.back();
        QCOMPARE(undo.action, QStringLiteral("inbox.undo_refuse"));
        QCOMPARE(undo.actor, QStringLiteral("human:alice"));
        QCOMPARE(undo.before.value_or(QString()), QStringLiteral("refused"));
        QCOMPARE(undo.after.value_or(QString()), QStringLiteral("pending"));
        QCOMPARE(undo.details["undone_refusal_code"].get<std::string>(), std::string("wrong"));
        QCOMPARE(undo.details["undone_reason"].get<std::string>(), std::string("we never do"));
        QCOMPARE(undo.details["undone_decided_by"].get<std::string>(), std::string("bob"));
        // Refusal memory forgets it, and the item can be decided again.
        QVERIFY(!*InboxRepository(m_ws->db()).findRefusedByHash(hash));
        QCOMPARE(service().approve(id, QStringLiteral("alice")).value_or(InboxItem{}).status,
                 QStringLiteral("applied"));
        QCOMPARE(readFile(QStringLiteral("memories/MEMORY.md")), QByteArray("Deploy on Fridays."));
        auto verified = AuditRepository(m_ws->db(), m_clock).verify();
        QVERIFY(verified && !*verified);
    }

    void undoRefusalOnlyTakesBackARefusal()
    {
        const qint64 pending = seed("memory", Json{{"action", "add"}, {"content", "a"}});
        const qint64 applied = seed("memory", Json{{"action", "add"}, {"content", "b"}});
        QVERIFY(service().approve(applied, QStringLiteral("alice")).has_value());
        for (qint64 id : {pending, applied}) {
            const InboxItem before = stored(id);
            const auto auditBefore = auditOf(id).size();
            auto undo = service().undoRefusal(id, QStringLiteral("alice"));
            QVERIFY(!undo.has_value());
            QCOMPARE(undo.error().kind, ErrorKind::Refused);
            QVERIFY(undo.error().message.contains(QLatin1String("only refused items")));
            QCOMPARE(stored(id).status, before.status);
            QCOMPARE(auditOf(id).size(), auditBefore);
        }
        auto missing = service().undoRefusal(999, QStringLiteral("alice"));
        QVERIFY(!missing && missing.error().kind == ErrorKind::Invalid);
        QCOMPARE(readFile(QStringLiteral("memories/MEMORY.md")), QByteArray("b"));
    }

    void undoRefusalIsRefusedWhileTheSameProposalIsPendingAgain()
    {
        const Json op{{"action", "add"}, {"content", "Same words."}};
        const qint64 first = seed("memory", op);
        QVERIFY(service().refuse(first, QStringLiteral("duplicate"), {}, QStringLiteral("bob")).has_value());
        const qint64 again = seed("memory", op); // proposed anew, bypassing refusal memory
        auto undo = service().undoRefusal(first, QStringLiteral("alice"));
        QVERIFY(!undo.has_value());
        QCOMPARE(undo.error().kind, ErrorKind::Refused);
        QVERIFY(undo.error().message.contains(QStringLiteral("pending again as item %1").arg(again)));
        QCOMPARE(stored(first).status, QStringLiteral("refused"));
        QCOMPARE(auditOf(first).size(), std::size_t(1));
    }

    void undoRefusalOfASettledHermesWriteIsRefused()
    {
        const QString from = QStringLiteral(SEDIMENT_SOURCE_DIR "/tests/fixtures/hermes-home");
        QDirIterator files(from, QDir::Files, QDirIterator::Subdirectories);
        while (files.hasNext()) {
            const QString src = files.next();
            writeFile(src.mid(from.size() + 1), [&] {
                QFile f(src);
                return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
            }());
        }
        openWorkspace();
        QVERIFY(PendingQueue(*m_ws, m_clock).importAll(QStringLiteral("cli:test")).has_value());
        auto record = HermesRepository(m_ws->db()).find(QStringLiteral("1a2b3c01"));
        QVERIFY(record && *record);
        const qint64 id = (*record)->inboxId;
        QVERIFY(service().refuse(id, QStringLiteral("low_value"), {}, QStringLiteral("bob")).has_value());
        QVERIFY(!QFile::exists(path(QStringLiteral("pending/memory/1a2b3c01.json"))));
        auto undo = service().undoRefusal(id, QStringLiteral("alice"));
        QVERIFY(!undo.has_value());
        QCOMPARE(undo.error().kind, ErrorKind::Refused);
        QVERIFY(undo.error().message.contains(QLatin1String("Hermes has dropped it")));
        QCOMPARE(stored(id).status, QStringLiteral("refused"));
    }
};

QTEST_GUILESS_MAIN(InboxServiceTest)
#include "inbox_service_test.moc"
