#include "skills/SkillCount.h"

#include <QCoreApplication>

namespace sediment::ui {

QString skillCount(qint64 n)
{
    return n == 1 ? QCoreApplication::translate("SkillCount", "1 skill")
                  : QCoreApplication::translate("SkillCount", "%1 skills").arg(n);
}

} // namespace sediment::ui
