#pragma once

#include "apply/WriteHook.h"

#include <QByteArray>
#include <QString>

#include <optional>

namespace sediment {

// Lets an applier run its whole decision (reading the target, the store's rules, the agent's
// messages) and stops it at the first write, before a byte is touched: what approving would do,
// learnt from the code that approves. An applier that refuses never reaches the hook; one that
// would write reaches it and is stopped with dryRunStop().
class DryRunHook final : public WriteHook {
public:
    Status beforeWrite(const QString& absolutePath, const std::optional<QByteArray>& current,
                       const std::optional<QByteArray>& next) override;

    // The error the hook stops the applier with; its message tells it from any other error.
    static const QString& stopMessage();
    static bool isStop(const Error& e);

    bool reached() const { return m_reached; }
    // The first write it stopped: whether it would change the file.
    bool wouldChange() const { return m_current != m_next; }
    const QString& path() const { return m_path; }

private:
    bool m_reached = false;
    QString m_path;
    std::optional<QByteArray> m_current;
    std::optional<QByteArray> m_next;
};

} // namespace sediment
