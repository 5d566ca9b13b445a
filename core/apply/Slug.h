#pragma once

#include <QString>

namespace sediment {

// File names for new notes (brain/inbox, chantiers/inbox): lowercase ASCII words joined by
// dashes, made unique in their folder with -2, -3, ...
class Slug final {
public:
    static QString fromTitle(const QString& title);

    // The first of `base`, `base-2`, `base-3`, ... for which `<folder>/<name>.md` is free.
    // `folder` is absolute (already confined by the caller).
    static QString unique(const QString& folder, const QString& base);
};

} // namespace sediment
