#include "shared/ReviewerText.h"

namespace sediment::ui {

QString forReviewer(const QString& storeMessage)
{
    const qsizetype advice = storeMessage.indexOf(QLatin1String(" Consolidate now:"));
    return advice < 0 ? storeMessage : storeMessage.left(advice);
}

} // namespace sediment::ui
