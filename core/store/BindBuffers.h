#pragma once

#include "util/Json.h"

#include <QString>

#include <array>
#include <string>
#include <string_view>

namespace sediment {

class Statement;

// The UTF-8 texts bound to a repository's hot statements, one buffer per parameter slot, kept
// from row to row: a pass of many inserts converts into them without allocating, and binds them
// with Statement::bindUnowned. A view stays valid until the same slot is written again, so the
// owner keeps this alive, and a slot unchanged, until its statements have run and been reset.
class BindBuffers final {
public:
    static constexpr int kSlots = 26;

    std::string_view utf8(int slot, const QString& text);
    // The compact JSON text, as json::compact() writes it.
    std::string_view json(int slot, const Json& value);

    // Binds parameter `column` from the slot of the same number; an absent text leaves the
    // parameter NULL (as a statement is after its reset).
    void bindText(Statement& st, int column, const QString& text);
    void bindText(Statement& st, int column, const std::optional<QString>& text);
    void bindJson(Statement& st, int column, const Json& value);

private:
    std::array<std::string, kSlots> m_slots;
    std::array<QString, kSlots> m_sources; // the text each slot was converted from, if any
};

} // namespace sediment
