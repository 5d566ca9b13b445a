// The budget preview of memory items (docs/user-guide.md#inbox): "current → after / limit chars", over when past it.
#include "BudgetFixture.h"
#include "inbox/BudgetPreview.h"
#include "model/InboxItem.h"

#include <QTemporaryDir>
#include <QTest>

using namespace sediment;
using namespace sediment::testing;

class BudgetPreviewTest : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void addCountsTheDelimiterAndTheNewEntry()
    {
        const QStringList entries{QStringLiteral("aaaa"), QStringLiteral("bbbb")}; // 4 + 3 + 4
        const auto p = BudgetPreview::compute(QStringLiteral("memory"), entries, op("add", "  cc  "), 2200);
        QCOMPARE(p.current, 11);
        QCOMPARE(p.after, 16);
        QVERIFY(!p.over);
        QCOMPARE(p.text(), QStringLiteral("11 → 16 / 2200 chars"));
    }

    void overWhenTheResultPassesTheLimit()
    {
        const auto p =
            BudgetPreview::compute(QStringLiteral("user"), {QStringLiteral("12345")}, op("add", "67890"), 12);
        QCOMPARE(p.after, 13);
        QVERIFY(p.over);
        const auto exact =
            BudgetPreview::compute(QStringLiteral("user"), {QStringLiteral("12345")}, op("add", "6789"), 12);
        QCOMPARE(exact.after, 12);
        QVERIFY(!exact.over); // strictly greater is over, as the store decides
    }

    void replaceRemoveAndDuplicatesFollowTheStoreRules()
    {
        const QStringList entries{QStringLiteral("Uses vim daily"), QStringLiteral("Likes tea")};
        QCOMPARE(
            BudgetPreview::compute(QStringLiteral("memory"), entries, op("replace", "Uses nano", "vim"), 100).after,
            21);
        QCOMPARE(BudgetPreview::compute(QStringLiteral("memory"), entries, op("remove", nullptr, "tea"), 100).after,
                 14);
        QCOMPARE(BudgetPreview::compute(QStringLiteral("memory"), entries, op("add", "Likes tea"), 100).after, 26);
        QCOMPARE(BudgetPreview::compute(QStringLiteral("memory"), entries, op("remove", nullptr, "nothing"), 100).after,
                 26);
        // Code points, not UTF-16 units: an emoji is one character.
        QCOMPARE(BudgetPreview::compute(QStringLiteral("memory"), {}, op("add", "\xF0\x9F\x98\x80"), 100).after, 1);
    }

    void forItemReadsTheStoreAndSkipsOtherDestinations()
    {
        QTemporaryDir dir;
        const auto ws = workspaceWithMemory(dir, "one\n§\ntwo");
        QVERIFY(ws);
        InboxItem item = memoryItem(Json{{"action", "add"}, {"content", "three"}});
        auto p = BudgetPreview::forItem(*ws, item);
        QVERIFY(p && p->has_value());
        QCOMPARE((*p)->text(), QStringLiteral("9 → 17 / 2200 chars"));
        QCOMPARE((*p)->toJson()["over"].get<bool>(), false);
        item.destination = QStringLiteral("claude_md");
        auto none = BudgetPreview::forItem(*ws, item);
        QVERIFY(none && !none->has_value());
    }
};

QTEST_GUILESS_MAIN(BudgetPreviewTest)
#include "budget_preview_test.moc"
