#include "util/pyyaml/SafeLoad.h"

#include <QStringList>

namespace sediment::pyyaml {

void SafeLoad::fail(const QString& context, std::optional<Mark> contextMark, const QString& problem,
                    const Mark& problemMark) const
{
    QStringList lines;
    if (!context.isEmpty())
        lines << context;
    if (contextMark && (contextMark->line != problemMark.line || contextMark->column != problemMark.column))
        lines << where(*contextMark);
    lines << problem << where(problemMark);
    throw Failure{lines.join(QLatin1Char('\n'))};
}

// A mark as PyYAML prints it: position, then the line with a caret, cut to about 75 characters
// around the caret.
QString SafeLoad::where(const Mark& m) const
{
    constexpr std::size_t kHalf = 36;
    std::size_t start = m.pointer;
    QString head;
    while (start > 0 && !isIn(m_buf[start - 1], kBreaksZ)) {
        --start;
        if (m.pointer - start > kHalf) {
            head = text(" ... ");
            start += 5;
            break;
        }
    }
    std::size_t end = m.pointer;
    QString tail;
    while (end < m_buf.size() && !isIn(m_buf[end], kBreaksZ)) {
        ++end;
        if (end - m.pointer > kHalf) {
            tail = text(" ... ");
            end -= 5;
            break;
        }
    }
    return text("  in \"<unicode string>\", line ") + QString::number(m.line + 1) + text(", column ")
           + QString::number(m.column + 1) + text(":\n    ") + head + fromU(UView(m_buf).substr(start, end - start))
           + tail + QLatin1Char('\n') + QString(qsizetype(4 + m.pointer - start) + head.size(), QLatin1Char(' '))
           + QLatin1Char('^');
}

// ---- Reader ------------------------------------------------------------------------------------

void SafeLoad::forward(std::size_t n)
{
    for (; n > 0 && m_ptr < m_buf.size(); --n) {
        const char32_t c = m_buf[m_ptr++];
        if (c == U'\n' || c == 0x85 || c == 0x2028 || c == 0x2029 || (c == U'\r' && peek() != U'\n')) {
            ++m_line;
            m_column = 0;
        } else if (c != 0xFEFF) {
            ++m_column;
        }
    }
}

// Exactly one document (or none), composed in full before anything is constructed.
Node* SafeLoad::compose()
{
    getEvent(); // stream start
    Node* root = nullptr;
    if (!checkEvent(Ev::StreamEnd)) {
        getEvent(); // document start
        root = composeNode(0);
        getEvent(); // document end
        m_anchors.clear();
    }
    if (!checkEvent(Ev::StreamEnd)) {
        const Event next = getEvent();
        fail(text("expected a single document in the stream"), root->start, text("but found another document"),
             next.start);
    }
    return root;
}

void SafeLoad::construct(Node* root)
{
    if (!root)
        return;
    constructObject(root);
    while (!m_unfilled.empty()) {
        Node* node = m_unfilled.front();
        m_unfilled.pop_front();
        fillCollection(node);
    }
}

// The reader refuses control characters (other than tab and line breaks), surrogates and
// U+FFFE/U+FFFF before scanning anything.
std::optional<QString> unprintable(const U& input)
{
    for (std::size_t i = 0; i < input.size(); ++i) {
        const char32_t c = input[i];
        const bool ok = c == 0x09 || c == 0x0A || c == 0x0D || (c >= 0x20 && c <= 0x7E) || c == 0x85
                        || (c >= 0xA0 && c <= 0xD7FF) || (c >= 0xE000 && c <= 0xFFFD)
                        || (c >= 0x10000 && c <= 0x10FFFF);
        if (!ok)
            return QStringLiteral("unacceptable character #x%1: special characters are not allowed\n"
                                  "  in \"<unicode string>\", position %2")
                .arg(uint(c), 4, 16, QLatin1Char('0'))
                .arg(i);
    }
    return std::nullopt;
}

} // namespace sediment::pyyaml
