#include "agent/AgentHomes.h"

namespace sediment {

void AgentHomes::add(std::unique_ptr<AgentHome> home) { m_homes.push_back(std::move(home)); }

const AgentHome* AgentHomes::speaking(const QString& destination, const Json& op) const
{
    for (const auto& home : m_homes)
        if (home->speaks(destination, op))
            return home.get();
    return nullptr;
}

Json AgentHomes::identity(const QString& destination, const Json& op) const
{
    if (const AgentHome* home = speaking(destination, op))
        if (auto identity = home->identity(destination, op))
            return std::move(*identity);
    return op;
}

const AgentHome* AgentHomes::find(const QString& name) const
{
    for (const auto& home : m_homes)
        if (home->name() == name)
            return home.get();
    return nullptr;
}

const AgentHomes& AgentHomes::none()
{
    static const AgentHomes empty;
    return empty;
}

} // namespace sediment
