#include "proposal/ProposalValidator.h"
#include "review/ProposalReader.h"
#include "workspace/PathGuard.h"

#include <QTemporaryDir>
#include <QTest>

#include <memory>

using namespace sediment;

// ProposalReader: the same proposals, in the same order, with the same verdict on the input,
// whether it reads on a thread of its own or on the caller's.
class ProposalReaderTest final : public QObject {
    Q_OBJECT

    QTemporaryDir m_dir;
    std::unique_ptr<PathGuard> m_guard;
    std::unique_ptr<ProposalValidator> m_validator;

    static QByteArray lines(int from, int to)
    {
        QByteArray out;
        for (int i = from; i <= to; ++i)
            out +=
                QStringLiteral(
                    R"({"target":"memory","op":{"action":"add","content":"fact %1\u0007"},"rationale":"r%1","score":0.5})")
                    .arg(i)
                    .toUtf8()
                + '\n';
        return out;
    }

    struct Read {
        std::vector<Proposal> proposals;
        Status verdict;
    };

    Read readAll(const QByteArray& input, qsizetype threadFrom, bool recycle = true)
    {
        ProposalReader reader(input, *m_validator, threadFrom);
        Read r;
        while (auto p = reader.next()) {
            r.proposals.push_back(*p); // a copy: the original goes back
            if (recycle)
                reader.recycle(std::move(*p));
        }
        r.verdict = reader.complete();
        return r;
    }

private Q_SLOTS:
    void initTestCase()
    {
        m_guard = std::make_unique<PathGuard>(m_dir.path());
        m_validator = std::make_unique<ProposalValidator>(*m_guard, ProposalValidator::Paths{});
    }

    void aThreadAndTheCallersThreadReadTheSame()
    {
        const QByteArray input = lines(1, 3000); // several chunks
        const Read inline_ = readAll(input, input.size() + 1);
        const Read threaded = readAll(input, 0);
        QVERIFY(inline_.verdict);
        QVERIFY(threaded.verdict);
        QCOMPARE(threaded.proposals.size(), size_t(3000));
        QCOMPARE(inline_.proposals.size(), size_t(3000));
        for (size_t i = 0; i < 3000; ++i) {
            QCOMPARE(threaded.proposals[i].index, int(i + 1));
            QCOMPARE(threaded.proposals[i].contentHash, inline_.proposals[i].contentHash);
            QCOMPARE(threaded.proposals[i].rationale, inline_.proposals[i].rationale);
            QVERIFY(threaded.proposals[i].op == inline_.proposals[i].op);
            QVERIFY(threaded.proposals[i].sanitized == inline_.proposals[i].sanitized);
            QVERIFY(!threaded.proposals[i].sanitized.empty()); // the BEL was stripped and reported
        }
        ProposalReader sized(input, *m_validator, 0);
        QVERIFY(sized.expected() >= 3000 && sized.expected() <= 3001);
    }

    void theFirstInvalidProposalIsTheVerdictAndNothingAfterItIsHandedOver()
    {
        const QByteArray input = lines(1, 1500)
                                 + R"({"target":"memory","op":{"action":"add","content":"x"},"score":2})"
                                   "\n"
                                 + R"({"target":"nowhere","op":{}})"
                                   "\n"
                                 + lines(1503, 2000);
        for (qsizetype threadFrom : {qsizetype(0), input.size() + 1}) {
            const Read r = readAll(input, threadFrom);
            QVERIFY(!r.verdict);
            QCOMPARE(r.verdict.error().message,
                     QStringLiteral("proposal 1501: score must be a number in [0,1] (got 2)"));
            QVERIFY(r.proposals.size() <= 1500);
            for (size_t i = 0; i < r.proposals.size(); ++i)
                QCOMPARE(r.proposals[i].index, int(i + 1));
        }
    }

    void aSyntaxErrorAfterAnInvalidProposalWins()
    {
        const QByteArray input = lines(1, 10)
                                 + R"({"target":"memory","op":{"action":"add"}})"
                                   "\n"
                                 + lines(12, 1400) + "{\"target\":\n";
        for (qsizetype threadFrom : {qsizetype(0), input.size() + 1}) {
            const Read r = readAll(input, threadFrom, threadFrom == 0);
            QVERIFY(!r.verdict);
            QVERIFY2(r.verdict.error().message.startsWith(QLatin1String("line 1401: malformed JSON")),
                     qPrintable(r.verdict.error().message));
        }
    }

    void aReaderLeftEarlyStopsItsThread()
    {
        const QByteArray input = lines(1, 20000);
        ProposalReader reader(input, *m_validator, 0);
        QVERIFY(reader.next().has_value());
        // Destroyed here with most of the input unread: the thread stops and is joined.
    }

    void emptyInputHasNoProposalsAndIsValid()
    {
        for (qsizetype threadFrom : {qsizetype(0), qsizetype(1) << 40}) {
            const Read r = readAll(QByteArray("\n\n"), threadFrom);
            QVERIFY(r.verdict);
            QVERIFY(r.proposals.empty());
        }
    }
};

QTEST_GUILESS_MAIN(ProposalReaderTest)
#include "proposal_reader_test.moc"
