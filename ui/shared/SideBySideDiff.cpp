#include "shared/SideBySideDiff.h"

#include <QStringList>

#include <dtl/dtl.hpp>

namespace sediment::ui {

namespace {

enum class CharClass { Word, Space, Other };

CharClass classOf(QChar c)
{
    if (c.isLetterOrNumber() || c == QLatin1Char('_') || c.isMark())
        return CharClass::Word;
    if (c.isSpace())
        return CharClass::Space;
    return CharClass::Other;
}

struct Edit {
    QString elem;
    dtl::edit_t type;
};

std::vector<Edit> editScript(const std::vector<QString>& a, const std::vector<QString>& b)
{
    dtl::Diff<QString, std::vector<QString>> diff(a, b);
    diff.onHuge();
    diff.compose();
    std::vector<Edit> out;
    for (const auto& [elem, info] : diff.getSes().getSequence())
        out.push_back({elem, info.type});
    return out;
}

void append(std::vector<DiffSegment>& side, const QString& text, bool changed)
{
    if (!side.empty() && side.back().changed == changed)
        side.back().text += text;
    else
        side.push_back({text, changed});
}

void wordDiff(const QString& before, const QString& after, DiffRow& row)
{
    for (const Edit& e : editScript(SideBySideDiff::tokenize(before), SideBySideDiff::tokenize(after))) {
        // A changed run of white space alone is noise for a reader: show it unmarked.
        const bool blank = e.elem.trimmed().isEmpty();
        if (e.type == dtl::SES_COMMON) {
            append(row.left, e.elem, false);
            append(row.right, e.elem, false);
        } else if (e.type == dtl::SES_DELETE) {
            append(row.left, e.elem, !blank);
        } else {
            append(row.right, e.elem, !blank);
        }
    }
}

std::vector<QString> lines(const QString& text)
{
    if (text.isEmpty())
        return {};
    QString normal = text;
    normal.replace(QStringLiteral("\r\n"), QStringLiteral("\n"));
    const QStringList parts = normal.split(QLatin1Char('\n'));
    return {parts.begin(), parts.end()};
}

} // namespace

std::vector<QString> SideBySideDiff::tokenize(const QString& line)
{
    std::vector<QString> tokens;
    qsizetype start = 0;
    while (start < line.size()) {
        const CharClass cls = classOf(line.at(start));
        qsizetype end = start + 1;
        if (cls != CharClass::Other)
            while (end < line.size() && classOf(line.at(end)) == cls)
                ++end;
        tokens.push_back(line.mid(start, end - start));
        start = end;
    }
    return tokens;
}

std::vector<DiffRow> SideBySideDiff::compute(const QString& before, const QString& after)
{
    const std::vector<QString> a = lines(before);
    const std::vector<QString> b = lines(after);
    std::vector<DiffRow> rows;
    int leftNo = 0;
    int rightNo = 0;
    std::vector<QString> removed;
    std::vector<QString> added;
    // A block of removed lines followed by added ones becomes facing pairs, extra lines alone.
    auto flush = [&] {
        const size_t pairs = std::min(removed.size(), added.size());
        for (size_t i = 0; i < std::max(removed.size(), added.size()); ++i) {
            DiffRow row;
            if (i < pairs) {
                row.kind = DiffRow::Kind::Changed;
                row.leftLine = ++leftNo;
                row.rightLine = ++rightNo;
                wordDiff(removed[i], added[i], row);
            } else if (i < removed.size()) {
                row.kind = DiffRow::Kind::Removed;
                row.leftLine = ++leftNo;
                row.left.push_back({removed[i], true});
            } else {
                row.kind = DiffRow::Kind::Added;
                row.rightLine = ++rightNo;
                row.right.push_back({added[i], true});
            }
            rows.push_back(std::move(row));
        }
        removed.clear();
        added.clear();
    };
    for (const Edit& e : editScript(a, b)) {
        if (e.type == dtl::SES_DELETE) {
            removed.push_back(e.elem);
        } else if (e.type == dtl::SES_ADD) {
            added.push_back(e.elem);
        } else {
            flush();
            DiffRow row;
            row.leftLine = ++leftNo;
            row.rightLine = ++rightNo;
            row.left.push_back({e.elem, false});
            row.right.push_back({e.elem, false});
            rows.push_back(std::move(row));
        }
    }
    flush();
    return rows;
}

} // namespace sediment::ui
