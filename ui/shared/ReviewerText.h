#pragma once

#include <QString>

namespace sediment::ui {

// A store's message as a person reads it. Hermes' memory tool ends its over-budget refusal with
// what the agent should do next in the same turn ("Consolidate now: use 'replace' ... see
// current_entries below ... all in this turn"); the agent gets it word for word, but a reviewer
// can do none of it, and the window offers its own way out (Make room...) beside the finding.
QString forReviewer(const QString& storeMessage);

} // namespace sediment::ui
