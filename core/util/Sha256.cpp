#include "util/Sha256.h"

#include <QCryptographicHash>

namespace sediment {

QByteArray Sha256::digest(std::string_view data)
{
    return QCryptographicHash::hash(QByteArrayView(data.data(), qsizetype(data.size())), QCryptographicHash::Sha256);
}

QByteArray Sha256::hex(std::string_view data) { return digest(data).toHex(); }

} // namespace sediment
