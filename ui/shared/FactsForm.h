#pragma once

class QFormLayout;
class QMargins;
class QWidget;

namespace sediment::ui {

// The label and value column an item's facts are shown in (the inbox's detail pane, the write
// plan): each label at the top left of its value, values taking the width that is left and
// wrapping within it, never below their label.
QFormLayout* factsForm(QWidget* owner, const QMargins& margins, int rowSpacing);

} // namespace sediment::ui
