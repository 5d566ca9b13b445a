#include "skills/SkillLedger.h"

#include "skills/HermesUsageFile.h"
#include "util/FileLock.h"

#include <QFile>
#include <QFileInfo>
#include <QUuid>

namespace sediment {

bool SkillLedger::exists() const { return QFileInfo(m_dir + QStringLiteral("/.curator_ledger.jsonl")).isFile(); }

std::string SkillLedger::line(const QString& id, Actor actor, const QString& action, const QString& skill,
                              const Json& evidence, const QDateTime& at)
{
    Json entry = Json::object();
    entry["id"] = toStd(id);
    entry["ts"] = toStd(HermesUsageFile::hermesTime(at));
    entry["actor"] = actor == Actor::User ? "user" : "curator";
    entry["action"] = toStd(action);
    entry["skill"] = toStd(skill);
    entry["evidence"] = evidence.is_object() ? evidence : Json::object();
    entry["before"] = Json::array();
    entry["after"] = Json::array();
    return json::pythonDump(entry) + '\n';
}

Status SkillLedger::append(Actor actor, const QString& action, const QString& skill, const Json& evidence,
                           const QDateTime& at) const
{
    if (!exists())
        return {};
    // The lock Hermes holds while it appends or compacts, so a line never lands on a file
    // that is being replaced.
    auto lock = FileLock::acquire(m_dir + QStringLiteral("/.locks/ledger.lock"));
    if (!lock)
        return fail(lock.error());
    const QString id = QUuid::createUuid().toString(QUuid::Id128).left(12);
    QFile f(m_dir + QStringLiteral("/.curator_ledger.jsonl"));
    if (!f.open(QIODevice::WriteOnly | QIODevice::Append))
        return fail(Error::io(QStringLiteral("cannot append to %1: %2").arg(f.fileName(), f.errorString())));
    const std::string text = line(id, actor, action, skill, evidence, at);
    if (f.write(text.data(), qint64(text.size())) != qint64(text.size()) || !f.flush())
        return fail(Error::io(QStringLiteral("cannot append to %1: %2").arg(f.fileName(), f.errorString())));
    return {};
}

} // namespace sediment
