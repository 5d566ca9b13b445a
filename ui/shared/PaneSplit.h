#pragma once

#include <Qt>

class QSplitter;
class QWidget;

namespace sediment::ui {

// Two panes side by side or one above the other, sharing the room beyond their minimum sizes
// `firstShare` to `secondShare`; neither can be dragged shut, since a pane closed that way looks
// to its reader like a pane that is gone. `name`: the splitter's object name, which tests and the
// saved layout find it by (none when empty).
QSplitter* paneSplit(Qt::Orientation orientation, const char* name, QWidget* first, QWidget* second, int firstShare,
                     int secondShare, QWidget* parent = nullptr);

} // namespace sediment::ui
