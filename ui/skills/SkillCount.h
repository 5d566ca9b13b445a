#pragma once

#include <QString>

namespace sediment::ui {

// "1 skill", "3 skills": the Skills page's count and the curator's question say it alike.
QString skillCount(qint64 n);

} // namespace sediment::ui
