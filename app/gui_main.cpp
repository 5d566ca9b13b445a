// `sediment-gui`: the desktop app. `sediment` with no verb starts it.
#include "App.h"

int main(int argc, char** argv) { return sediment::ui::runApp(argc, argv); }
