#include "model/ProfileName.h"

#include <QRegularExpression>

namespace sediment {

const QString& ProfileName::defaultName()
{
    static const QString name = QStringLiteral("default");
    return name;
}

bool ProfileName::isValid(const QString& name)
{
    if (name == defaultName())
        return true;
    static const QRegularExpression grammar(QStringLiteral("^[a-z0-9][a-z0-9_-]{0,63}$"));
    return grammar.match(name).hasMatch();
}

} // namespace sediment
