// What the project's text points a reader to. Comments, help texts and the guides refer to the
// project's own documents (docs/), never to the contract they were written from, which a user
// or a contributor does not have; and every `docs/<guide>.md#<anchor>` they name leads somewhere:
// an `<a id>` of that guide or one of its headings as GitHub spells it.
#include <QDirIterator>
#include <QFile>
#include <QFileInfo>
#include <QRegularExpression>
#include <QSet>
#include <QTest>

namespace {

const QString kSource = QStringLiteral(SEDIMENT_SOURCE_DIR);

// The folders and files whose text a reader meets; build output and fixtures are not among them.
const QStringList kFolders = {QStringLiteral("app"),       QStringLiteral("core"),  QStringLiteral("ui"),
                              QStringLiteral("tests"),     QStringLiteral("docs"),  QStringLiteral("packaging"),
                              QStringLiteral("resources"), QStringLiteral("cmake"), QStringLiteral(".ci")};
const QStringList kFiles = {QStringLiteral("README.md"), QStringLiteral("CONTRIBUTING.md"),
                            QStringLiteral("CMakeLists.txt"), QStringLiteral("CMakePresets.json")};
const QStringList kTextSuffixes = {QStringLiteral("cpp"),     QStringLiteral("h"),   QStringLiteral("txt"),
                                   QStringLiteral("cmake"),   QStringLiteral("md"),  QStringLiteral("sh"),
                                   QStringLiteral("py"),      QStringLiteral("in"),  QStringLiteral("xml"),
                                   QStringLiteral("desktop"), QStringLiteral("json")};

struct TextFile {
    QString relative;
    QString text;
};

QList<TextFile> readerText()
{
    QStringList paths;
    for (const QString& folder : kFolders) {
        QDirIterator it(kSource + QLatin1Char('/') + folder, QDir::Files, QDirIterator::Subdirectories);
        while (it.hasNext()) {
            const QString path = it.next();
            const QString relative = path.mid(kSource.size() + 1);
            if (relative.startsWith(QLatin1String("tests/fixtures/")) || relative.contains(QLatin1String("/corpus/")))
                continue;
            if (kTextSuffixes.contains(QFileInfo(path).suffix()) || QFileInfo(path).suffix().isEmpty())
                paths << path;
        }
    }
    for (const QString& file : kFiles)
        paths << kSource + QLatin1Char('/') + file;
    QList<TextFile> out;
    for (const QString& path : paths) {
        QFile f(path);
        if (!f.open(QIODevice::ReadOnly))
            continue;
        const QByteArray bytes = f.readAll();
        if (bytes.contains('\0'))
            continue;
        out.push_back({path.mid(kSource.size() + 1), QString::fromUtf8(bytes)});
    }
    return out;
}

// GitHub's anchor for a heading: lower case, punctuation dropped, spaces as hyphens.
QString slugOf(const QString& heading)
{
    QString slug;
    for (const QChar c : heading.toLower()) {
        if (c.isLetterOrNumber() || c == QLatin1Char('-') || c == QLatin1Char('_'))
            slug += c;
        else if (c == QLatin1Char(' '))
            slug += QLatin1Char('-');
    }
    return slug;
}

QSet<QString> anchorsOf(const QString& guide)
{
    QFile f(kSource + QStringLiteral("/docs/") + guide);
    if (!f.open(QIODevice::ReadOnly))
        return {};
    const QString text = QString::fromUtf8(f.readAll());
    QSet<QString> anchors;
    static const QRegularExpression id(QStringLiteral("<a id=\"([^\"]+)\"></a>"));
    for (auto m = id.globalMatch(text); m.hasNext();)
        anchors.insert(m.next().captured(1));
    static const QRegularExpression heading(QStringLiteral("^#{1,6} +(.+?) *$"), QRegularExpression::MultilineOption);
    for (auto m = heading.globalMatch(text); m.hasNext();)
        anchors.insert(slugOf(m.next().captured(1)));
    return anchors;
}

int lineOf(const QString& text, qsizetype at) { return int(text.left(at).count(QLatin1Char('\n'))) + 1; }

} // namespace

class DocsReferencesTest : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY2(QFileInfo(kSource + QStringLiteral("/docs/user-guide.md")).isFile(), qPrintable(kSource));
    }

    void noTextCitesTheContract()
    {
        // Spelt in two pieces so that this file does not cite what it looks for.
        const QRegularExpression cite(QStringLiteral("\\bSP") + QStringLiteral("EC\\b|\u00a7 ?[0-9]"));
        QStringList found;
        for (const TextFile& f : readerText()) {
            for (auto m = cite.globalMatch(f.text); m.hasNext();) {
                const auto hit = m.next();
                found << QStringLiteral("%1:%2").arg(f.relative).arg(lineOf(f.text, hit.capturedStart()));
            }
        }
        QVERIFY2(found.isEmpty(), qPrintable(found.join(QLatin1Char('\n'))));
    }

    void everyGuideAnchorNamedExists()
    {
        // A reference cut by a line break or a string's end ("#upgrading-a-team-" "workspace")
        // is the start of one: it is followed by a hyphen, and only whole ones are checked.
        const QRegularExpression ref(QStringLiteral("docs/([a-z-]+\\.md)#([A-Za-z0-9_-]*[A-Za-z0-9])(-?)"));
        QHash<QString, QSet<QString>> anchors;
        QStringList broken;
        int checked = 0;
        for (const TextFile& f : readerText()) {
            for (auto m = ref.globalMatch(f.text); m.hasNext();) {
                const auto hit = m.next();
                if (!hit.captured(3).isEmpty())
                    continue;
                const QString guide = hit.captured(1);
                if (!anchors.contains(guide))
                    anchors.insert(guide, anchorsOf(guide));
                ++checked;
                if (!anchors.value(guide).contains(hit.captured(2)))
                    broken << QStringLiteral("%1:%2 docs/%3#%4")
                                  .arg(f.relative)
                                  .arg(lineOf(f.text, hit.capturedStart()))
                                  .arg(guide, hit.captured(2));
            }
        }
        QVERIFY2(checked > 20, "the references were not found: is the source folder right?");
        QVERIFY2(broken.isEmpty(), qPrintable(broken.join(QLatin1Char('\n'))));
    }
};

QTEST_GUILESS_MAIN(DocsReferencesTest)
#include "docs_references_test.moc"
