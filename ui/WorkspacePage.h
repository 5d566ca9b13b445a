#pragma once

#include "Page.h"

namespace sediment {
class Clock;
class Workspace;
} // namespace sediment

namespace sediment::ui {

// A page of the window over the open workspace: each of the six reads and writes through the
// workspace and takes its time from the window's one clock, so both are held here once.
class WorkspacePage : public Page {
    Q_OBJECT

protected:
    WorkspacePage(Workspace& workspace, const Clock& clock, QWidget* parent)
        : Page(parent)
        , m_workspace(workspace)
        , m_clock(clock)
    {}

    Workspace& m_workspace;
    const Clock& m_clock;
};

} // namespace sediment::ui
