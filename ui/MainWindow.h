#pragma once

#include "workspace/Workspace.h"

#include <QMainWindow>

#include <memory>

class QLabel;

namespace sediment::ui {

class MainWindow final : public QMainWindow {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(MainWindow)

public:
    explicit MainWindow(std::unique_ptr<Workspace> workspace, QWidget* parent = nullptr);
    ~MainWindow() override;

    bool showPage(const QString& name);
    bool saveScreenshot(const QString& file);

private:
    void refresh();

    std::unique_ptr<Workspace> m_workspace;
    QLabel* m_summary = nullptr;
};

} // namespace sediment::ui
