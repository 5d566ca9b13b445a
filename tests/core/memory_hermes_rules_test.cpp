// Today's Hermes memory tool, rule by rule, on real files: the vectors were worked out by
// reading Hermes' memory store (exact match before substring, the whole-entry results, the
// drift guard, unreadable files, pinned staged writes, the snapshot's placeholder).
#include "FileBytes.h"
#include "memory/MemoryStore.h"
#include "MemoryOps.h"

#include <QDateTime>
#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>

using namespace sediment;
using test::batch;
using test::op;

namespace {

std::string printed(const MemoryOutcome& o) { return json::pythonDump(o.result); }

MemoryOp pinned(const char* action, const QString& entry, std::optional<QString> content = {},
                const QString& oldText = QStringLiteral("x"))
{
    MemoryOp o = op(action, std::move(content), oldText);
    o.matchedEntry = entry;
    return o;
}

const std::string kNote = ", \"note\": \"Write saved. This update is complete \u2014 do not repeat it.\"}";

} // namespace

class MemoryHermesRulesTest : public QObject {
    Q_OBJECT

private:
    std::unique_ptr<QTemporaryDir> m_dir;
    QString path() const { return m_dir->filePath(QStringLiteral("memories/MEMORY.md")); }
    MemoryStore store(int limit = 2200) const { return MemoryStore(QStringLiteral("memory"), path(), limit); }
    void writeFile(const QByteArray& bytes) const { test::writeFileBytes(path(), bytes); }
    QByteArray fileBytes() const { return test::fileBytes(path()); }
    MemoryOutcome run(const MemoryOp& o, int limit = 2200) const
    {
        auto r = store(limit).apply(o);
        if (!r)
            qFatal("apply failed: %s", qPrintable(r.error().message));
        return *r;
    }
    QStringList backups() const
    {
        return QDir(m_dir->filePath(QStringLiteral("memories")))
            .entryList({QStringLiteral("MEMORY.md.bak.*")}, QDir::Files);
    }

private Q_SLOTS:
    void init() { m_dir = std::make_unique<QTemporaryDir>(); }

    void anEntryEqualToOldTextWinsOverLongerOnesContainingIt()
    {
        writeFile("all tests pass\n\xC2\xA7\ntest\n\xC2\xA7\nlatest build");
        const auto o = run(op("remove", {}, QStringLiteral(" test ")));
        QCOMPARE(printed(o), "{\"success\": true, \"done\": true, \"target\": \"memory\", \"usage\": "
                             "\"1% \u2014 29/2,200 chars\", \"entry_count\": 2, \"message\": \"Entry "
                             "removed.\", \"removed_entry\": \"test\""
                                 + kNote);
        QCOMPARE(fileBytes(), QByteArray("all tests pass\n\xC2\xA7\nlatest build"));
    }

    void replaceAnswersWithTheWholeEntryItOverwrote()
    {
        writeFile("Caf\xC3\xA9 opens at 8\n\xC2\xA7\nother");
        const auto o = run(op("replace", QStringLiteral("Caf\u00E9 opens at 9"), QStringLiteral("opens")));
        QCOMPARE(printed(o), "{\"success\": true, \"done\": true, \"target\": \"memory\", \"usage\": "
                             "\"1% \u2014 23/2,200 chars\", \"entry_count\": 2, \"message\": \"Entry "
                             "replaced.\", \"replaced_entry\": \"Caf\u00E9 opens at 8\""
                                 + kNote);
        QCOMPARE(fileBytes(), QByteArray("Caf\xC3\xA9 opens at 9\n\xC2\xA7\nother"));
    }

    void ambiguityListsEveryEntryContainingTheText()
    {
        writeFile("note one\n\xC2\xA7\nnote two\n\xC2\xA7\nthird");
        const auto o = run(op("replace", QStringLiteral("x"), QStringLiteral("note")));
        QCOMPARE(printed(o), std::string("{\"success\": false, \"error\": \"Multiple entries matched "
                                         "'note'. Be more specific.\", \"matches\": [\"note one\", "
                                         "\"note two\"]}"));
    }

    void usageIsCappedAtOneHundredPercent()
    {
        writeFile("0123456789");
        const auto o = run(op("add", QStringLiteral("0123456789")), 5); // a duplicate: no write
        QCOMPARE(o.result.value("usage", std::string()), std::string("100% \u2014 10/5 chars"));
    }

    void replaceOrRemoveWithoutOldTextListsTheEntries()
    {
        writeFile("a1\n\xC2\xA7\nb2");
        auto o = run(op("replace", QStringLiteral("new")));
        QCOMPARE(
            printed(o),
            std::string("{\"success\": false, \"error\": \"'replace' needs old_text -- a short unique substring of "
                        "the entry to replace. None was provided. Reissue the replace with old_text set to part "
                        "of one of the current_entries below. For 'replace', content is the COMPLETE new entry "
                        "-- the whole matched entry is overwritten, not just the old_text span.\", "
                        "\"current_entries\": [\"a1\", \"b2\"], \"usage\": \"7/2,200\"}"));
        o = run(op("remove"));
        QCOMPARE(o.result.value("error", std::string()),
                 std::string("'remove' needs old_text -- a short unique substring of the entry to "
                             "remove. None was provided. Reissue the remove with old_text set to "
                             "part of one of the current_entries below."));
    }

