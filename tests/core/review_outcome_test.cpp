#include "review/ReviewOutcome.h"

#include <QTest>

using namespace sediment;

// The outcome's JSON text is written by hand, with the text of a destination or reason that
// several items share escaped once: it must print what Python's json.dumps prints for the same
// object, whatever is shared and whatever is not.
class ReviewOutcomeTest final : public QObject {
    Q_OBJECT

    static Json itemJson(const OutcomeItem& it)
    {
        Json j = Json::object();
        j["index"] = it.index;
        j["inbox_id"] = it.inboxId;
        j["destination"] = toStd(it.destination);
        j["reason"] = toStd(it.reason);
        if (it.seen > 0)
            j["seen"] = it.seen;
        return j;
    }

    static Json expected(const ReviewOutcome& o)
    {
        Json j = Json::object();
        j["path"] = toStd(o.path);
        const auto list = [](const std::vector<OutcomeItem>& items) {
            Json a = Json::array();
            for (const OutcomeItem& it : items)
                a.push_back(itemJson(it));
            return a;
        };
        j["applied"] = list(o.applied);
        j["rejected"] = list(o.rejected);
        j["failed"] = list(o.failed);
        j["pending"] = list(o.pending);
        j["sanitized"] = o.sanitized;
        j["stores"] = o.stores;
        return j;
    }

private Q_SLOTS:
    void sharedAndUnsharedTextsPrintAsPythonDoes()
    {
        const QString memory = QString::fromLatin1("memory");                          // shared by several items
        const QString awaiting = QString::fromUtf8("awaiting \"human\" review\n — é"); // escaped
        ReviewOutcome o;
        o.pending.push_back({1, 10, memory, awaiting, 0});
        o.pending.push_back({2, 11, memory, awaiting, 0});
        // Equal text, but its own copy: printed the same.
        o.pending.push_back(
            {3, 12, QString::fromLatin1("memory"), QString::fromUtf8("awaiting \"human\" review\n — é"), 0});
        o.pending.push_back({4, 12, memory, QStringLiteral("already pending as item 12 (seen 2 times)"), 2});
        o.pending.push_back({5, 13, QString::fromLatin1("user"), awaiting, 0});
        o.pending.push_back({6, 14, memory, QString(), 0});
        o.pending.push_back({7, 15, memory, awaiting, 0});
        o.rejected.push_back({8, 16, QString::fromLatin1("skill"), QStringLiteral("score 0.5 < threshold 0.7"), 0});
        o.rejected.push_back({9, 17, memory, awaiting, 0});
        o.countWrite(QStringLiteral("inbox"));
        const std::string text = o.toJsonText();
        QCOMPARE(QString::fromStdString(text), QString::fromStdString(json::pythonDump(expected(o))));
        QVERIFY(o.toJson() == expected(o));
    }

    void emptyOutcomePrintsEmptyLists()
    {
        const ReviewOutcome o;
        QCOMPARE(QString::fromStdString(o.toJsonText()), QString::fromStdString(json::pythonDump(expected(o))));
    }
};

QTEST_GUILESS_MAIN(ReviewOutcomeTest)
#include "review_outcome_test.moc"
