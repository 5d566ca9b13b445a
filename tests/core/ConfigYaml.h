#pragma once

#include "FileBytes.h"
#include "workspace/HermesConfig.h"

#include <QTemporaryDir>

namespace sediment::test {

// `yaml` written as the config.yaml of `dir`, then read as Sediment reads a Hermes home's.
inline HermesConfig loadConfigYaml(const QTemporaryDir& dir, const QByteArray& yaml)
{
    const QString path = dir.filePath(QStringLiteral("config.yaml"));
    writeFileBytes(path, yaml);
    return HermesConfig::load(path);
}

} // namespace sediment::test
