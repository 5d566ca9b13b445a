// A Hermes home's config.yaml, read through a real file as the workspace reads it: whatever the
// YAML, the limits come back as values or as an explanation, never a crash; a limit that
// cannot be read resets both.
#include "FuzzInput.h"

#include "workspace/HermesConfig.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>

using namespace sediment;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    // In memory when the system offers it: a file write per input is most of the cost.
    static QTemporaryDir dir(QDir(QStringLiteral("/dev/shm")).exists()
                                 ? QStringLiteral("/dev/shm/sediment-fuzz-XXXXXX")
                                 : QDir::tempPath() + QStringLiteral("/sediment-fuzz-XXXXXX"));
    static const QString path = dir.filePath(QStringLiteral("config.yaml"));
    QFile f(path);
    fuzz::require(f.open(QIODevice::WriteOnly | QIODevice::Truncate), "the scratch file opens");
    f.write(fuzz::bytes(data, size));
    f.close();
    const HermesConfig c = HermesConfig::load(path);
    // Any number int() reads is kept, as Hermes keeps it (even a negative one); a limit it
    // cannot read gives both defaults, never one limit from the file beside one default.
    if (c.problem.contains(QLatin1String("is not an integer")))
        fuzz::require(!c.memoryCharLimit && !c.userCharLimit, "one unreadable limit resets both");
    return 0;
}
