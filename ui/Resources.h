#pragma once

namespace sediment::ui {

// Registers resources/sediment.qrc (the icons). The UI is a static library, whose resource
// initialiser the linker would otherwise drop: every window and page calls this first.
void initResources();

} // namespace sediment::ui
