// Hermes' skills/.usage.json: reading it, importing it and writing transitions back to it.
#include "skills/Curator.h"
#include "skills/HermesUsageFile.h"
#include "skills/SkillService.h"
#include "store/AuditRepository.h"
#include "store/SkillRepository.h"
#include "TeamStore.h"
#include "util/Time.h"
#include "workspace/Workspace.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>

using namespace sediment;

namespace {

QDateTime t(const char* iso) { return *time::parseIso(QString::fromLatin1(iso)); }

// As a Hermes home holds it: Python's json.dump(indent=2, sort_keys=True), isoformat times.
const QByteArray kHermesUsage = R"({
  "deploy-fly": {
    "archived_at": null,
    "created_at": "2026-01-10T08:00:00.123456+00:00",
    "last_patched_at": null,
    "last_used_at": "2026-05-20T09:30:00",
    "last_viewed_at": "2026-05-21T10:00:00.5+02:00",
    "negative_claim_status": "active",
    "negative_claims": [
      {
        "id": "abc",
        "text": "fly is not installed."
      }
    ],
    "patch_count": 0,
    "pinned": false,
    "state": "active",
    "use_count": 4,
    "view_count": 2
  },
  "hub-thing": {
    "created_at": "2026-01-01T00:00:00+00:00",
    "use_count": 1
  },
  "../bad": {
    "use_count": 1
  }
})";

} // namespace

class UsageFileTest : public QObject {
    Q_OBJECT

    std::unique_ptr<QTemporaryDir> m_dir;
    std::unique_ptr<Workspace> m_ws;
    FixedClock m_clock{t("2026-06-01T12:00:00Z")};

    QString usagePath() const { return m_ws->path(QStringLiteral("skills/.usage.json")); }

    void writeFile(const QString& path, const QByteArray& data)
    {
        QDir().mkpath(QFileInfo(path).absolutePath());
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly | QIODevice::Truncate));
        f.write(data);
    }

    QByteArray readFile(const QString& path)
    {
        QFile f(path);
        return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
    }

