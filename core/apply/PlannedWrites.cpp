#include "apply/PlannedWrites.h"

namespace sediment {

Status PlannedWrites::beforeWrite(const QString& absolutePath, const std::optional<QByteArray>& current,
                                  const std::optional<QByteArray>& next)
{
    ++m_writes;
    if (!m_original.contains(absolutePath)) {
        m_original.insert(absolutePath, current);
        m_paths.append(absolutePath);
    }
    m_planned.insert(absolutePath, next);
    if (m_writes != m_commitAt)
        return fail(Error::refused(QStringLiteral("planned as a step of a group; not written yet")));
    return m_real ? m_real->beforeWrite(absolutePath, m_original.value(absolutePath), next) : Status{};
}

const std::optional<QByteArray>* PlannedWrites::planned(const QString& absolutePath) const
{
    const auto it = m_planned.constFind(absolutePath);
    return it == m_planned.constEnd() ? nullptr : &it.value();
}

} // namespace sediment
