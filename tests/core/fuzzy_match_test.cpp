// Hermes' fuzzy patch matcher: each strategy in its order, the uniqueness rule, the guards and
// the messages, on vectors worked out from tools/fuzzy_match.py; and difflib's ratio, which
// decides the similarity strategies, against values Python's difflib prints.
#include "hermes/FuzzyMatch.h"
#include "util/SequenceMatcher.h"

#include <QTest>

using namespace sediment;

namespace {

std::u32string u(const QString& s)
{
    const auto ucs = s.toUcs4();
    return std::u32string(ucs.begin(), ucs.end());
}

} // namespace

class FuzzyMatchTest : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void ratioMatchesDifflib()
    {
        QCOMPARE(SequenceMatcher::similarity(u(QStringLiteral("abcd")), u(QStringLiteral("bcde"))), 0.75);
        QCOMPARE(SequenceMatcher::similarity(u(QStringLiteral("middle one")), u(QStringLiteral("middle uno"))), 0.8);
        QCOMPARE(SequenceMatcher::similarity({}, {}), 1.0);
    }

    void ratioIgnoresPopularCharactersInLongTexts()
    {
        // difflib's autojunk: in a second text of 200+ code points, a code point seen more
        // than 1% + 1 times does not anchor a match. Python prints 0.0026666666666666666.
        QString a, b;
        for (int i = 0; i < 300; ++i)
            a += QLatin1Char("abcde "[(i * i + 3 * i) % 6]);
        for (int i = 0; i < 450; ++i)
            b += QLatin1Char("abcdef \n"[(i * i * 7 + i) % 8]);
        QCOMPARE(SequenceMatcher(u(a), u(b)).ratio(), 0.0026666666666666666);
    }

    void opcodesMatchDifflib()
    {
        const auto a = u(QStringLiteral("He said \"hi\" -- ok"));
        const auto b = u(QStringLiteral("He said \"bye\" -- ok"));
        const auto ops = SequenceMatcher(a, b).opcodes();
        QCOMPARE(ops.size(), std::size_t(3));
        QVERIFY(ops[1].tag == SequenceMatcher::Opcode::Tag::Replace);
        QCOMPARE(ops[1].a1, std::size_t(9));
        QCOMPARE(ops[1].a2, std::size_t(11));
        QCOMPARE(ops[1].b2, std::size_t(12));
    }

    void exactMatchReplacesTheOneOccurrence()
    {
        const auto r = FuzzyMatch::findAndReplace(QStringLiteral("a\nfoo\nb"), QStringLiteral("foo"),
                                                  QStringLiteral("bar"), false);
        QCOMPARE(r.error, QString());
        QCOMPARE(r.content, QStringLiteral("a\nbar\nb"));
        QCOMPARE(r.strategy, QStringLiteral("exact"));
        QCOMPARE(r.count, 1);
    }

    void exactMatchesDoNotOverlapUnderReplaceAll()
    {
        const auto r =
            FuzzyMatch::findAndReplace(QStringLiteral("aaaa"), QStringLiteral("aa"), QStringLiteral("b"), true);
        QCOMPARE(r.content, QStringLiteral("bb"));
        QCOMPARE(r.count, 2);
    }

    void refusesSeveralMatchesWithoutReplaceAllListingThem()
    {
        const auto r = FuzzyMatch::findAndReplace(QStringLiteral("x\nfoo\ny\n  foo  \n"), QStringLiteral("foo"),
                                                  QStringLiteral("bar"), false);
        QCOMPARE(r.error, QStringLiteral("Found 2 matches for old_string. Provide more context to make "
                                         "it unique, or use replace_all=True. Matches:\n  L2: foo\n  L4: foo"));
        QCOMPARE(r.count, 0);
        QCOMPARE(r.content, QStringLiteral("x\nfoo\ny\n  foo  \n"));
    }

    void lineTrimmedMatchReindentsTheReplacement()
    {
        const auto r = FuzzyMatch::findAndReplace(QStringLiteral("  alpha  \n  beta\n"), QStringLiteral("alpha\nbeta"),
                                                  QStringLiteral("gamma\nbeta"), false);
        QCOMPARE(r.strategy, QStringLiteral("line_trimmed"));
        QCOMPARE(r.content, QStringLiteral("  gamma\n  beta\n"));
    }

    void whitespaceNormalizedMatchCoversTheCollapsedRun()
    {
        const auto r = FuzzyMatch::findAndReplace(QStringLiteral("x = 1;   y = 2;\n"), QStringLiteral("x = 1; y = 2;"),
                                                  QStringLiteral("x = 3; y = 2;"), false);
        QCOMPARE(r.strategy, QStringLiteral("whitespace_normalized"));
        QCOMPARE(r.content, QStringLiteral("x = 3; y = 2;\n"));
    }

    void indentationFlexibleAndTrimmedBoundaryMatchTheirBlocks()
    {
        const QString content = QStringLiteral("\tif x:\n\t\treturn 1\nrest\n");
        const auto flex = FuzzyMatch::strategyMatches(QStringLiteral("indentation_flexible"), content,
                                                      QStringLiteral("if x:\n  return 1"));
        QCOMPARE(flex.size(), std::size_t(1));
        QCOMPARE(flex[0], FuzzyMatch::Span(0, 17));
        const auto boundary = FuzzyMatch::strategyMatches(QStringLiteral("trimmed_boundary"), content,
                                                          QStringLiteral("  if x:\n\t\treturn 1  "));
        QCOMPARE(boundary.size(), std::size_t(1));
        QCOMPARE(boundary[0], FuzzyMatch::Span(0, 17));
    }

    void escapeNormalizedMatchWritesTheNewStringAsSent()
    {
        const auto r = FuzzyMatch::findAndReplace(QStringLiteral("a\nb\n"), QStringLiteral("a\\nb"),
                                                  QStringLiteral("c\\nd"), false);
        QCOMPARE(r.strategy, QStringLiteral("escape_normalized"));
        QCOMPARE(r.content, QStringLiteral("c\\nd\n")); // Hermes never unescapes \n in new_string
    }

    void unicodeNormalizedMatchKeepsTheFilesTypography()
    {
        const auto r = FuzzyMatch::findAndReplace(QStringLiteral("He said \u201chi\u201d \u2014 ok\n"),
                                                  QStringLiteral("He said \"hi\" -- ok"),
                                                  QStringLiteral("He said \"bye\" -- ok"), false);
        QCOMPARE(r.strategy, QStringLiteral("unicode_normalized"));
        QCOMPARE(r.content, QStringLiteral("He said \u201cbye\u201d \u2014 ok\n"));
    }

    void blockAnchorMatchesOnFirstAndLastLines()
    {
        const auto r = FuzzyMatch::findAndReplace(QStringLiteral("start\nmiddle one\nend\n"),
                                                  QStringLiteral("start\nmiddle uno\nend"),
                                                  QStringLiteral("start\nmiddle two\nend"), false);
        QCOMPARE(r.strategy, QStringLiteral("block_anchor"));
        QCOMPARE(r.content, QStringLiteral("start\nmiddle two\nend\n"));
    }

    void contextAwareMatchesNearlyEqualLines()
    {
        const auto r = FuzzyMatch::findAndReplace(QStringLiteral("alpha beta gamma\nsecond line here\n"),
                                                  QStringLiteral("alpha beta gamma!\nsecond line here"),
                                                  QStringLiteral("alpha beta delta\nsecond line here"), false);
        QCOMPARE(r.strategy, QStringLiteral("context_aware"));
        QCOMPARE(r.content, QStringLiteral("alpha beta delta\nsecond line here\n"));
    }

    void refusesReplaceAllOverApproximateMatches()
    {
        const QString content = QStringLiteral("start\nfoo bar\nend\nstart\nfoo bar\nend\n");
        const auto all = FuzzyMatch::findAndReplace(content, QStringLiteral("start\nfoo baz\nend"),
                                                    QStringLiteral("start\nfoo qux\nend"), true);
        QCOMPARE(all.error, QStringLiteral("Found 2 approximate matches via the 'block_anchor' strategy; "
                                           "replace_all only applies to exact matches. Provide the "
                                           "precise text (whitespace included) so an "
                                           "exact/line-trimmed match can be made."));
        const auto one = FuzzyMatch::findAndReplace(content, QStringLiteral("start\nfoo baz\nend"),
                                                    QStringLiteral("start\nfoo qux\nend"), false);
        QVERIFY(one.error.startsWith(QStringLiteral("Found 2 matches for old_string.")));
        QVERIFY(one.error.endsWith(QStringLiteral("Matches:\n  L1: start\n  L4: start")));
    }

    void refusesEscapeDrift()
    {
        const auto r = FuzzyMatch::findAndReplace(QStringLiteral("it's here\n"), QStringLiteral("it\\'s here"),
                                                  QStringLiteral("it\\'s there"), false);
        QCOMPARE(r.error, QStringLiteral("Escape-drift detected: old_string and new_string contain the literal "
                                         "sequence \"\\\\'\" but the matched region of the file does not. This is "
                                         "almost always a tool-call serialization artifact where an apostrophe "
                                         "or quote got prefixed with a spurious backslash. Re-read the file with "
                                         "read_file and pass old_string/new_string without backslash-escaping "
                                         "\"'\" characters."));
    }

    void refusesARogueIndentAfterAFuzzyMatch()
    {
        const auto r = FuzzyMatch::findAndReplace(QStringLiteral("a = 1\nb = 2\n"), QStringLiteral("a = 1 \nb = 2"),
                                                  QStringLiteral("a = 1\n    b = 3"), false);
        QCOMPARE(r.error, QStringLiteral("Suspicious indentation in new_string: 1 line(s) indented deeper than "
                                         "old_string's max indent (0 spaces), but neither old_string nor "
                                         "new_string opens a nesting block (':', '{', '('). Likely a model "
                                         "indent typo \u2014 check the indentation of: 'b = 3'"));
    }

    void refusesDegenerateOldStrings()
    {
        QCOMPARE(FuzzyMatch::findAndReplace(QStringLiteral("x"), {}, QStringLiteral("y"), false).error,
                 QStringLiteral("old_string cannot be empty"));
        QCOMPARE(
            FuzzyMatch::findAndReplace(QStringLiteral("x"), QStringLiteral(" \n"), QStringLiteral("y"), false).error,
            QStringLiteral("old_string is only whitespace \u2014 provide non-blank text to match"));
        QCOMPARE(FuzzyMatch::findAndReplace(QStringLiteral("x"), QStringLiteral("x"), QStringLiteral("x"), false).error,
                 QStringLiteral("old_string and new_string are identical"));
    }

    void aMissSuggestsTheClosestLines()
    {
        const QString content = QStringLiteral("alpha\nbeta\ngamma\n");
        const auto r = FuzzyMatch::findAndReplace(content, QStringLiteral("betx"), QStringLiteral("delta"), false);
        QCOMPARE(r.error, QStringLiteral("Could not find a match for old_string in the file"));
        QCOMPARE(FuzzyMatch::noMatchHint(r.error, r.count, QStringLiteral("betx"), content),
                 QStringLiteral("\n\nDid you mean one of these sections?\n   1| alpha\n   2| beta\n"
                                "   3| gamma"));
        // Only a plain miss gets the hint.
        QCOMPARE(FuzzyMatch::noMatchHint(QStringLiteral("Found 2 matches"), 0, QStringLiteral("betx"), content),
                 QString());
    }
};

QTEST_GUILESS_MAIN(FuzzyMatchTest)
#include "fuzzy_match_test.moc"
