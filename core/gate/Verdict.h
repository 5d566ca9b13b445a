#pragma once

#include <QString>

namespace sediment {

// A gate's answer. A "no" is a value, not an error: an Error from a gate means the gate itself
// could not decide, and stops the pass (docs/architecture.md#3-the-gate).
struct Verdict {
    enum class Kind { Approve, Reject, Defer };

    Kind kind = Kind::Defer;
    QString reason;
    QString actor; // who decided, for the audit log: "gate:score", "gate:human", ...

    static Verdict approve(QString reason, QString actor)
    {
        return {Kind::Approve, std::move(reason), std::move(actor)};
    }
    static Verdict reject(QString reason, QString actor) { return {Kind::Reject, std::move(reason), std::move(actor)}; }
    static Verdict defer(QString reason, QString actor) { return {Kind::Defer, std::move(reason), std::move(actor)}; }

    bool approved() const { return kind == Kind::Approve; }
};

} // namespace sediment
