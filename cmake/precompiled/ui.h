// The desktop app's: the core's set (core.h) and the Qt Widgets classes most of its pages and
// panes include. Compiled once for sediment_ui, for the reason core.h gives.
#pragma once

#include "core.h"

#include <QAction>
#include <QApplication>
#include <QComboBox>
#include <QEvent>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSplitter>
#include <QTableView>
#include <QTimer>
#include <QVBoxLayout>
#include <QWidget>
