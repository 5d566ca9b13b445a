#pragma once

#include <QStringList>

class QComboBox;

namespace sediment::ui {

// Fills a filter's choice box: `any` first (no filter: empty data), then one item per value. The
// choice made before stays made while its value is still offered; otherwise `any` is chosen.
void setFilterChoices(QComboBox* box, const QString& any, const QStringList& values);

} // namespace sediment::ui