    void batchAnswersWithTheEntriesItReplacedAndRemovedByPosition()
    {
        writeFile("alpha\n\xC2\xA7\nbeta\n\xC2\xA7\ngamma");
        const auto o =
            run(batch({op("add", QStringLiteral("delta")), op("replace", QStringLiteral("BETA"), QStringLiteral("bet")),
                       op("remove", {}, QStringLiteral("gam"))}));
        QCOMPARE(printed(o), "{\"success\": true, \"done\": true, \"target\": \"memory\", \"usage\": "
                             "\"0% \u2014 20/2,200 chars\", \"entry_count\": 3, \"message\": \"Applied "
                             "3 operation(s).\", \"replaced_entries\": {\"2\": \"beta\"}, "
                             "\"removed_entries\": {\"3\": \"gamma\"}"
                                 + kNote);
        QCOMPARE(fileBytes(), QByteArray("alpha\n\xC2\xA7\nBETA\n\xC2\xA7\ndelta"));
    }

    void batchThatWouldEmptyTheStoreIsRefused()
    {
        writeFile("only");
        const auto o = run(batch({op("remove", {}, QStringLiteral("only"))}));
        QCOMPARE(printed(o),
                 std::string("{\"success\": false, \"error\": \"Refusing to empty MEMORY.md: this batch would remove "
                             "every entry from a previously non-empty store. Keep at least one entry \u2014 merge "
                             "overlapping entries into a shorter one instead of removing the last one. To delete the "
                             "final entry deliberately, use single remove() calls. No operations were applied (batch "
                             "is all-or-nothing).\", \"usage\": \"4/2,200\"}"));
        QCOMPARE(fileBytes(), QByteArray("only"));
        QVERIFY(run(op("remove", {}, QStringLiteral("only"))).success); // the deliberate way
        QCOMPARE(fileBytes(), QByteArray());
    }

    void aFileThatWouldNotRoundTripIsRefusedAndSnapshotted()
    {
        const QByteArray drifted = "a\r\n\xC2\xA7\r\n\r\n\xC2\xA7\r\nb\n# appended by hand ";
        writeFile(drifted);
        const qint64 from = QDateTime::currentSecsSinceEpoch();
        const auto o = run(op("remove", {}, QStringLiteral("a")));
        const qint64 to = QDateTime::currentSecsSinceEpoch();
        QVERIFY(!o.success);
        QCOMPARE(fileBytes(), drifted);
        QCOMPARE(backups().size(), 1);
        const QString backup = m_dir->filePath(QStringLiteral("memories/") + backups().first());
        const qint64 stamp = backups().first().section(QLatin1Char('.'), -1).toLongLong();
        QVERIFY(stamp >= from && stamp <= to);
        // The snapshot holds the text as read: LF line ends, nothing else changed.
        QCOMPARE(test::fileBytes(backup), QByteArray("a\n\xC2\xA7\n\n\xC2\xA7\nb\n# appended by hand "));
        QCOMPARE(o.result.value("drift_backup", std::string()), toStd(backup));
        QCOMPARE(o.result.value("error", std::string()),
                 "Refusing to write MEMORY.md: file on disk has content that wouldn't round-trip "
                 "through the memory tool (likely added by the patch tool, a shell append, a manual "
                 "edit, or a concurrent session). A snapshot was saved to "
                     + toStd(backup)
                     + ". Resolve "
                       "the drift first \u2014 either rewrite the file as a clean \u00A7-delimited list of "
                       "entries, or move the extra content out \u2014 then retry. This guard exists to "
                       "prevent silent data loss (issue #26045).");
        QCOMPARE(o.result.value("remediation", std::string()),
                 std::string("Open the .bak file, integrate the missing entries into the memory tool "
                             "one at a time via memory(action=add, content=...), then remove or "
                             "rewrite the original file to a clean state."));
        // Batches are guarded too; an add only appends and goes through.
        QVERIFY(!run(batch({op("add", QStringLiteral("c"))})).success);
        const auto added = run(op("add", QStringLiteral("c")));
        QVERIFY(added.success);
        QCOMPARE(fileBytes(), QByteArray("a\n\xC2\xA7\nb\n# appended by hand\n\xC2\xA7\nc"));
    }

    void anEntryLongerThanTheStoreIsDrift()
    {
        writeFile("0123456789ab\n\xC2\xA7\nz");
        QVERIFY(!run(op("remove", {}, QStringLiteral("z")), 10).success);
        QCOMPARE(backups().size(), 1);
        QCOMPARE(fileBytes(), QByteArray("0123456789ab\n\xC2\xA7\nz"));
    }