private Q_SLOTS:
    void init()
    {
        m_dir = std::make_unique<QTemporaryDir>();
        QVERIFY(m_dir->isValid());
        auto ws = sediment::test::openWorkspace(m_dir->path());
        QVERIFY(ws);
        m_ws = std::move(*ws);
    }

    void parsesNaiveOffsetAndMicrosecondTimes()
    {
        auto parsed = HermesUsageFile::parse(kHermesUsage, {}, m_clock.now());
        QVERIFY(parsed);
        QCOMPARE(parsed->skills.size(), size_t(2));
        const Skill& s = parsed->skills.front();
        QCOMPARE(s.name, QStringLiteral("deploy-fly"));
        QCOMPARE(s.createdAt, t("2026-01-10T08:00:00.123Z"));
        QCOMPARE(*s.lastUsedAt, t("2026-05-20T09:30:00Z"));       // naive means UTC
        QCOMPARE(*s.lastViewedAt, t("2026-05-21T08:00:00.500Z")); // offset honoured
        QCOMPARE(s.useCount, 4);
        QCOMPARE(s.createdBy, QStringLiteral("agent"));
        QCOMPARE(s.extra["negative_claim_status"].get<std::string>(), std::string("active"));
        QCOMPARE(parsed->skipped.size(), size_t(1));
        QCOMPARE(parsed->skipped.front().name, QStringLiteral("../bad"));
    }

    void takesCreatorFromBundledManifestAndHubLock()
    {
        writeFile(m_ws->path(QStringLiteral("skills/.hub/lock.json")),
                  R"({"installed": {"hub-thing": {"source": "x"}}})");
        writeFile(m_ws->path(QStringLiteral("skills/.bundled_manifest")), "deploy-fly:abc123\n");
        const auto prov = HermesUsageFile::readProvenance(m_ws->path(QStringLiteral("skills")));
        auto parsed = HermesUsageFile::parse(kHermesUsage, prov, m_clock.now());
        QVERIFY(parsed);
        QCOMPARE(parsed->skills[0].createdBy, QStringLiteral("bundled"));
        QCOMPARE(parsed->skills[1].createdBy, QStringLiteral("hub"));
        // created_at missing: backfilled with now, as Hermes does.
        QCOMPARE(parsed->skills[1].state, QStringLiteral("active"));
    }

    void rejectsAWrongTypeNamingSkillAndKeyAndStoresNothing()
    {
        writeFile(usagePath(), R"({"a": {"use_count": 1}, "b": {"last_used_at": "yesterday"}})");
        auto r = SkillService(*m_ws, m_clock).importHermes({}, QStringLiteral("cli:t"));
        QVERIFY(!r);
        QCOMPARE(r.error().kind, ErrorKind::Invalid);
        QVERIFY2(r.error().message.contains(QStringLiteral("'b'"))
                     && r.error().message.contains(QStringLiteral("last_used_at")),
                 qPrintable(r.error().message));
        QVERIFY(SkillRepository(m_ws->db()).all()->empty());
        QVERIFY(!*SkillRepository(m_ws->db()).usageLink());
        QCOMPARE(*AuditRepository(m_ws->db(), m_clock).count(), 0);
    }

    void rejectsAFileThatIsNotAnObject()
    {
        QVERIFY(!HermesUsageFile::parse("[1, 2]", {}, m_clock.now()));
        QVERIFY(!HermesUsageFile::parse("{nope", {}, m_clock.now()));
        QVERIFY(!HermesUsageFile::parse(R"({"a": {"state": "gone"}})", {}, m_clock.now()));
        QVERIFY(!HermesUsageFile::parse(R"({"a": {"pinned": "yes"}})", {}, m_clock.now()));
    }

    void serializesAsPythonJsonDumpWithSortedKeys()
    {
        nlohmann::json v = nlohmann::json::parse(R"({"b": {"z": [], "a": {}}, "a": [1, 2.5, "é", null, true]})");
        QCOMPARE(QString::fromStdString(HermesUsageFile::serialize(v)),
                 QStringLiteral("{\n  \"a\": [\n    1,\n    2.5,\n    \"é\",\n    null,\n    true\n  ],\n"
                                "  \"b\": {\n    \"a\": {},\n    \"z\": []\n  }\n}"));
        QCOMPARE(HermesUsageFile::hermesTime(t("2026-06-01T12:00:00Z")), QStringLiteral("2026-06-01T12:00:00+00:00"));
        QCOMPARE(HermesUsageFile::hermesTime(t("2026-06-01T12:00:00.042Z")),
                 QStringLiteral("2026-06-01T12:00:00.042000+00:00"));
    }

    void importRoundTripKeepsUnknownKeysAndWritesPinsBack()
    {
        writeFile(usagePath(), kHermesUsage);
        SkillService service(*m_ws, m_clock);
        auto imported = service.importHermes({}, QStringLiteral("cli:t"));
        QVERIFY(imported);
        QCOMPARE(imported->imported, 2);
        QCOMPARE(*SkillRepository(m_ws->db()).usageLink(), QFileInfo(usagePath()).absoluteFilePath());

        auto pinned = service.setPinned(QStringLiteral("deploy-fly"), true, QStringLiteral("cli:t"));
        QVERIFY(pinned && pinned->changed && !pinned->writeBackError);
        const QByteArray after = readFile(usagePath());
        const auto back = nlohmann::json::parse(after.toStdString());
        const auto& rec = back["deploy-fly"];
        QCOMPARE(rec["pinned"].get<bool>(), true);
        // Unknown keys and untouched values stay exactly as Hermes wrote them.
        QCOMPARE(rec["negative_claims"][0]["text"].get<std::string>(), std::string("fly is not installed."));
        QCOMPARE(rec["negative_claim_status"].get<std::string>(), std::string("active"));
        QCOMPARE(rec["last_used_at"].get<std::string>(), std::string("2026-05-20T09:30:00"));
        QVERIFY(back.contains("../bad"));
        // Same format as Hermes: indent 2, sorted keys, no trailing newline.
        QCOMPARE(after, QByteArray::fromStdString(HermesUsageFile::serialize(back)));
        QVERIFY(!after.endsWith('\n'));

        // Re-importing what we wrote gives the same records, unknown keys included.
        auto again = service.importHermes({}, QStringLiteral("cli:t"));
        QVERIFY(again);
        QCOMPARE(again->updated, 2);
        auto s = SkillRepository(m_ws->db()).find(QStringLiteral("deploy-fly"));
        QVERIFY((*s)->pinned);
        QCOMPARE((*s)->extra["negative_claims"][0]["id"].get<std::string>(), std::string("abc"));
    }

    // What the Skills page does on a Hermes home before it lists anything: the file's records come
    // in once, and again only when Hermes has changed one.
    void syncBringsInWhatTheFileSaysOnlyWhenItChanged()
    {
        SkillService service(*m_ws, m_clock);
        auto none = service.syncHermes(QStringLiteral("human:t")); // no .usage.json: no Hermes home
        QVERIFY(none && !*none);
        QByteArray usage = kHermesUsage;
        usage.replace("    \"created_at\": \"2026-01-01T00:00:00+00:00\",\n", "");
        writeFile(usagePath(), usage);
        auto first = service.syncHermes(QStringLiteral("human:t"));
        QVERIFY2(first, first ? "" : qPrintable(first.error().message));
        QVERIFY(*first);
        QCOMPARE((*first)->imported, 2);
        QCOMPARE((*first)->updated, 0);
        QVERIFY((*first)->linkedNow);
        QCOMPARE(*SkillRepository(m_ws->db()).usageLink(), QFileInfo(usagePath()).absoluteFilePath());
        const qint64 rows = *AuditRepository(m_ws->db(), m_clock).count();
        QCOMPARE(rows, 1);

        // Nothing new, a day later: nothing written, not even for hub-thing, whose created_at
        // Hermes left out (read as "now", which moved).
        m_clock.set(t("2026-06-02T12:00:00Z"));
        auto same = service.syncHermes(QStringLiteral("human:t"));
        QVERIFY(same && !*same);
        QCOMPARE(*AuditRepository(m_ws->db(), m_clock).count(), rows);
        QCOMPARE((*SkillRepository(m_ws->db()).find(QStringLiteral("hub-thing")))->createdAt,
                 t("2026-06-01T12:00:00Z"));

        // Hermes records a use: that one record is updated, with its audit row.
        QByteArray used = usage;
        used.replace("\"use_count\": 4", "\"use_count\": 5");
        writeFile(usagePath(), used);
        auto changed = service.syncHermes(QStringLiteral("human:t"));
        QVERIFY(changed && *changed);
        QCOMPARE((*changed)->imported, 0);
        QCOMPARE((*changed)->updated, 1);
        QVERIFY(!(*changed)->linkedNow);
        QCOMPARE((*SkillRepository(m_ws->db()).find(QStringLiteral("deploy-fly")))->useCount, 5);
        QCOMPARE(*AuditRepository(m_ws->db(), m_clock).count(), rows + 1);

        // With the identity it last saw, a caller is told nothing new without a read, until
        // Hermes replaces the file.
        QByteArray seen;
        auto read = service.syncHermes(QStringLiteral("human:t"), &seen);
        QVERIFY(read && !*read && !seen.isEmpty());
        QVERIFY(SkillRepository(m_ws->db()).recordUse(QStringLiteral("deploy-fly"), m_clock.now()));
        auto skipped = service.syncHermes(QStringLiteral("human:t"), &seen);
        QVERIFY(skipped && !*skipped); // the file was not read: use_count 6 stays
        QCOMPARE((*SkillRepository(m_ws->db()).find(QStringLiteral("deploy-fly")))->useCount, 6);
        const QByteArray before = seen;
        writeFile(usagePath() + QStringLiteral(".tmp"), used);
        QVERIFY(QFile::remove(usagePath()) && QFile::rename(usagePath() + QStringLiteral(".tmp"), usagePath()));
        auto replaced = service.syncHermes(QStringLiteral("human:t"), &seen);
        QVERIFY(replaced && *replaced && (*replaced)->updated == 1);
        QVERIFY(seen != before);
        QCOMPARE((*SkillRepository(m_ws->db()).find(QStringLiteral("deploy-fly")))->useCount, 5);
        const qint64 synced = *AuditRepository(m_ws->db(), m_clock).count();

        // A file that is not JSON is read as empty, as Hermes reads it: the records stay as they
        // were, nothing is written, and the report says what was ignored.
        writeFile(usagePath(), "not json {");
        auto unreadable = service.syncHermes(QStringLiteral("human:t"));
        QVERIFY(unreadable && *unreadable && (*unreadable)->warnings.size() == 1);
        QCOMPARE((*SkillRepository(m_ws->db()).find(QStringLiteral("deploy-fly")))->useCount, 5);
        QCOMPARE(*AuditRepository(m_ws->db(), m_clock).count(), synced);
        // A damaged record falls back alone ("many" is no count: 0), with a warning, and a
        // caller keeping the identity hears of it once, until the file changes again.
        writeFile(usagePath(), R"({"deploy-fly": {"use_count": "many"}})");
        auto damaged = service.syncHermes(QStringLiteral("human:t"), &seen);
        QVERIFY(damaged && *damaged && (*damaged)->updated == 1);
        QVERIFY2((*damaged)->warnings.size() == 1 && (*damaged)->warnings.front().contains(QStringLiteral("use_count")),
                 qPrintable((*damaged)->warnings.join(u'|')));
        QCOMPARE((*SkillRepository(m_ws->db()).find(QStringLiteral("deploy-fly")))->useCount, 0);
        auto quiet = service.syncHermes(QStringLiteral("human:t"), &seen);
        QVERIFY(quiet && !*quiet);
    }

    void curatorTransitionsAndRestoreAreWrittenBack()
    {
        // skills/.usage.json makes this a Hermes home: only records the agent marked as its own
        // are curated, and only skills on disk.
        QByteArray usage = kHermesUsage;
        usage.replace("\"deploy-fly\": {\n", "\"deploy-fly\": {\n    \"created_by\": \"agent\",\n");
        writeFile(usagePath(), usage);
        QVERIFY(SkillService(*m_ws, m_clock).importHermes({}, QStringLiteral("cli:t")));
        writeFile(m_ws->path(QStringLiteral("skills/deploy-fly/SKILL.md")), "---\nname: deploy-fly\n---\n");
        // 200 days after the last activity the curator archives the agent's skill.
        FixedClock later(t("2026-12-18T12:00:00Z"));
        auto report = Curator(*m_ws, later).run(false);
        QVERIFY(report && !report->writeBackError);
        QCOMPARE(report->archived, 1);
        auto back = nlohmann::json::parse(readFile(usagePath()).toStdString());
        QCOMPARE(back["deploy-fly"]["state"].get<std::string>(), std::string("archived"));
        QCOMPARE(back["deploy-fly"]["archived_at"].get<std::string>(), std::string("2026-12-18T12:00:00+00:00"));
        QCOMPARE(back["deploy-fly"]["use_count"].get<int>(), 4);
        // hub-thing has neither a folder nor the agent's mark: Hermes' curator leaves it be.
        QVERIFY(!back["hub-thing"].contains("state"));

        auto restored = SkillService(*m_ws, later).restore(QStringLiteral("deploy-fly"), QStringLiteral("cli:t"));
        QVERIFY(restored && !restored->writeBackError);
        QVERIFY(QFileInfo::exists(m_ws->path(QStringLiteral("skills/deploy-fly/SKILL.md"))));
        back = nlohmann::json::parse(readFile(usagePath()).toStdString());
        QCOMPARE(back["deploy-fly"]["state"].get<std::string>(), std::string("active"));
        QVERIFY(back["deploy-fly"]["archived_at"].is_null());
        QCOMPARE(back["deploy-fly"]["negative_claim_status"].get<std::string>(), std::string("active"));
    }

    // Byte for byte what Hermes' set_pinned and set_state leave: only the field they set (and
    // archived_at where set_state sets it), a missing record as Hermes' baseline one, and no
    // entry that is not an object (Hermes' load_usage drops those before it saves).
    void writeBackChangesOnlyWhatHermesWouldAndDropsWhatHermesDrops()
    {
        m_clock.set(t("2026-06-01T12:00:00Z"));
        writeFile(usagePath(), R"({"lean": {"created_by": "agent", "use_count": 1}, "junk": 3, "listy": [1],
 "worn": {"created_by": "agent", "state": "archived", "archived_at": "2026-05-01T00:00:00+00:00"},
 "stale-me": {"created_by": "agent", "use_count": 2, "last_used_at": "2026-05-10T00:00:00+00:00"}})");
        writeFile(m_ws->path(QStringLiteral("skills/stale-me/SKILL.md")), "---\nname: stale-me\n---\n");
        SkillService service(*m_ws, m_clock);
        QVERIFY(service.importHermes({}, QStringLiteral("cli:t")));

        auto pinned = service.setPinned(QStringLiteral("lean"), true, QStringLiteral("cli:t"));
        QVERIFY(pinned && pinned->changed && !pinned->writeBackError);
        QCOMPARE(readFile(usagePath()), QByteArray(R"({
  "lean": {
    "created_by": "agent",
    "pinned": true,
    "use_count": 1
  },
  "stale-me": {
    "created_by": "agent",
    "last_used_at": "2026-05-10T00:00:00+00:00",
    "use_count": 2
  },
  "worn": {
    "archived_at": "2026-05-01T00:00:00+00:00",
    "created_by": "agent",
    "state": "archived"
  }
})"));

        auto restored = service.restore(QStringLiteral("worn"), QStringLiteral("cli:t"));
        QVERIFY(restored && !restored->writeBackError);
        QVERIFY(SkillRepository(m_ws->db()).recordUse(QStringLiteral("fresh"), m_clock.now()));
        auto fresh = service.setPinned(QStringLiteral("fresh"), true, QStringLiteral("cli:t"));
        QVERIFY(fresh && !fresh->writeBackError);
        auto report = Curator(*m_ws, m_clock).run(false);
        QVERIFY(report && !report->writeBackError);
        QCOMPARE(report->markedStale, 1);
        QCOMPARE(readFile(usagePath()), QByteArray(R"({
  "fresh": {
    "archived_at": null,
    "created_at": "2026-06-01T12:00:00+00:00",
    "created_by": null,
    "last_patched_at": null,
    "last_used_at": null,
    "last_viewed_at": null,
    "patch_count": 0,
    "pinned": true,
    "state": "active",
    "use_count": 0,
    "view_count": 0
  },
  "lean": {
    "created_by": "agent",
    "pinned": true,
    "use_count": 1
  },
  "stale-me": {
    "created_by": "agent",
    "last_used_at": "2026-05-10T00:00:00+00:00",
    "state": "stale",
    "use_count": 2
  },
  "worn": {
    "archived_at": null,
    "created_by": "agent",
    "state": "active"
  }
})"));
    }

    void aFileThatNoLongerParsesIsNeverOverwritten()
    {
        writeFile(usagePath(), kHermesUsage);
        SkillService service(*m_ws, m_clock);
        QVERIFY(service.importHermes({}, QStringLiteral("cli:t")));
        writeFile(usagePath(), "{ half written");
        auto pinned = service.setPinned(QStringLiteral("deploy-fly"), true, QStringLiteral("cli:t"));
        QVERIFY(pinned && pinned->changed);
        QVERIFY(pinned->writeBackError);
        QCOMPARE(readFile(usagePath()), QByteArray("{ half written"));
    }
};

QTEST_GUILESS_MAIN(UsageFileTest)
#include "usage_file_test.moc"
