// Hermes' curator rules at their boundaries, one table row per case.
#include "skills/CuratorRules.h"
#include "util/Time.h"

#include <QTest>

using namespace sediment;
using T = CuratorDecision::Transition;
using Scope = CuratorDecision::Scope;

Q_DECLARE_METATYPE(sediment::CuratorDecision::Transition)
Q_DECLARE_METATYPE(sediment::CuratorDecision::Scope)

namespace {

// now = 2026-06-01T12:00:00Z: the stale cut-off (30 days) is 2026-05-02T12:00:00Z and the
// archive cut-off (90 days) is 2026-03-03T12:00:00Z.
const QString kNow = QStringLiteral("2026-06-01T12:00:00Z");

std::optional<QDateTime> at(const QString& text)
{
    if (text.isEmpty())
        return std::nullopt;
    auto t = time::parseIso(text);
    if (!t)
        qFatal("bad test time %s", qPrintable(text));
    return *t;
}

} // namespace

class CuratorRulesTest : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void decidesLikeHermes_data()
    {
        QTest::addColumn<QString>("createdBy");
        QTest::addColumn<bool>("pinned");
        QTest::addColumn<QString>("state");
        QTest::addColumn<int>("uses");
        QTest::addColumn<QString>("lastUsed");
        QTest::addColumn<QString>("lastViewed");
        QTest::addColumn<QString>("lastPatched");
        QTest::addColumn<QString>("created");
        QTest::addColumn<Scope>("scope");
        QTest::addColumn<T>("transition");

        const QString old = QStringLiteral("2025-01-01T00:00:00Z");
        const QString agent = QStringLiteral("agent");
        const QString active = QStringLiteral("active");
        const QString stale = QStringLiteral("stale");
        const QString archived = QStringLiteral("archived");
        const QString none;
        const Scope in = Scope::Considered;

        // Exactly at the stale cut-off counts as stale (anchor <= cut-off); one second either side.
        QTest::newRow("used exactly 30 days ago")
            << agent << false << active << 3 << QStringLiteral("2026-05-02T12:00:00Z") << none << none << old << in
            << T::MarkStale;
        QTest::newRow("used 30 days minus 1 s ago")
            << agent << false << active << 3 << QStringLiteral("2026-05-02T12:00:01Z") << none << none << old << in
            << T::None;
        QTest::newRow("used 30 days plus 1 s ago")
            << agent << false << active << 3 << QStringLiteral("2026-05-02T11:59:59Z") << none << none << old << in
            << T::MarkStale;
        // The archive cut-off, inclusive.
        QTest::newRow("used exactly 90 days ago")
            << agent << false << active << 3 << QStringLiteral("2026-03-03T12:00:00Z") << none << none << old << in
            << T::Archive;
        QTest::newRow("used 90 days minus 1 s ago, active")
            << agent << false << active << 3 << QStringLiteral("2026-03-03T12:00:01Z") << none << none << old << in
            << T::MarkStale;
        QTest::newRow("used 90 days minus 1 s ago, stale")
            << agent << false << stale << 3 << QStringLiteral("2026-03-03T12:00:01Z") << none << none << old << in
            << T::None;
        QTest::newRow("used 90 days plus 1 s ago")
            << agent << false << active << 3 << QStringLiteral("2026-03-03T11:59:59Z") << none << none << old << in
            << T::Archive;
        QTest::newRow("stale one archived from stale")
            << agent << false << stale << 3 << QStringLiteral("2026-03-03T11:59:59Z") << none << none << old << in
            << T::Archive;
        QTest::newRow("stale in the 30-90 window stays stale")
            << agent << false << stale << 3 << QStringLiteral("2026-04-15T00:00:00Z") << none << none << old << in
            << T::None;
        QTest::newRow("stale used again is reactivated")
            << agent << false << stale << 3 << QStringLiteral("2026-05-30T00:00:00Z") << none << none << old << in
            << T::Reactivate;
        // Naive times mean UTC; offsets are honoured.
        QTest::newRow("naive time exactly at the stale cut-off")
            << agent << false << active << 1 << QStringLiteral("2026-05-02T12:00:00") << none << none << old << in
            << T::MarkStale;
        QTest::newRow("offset time exactly at the stale cut-off")
            << agent << false << active << 1 << QStringLiteral("2026-05-02T14:00:00+02:00") << none << none << old << in
            << T::MarkStale;
        QTest::newRow("offset time 1 s after the stale cut-off")
            << agent << false << active << 1 << QStringLiteral("2026-05-02T14:00:01+02:00") << none << none << old << in
            << T::None;
        QTest::newRow("negative offset 1 s before the archive cut-off")
            << agent << false << active << 1 << QStringLiteral("2026-03-03T06:59:59-05:00") << none << none << old << in
            << T::Archive;
        QTest::newRow("microseconds half a second after the stale cut-off")
            << agent << false << active << 1 << QStringLiteral("2026-05-02T12:00:00.500000+00:00") << none << none
            << old << in << T::None;
        QTest::newRow("microseconds half a second before the stale cut-off")
            << agent << false << active << 1 << QStringLiteral("2026-05-02T11:59:59.500000") << none << none << old
            << in << T::MarkStale;
        // Never used: the grace floor.
        QTest::newRow("never used, created 29 days ago") << agent << false << active << 0 << none << none << none
                                                         << QStringLiteral("2026-05-03T12:00:00Z") << in << T::None;
        QTest::newRow("never used, created 30 days minus 1 s ago, stale, reactivated")
            << agent << false << stale << 0 << none << none << none << QStringLiteral("2026-05-02T12:00:01Z") << in
            << T::Reactivate;
        QTest::newRow("never used, created exactly 30 days ago")
            << agent << false << active << 0 << none << none << none << QStringLiteral("2026-05-02T12:00:00Z") << in
            << T::MarkStale;
        QTest::newRow("never used, created 91 days ago") << agent << false << active << 0 << none << none << none
                                                         << QStringLiteral("2026-03-02T12:00:00Z") << in << T::Archive;
        QTest::newRow("never used but viewed 10 days ago")
            << agent << false << active << 0 << none << QStringLiteral("2026-05-22T12:00:00Z") << none << old << in
            << T::None;
        // A view or a patch newer than the last use moves the anchor.
        QTest::newRow("view newer than an old use")
            << agent << false << active << 5 << QStringLiteral("2025-06-01T00:00:00Z")
            << QStringLiteral("2026-05-25T00:00:00Z") << none << old << in << T::None;
        QTest::newRow("view newer than an old use reactivates")
            << agent << false << stale << 5 << QStringLiteral("2025-06-01T00:00:00Z")
            << QStringLiteral("2026-05-25T00:00:00Z") << none << old << in << T::Reactivate;
        QTest::newRow("patch 40 days ago after a use 200 days ago")
            << agent << false << active << 5 << QStringLiteral("2025-11-13T12:00:00Z") << none
            << QStringLiteral("2026-04-22T12:00:00Z") << old << in << T::MarkStale;
        QTest::newRow("used but no time recorded: created_at anchors")
            << agent << false << active << 2 << none << none << none << QStringLiteral("2026-01-01T00:00:00Z") << in
            << T::Archive;
        // Out of the rules' reach.
        QTest::newRow("pinned agent skill unused for a year")
            << agent << true << active << 1 << old << none << none << old << Scope::SkippedPinned << T::None;
        QTest::newRow("pinned stale skill is not reactivated")
            << agent << true << stale << 1 << QStringLiteral("2026-05-30T00:00:00Z") << none << none << old
            << Scope::SkippedPinned << T::None;
        QTest::newRow("user skill") << QStringLiteral("user") << false << active << 1 << old << none << none << old
                                    << Scope::SkippedNotAgent << T::None;
        QTest::newRow("hub skill") << QStringLiteral("hub") << false << active << 1 << old << none << none << old
                                   << Scope::SkippedNotAgent << T::None;
        QTest::newRow("bundled skill") << QStringLiteral("bundled") << false << active << 1 << old << none << none
                                       << old << Scope::SkippedNotAgent << T::None;
        QTest::newRow("already archived stays archived")
            << agent << false << archived << 1 << old << none << none << old << in << T::None;
        QTest::newRow("archived but used yesterday: restore is manual")
            << agent << false << archived << 1 << QStringLiteral("2026-05-31T12:00:00Z") << none << none << old << in
            << T::None;
    }

    void decidesLikeHermes()
    {
        QFETCH(QString, createdBy);
        QFETCH(bool, pinned);
        QFETCH(QString, state);
        QFETCH(int, uses);
        QFETCH(QString, lastUsed);
        QFETCH(QString, lastViewed);
        QFETCH(QString, lastPatched);
        QFETCH(QString, created);
        QFETCH(Scope, scope);
        QFETCH(T, transition);

        Skill s;
        s.name = QStringLiteral("demo");
        s.createdBy = createdBy;
        s.pinned = pinned;
        s.state = state;
        s.useCount = uses;
        s.lastUsedAt = at(lastUsed);
        s.lastViewedAt = at(lastViewed);
        s.lastPatchedAt = at(lastPatched);
        s.createdAt = *at(created);

        const CuratorDecision d = CuratorRules::decide(s, *at(kNow), CuratorThresholds{});
        QCOMPARE(d.scope, scope);
        QCOMPARE(d.transition, transition);
        QCOMPARE(d.why.isEmpty(), transition == T::None);
    }

    void honoursConfiguredThresholds()
    {
        Skill s;
        s.name = QStringLiteral("demo");
        s.useCount = 1;
        s.createdAt = *at(QStringLiteral("2026-01-01T00:00:00Z"));
        s.lastUsedAt = at(QStringLiteral("2026-05-25T12:00:00Z")); // 7 days before now
        const auto d = CuratorRules::decide(s, *at(kNow), CuratorThresholds{7, 14});
        QCOMPARE(d.transition, T::MarkStale);
        const auto later =
            CuratorRules::decide(s, *at(QStringLiteral("2026-06-08T12:00:00Z")), CuratorThresholds{7, 14});
        QCOMPARE(later.transition, T::Archive);
    }

    void namesTheAnchorInTheReason()
    {
        Skill s;
        s.name = QStringLiteral("demo");
        s.useCount = 1;
        s.createdAt = *at(QStringLiteral("2025-01-01T00:00:00Z"));
        s.lastUsedAt = at(QStringLiteral("2026-01-01T00:00:00Z"));
        const auto d = CuratorRules::decide(s, *at(kNow), CuratorThresholds{});
        QCOMPARE(d.toState(s.state), QStringLiteral("archived"));
        QVERIFY2(d.why.contains(QStringLiteral("2026-01-01T00:00:00.000Z")), qPrintable(d.why));
        QVERIFY2(d.why.contains(QStringLiteral("90 days")), qPrintable(d.why));
    }
};

QTEST_GUILESS_MAIN(CuratorRulesTest)
#include "curator_rules_test.moc"
