#pragma once

#include <QString>

namespace sediment::ui {

// Light, dark or the system's palette. "system" keeps what the platform theme gives (a dark
// desktop gives a dark palette); "light" and "dark" use the Fusion style with a fixed palette.
class Appearance final {
public:
    static QString current();               // from QSettings, "system" by default
    static void apply(const QString& mode); // applies and remembers
    static bool isDark();
};

} // namespace sediment::ui
