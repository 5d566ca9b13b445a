// PyYamlCheck against PyYAML 6's own words: each broken frontmatter below is what Hermes'
// skill_manage hands to yaml.safe_load, and its expected text is str() of the error PyYAML raised
// for it (pure-Python SafeLoader), recorded once from PyYAML itself. SkillFrontmatter::validate
// must quote it behind Hermes' "YAML frontmatter parse error: " prefix.
#include "hermes/PyYamlCheck.h"
#include "hermes/SkillFrontmatter.h"

#include <QTest>

using namespace sediment;

class PyYamlErrorsTest : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void wordsTheErrorAsPyYaml_data()
    {
        QTest::addColumn<QString>("yaml");
        QTest::addColumn<QString>("error");
        QTest::newRow("valueAfterValue") << QStringLiteral(u"\n"
                                                           u"name: x\n"
                                                           u"description: key: value: more")
                                         << QStringLiteral(u"mapping values are not allowed here\n"
                                                           u"  in \"<unicode string>\", line 3, column 17:\n"
                                                           u"    description: key: value: more\n"
                                                           u"                    ^");
        QTest::newRow("sequenceEntryAfterValue") << QStringLiteral(u"a: - b")
                                                 << QStringLiteral(u"sequence entries are not allowed here\n"
                                                                   u"  in \"<unicode string>\", line 1, column 4:\n"
                                                                   u"    a: - b\n"
                                                                   u"       ^");
        QTest::newRow("keyAfterValue") << QStringLiteral(u"a: ? b")
                                       << QStringLiteral(u"mapping keys are not allowed here\n"
                                                         u"  in \"<unicode string>\", line 1, column 4:\n"
                                                         u"    a: ? b\n"
                                                         u"       ^");
        QTest::newRow("unclosedDoubleQuote") << QStringLiteral(u"\n"
                                                               u"name: x\n"
                                                               u"description: \"unclosed")
                                             << QStringLiteral(u"while scanning a quoted scalar\n"
                                                               u"  in \"<unicode string>\", line 3, column 14:\n"
                                                               u"    description: \"unclosed\n"
                                                               u"                 ^\n"
                                                               u"found unexpected end of stream\n"
                                                               u"  in \"<unicode string>\", line 3, column 23:\n"
                                                               u"    description: \"unclosed\n"
                                                               u"                          ^");
        QTest::newRow("unclosedSingleQuote") << QStringLiteral(u"\n"
                                                               u"name: x\n"
                                                               u"description: 'unclosed")
                                             << QStringLiteral(u"while scanning a quoted scalar\n"
                                                               u"  in \"<unicode string>\", line 3, column 14:\n"
                                                               u"    description: 'unclosed\n"
                                                               u"                 ^\n"
                                                               u"found unexpected end of stream\n"
                                                               u"  in \"<unicode string>\", line 3, column 23:\n"
                                                               u"    description: 'unclosed\n"
                                                               u"                          ^");
        QTest::newRow("unclosedSingleQuoteInner") << QStringLiteral(u"\n"
                                                                    u"name: x\n"
                                                                    u"description: 'it's broken'")
                                                  << QStringLiteral(u"while parsing a block mapping\n"
                                                                    u"  in \"<unicode string>\", line 2, column 1:\n"
                                                                    u"    name: x\n"
                                                                    u"    ^\n"
                                                                    u"expected <block end>, but found '<scalar>'\n"
                                                                    u"  in \"<unicode string>\", line 3, column 18:\n"
                                                                    u"    description: 'it's broken'\n"
                                                                    u"                     ^");
        QTest::newRow("doubleQuoteInsideDoubleQuote")
            << QStringLiteral(u"\n"
                              u"name: x\n"
                              u"description: \"say \"hi\" now\"")
            << QStringLiteral(u"while parsing a block mapping\n"
                              u"  in \"<unicode string>\", line 2, column 1:\n"
                              u"    name: x\n"
                              u"    ^\n"
                              u"expected <block end>, but found '<scalar>'\n"
                              u"  in \"<unicode string>\", line 3, column 20:\n"
                              u"    description: \"say \"hi\" now\"\n"
                              u"                       ^");
        QTest::newRow("unclosedBracket") << QStringLiteral(u"\n"
                                                           u"name: x\n"
                                                           u"tags: [a, b")
                                         << QStringLiteral(u"while parsing a flow sequence\n"
                                                           u"  in \"<unicode string>\", line 3, column 7:\n"
                                                           u"    tags: [a, b\n"
                                                           u"          ^\n"
                                                           u"expected ',' or ']', but got '<stream end>'\n"
                                                           u"  in \"<unicode string>\", line 3, column 12:\n"
                                                           u"    tags: [a, b\n"
                                                           u"               ^");
        QTest::newRow("unclosedBrace") << QStringLiteral(u"\n"
                                                         u"name: x\n"
                                                         u"meta: {a: 1")
                                       << QStringLiteral(u"while parsing a flow mapping\n"
                                                         u"  in \"<unicode string>\", line 3, column 7:\n"
                                                         u"    meta: {a: 1\n"
                                                         u"          ^\n"
                                                         u"expected ',' or '}', but got '<stream end>'\n"
                                                         u"  in \"<unicode string>\", line 3, column 12:\n"
                                                         u"    meta: {a: 1\n"
                                                         u"               ^");
        QTest::newRow("extraBracket") << QStringLiteral(u"\n"
                                                        u"name: x\n"
                                                        u"description: [a, b]]")
                                      << QStringLiteral(u"while parsing a block mapping\n"
                                                        u"  in \"<unicode string>\", line 2, column 1:\n"
                                                        u"    name: x\n"
                                                        u"    ^\n"
                                                        u"expected <block end>, but found ']'\n"
                                                        u"  in \"<unicode string>\", line 3, column 20:\n"
                                                        u"    description: [a, b]]\n"
                                                        u"                       ^");
        QTest::newRow("extraBrace") << QStringLiteral(u"\n"
                                                      u"name: x\n"
                                                      u"description: {a: 1}}")
                                    << QStringLiteral(u"while parsing a block mapping\n"
                                                      u"  in \"<unicode string>\", line 2, column 1:\n"
                                                      u"    name: x\n"
                                                      u"    ^\n"
                                                      u"expected <block end>, but found '}'\n"
                                                      u"  in \"<unicode string>\", line 3, column 20:\n"
                                                      u"    description: {a: 1}}\n"
                                                      u"                       ^");
        QTest::newRow("tabIndentedKey") << QStringLiteral(u"\n"
                                                          u"name: x\n"
                                                          u"\tdescription: tabbed")
                                        << QStringLiteral(u"while scanning for the next token\n"
                                                          u"found character '\\t' that cannot start any token\n"
                                                          u"  in \"<unicode string>\", line 3, column 1:\n"
                                                          u"    \tdescription: tabbed\n"
                                                          u"    ^");
        QTest::newRow("tabIndentedItem") << QStringLiteral(u"\n"
                                                           u"name: x\n"
                                                           u"description:\n"
                                                           u"\t- tabbed item")
                                         << QStringLiteral(u"while scanning for the next token\n"
                                                           u"found character '\\t' that cannot start any token\n"
                                                           u"  in \"<unicode string>\", line 4, column 1:\n"
                                                           u"    \t- tabbed item\n"
                                                           u"    ^");
        QTest::newRow("nestedKeyTooDeep") << QStringLiteral(u"\n"
                                                            u"name: x\n"
                                                            u"meta:\n"
                                                            u"  a: 1\n"
                                                            u"    b: 2")
                                          << QStringLiteral(u"mapping values are not allowed here\n"
                                                            u"  in \"<unicode string>\", line 5, column 6:\n"
                                                            u"        b: 2\n"
                                                            u"         ^");
        QTest::newRow("nestedKeyTooShallow")
            << QStringLiteral(u"\n"
                              u"name: x\n"
                              u"meta:\n"
                              u"    a: 1\n"
                              u"  b: 2")
            << QStringLiteral(u"while parsing a block mapping\n"
                              u"  in \"<unicode string>\", line 2, column 1:\n"
                              u"    name: x\n"
                              u"    ^\n"
                              u"expected <block end>, but found '<block mapping start>'\n"
                              u"  in \"<unicode string>\", line 5, column 3:\n"
                              u"      b: 2\n"
                              u"      ^");
        QTest::newRow("indentedFirstKeyThenOutdent")
            << QStringLiteral(u"\n"
                              u" name: x\n"
                              u"description: y")
            << QStringLiteral(u"expected '<document start>', but found '<block mapping start>'\n"
                              u"  in \"<unicode string>\", line 3, column 1:\n"
                              u"    description: y\n"
                              u"    ^");
        QTest::newRow("indentedSecondKey") << QStringLiteral(u"\n"
                                                             u"name: x\n"
                                                             u"  description: y")
                                           << QStringLiteral(u"mapping values are not allowed here\n"
                                                             u"  in \"<unicode string>\", line 3, column 14:\n"
                                                             u"      description: y\n"
                                                             u"                 ^");
        QTest::newRow("continuationLooksLikeKey") << QStringLiteral(u"\n"
                                                                    u"name: x\n"
                                                                    u"description: a\n"
                                                                    u"  b: c")
                                                  << QStringLiteral(u"mapping values are not allowed here\n"
                                                                    u"  in \"<unicode string>\", line 4, column 4:\n"
                                                                    u"      b: c\n"
                                                                    u"       ^");
        QTest::newRow("listAfterName") << QStringLiteral(u"\n"
                                                         u"name: x\n"
                                                         u"- item\n"
                                                         u"description: y")
                                       << QStringLiteral(u"while parsing a block mapping\n"
                                                         u"  in \"<unicode string>\", line 2, column 1:\n"
                                                         u"    name: x\n"
                                                         u"    ^\n"
                                                         u"expected <block end>, but found '-'\n"
                                                         u"  in \"<unicode string>\", line 3, column 1:\n"
                                                         u"    - item\n"
                                                         u"    ^");
        QTest::newRow("listAfterDescription") << QStringLiteral(u"\n"
                                                                u"name: x\n"
                                                                u"description: y\n"
                                                                u"- item")
                                              << QStringLiteral(u"while parsing a block mapping\n"
                                                                u"  in \"<unicode string>\", line 2, column 1:\n"
                                                                u"    name: x\n"
                                                                u"    ^\n"
                                                                u"expected <block end>, but found '-'\n"
                                                                u"  in \"<unicode string>\", line 4, column 1:\n"
                                                                u"    - item\n"
                                                                u"    ^");
        QTest::newRow("sequenceEntryAfterValue") << QStringLiteral(u"\n"
                                                                   u"name: x\n"
                                                                   u"description: - a")
                                                 << QStringLiteral(u"sequence entries are not allowed here\n"
                                                                   u"  in \"<unicode string>\", line 3, column 14:\n"
                                                                   u"    description: - a\n"
                                                                   u"                 ^");
        QTest::newRow("sequenceEntriesOnOneLine") << QStringLiteral(u"\n"
                                                                    u"name: x\n"
                                                                    u"d: - a\n"
                                                                    u"  - b")
                                                  << QStringLiteral(u"sequence entries are not allowed here\n"
                                                                    u"  in \"<unicode string>\", line 3, column 4:\n"
                                                                    u"    d: - a\n"
                                                                    u"       ^");
        QTest::newRow("complexKeyAfterValue") << QStringLiteral(u"\n"
                                                                u"name: x\n"
                                                                u"description: ? a")
                                              << QStringLiteral(u"mapping keys are not allowed here\n"
                                                                u"  in \"<unicode string>\", line 3, column 14:\n"
                                                                u"    description: ? a\n"
                                                                u"                 ^");
        QTest::newRow("atSign") << QStringLiteral(u"\n"
                                                  u"name: x\n"
                                                  u"description: @mention handles")
                                << QStringLiteral(u"while scanning for the next token\n"
                                                  u"found character '@' that cannot start any token\n"
                                                  u"  in \"<unicode string>\", line 3, column 14:\n"
                                                  u"    description: @mention handles\n"
                                                  u"                 ^");
        QTest::newRow("backtick") << QStringLiteral(u"\n"
                                                    u"name: x\n"
                                                    u"description: `code` spans")
                                  << QStringLiteral(u"while scanning for the next token\n"
                                                    u"found character '`' that cannot start any token\n"
                                                    u"  in \"<unicode string>\", line 3, column 14:\n"
                                                    u"    description: `code` spans\n"
                                                    u"                 ^");
        QTest::newRow("percentInsideDocument")
            << QStringLiteral(u"\n"
                              u"name: x\n"
                              u"%YAML 1.1")
            << QStringLiteral(u"expected '<document start>', but found '<stream end>'\n"
                              u"  in \"<unicode string>\", line 3, column 10:\n"
                              u"    %YAML 1.1\n"
                              u"             ^");
        QTest::newRow("directiveWithoutDocumentStart")
            << QStringLiteral(u"\n"
                              u"%YAML 1.1\n"
                              u"name: x")
            << QStringLiteral(u"expected '<document start>', but found '<scalar>'\n"
                              u"  in \"<unicode string>\", line 3, column 1:\n"
                              u"    name: x\n"
                              u"    ^");
        QTest::newRow("directiveTrailingJunk") << QStringLiteral(u"\n"
                                                                 u"%YAML 1.1 junk\n"
                                                                 u"---\n"
                                                                 u"name: x")
                                               << QStringLiteral(u"while scanning a directive\n"
                                                                 u"  in \"<unicode string>\", line 2, column 1:\n"
                                                                 u"    %YAML 1.1 junk\n"
                                                                 u"    ^\n"
                                                                 u"expected a comment or a line break, but found 'j'\n"
                                                                 u"  in \"<unicode string>\", line 2, column 11:\n"
                                                                 u"    %YAML 1.1 junk\n"
                                                                 u"              ^");
        QTest::newRow("incompatibleVersion")
            << QStringLiteral(u"\n"
                              u"%YAML 2.0\n"
                              u"--- \n"
                              u"name: x")
            << QStringLiteral(u"found incompatible YAML document (version 1.* is required)\n"
                              u"  in \"<unicode string>\", line 2, column 1:\n"
                              u"    %YAML 2.0\n"
                              u"    ^");
        QTest::newRow("undefinedAlias") << QStringLiteral(u"\n"
                                                          u"name: x\n"
                                                          u"description: *undefined")
                                        << QStringLiteral(u"found undefined alias 'undefined'\n"
                                                          u"  in \"<unicode string>\", line 3, column 14:\n"
                                                          u"    description: *undefined\n"
                                                          u"                 ^");
        QTest::newRow("duplicateAnchor") << QStringLiteral(u"\n"
                                                           u"name: &a x\n"
                                                           u"description: &a y")
                                         << QStringLiteral(u"found duplicate anchor 'a'; first occurrence\n"
                                                           u"  in \"<unicode string>\", line 2, column 7:\n"
                                                           u"    name: &a x\n"
                                                           u"          ^\n"
                                                           u"second occurrence\n"
                                                           u"  in \"<unicode string>\", line 3, column 14:\n"
                                                           u"    description: &a y\n"
                                                           u"                 ^");
        QTest::newRow("emptyAlias") << QStringLiteral(u"\n"
                                                      u"name: x\n"
                                                      u"description: *")
                                    << QStringLiteral(u"while scanning an alias\n"
                                                      u"  in \"<unicode string>\", line 3, column 14:\n"
                                                      u"    description: *\n"
                                                      u"                 ^\n"
                                                      u"expected alphabetic or numeric character, but found '\\x00'\n"
                                                      u"  in \"<unicode string>\", line 3, column 15:\n"
                                                      u"    description: *\n"
                                                      u"                  ^");
        QTest::newRow("anchorFollowedByBang")
            << QStringLiteral(u"\n"
                              u"name: x\n"
                              u"description: &a! y")
            << QStringLiteral(u"while scanning an anchor\n"
                              u"  in \"<unicode string>\", line 3, column 14:\n"
                              u"    description: &a! y\n"
                              u"                 ^\n"
                              u"expected alphabetic or numeric character, but found '!'\n"
                              u"  in \"<unicode string>\", line 3, column 16:\n"
                              u"    description: &a! y\n"
                              u"                   ^");
        QTest::newRow("pythonObjectTag")
            << QStringLiteral(u"\n"
                              u"name: x\n"
                              u"description: !!python/object:os.system y")
            << QStringLiteral(u"could not determine a constructor for the tag 'tag:yaml.org,2002:python/object:os.sy"
                              u"stem'\n"
                              u"  in \"<unicode string>\", line 3, column 14:\n"
                              u"    description: !!python/object:os.system y\n"
                              u"                 ^");
        QTest::newRow("pythonNameTagOnEmpty")
            << QStringLiteral(u"\n"
                              u"name: x\n"
                              u"run: !!python/name:os.system")
            << QStringLiteral(u"could not determine a constructor for the tag 'tag:yaml.org,2002:python/name:os.syst"
                              u"em'\n"
                              u"  in \"<unicode string>\", line 3, column 6:\n"
                              u"    run: !!python/name:os.system\n"
                              u"         ^");
        QTest::newRow("localTag") << QStringLiteral(u"\n"
                                                    u"name: x\n"
                                                    u"description: !custom y")
                                  << QStringLiteral(u"could not determine a constructor for the tag '!custom'\n"
                                                    u"  in \"<unicode string>\", line 3, column 14:\n"
                                                    u"    description: !custom y\n"
                                                    u"                 ^");
        QTest::newRow("undefinedTagHandle") << QStringLiteral(u"\n"
                                                              u"name: x\n"
                                                              u"description: !foo!bar y")
                                            << QStringLiteral(u"while parsing a node\n"
                                                              u"found undefined tag handle '!foo!'\n"
                                                              u"  in \"<unicode string>\", line 3, column 14:\n"
                                                              u"    description: !foo!bar y\n"
                                                              u"                 ^");
        QTest::newRow("badUriEscape") << QStringLiteral(u"\n"
                                                        u"name: x\n"
                                                        u"description: !a%zz y")
                                      << QStringLiteral(
                                             u"while scanning a tag\n"
                                             u"  in \"<unicode string>\", line 3, column 14:\n"
                                             u"    description: !a%zz y\n"
                                             u"                 ^\n"
                                             u"expected URI escape sequence of 2 hexadecimal numbers, but found 'z'\n"
                                             u"  in \"<unicode string>\", line 3, column 17:\n"
                                             u"    description: !a%zz y\n"
                                             u"                    ^");
        QTest::newRow("invalidUtf8UriEscape")
            << QStringLiteral(u"\n"
                              u"name: x\n"
                              u"description: !a%ff y")
            << QStringLiteral(u"while scanning a tag\n"
                              u"  in \"<unicode string>\", line 3, column 14:\n"
                              u"    description: !a%ff y\n"
                              u"                 ^\n"
                              u"'utf-8' codec can't decode byte 0xff in position 0: invalid start byte\n"
                              u"  in \"<unicode string>\", line 3, column 16:\n"
                              u"    description: !a%ff y\n"
                              u"                   ^");
        QTest::newRow("tagFollowedByComma") << QStringLiteral(u"\n"
                                                              u"name: x\n"
                                                              u"description: !a, y")
                                            << QStringLiteral(u"could not determine a constructor for the tag '!a,'\n"
                                                              u"  in \"<unicode string>\", line 3, column 14:\n"
                                                              u"    description: !a, y\n"
                                                              u"                 ^");
        QTest::newRow("complexKeyFlowMapping") << QStringLiteral(u"\n"
                                                                 u"name: x\n"
                                                                 u"? {a: 1}\n"
                                                                 u": y")
                                               << QStringLiteral(u"while constructing a mapping\n"
                                                                 u"  in \"<unicode string>\", line 2, column 1:\n"
                                                                 u"    name: x\n"
                                                                 u"    ^\n"
                                                                 u"found unhashable key\n"
                                                                 u"  in \"<unicode string>\", line 3, column 3:\n"
                                                                 u"    ? {a: 1}\n"
                                                                 u"      ^");
        QTest::newRow("complexKeySequence") << QStringLiteral(u"\n"
                                                              u"name: x\n"
                                                              u"? - a\n"
                                                              u": y")
                                            << QStringLiteral(u"while constructing a mapping\n"
                                                              u"  in \"<unicode string>\", line 2, column 1:\n"
                                                              u"    name: x\n"
                                                              u"    ^\n"
                                                              u"found unhashable key\n"
                                                              u"  in \"<unicode string>\", line 3, column 3:\n"
                                                              u"    ? - a\n"
                                                              u"      ^");
        QTest::newRow("flowMappingAsKey") << QStringLiteral(u"\n"
                                                            u"name: x\n"
                                                            u"{a: 1}: y")
                                          << QStringLiteral(u"while constructing a mapping\n"
                                                            u"  in \"<unicode string>\", line 2, column 1:\n"
                                                            u"    name: x\n"
                                                            u"    ^\n"
                                                            u"found unhashable key\n"
                                                            u"  in \"<unicode string>\", line 3, column 1:\n"
                                                            u"    {a: 1}: y\n"
                                                            u"    ^");
        QTest::newRow("flowSequenceAsKey") << QStringLiteral(u"\n"
                                                             u"name: x\n"
                                                             u"[a, b]: y")
                                           << QStringLiteral(u"while constructing a mapping\n"
                                                             u"  in \"<unicode string>\", line 2, column 1:\n"
                                                             u"    name: x\n"
                                                             u"    ^\n"
                                                             u"found unhashable key\n"
                                                             u"  in \"<unicode string>\", line 3, column 1:\n"
                                                             u"    [a, b]: y\n"
                                                             u"    ^");
        QTest::newRow("aliasOfMappingAsKey") << QStringLiteral(u"\n"
                                                               u"base: &b {k: v}\n"
                                                               u"name: x\n"
                                                               u"*b : y")
                                             << QStringLiteral(u"while constructing a mapping\n"
                                                               u"  in \"<unicode string>\", line 2, column 1:\n"
                                                               u"    base: &b {k: v}\n"
                                                               u"    ^\n"
                                                               u"found unhashable key\n"
                                                               u"  in \"<unicode string>\", line 2, column 7:\n"
                                                               u"    base: &b {k: v}\n"
                                                               u"          ^");
        QTest::newRow("strTagOnSequence") << QStringLiteral(u"\n"
                                                            u"name: x\n"
                                                            u"m: !!str [a]")
                                          << QStringLiteral(u"expected a scalar node, but found sequence\n"
                                                            u"  in \"<unicode string>\", line 3, column 4:\n"
                                                            u"    m: !!str [a]\n"
                                                            u"       ^");
        QTest::newRow("mapTagOnSequence") << QStringLiteral(u"\n"
                                                            u"name: x\n"
                                                            u"m: !!map [a]")
                                          << QStringLiteral(u"expected a mapping node, but found sequence\n"
                                                            u"  in \"<unicode string>\", line 3, column 4:\n"
                                                            u"    m: !!map [a]\n"
                                                            u"       ^");
        QTest::newRow("omapOfScalar") << QStringLiteral(u"\n"
                                                        u"name: x\n"
                                                        u"m: !!omap {a: 1}")
                                      << QStringLiteral(u"while constructing an ordered map\n"
                                                        u"expected a sequence, but found mapping\n"
                                                        u"  in \"<unicode string>\", line 3, column 4:\n"
                                                        u"    m: !!omap {a: 1}\n"
                                                        u"       ^");
        QTest::newRow("omapItemOfTwoPairs") << QStringLiteral(u"\n"
                                                              u"name: x\n"
                                                              u"m: !!omap [{a: 1, b: 2}]")
                                            << QStringLiteral(u"while constructing an ordered map\n"
                                                              u"  in \"<unicode string>\", line 3, column 4:\n"
                                                              u"    m: !!omap [{a: 1, b: 2}]\n"
                                                              u"       ^\n"
                                                              u"expected a single mapping item, but found 2 items\n"
                                                              u"  in \"<unicode string>\", line 3, column 12:\n"
                                                              u"    m: !!omap [{a: 1, b: 2}]\n"
                                                              u"               ^");
        QTest::newRow("mergeOfScalar") << QStringLiteral(u"\n"
                                                         u"name: x\n"
                                                         u"<<: 1")
                                       << QStringLiteral(
                                              u"while constructing a mapping\n"
                                              u"  in \"<unicode string>\", line 2, column 1:\n"
                                              u"    name: x\n"
                                              u"    ^\n"
                                              u"expected a mapping or list of mappings for merging, but found scalar\n"
                                              u"  in \"<unicode string>\", line 3, column 5:\n"
                                              u"    <<: 1\n"
                                              u"        ^");
        QTest::newRow("mergeOfScalarList") << QStringLiteral(u"\n"
                                                             u"name: x\n"
                                                             u"<<: [1]")
                                           << QStringLiteral(u"while constructing a mapping\n"
                                                             u"  in \"<unicode string>\", line 2, column 1:\n"
                                                             u"    name: x\n"
                                                             u"    ^\n"
                                                             u"expected a mapping for merging, but found scalar\n"
                                                             u"  in \"<unicode string>\", line 3, column 6:\n"
                                                             u"    <<: [1]\n"
                                                             u"         ^");
        QTest::newRow("equalsSignValue")
            << QStringLiteral(u"\n"
                              u"name: x\n"
                              u"d: =")
            << QStringLiteral(u"could not determine a constructor for the tag 'tag:yaml.org,2002:value'\n"
                              u"  in \"<unicode string>\", line 3, column 4:\n"
                              u"    d: =\n"
                              u"       ^");
        QTest::newRow("mergeKeyAsValue")
            << QStringLiteral(u"\n"
                              u"name: x\n"
                              u"d: <<")
            << QStringLiteral(u"could not determine a constructor for the tag 'tag:yaml.org,2002:merge'\n"
                              u"  in \"<unicode string>\", line 3, column 4:\n"
                              u"    d: <<\n"
                              u"       ^");
        QTest::newRow("binaryNotBase64")
            << QStringLiteral(u"\n"
                              u"name: x\n"
                              u"d: !!binary x")
            << QStringLiteral(u"failed to decode base64 data: Invalid base64-encoded string: number of data characte"
                              u"rs (1) cannot be 1 more than a multiple of 4\n"
                              u"  in \"<unicode string>\", line 3, column 4:\n"
                              u"    d: !!binary x\n"
                              u"       ^");
        QTest::newRow("binaryNonAscii")
            << QStringLiteral(u"\n"
                              u"name: x\n"
                              u"d: !!binary caf\u00e9")
            << QStringLiteral(u"failed to convert base64 data into ascii: 'ascii' codec can't encode character '\\xe"
                              u"9' in position 3: ordinal not in range(128)\n"
                              u"  in \"<unicode string>\", line 3, column 4:\n"
                              u"    d: !!binary caf\u00e9\n"
                              u"       ^");
        QTest::newRow("unknownEscape") << QStringLiteral(u"\n"
                                                         u"name: x\n"
                                                         u"description: \"bad \\q escape\"")
                                       << QStringLiteral(u"while scanning a double-quoted scalar\n"
                                                         u"  in \"<unicode string>\", line 3, column 14:\n"
                                                         u"    description: \"bad \\q escape\"\n"
                                                         u"                 ^\n"
                                                         u"found unknown escape character 'q'\n"
                                                         u"  in \"<unicode string>\", line 3, column 20:\n"
                                                         u"    description: \"bad \\q escape\"\n"
                                                         u"                       ^");
        QTest::newRow("shortHexEscape") << QStringLiteral(u"\n"
                                                          u"name: x\n"
                                                          u"description: \"bad \\xZZ escape\"")
                                        << QStringLiteral(
                                               u"while scanning a double-quoted scalar\n"
                                               u"  in \"<unicode string>\", line 3, column 14:\n"
                                               u"    description: \"bad \\xZZ escape\"\n"
                                               u"                 ^\n"
                                               u"expected escape sequence of 2 hexadecimal numbers, but found 'Z'\n"
                                               u"  in \"<unicode string>\", line 3, column 21:\n"
                                               u"    description: \"bad \\xZZ escape\"\n"
                                               u"                        ^");
        QTest::newRow("windowsPathInDoubleQuotes")
            << QStringLiteral(u"\n"
                              u"name: x\n"
                              u"description: \"C:\\Users\\me\"")
            << QStringLiteral(u"while scanning a double-quoted scalar\n"
                              u"  in \"<unicode string>\", line 3, column 14:\n"
                              u"    description: \"C:\\Users\\me\"\n"
                              u"                 ^\n"
                              u"expected escape sequence of 8 hexadecimal numbers, but found 's'\n"
                              u"  in \"<unicode string>\", line 3, column 19:\n"
                              u"    description: \"C:\\Users\\me\"\n"
                              u"                      ^");
        QTest::newRow("literalBlockOutdented") << QStringLiteral(u"\n"
                                                                 u"name: x\n"
                                                                 u"description: |\n"
                                                                 u"  text\n"
                                                                 u" bad")
                                               << QStringLiteral(u"while parsing a block mapping\n"
                                                                 u"  in \"<unicode string>\", line 2, column 1:\n"
                                                                 u"    name: x\n"
                                                                 u"    ^\n"
                                                                 u"expected <block end>, but found '<scalar>'\n"
                                                                 u"  in \"<unicode string>\", line 5, column 2:\n"
                                                                 u"     bad\n"
                                                                 u"     ^");
        QTest::newRow("literalZeroIndent")
            << QStringLiteral(u"\n"
                              u"name: x\n"
                              u"description: |0\n"
                              u"  text")
            << QStringLiteral(u"while scanning a block scalar\n"
                              u"  in \"<unicode string>\", line 3, column 14:\n"
                              u"    description: |0\n"
                              u"                 ^\n"
                              u"expected indentation indicator in the range 1-9, but found 0\n"
                              u"  in \"<unicode string>\", line 3, column 15:\n"
                              u"    description: |0\n"
                              u"                  ^");
        QTest::newRow("foldedBadIndicator")
            << QStringLiteral(u"\n"
                              u"name: x\n"
                              u"description: >x\n"
                              u"  text")
            << QStringLiteral(u"while scanning a block scalar\n"
                              u"  in \"<unicode string>\", line 3, column 14:\n"
                              u"    description: >x\n"
                              u"                 ^\n"
                              u"expected chomping or indentation indicators, but found 'x'\n"
                              u"  in \"<unicode string>\", line 3, column 15:\n"
                              u"    description: >x\n"
                              u"                  ^");
        QTest::newRow("literalCommentlessJunk") << QStringLiteral(u"\n"
                                                                  u"name: x\n"
                                                                  u"description: | junk\n"
                                                                  u"  text")
                                                << QStringLiteral(u"while scanning a block scalar\n"
                                                                  u"  in \"<unicode string>\", line 3, column 14:\n"
                                                                  u"    description: | junk\n"
                                                                  u"                 ^\n"
                                                                  u"expected a comment or a line break, but found 'j'\n"
                                                                  u"  in \"<unicode string>\", line 3, column 16:\n"
                                                                  u"    description: | junk\n"
                                                                  u"                   ^");
        QTest::newRow("quotedThenPlain") << QStringLiteral(u"\n"
                                                           u"name: x\n"
                                                           u"description: \"a\" b")
                                         << QStringLiteral(u"while parsing a block mapping\n"
                                                           u"  in \"<unicode string>\", line 2, column 1:\n"
                                                           u"    name: x\n"
                                                           u"    ^\n"
                                                           u"expected <block end>, but found '<scalar>'\n"
                                                           u"  in \"<unicode string>\", line 3, column 18:\n"
                                                           u"    description: \"a\" b\n"
                                                           u"                     ^");
        QTest::newRow("longLineTruncated")
            << QString(QStringLiteral(u"\n"
                                      u"name: x\n"
                                      u"description:")
                       + QStringLiteral(u" word").repeated(40) + QStringLiteral(u" : oops"))
            << QStringLiteral(u"mapping values are not allowed here\n"
                              u"  in \"<unicode string>\", line 3, column 214:\n"
                              u"     ... d word word word word word word : oops\n"
                              u"                                         ^");
        QTest::newRow("longLineBeforeError") << QString(QStringLiteral(u"\n"
                                                                       u"name: x\n"
                                                                       u"description: ")
                                                        + QStringLiteral(u"w").repeated(100)
                                                        + QStringLiteral(u"\n"
                                                                         u"  bad: indent: here"))
                                             << QStringLiteral(u"mapping values are not allowed here\n"
                                                               u"  in \"<unicode string>\", line 4, column 6:\n"
                                                               u"      bad: indent: here\n"
                                                               u"         ^");
        QTest::newRow("longLineCaretNearEnd")
            << QString(QStringLiteral(u"\n"
                                      u"name: x\n"
                                      u"description:")
                       + QStringLiteral(u" long text").repeated(12) + QStringLiteral(u" end: x"))
            << QStringLiteral(u"mapping values are not allowed here\n"
                              u"  in \"<unicode string>\", line 3, column 137:\n"
                              u"     ... ong text long text long text end: x\n"
                              u"                                         ^");
        QTest::newRow("longKeyOverLimit") << QString(QStringLiteral(u"\n"
                                                                    u"name: x\n"
                                                                    u"d")
                                                     + QStringLiteral(u"x").repeated(1100) + QStringLiteral(u": y"))
                                          << QStringLiteral(u"while scanning a simple key\n"
                                                            u"  in \"<unicode string>\", line 3, column 1:\n"
                                                            u"    dxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx ... \n"
                                                            u"    ^\n"
                                                            u"could not find expected ':'\n"
                                                            u"  in \"<unicode string>\", line 3, column 1102:\n"
                                                            u"     ... xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx: y\n"
                                                            u"                                         ^");
        QTest::newRow("nonAsciiBeforeError")
            << QStringLiteral(u"\n"
                              u"name: caf\u00e9\n"
                              u"description: na\u00efve \u2014 \u00fcn\u00efc\u00f6de: here: bad")
            << QStringLiteral(u"mapping values are not allowed here\n"
                              u"  in \"<unicode string>\", line 3, column 29:\n"
                              u"    description: na\u00efve \u2014 \u00fcn\u00efc\u00f6de: here: bad\n"
                              u"                                ^");
        QTest::newRow("emojiBeforeError") << QStringLiteral(u"\n"
                                                            u"name: x\n"
                                                            u"description: \U0001f600 emoji: bad: here")
                                          << QStringLiteral(u"mapping values are not allowed here\n"
                                                            u"  in \"<unicode string>\", line 3, column 21:\n"
                                                            u"    description: \U0001f600 emoji: bad: here\n"
                                                            u"                        ^");
        QTest::newRow("nonAsciiLongLine")
            << QString(QStringLiteral(u"\n"
                                      u"name: x\n"
                                      u"description: \U0001f600")
                       + QStringLiteral(u"\u00e9").repeated(60) + QStringLiteral(u": bad: here"))
            << QStringLiteral(u"mapping values are not allowed here\n"
                              u"  in \"<unicode string>\", line 3, column 75:\n"
                              u"     ... \u00e9\u00e9\u00e9\u00e9\u00e9\u00e9\u00e9\u00e9\u00e9\u00e9\u00e9\u00e9"
                              u"\u00e9\u00e9\u00e9\u00e9\u00e9\u00e9\u00e9\u00e9\u00e9\u00e9\u00e9\u00e9\u00e9\u00e9"
                              u"\u00e9\u00e9\u00e9\u00e9\u00e9\u00e9: bad: here\n"
                              u"                                         ^");
        QTest::newRow("noBreakSpaceInKey") << QStringLiteral(u"\n"
                                                             u"name: x\n"
                                                             u"desc\u00a0ription: a: b")
                                           << QStringLiteral(u"mapping values are not allowed here\n"
                                                             u"  in \"<unicode string>\", line 3, column 16:\n"
                                                             u"    desc\u00a0ription: a: b\n"
                                                             u"                   ^");
        QTest::newRow("tabInsidePlainValue") << QStringLiteral(u"\n"
                                                               u"name: x\n"
                                                               u"description: a\tb")
                                             << QStringLiteral(u"while scanning for the next token\n"
                                                               u"found character '\\t' that cannot start any token\n"
                                                               u"  in \"<unicode string>\", line 3, column 15:\n"
                                                               u"    description: a\tb\n"
                                                               u"                  ^");
        QTest::newRow("bellCharacter") << QStringLiteral(u"\n"
                                                         u"name: x\n"
                                                         u"description: bell\u0007here")
                                       << QStringLiteral(
                                              u"unacceptable character #x0007: special characters are not allowed\n"
                                              u"  in \"<unicode string>\", position 26");
        QTest::newRow("escapeSequenceCharacter")
            << QStringLiteral(u"\n"
                              u"name: x\n"
                              u"description: \u001b[1mbold\u001b[0m")
            << QStringLiteral(u"unacceptable character #x001b: special characters are not allowed\n"
                              u"  in \"<unicode string>\", position 22");
        QTest::newRow("nonCharacter") << QStringLiteral(u"\n"
                                                        u"name: x\n"
                                                        u"description: \ufffe")
                                      << QStringLiteral(
                                             u"unacceptable character #xfffe: special characters are not allowed\n"
                                             u"  in \"<unicode string>\", position 22");
        QTest::newRow("crlfLineEnds") << QStringLiteral(u"\r\n"
                                                        u"name: x\r\n"
                                                        u"description: a: b\r")
                                      << QStringLiteral(u"mapping values are not allowed here\n"
                                                        u"  in \"<unicode string>\", line 3, column 15:\n"
                                                        u"    description: a: b\n"
                                                        u"                  ^");
        QTest::newRow("lineSeparator") << QStringLiteral(u"\n"
                                                         u"name: x\u2028description: a: b")
                                       << QStringLiteral(u"mapping values are not allowed here\n"
                                                         u"  in \"<unicode string>\", line 3, column 15:\n"
                                                         u"    description: a: b\n"
                                                         u"                  ^");
        QTest::newRow("nextLineCharacter") << QStringLiteral(u"\n"
                                                             u"name: x\u0085description: a: b")
                                           << QStringLiteral(u"mapping values are not allowed here\n"
                                                             u"  in \"<unicode string>\", line 3, column 15:\n"
                                                             u"    description: a: b\n"
                                                             u"                  ^");
        QTest::newRow("documentEndInside")
            << QStringLiteral(u"\n"
                              u"name: x\n"
                              u"...\n"
                              u"description: y")
            << QStringLiteral(u"expected '<document start>', but found '<block mapping start>'\n"
                              u"  in \"<unicode string>\", line 4, column 1:\n"
                              u"    description: y\n"
                              u"    ^");
        QTest::newRow("secondDocument") << QStringLiteral(u"\n"
                                                          u"name: x\n"
                                                          u"--- second\n"
                                                          u"description: y")
                                        << QStringLiteral(u"expected a single document in the stream\n"
                                                          u"  in \"<unicode string>\", line 2, column 1:\n"
                                                          u"    name: x\n"
                                                          u"    ^\n"
                                                          u"but found another document\n"
                                                          u"  in \"<unicode string>\", line 3, column 1:\n"
                                                          u"    --- second\n"
                                                          u"    ^");
        QTest::newRow("documentEndThenJunk") << QStringLiteral(u"\n"
                                                               u"name: x\n"
                                                               u"description: y\n"
                                                               u"... junk")
                                             << QStringLiteral(u"expected '<document start>', but found '<scalar>'\n"
                                                               u"  in \"<unicode string>\", line 4, column 5:\n"
                                                               u"    ... junk\n"
                                                               u"        ^");
        QTest::newRow("quotedScalarRunsIntoSeparator")
            << QStringLiteral(u"\n"
                              u"name: x\n"
                              u"description: \"multi\n"
                              u"... \n"
                              u"  line\"")
            << QStringLiteral(u"while scanning a quoted scalar\n"
                              u"  in \"<unicode string>\", line 3, column 14:\n"
                              u"    description: \"multi\n"
                              u"                 ^\n"
                              u"found unexpected document separator\n"
                              u"  in \"<unicode string>\", line 4, column 1:\n"
                              u"    ... \n"
                              u"    ^");
        QTest::newRow("strayClosingBracket") << QStringLiteral(u"\n"
                                                               u"name: x\n"
                                                               u"d: ]")
                                             << QStringLiteral(u"while parsing a block node\n"
                                                               u"expected the node content, but found ']'\n"
                                                               u"  in \"<unicode string>\", line 3, column 4:\n"
                                                               u"    d: ]\n"
                                                               u"       ^");
        QTest::newRow("strayClosingBrace") << QStringLiteral(u"\n"
                                                             u"name: x\n"
                                                             u"d: }")
                                           << QStringLiteral(u"while parsing a block node\n"
                                                             u"expected the node content, but found '}'\n"
                                                             u"  in \"<unicode string>\", line 3, column 4:\n"
                                                             u"    d: }\n"
                                                             u"       ^");
        QTest::newRow("strayComma") << QStringLiteral(u"\n"
                                                      u"name: x\n"
                                                      u"d: ,")
                                    << QStringLiteral(u"while parsing a block node\n"
                                                      u"expected the node content, but found ','\n"
                                                      u"  in \"<unicode string>\", line 3, column 4:\n"
                                                      u"    d: ,\n"
                                                      u"       ^");
        QTest::newRow("flowSequenceSecondColon") << QStringLiteral(u"\n"
                                                                   u"name: x\n"
                                                                   u"tags: [a: b: c]")
                                                 << QStringLiteral(u"while parsing a flow sequence\n"
                                                                   u"  in \"<unicode string>\", line 3, column 7:\n"
                                                                   u"    tags: [a: b: c]\n"
                                                                   u"          ^\n"
                                                                   u"expected ',' or ']', but got ':'\n"
                                                                   u"  in \"<unicode string>\", line 3, column 12:\n"
                                                                   u"    tags: [a: b: c]\n"
                                                                   u"               ^");
        QTest::newRow("flowMappingMissingComma") << QStringLiteral(u"\n"
                                                                   u"name: x\n"
                                                                   u"meta: {a: 1 b: 2}")
                                                 << QStringLiteral(u"while parsing a flow mapping\n"
                                                                   u"  in \"<unicode string>\", line 3, column 7:\n"
                                                                   u"    meta: {a: 1 b: 2}\n"
                                                                   u"          ^\n"
                                                                   u"expected ',' or '}', but got ':'\n"
                                                                   u"  in \"<unicode string>\", line 3, column 14:\n"
                                                                   u"    meta: {a: 1 b: 2}\n"
                                                                   u"                 ^");
        QTest::newRow("blockIndicatorInFlow") << QStringLiteral(u"\n"
                                                                u"name: x\n"
                                                                u"tags: [a, |]")
                                              << QStringLiteral(u"while scanning for the next token\n"
                                                                u"found character '|' that cannot start any token\n"
                                                                u"  in \"<unicode string>\", line 3, column 11:\n"
                                                                u"    tags: [a, |]\n"
                                                                u"              ^");
        QTest::newRow("duplicateYamlDirective") << QStringLiteral(u"\n"
                                                                  u"%YAML 1.1\n"
                                                                  u"%YAML 1.1\n"
                                                                  u"--- \n"
                                                                  u"name: x")
                                                << QStringLiteral(u"found duplicate YAML directive\n"
                                                                  u"  in \"<unicode string>\", line 3, column 1:\n"
                                                                  u"    %YAML 1.1\n"
                                                                  u"    ^");
        QTest::newRow("duplicateTagDirective") << QStringLiteral(u"\n"
                                                                 u"%TAG !e! tag:e,\n"
                                                                 u"%TAG !e! tag:f,\n"
                                                                 u"--- \n"
                                                                 u"name: x")
                                               << QStringLiteral(u"duplicate tag handle '!e!'\n"
                                                                 u"  in \"<unicode string>\", line 3, column 1:\n"
                                                                 u"    %TAG !e! tag:f,\n"
                                                                 u"    ^");
    }

    void wordsTheErrorAsPyYaml()
    {
        QFETCH(QString, yaml);
        QFETCH(QString, error);
        QCOMPARE(PyYamlCheck::firstError(yaml), std::optional<QString>(error));
    }

    void validateQuotesPyYamlBehindHermesPrefix_data() { wordsTheErrorAsPyYaml_data(); }

    void validateQuotesPyYamlBehindHermesPrefix()
    {
        QFETCH(QString, yaml);
        QFETCH(QString, error);
        const QString skill = QStringLiteral("---") + yaml + QStringLiteral("\n---\n\nBody.\n");
        QCOMPARE(SkillFrontmatter::validate(skill),
                 std::optional<QString>(QStringLiteral("YAML frontmatter parse error: ") + error));
    }

    void acceptsWhatPyYamlLoads_data()
    {
        QTest::addColumn<QString>("yaml");
        QTest::newRow("plain") << QStringLiteral(u"\n"
                                                 u"name: my-skill\n"
                                                 u"description: Does a thing with files");
        QTest::newRow("typicalWithMetadata") << QStringLiteral(u"\n"
                                                               u"name: my-skill\n"
                                                               u"description: Does a thing\n"
                                                               u"version: 1.0.0\n"
                                                               u"tags: [git, review]\n"
                                                               u"metadata:\n"
                                                               u"  author: agent\n"
                                                               u"  related: {a: 1, b: [x, y]}");
        QTest::newRow("foldedAndLists") << QStringLiteral(u"\n"
                                                          u"name: deploy-helper\n"
                                                          u"description: >\n"
                                                          u"  Folded text that\n"
                                                          u"  spans lines\n"
                                                          u"steps:\n"
                                                          u"  - build\n"
                                                          u"  - test: true\n"
                                                          u"  - ship\n"
                                                          u"platforms: [\"linux\", 'mac']");
        QTest::newRow("literalBlock") << QStringLiteral(u"\n"
                                                        u"name: x\n"
                                                        u"description: |\n"
                                                        u"  literal block\n"
                                                        u"    indented more\n"
                                                        u"  back\n"
                                                        u"notes: ~\n"
                                                        u"empty:\n"
                                                        u"count: 3");
        QTest::newRow("anchorsAndAliases") << QStringLiteral(u"\n"
                                                             u"name: \"quoted name\"\n"
                                                             u"description: 'It''s quoted'\n"
                                                             u"base: &base\n"
                                                             u"  k: v\n"
                                                             u"use: *base\n"
                                                             u"merged:\n"
                                                             u"  <<: *base\n"
                                                             u"  extra: 1");
        QTest::newRow("complexScalarKey") << QStringLiteral(u"\n"
                                                            u"name: x\n"
                                                            u"description: y\n"
                                                            u"? complex\n"
                                                            u": value");
        QTest::newRow("crlf") << QStringLiteral(u"\r\n"
                                                u"name: crlf\r\n"
                                                u"description: windows file\r\n"
                                                u"items:\r\n"
                                                u"  - one\r\n"
                                                u"  - two\r");
        QTest::newRow("unicode") << QStringLiteral(
            u"\n"
            u"name: unicode-\u00fc\n"
            u"description: \u00dcn\u00efc\u00f6d\u00e9 \u2014 \u201cquotes\u201d \u65e5\u672c"
            u"\u8a9e \U0001f600");
        QTest::newRow("commentsAndColonsInText") << QStringLiteral(u"\n"
                                                                   u"# leading comment\n"
                                                                   u"name: x # trailing\n"
                                                                   u"description: \"Use: key: value pairs\"\n"
                                                                   u"url: http://example.com/a:b");
        QTest::newRow("duplicateKeysLastWins") << QStringLiteral(u"\n"
                                                                 u"name: x\n"
                                                                 u"description: y\n"
                                                                 u"name: z");
        QTest::newRow("indentlessSequence") << QStringLiteral(u"\n"
                                                              u"name: x\n"
                                                              u"description: y\n"
                                                              u"list:\n"
                                                              u"- a\n"
                                                              u"- b: c\n"
                                                              u"  d: e");
        QTest::newRow("documentStartOnFirstLine") << QStringLiteral(u" \n"
                                                                    u"name: x\n"
                                                                    u"description: y");
        QTest::newRow("explicitTags") << QStringLiteral(u"\n"
                                                        u"name: !!str 123\n"
                                                        u"description: !!str yes\n"
                                                        u"when: !!timestamp 2024-01-02\n"
                                                        u"set: !!set {a, b}\n"
                                                        u"pairs: !!pairs [a: 1, a: 2]");
        QTest::newRow("emptyFrontmatter") << QStringLiteral(u"");
        QTest::newRow("scalarOnly") << QStringLiteral(u"\n"
                                                      u"just text");
        QTest::newRow("dashContinuesPlainScalar") << QStringLiteral(u"\n"
                                                                    u"name: x\n"
                                                                    u"description: y\n"
                                                                    u"  - z");
        QTest::newRow("directiveThenDocument") << QStringLiteral(u"\n"
                                                                 u"%YAML 1.1\n"
                                                                 u"--- \n"
                                                                 u"name: x\n"
                                                                 u"description: y");
    }

    void acceptsWhatPyYamlLoads()
    {
        QFETCH(QString, yaml);
        QCOMPARE(PyYamlCheck::firstError(yaml), std::nullopt);
    }

    // PyYAML raises ValueError or RecursionError there, which Hermes does not report as a YAML
    // error; the checker stays silent, also about YAML errors PyYAML would only have met later.
    void leavesPythonsOtherErrorsAlone_data()
    {
        QTest::addColumn<QString>("yaml");
        QTest::newRow("impossibleDate") << QStringLiteral("\nname: x\ncreated: 2024-02-30");
        QTest::newRow("intTagOnWords") << QStringLiteral("\nname: x\nretries: !!int three");
        QTest::newRow("badMonthBeforeUnknownTag")
            << QStringLiteral("\nname: x\ncreated: 2024-13-01\nrun: !!python/object x");
        QTest::newRow("nestingPastPythonsRecursionLimit")
            << QString(QString(1000, QLatin1Char('[')) + QString(1000, QLatin1Char(']')));
    }

    void leavesPythonsOtherErrorsAlone()
    {
        QFETCH(QString, yaml);
        QCOMPARE(PyYamlCheck::firstError(yaml), std::nullopt);
    }

    void unknownTagBeforeBadMonthIsReported()
    {
        QCOMPARE(PyYamlCheck::firstError(QStringLiteral("\nname: x\nrun: !!python/object x\ncreated: 2024-13-01")),
                 std::optional<QString>(
                     QStringLiteral("could not determine a constructor for the tag 'tag:yaml.org,2002:python/object'\n"
                                    "  in \"<unicode string>\", line 3, column 6:\n"
                                    "    run: !!python/object x\n"
                                    "         ^")));
    }
};

QTEST_GUILESS_MAIN(PyYamlErrorsTest)
#include "pyyaml_errors_test.moc"
