#pragma once

class QString;
class QTableView;

namespace sediment::ui {

// Sets a column as wide as the wider of a sample value and the column's title, plus the cell
// margins. Lazy tables over a hundred thousand rows cannot ask the view to measure their
// contents, so each page names the longest value a short column can hold.
void fitColumn(QTableView* table, int column, const QString& sample);

} // namespace sediment::ui
