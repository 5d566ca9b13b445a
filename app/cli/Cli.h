#pragma once

#include <QStringList>

namespace sediment::cli {

// The whole command line: global options, dispatch to a verb, or the GUI when there is none.
int run(const QStringList& arguments);

QString helpText(); // `sediment --help`
QString version();  // `sediment --version`

} // namespace sediment::cli
