// The headers nearly every translation unit of the core and the command line parses: QtCore's
// common classes, nlohmann_json (216 of their 237 units include it) and the standard library.
// Compiled once (sediment_util) and reused by every layer, they save about a third of a cold
// build's compile time. Only other projects' headers belong here: one of ours would rebuild
// everything on each change, and a layer would see headers it must not include.
#pragma once

#include <QByteArray>
#include <QDateTime>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QHash>
#include <QList>
#include <QRegularExpression>
#include <QSet>
#include <QString>
#include <QStringList>
#include <QStringView>

#include <nlohmann/json.hpp>

#include <algorithm>
#include <array>
#include <expected>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>
