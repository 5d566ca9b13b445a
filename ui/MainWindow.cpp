#include "MainWindow.h"

#include <QLabel>

namespace sediment::ui {

MainWindow::MainWindow(std::unique_ptr<Workspace> workspace, QWidget* parent)
    : QMainWindow(parent)
    , m_workspace(std::move(workspace))
{
    setWindowTitle(QStringLiteral("Sediment — %1").arg(m_workspace->root()));
    m_summary = new QLabel(this);
    setCentralWidget(m_summary);
    resize(1200, 800);
    refresh();
}

MainWindow::~MainWindow() = default;

void MainWindow::refresh() { m_summary->setText(m_workspace->root()); }

bool MainWindow::showPage(const QString&) { return true; }

bool MainWindow::saveScreenshot(const QString& file)
{
    ensurePolished();
    show();
    return grab().save(file);
}

} // namespace sediment::ui
