#include "apply/DryRunHook.h"

namespace sediment {

const QString& DryRunHook::stopMessage()
{
    static const QString m = QStringLiteral("dry run: stopped before writing");
    return m;
}

bool DryRunHook::isStop(const Error& e) { return e.kind == ErrorKind::Refused && e.message == stopMessage(); }

Status DryRunHook::beforeWrite(const QString& absolutePath, const std::optional<QByteArray>& current,
                               const std::optional<QByteArray>& next)
{
    m_reached = true;
    m_path = absolutePath;
    m_current = current;
    m_next = next;
    return fail(Error::refused(stopMessage()));
}

} // namespace sediment
