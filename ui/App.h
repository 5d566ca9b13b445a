#pragma once

namespace sediment::ui {

// The desktop app's entry point: parses --workspace, --screenshot and --page, opens the window.
int runApp(int argc, char** argv);

} // namespace sediment::ui
