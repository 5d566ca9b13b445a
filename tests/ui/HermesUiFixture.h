#pragma once

// Test data for the Hermes UI tests (docs/verbs.md#hermes): a copy of the fixture Hermes home
// (tests/fixtures/hermes-home: config.yaml, memories, eleven staged writes and one unusable
// file) in a fresh folder, opened as a workspace, so each test starts from the same queue.

#include "TeamStore.h"
#include "workspace/Workspace.h"

#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QFileInfo>

#include <memory>

namespace sediment::testing {

// Null when the copy or the opening fails.
inline std::unique_ptr<Workspace> openHermesHomeCopy(const QString& folder)
{
    const QString from = QStringLiteral(SEDIMENT_SOURCE_DIR "/tests/fixtures/hermes-home");
    QDirIterator it(from, QDir::Files, QDirIterator::Subdirectories);
    while (it.hasNext()) {
        const QString src = it.next();
        const QString dst = folder + src.mid(from.size());
        QDir().mkpath(QFileInfo(dst).absolutePath());
        if (!QFile::copy(src, dst))
            return nullptr;
    }
    auto ws = sediment::test::openWorkspace(folder);
    return ws ? std::move(*ws) : nullptr;
}

} // namespace sediment::testing