    void anUnreadableFileRefusesEveryWriteAndStaysAsItIs()
    {
        writeFile("ok\n\xC2\xA7\nbroken \xFF\xFE");
        const std::string expected =
            "{\"success\": false, \"error\": \"Refusing to write MEMORY.md: the file exists on disk "
            "but could not be read right now (temporarily locked by another program, a permission "
            "change, invalid/corrupt text encoding, or a filesystem error). Treating an unreadable "
            "file as empty and saving would wipe existing memory, so the write is refused. Nothing "
            "was changed \u2014 retry in a moment.\"}";
        QCOMPARE(printed(run(op("add", QStringLiteral("new")))), expected);
        QCOMPARE(printed(run(op("remove", {}, QStringLiteral("ok")))), expected);
        QCOMPARE(printed(run(batch({op("add", QStringLiteral("n"))}))), expected);
        QCOMPARE(fileBytes(), QByteArray("ok\n\xC2\xA7\nbroken \xFF\xFE"));
        QVERIFY(backups().isEmpty());
        // A folder where the file should be cannot be read either.
        QFile::remove(path());
        QVERIFY(QDir().mkpath(path()));
        QCOMPARE(printed(run(op("add", QStringLiteral("new")))), expected);
    }

    void aByteOrderMarkIsDroppedWhenTheFileIsRewritten()
    {
        writeFile("\xEF\xBB\xBFnotepad entry");
        QVERIFY(run(op("replace", QStringLiteral("edited entry"), QStringLiteral("notepad entry"))).success);
        QCOMPARE(fileBytes(), QByteArray("edited entry"));
    }

    void aPinnedWriteAppliesToItsEntryOnly()
    {
        // old_text now also matches a newer entry; the pin decides.
        writeFile("deploy on Fridays\n\xC2\xA7\ndeploy on Fridays after 5pm");
        const auto o = run(pinned("replace", QStringLiteral("deploy on Fridays after 5pm"),
                                  QStringLiteral("deploy on Mondays"), QStringLiteral("Fridays")));
        QVERIFY(o.success);
        QCOMPARE(o.result.value("replaced_entry", std::string()), std::string("deploy on Fridays after 5pm"));
        QCOMPARE(fileBytes(), QByteArray("deploy on Fridays\n\xC2\xA7\ndeploy on Mondays"));
    }

    void aPinnedWriteWhoseEntryChangedIsRefusedWithHermesMessage()
    {
        writeFile("deploy on Mondays");
        const auto o = run(pinned("remove", QStringLiteral("deploy on Fridays"), {}, QStringLiteral("deploy")));
        QCOMPARE(printed(o),
                 std::string("{\"success\": false, \"error\": \"Entry changed since it was staged, so this write was "
                             "not applied: 'deploy on Fridays' is no longer in memory as reviewed. Recreate the change "
                             "against the current entry or reject it; the pending record has been preserved.\"}"));
        const auto b = run(batch({op("add", QStringLiteral("x")),
                                  pinned("replace", QStringLiteral("deploy on Fridays"), QStringLiteral("y"))}));
        QCOMPARE(b.result.value("error", std::string()),
                 std::string("Operation 2 (replace): Entry changed since it was staged, so this write "
                             "was not applied: 'deploy on Fridays' is no longer in memory as "
                             "reviewed. Recreate the change against the current entry or reject it; "
                             "the pending record has been preserved. No operations were applied "
                             "(batch is all-or-nothing)."));
        QCOMPARE(fileBytes(), QByteArray("deploy on Mondays"));
    }

    void theSnapshotBlocksPoisonedEntriesButTheFileKeepsThem()
    {
        writeFile("clean note\n\xC2\xA7\nsee ~/.ssh/authorized_keys\xE2\x80\x8B\n\xC2\xA7\n[BLOCKED: kept as is]");
        const QString rule(46, QChar(0x2550));
        const QString blocked =
            QStringLiteral("[BLOCKED: MEMORY.md entry contained threat pattern(s): invisible_unicode_U+200B, "
                           "ssh_backdoor, ssh_access. Removed from system prompt; use memory(action=remove) to "
                           "delete the original.]");
        const QString body =
            QStringLiteral("clean note\n\u00A7\n") + blocked + QStringLiteral("\n\u00A7\n[BLOCKED: kept as is]");
        QCOMPARE(*store().snapshot(), rule
                                          + QStringLiteral("\nMEMORY (your personal notes) [%1]\n")
                                                .arg(MemoryStore::usageText(int(body.size()), 2200))
                                          + rule + QLatin1Char('\n') + body);
        QCOMPARE(store().entries()->size(), 3);
    }
};

QTEST_GUILESS_MAIN(MemoryHermesRulesTest)
#include "memory_hermes_rules_test.moc"
