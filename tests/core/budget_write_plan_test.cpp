// What a memory write would do, step by step, and its net effect on the store's budget (docs/user-guide.md#memory
// batch, docs/verbs.md#hermes): the figures the inbox detail pane shows for a staged Hermes batch.
#include "BudgetFixture.h"
#include "inbox/MemoryWritePlan.h"
#include "model/InboxItem.h"

#include <QTemporaryDir>
#include <QTest>

using namespace sediment;
using namespace sediment::testing;

class MemoryWritePlanTest : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void everyStepOfABatchWithItsUsageAndTheNetEffect()
    {
        const QStringList entries{QStringLiteral("Uses vim daily"), QStringLiteral("Likes tea")}; // 14+3+9
        const auto plan = MemoryWritePlan::compute(
            QStringLiteral("memory"), entries,
            batch({op("add", "Runs ctest"), op("replace", "Uses nano", "vim"), op("remove", nullptr, "tea")}), 100);
        QVERIFY(plan.batch);
        QCOMPARE(plan.steps.size(), std::size_t(3));
        QCOMPARE(plan.steps[0].before, 26);
        QCOMPARE(plan.steps[0].after, 39);
        QCOMPARE(plan.steps[1].after, 34);
        QCOMPARE(plan.steps[2].after, 22);
        QCOMPARE(plan.steps[0].text(), QStringLiteral("add “Runs ctest”"));
        QCOMPARE(plan.steps[1].text(), QStringLiteral("replace “vim” → “Uses nano”"));
        QCOMPARE(plan.steps[2].text(), QStringLiteral("remove “tea”"));
        QCOMPARE(plan.steps[1].message, QStringLiteral("Entry replaced."));
        QCOMPARE(plan.budget.current, 26);
        QCOMPARE(plan.budget.after, 22);
        QVERIFY(plan.accepted);
        QCOMPARE(plan.verdict, QStringLiteral("Applied 3 operation(s)."));
    }

    void aBatchMayPassTheLimitOnItsWaySinceOnlyTheFinalStateCounts()
    {
        const QStringList entries{QStringLiteral("0123456789")};
        const auto plan = MemoryWritePlan::compute(QStringLiteral("user"), entries,
                                                   batch({op("add", "abcdefghij"), op("remove", nullptr, "0123")}), 12);
        QCOMPARE(plan.steps[0].after, 23); // over 12 for a moment
        QVERIFY(plan.steps[0].ok);
        QCOMPARE(plan.budget.after, 10);
        QVERIFY(!plan.budget.over);
        QVERIFY(plan.accepted);
    }

    void aStepThatMatchesNothingRefusesTheWholeWrite()
    {
        const QStringList entries{QStringLiteral("Likes tea")};
        const auto plan = MemoryWritePlan::compute(QStringLiteral("memory"), entries,
                                                   batch({op("add", "New fact"), op("replace", "x", "coffee")}), 100);
        QVERIFY(plan.steps[0].ok);
        QVERIFY(!plan.steps[1].ok);
        QCOMPARE(plan.steps[1].message, QStringLiteral("No entry matched 'coffee'. Check current_entries "
                                                       "below and retry with the exact text of the entry "
                                                       "you want to replace."));
        QCOMPARE(plan.steps[1].after, plan.steps[1].before);
        QVERIFY(!plan.accepted);
        QVERIFY(plan.verdict.contains(QLatin1String("no entry matched 'coffee'")));
        QVERIFY(plan.verdict.contains(QLatin1String("all-or-nothing")));
    }

    void overTheLimitAfterTheWholeBatchIsRefused()
    {
        const auto plan = MemoryWritePlan::compute(QStringLiteral("user"), {QStringLiteral("12345")},
                                                   batch({op("add", "67890")}), 12);
        QCOMPARE(plan.budget.after, 13);
        QVERIFY(plan.budget.over);
        QVERIFY(!plan.accepted);
    }

    void aSingleOpIsAOneStepPlan()
    {
        const auto plan = MemoryWritePlan::compute(QStringLiteral("memory"), {QStringLiteral("Likes tea")},
                                                   op("add", "Likes tea"), 100);
        QVERIFY(!plan.batch);
        QCOMPARE(plan.steps.size(), std::size_t(1));
        QCOMPARE(plan.steps[0].message, QStringLiteral("Entry already exists (no duplicate added)."));
        QCOMPARE(plan.budget.after, plan.budget.current);
        const Json j = plan.toJson();
        QCOMPARE(j["steps"][0]["action"].get<std::string>(), std::string("add"));
        QCOMPARE(j["budget"]["text"].get<std::string>(), std::string("9 → 9 / 100 chars"));
        QVERIFY(j["accepted"].get<bool>());
    }

    void forItemReadsTheStoreAsTheBudgetPreviewDoesAndSkipsOtherDestinations()
    {
        QTemporaryDir dir;
        const auto ws = workspaceWithMemory(dir, "one\n§\ntwo");
        QVERIFY(ws);
        InboxItem item = memoryItem(Json{{"action", "batch"},
                                         {"operations", Json::array({Json{{"action", "remove"}, {"old_text", "one"}},
                                                                     Json{{"action", "add"}, {"content", "three"}}})}});
        auto plan = MemoryWritePlan::forItem(*ws, item);
        QVERIFY(plan && *plan);
        QCOMPARE((*plan)->budget.current, 9);
        QCOMPARE((*plan)->budget.after, 11);
        QCOMPARE((*plan)->budget.limit, 2200);
        QCOMPARE((*plan)->steps.size(), std::size_t(2));
        // The budget line of the inbox and the CLI is this plan's budget, to the character.
        auto preview = BudgetPreview::forItem(*ws, item);
        QVERIFY(preview && *preview);
        QVERIFY((*plan)->budget.toJson() == (*preview)->toJson());
        item.destination = QStringLiteral("claude_md");
        item.op = Json{{"before", ""}, {"after", "x"}};
        auto none = MemoryWritePlan::forItem(*ws, item);
        QVERIFY(none && !*none);
    }
};

QTEST_GUILESS_MAIN(MemoryWritePlanTest)
#include "budget_write_plan_test.moc"
