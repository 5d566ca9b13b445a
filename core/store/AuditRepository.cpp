#include "store/AuditRepository.h"

#include "store/Database.h"
#include "util/Sha256.h"
#include "util/Time.h"

namespace sediment {

AuditEntry AuditRepository::fromRow(const Statement& st)
{
    AuditEntry e;
    st.columns(0, e.seq, e.at, e.actor, e.action, e.subjectType, e.subjectId, e.reason, e.before, e.after);
    // A details cell that no longer parses (a forged row) is kept as a string: verify() then
    // reports the mismatch instead of the reader failing.
    const std::string raw = st.utf8(9);
    e.details = Json::parse(raw, nullptr, false);
    if (e.details.is_discarded())
        e.details = raw;
    st.columns(10, e.prevHash, e.hash);
    return e;
}

QString AuditRepository::genesisHash() { return QString(64, QLatin1Char('0')); }

QString AuditRepository::computeHash(const AuditEntry& e)
{
    Json row = e.toJson();
    row.erase("hash");
    const std::string material = toStd(e.prevHash) + json::canonical(row);
    return QString::fromLatin1(Sha256::hex(material));
}

Result<AuditEntry> AuditRepository::append(AuditEntry e)
{
    auto last = m_cache.get(Last, "SELECT seq, hash FROM audit_log ORDER BY seq DESC LIMIT 1");
    if (!last)
        return fail(last.error());
    auto row = (*last)->step();
    if (!row)
        return fail(row.error());
    e.seq = *row ? (*last)->int64(0) + 1 : 1;
    e.prevHash = *row ? (*last)->text(1) : genesisHash();
    (*last)->reset(); // a cached statement left on a row would keep its read open
    e.at = time::toIso(m_clock.now());
    e.hash = computeHash(e);

    // On a team's server, also the canonical details the hash covers, so that the server can
    // check the hash before the row joins the chain (store/postgres/PostgresRights.cpp).
    auto ins = m_cache.get(Insert, {"INSERT INTO audit_log(seq, at, actor, action, subject_type, subject_id, reason, "
                                    "before, after, details, prev_hash, hash) VALUES (?,?,?,?,?,?,?,?,?,?,?,?)",
                                    "INSERT INTO audit_log(seq, at, actor, action, subject_type, subject_id, reason, "
                                    "before, after, details, prev_hash, hash, details_canonical) "
                                    "VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?)"});
    if (!ins)
        return fail(ins.error());
    (*ins)
        ->bind(1, e.seq)
        .bind(2, e.at)
        .bind(3, e.actor)
        .bind(4, e.action)
        .bind(5, e.subjectType)
        .bind(6, e.subjectId)
        .bind(7, e.reason)
        .bind(8, e.before)
        .bind(9, e.after)
        .bind(10, e.details.dump())
        .bind(11, e.prevHash)
        .bind(12, e.hash);
    if (m_db.isServer())
        (*ins)->bind(13, json::canonical(e.details));
    if (auto s = (*ins)->exec(); !s)
        return fail(s.error());
    return e;
}

Result<std::vector<AuditEntry>> AuditRepository::list(const Query& q)
{
    std::string sql = std::string("SELECT ") + kColumns
                      + " FROM audit_log WHERE seq > ?1"
                        " AND (?2 = '' OR subject_type = ?2) AND (?3 = '' OR subject_id = ?3)"
                        " AND (?4 = '' OR actor = ?4) AND (?5 = '' OR action = ?5)"
                        " ORDER BY seq "
                      + (q.newestFirst ? "DESC" : "ASC") + " LIMIT ?6";
    auto st = m_db.prepare(sql.c_str());
    if (!st)
        return fail(st.error());
    st->bind(1, q.afterSeq)
        .bind(2, q.subjectType)
        .bind(3, q.subjectId)
        .bind(4, q.actor)
        .bind(5, q.action)
        .bind(6, qint64(q.limit));
    return st->collect<AuditEntry>(fromRow);
}

Result<qint64> AuditRepository::count() { return m_db.scalar("SELECT COUNT(*) FROM audit_log"); }

Result<std::optional<AuditRepository::Break>> AuditRepository::verify()
{
    auto st = m_db.prepare((std::string("SELECT ") + kColumns + " FROM audit_log ORDER BY seq").c_str());
    if (!st)
        return fail(st.error());
    QString expectedPrev = genesisHash();
    qint64 expectedSeq = 1;
    for (;;) {
        auto r = st->step();
        if (!r)
            return fail(r.error());
        if (!*r)
            break;
        const AuditEntry e = fromRow(*st);
        if (e.seq != expectedSeq)
            return std::optional<Break>(Break{e.seq, QStringLiteral("row %1 is missing before it").arg(expectedSeq)});
        if (e.prevHash != expectedPrev)
            return std::optional<Break>(
                Break{e.seq, QStringLiteral("prev_hash does not match the previous row's hash")});
        if (computeHash(e) != e.hash)
            return std::optional<Break>(Break{e.seq, QStringLiteral("hash does not match the row's contents")});
        expectedPrev = e.hash;
        ++expectedSeq;
    }
    return std::optional<Break>();
}

} // namespace sediment
