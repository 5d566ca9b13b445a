#pragma once

#include <QDialog>

namespace sediment::ui {

// The `?` overlay: every keyboard shortcut of the triage flow on one page.
class ShortcutHelp final : public QDialog {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ShortcutHelp)

public:
    explicit ShortcutHelp(QWidget* parent = nullptr);

    struct Entry {
        const char* keys;
        const char* what;
    };
    static const std::vector<Entry>& entries();
};

} // namespace sediment::ui
