#include "decisions/AutoReviewer.h"

#include "audit/Actor.h"
#include "decisions/DecisionBook.h"
#include "model/DecisionOutcome.h"
#include "store/Database.h"
#include "store/DecisionRepository.h"
#include "util/ShellCommand.h"
#include "util/Time.h"

#include <QDir>
#include <QFileInfo>
#include <QRegularExpression>

#include <cmath>

namespace sediment {

Json AutoReviewer::Finding::toJson() const
{
    return Json{{"id", decisionId},        {"outcome", toStd(outcome)},         {"confidence", confidence},
                {"signal", toStd(signal)}, {"explanation", toStd(explanation)}, {"applied", applied}};
}

Json AutoReviewer::Report::toJson() const
{
    Json f = Json::array();
    qint64 applied = 0;
    for (const Finding& x : findings) {
        f.push_back(x.toJson());
        applied += x.applied ? 1 : 0;
    }
    Json snaps = Json::array();
    for (qint64 s : snapshots)
        snaps.push_back(s);
    return Json{{"checked", checked}, {"reviewed", applied}, {"findings", f}, {"snapshots", snaps}};
}

QStringList AutoReviewer::namedFiles(const Decision& d)
{
    static const QRegularExpression candidate(
        QStringLiteral(R"((?:[\w.-]+/)*[\w-][\w.-]*\.[A-Za-z0-9]{1,8}\b|(?:[\w.-]+/)+[\w.-]+)"),
        QRegularExpression::UseUnicodePropertiesOption);
    QStringList out;
    for (const QString* text : {&d.description, &d.context, &d.pattern}) {
        auto it = candidate.globalMatch(*text);
        while (it.hasNext()) {
            QString path = it.next().captured(0);
            while (path.endsWith(QLatin1Char('.')))
                path.chop(1);
            // "0.7" or "v1.2" are numbers, not files: a file name has a letter before its dot.
            if (path.isEmpty() || !path.contains(QRegularExpression(QStringLiteral("[A-Za-z_]"))))
                continue;
            if (!out.contains(path))
                out << path;
        }
    }
    return out;
}

std::optional<AutoReviewer::Finding> AutoReviewer::fileCreatedSignal(const Decision& d) const
{
    const auto made = time::parseIso(d.createdAt);
    if (!made)
        return std::nullopt;
    for (const QString& name : namedFiles(d)) {
        const QString path = QDir::isAbsolutePath(name) ? name : QDir(m_root).filePath(name);
        const QFileInfo info(path);
        if (!info.isFile())
            continue;
        // Birth time where the file system records it; else the last modification, which is
        // never earlier than the creation.
        QDateTime created = info.birthTime();
        if (!created.isValid())
            created = info.lastModified();
        if (created.toUTC() > *made) {
            Finding f;
            f.decisionId = d.id;
            f.outcome = toString(DecisionOutcome::Success);
            f.confidence = kFileSignalConfidence;
            f.signal = QStringLiteral("file_created");
            f.explanation = QStringLiteral("%1 was created at %2, after the decision (%3)")
                                .arg(name, time::toIso(created), d.createdAt);
            return f;
        }
    }
    return std::nullopt;
}

Result<std::optional<AutoReviewer::Finding>> AutoReviewer::commandSignal(const Decision& d) const
{
    const ShellCommand signal{QStringLiteral("signal command"), m_signalCmd, m_root, m_timeoutMs};
    auto ran =
        signal.run(QByteArray::fromStdString(json::pythonDump(d.toJson())), QStringLiteral("decision %1").arg(d.id));
    if (!ran)
        return fail(ran.error());
    const QByteArray out = ran->trimmed();
    if (out.isEmpty() || out == "null")
        return std::optional<Finding>{};
    Json j = Json::parse(out.constData(), out.constData() + out.size(), nullptr, false);
    const QString bad = QStringLiteral("signal command gave malformed output on decision %1").arg(d.id);
    if (j.is_discarded() || !j.is_object())
        return fail(Error::invalid(bad));
    const auto outcome = j.find("outcome");
    const auto conf = j.find("confidence");
    if (outcome == j.end() || !outcome->is_string() || conf == j.end() || !conf->is_number()
        || !std::isfinite(conf->get<double>()))
        return fail(Error::invalid(bad + QStringLiteral(": needs outcome and confidence")));
    Finding f;
    f.decisionId = d.id;
    f.outcome = fromStd(outcome->get<std::string>());
    if (!isWord(f.outcome, DecisionOutcome::Success) && !isWord(f.outcome, DecisionOutcome::Partial)
        && !isWord(f.outcome, DecisionOutcome::Failure))
        return fail(Error::invalid(bad + QStringLiteral(": outcome must be success, partial or failure")));
    f.confidence = conf->get<double>();
    f.signal = fromStd(j.value("signal", std::string("signal_cmd")));
    f.explanation = fromStd(j.value("explanation", std::string()));
    return std::optional<Finding>(f);
}

Result<AutoReviewer::Report> AutoReviewer::run(bool dryRun)
{
    auto pending = DecisionRepository(m_db).unreviewed();
    if (!pending)
        return fail(pending.error());
    Report report;
    for (const Decision& d : *pending) {
        ++report.checked;
        std::optional<Finding> finding = fileCreatedSignal(d);
        if (!finding && !m_signalCmd.isEmpty()) {
            auto hook = commandSignal(d);
            if (!hook)
                return fail(hook.error());
            finding = *hook;
        }
        if (finding)
            report.findings.push_back(*finding);
    }
    DecisionBook reviewer(m_db, m_clock, Actor::autoReviewer());
    for (Finding& f : report.findings) {
        if (f.confidence < kMinConfidence || dryRun)
            continue;
        DecisionBook::Review r;
        r.id = f.decisionId;
        r.outcome = f.outcome;
        r.text = f.explanation;
        r.reviewer = Actor::autoReviewer();
        r.details = Json{{"signal", toStd(f.signal)}, {"signal_confidence", f.confidence}};
        auto done = reviewer.review(r);
        if (!done)
            return fail(done.error());
        f.applied = true;
        if (done->snapshotId)
            report.snapshots.push_back(*done->snapshotId);
    }
    return report;
}

} // namespace sediment
