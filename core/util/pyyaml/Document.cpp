#include "util/pyyaml/Document.h"

#include "util/pyyaml/SafeLoad.h"

#include <QList>
#include <QStringList>

namespace sediment::pyyaml {

QString LoadError::oneLine() const
{
    // PyYAML's lines: a context and a problem at the margin, each mark indented beneath it ("  in
    // "<unicode string>", line 2, column 7:") with the line it quotes and a caret further in.
    static const QLatin1String kMark("  in \"<unicode string>\", ");
    QStringList sentences;
    QString where;
    for (const QString& line : message.split(QLatin1Char('\n'))) {
        if (line.startsWith(kMark))
            where = line.mid(kMark.size()).chopped(line.endsWith(QLatin1Char(':')) ? 1 : 0);
        else if (!line.startsWith(QLatin1Char(' ')) && !line.isEmpty())
            sentences << line;
    }
    const QString text = sentences.join(QStringLiteral("; "));
    return where.isEmpty() ? text : text + QStringLiteral(" (") + where + QLatin1Char(')');
}

std::expected<Document, LoadError> Document::load(const QString& text)
{
    const QList<uint> ucs = text.toUcs4();
    U input(ucs.begin(), ucs.end());
    if (auto error = unprintable(input))
        return std::unexpected(LoadError{*error});
    Document doc;
    doc.m_load = std::make_shared<SafeLoad>(std::move(input));
    Node* root = nullptr;
    try {
        root = doc.m_load->compose();
    } catch (const Failure& failure) {
        return std::unexpected(LoadError{failure.message});
    } catch (const GiveUp&) {
        return std::unexpected(LoadError{QStringLiteral("nested deeper than Python's recursion limit"), false});
    }
    try {
        doc.m_load->construct(root);
    } catch (const Failure& failure) {
        return std::unexpected(LoadError{failure.message});
    } catch (const GiveUp&) {
        doc.m_pythonRaises = true;
    }
    // safe_load gives None for a text that holds no document.
    static const Node none{NodeKind::Scalar, U(U"tag:yaml.org,2002:null"), {}, {}, {}, {}};
    doc.m_root = root ? root : &none;
    return doc;
}

} // namespace sediment::pyyaml
