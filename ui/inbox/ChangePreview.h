#pragma once

#include <QCoreApplication>
#include <QString>

namespace sediment {
class Workspace;
struct InboxItem;
} // namespace sediment

namespace sediment::ui {

// The two texts a reviewer compares for an item: for a decided item what the target held before
// and after the write; for a pending one, the part of the target the op touches as it is now
// and as it would become.
struct ChangePreview {
    Q_DECLARE_TR_FUNCTIONS(ChangePreview)

public:
    QString before;
    QString after;
    QString beforeTitle;
    QString afterTitle;

    static ChangePreview of(Workspace& workspace, const InboxItem& item);
};

} // namespace sediment::ui
