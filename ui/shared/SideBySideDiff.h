#pragma once

#include <QString>

#include <optional>
#include <vector>

namespace sediment::ui {

// A run of text on one side of the diff; `changed` marks the words that differ.
struct DiffSegment {
    QString text;
    bool changed = false;
    bool operator==(const DiffSegment&) const = default;
};

// One row of a side-by-side diff: a line of the old text facing a line of the new one. A
// changed pair carries word-level segments; a removed or added line faces nothing.
struct DiffRow {
    enum class Kind { Same, Changed, Removed, Added };
    Kind kind = Kind::Same;
    std::optional<int> leftLine;  // 1-based, absent on an added row
    std::optional<int> rightLine; // 1-based, absent on a removed row
    std::vector<DiffSegment> left;
    std::vector<DiffSegment> right;
};

// Line diff, then a word diff inside each changed pair of lines; both by dtl's O(NP) algorithm.
class SideBySideDiff final {
public:
    static std::vector<DiffRow> compute(const QString& before, const QString& after);
    // Words, runs of white space and single punctuation marks: the units a reader sees change.
    static std::vector<QString> tokenize(const QString& line);
};

} // namespace sediment::ui
