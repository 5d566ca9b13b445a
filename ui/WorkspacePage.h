#pragma once

#include "Page.h"
#include "workspace/Workspace.h"

namespace sediment {
class Clock;
}

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

    // The page's lazy table over the workspace's database: a row it fails to read is said in the
    // status bar, as every page's is.
    template <typename Model>
    Model* tableModel()
    {
        auto* model = new Model(m_workspace.db(), this);
        connect(model, &Model::errorOccurred, this, &Page::statusMessage);
        return model;
    }

    Workspace& m_workspace;
    const Clock& m_clock;
};

} // namespace sediment::ui
