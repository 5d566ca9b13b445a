#pragma once

#include "store/Database.h"
#include "TeamStore.h"

#include <QFile>
#include <QTemporaryDir>
#include <QTest>

#include <memory>

namespace sediment::test {

// Gives each test function a database of its own: the previous one is closed and its file
// removed, then a new one is opened (and migrated) under the same name.
inline void reopenFreshDatabase(const QTemporaryDir& dir, std::unique_ptr<Database>& db, const QString& name)
{
    QVERIFY(dir.isValid());
    db.reset();
    removeStore(dir.filePath(name));
    auto opened = openStore(dir.filePath(name));
    QVERIFY2(opened.has_value(), opened ? "" : qPrintable(opened.error().message));
    db = std::move(*opened);
}

} // namespace sediment::test
