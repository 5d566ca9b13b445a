#include "model/JournalEntry.h"

#include "util/Sha256.h"

namespace sediment {

std::optional<QString> JournalEntry::hashOf(const std::optional<QByteArray>& bytes)
{
    if (!bytes)
        return std::nullopt;
    return QString::fromLatin1(Sha256::hex(std::string_view(bytes->constData(), size_t(bytes->size()))));
}

bool JournalEntry::holds(const std::optional<QByteArray>& onDisk, const std::optional<QByteArray>& bytes)
{
    const QByteArray a = onDisk.value_or(QByteArray());
    const QByteArray b = bytes.value_or(QByteArray());
    return a == b;
}

} // namespace sediment
