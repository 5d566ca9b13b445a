#include "skills/SkillNameCache.h"

#include <QCryptographicHash>
#include <QDateTime>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QStandardPaths>
#include <QTemporaryFile>

#include <algorithm>
#include <cstdio>
#include <cstring>
#include <sys/stat.h>
#include <time.h>

namespace sediment {

namespace {

// The file: magic, the skills/ folder it describes, the entry count, the entries (a stamp, two
// lengths in UTF-16 units, the folder and the name in UTF-16), the listing count, the listings
// (the folder's stamp, the folder's length in UTF-16 units, the subfolder count, the SKILL.md
// flags, the folder in UTF-16, each subfolder as a byte length and its bytes), and a hash of all
// that. Native byte order: the magic's last bytes tell another order (or another version) apart.
constexpr char kMagic[8] = {'S', 'D', 'S', 'K', 'N', 'C', 2, 0};
constexpr quint32 kOrderMark = 0x01020304;
constexpr qsizetype kStampBytes = 5 * 8;
constexpr qsizetype kEntryHead = kStampBytes + 2 * 4;
// Caches not rewritten for this long are removed when another is written (one still in use is
// only rebuilt by its next walk).
constexpr qint64 kUnusedDays = 30;

qint64 ns(const struct timespec& t) { return qint64(t.tv_sec) * 1'000'000'000 + t.tv_nsec; }

template <typename T>
void put(QByteArray& out, T value)
{
    out.append(reinterpret_cast<const char*>(&value), sizeof value);
}

void putStamp(QByteArray& out, const SkillNameCache::Stamp& s)
{
    put(out, s.device);
    put(out, s.inode);
    put(out, s.size);
    put(out, s.mtimeNs);
    put(out, s.ctimeNs);
}

void putText(QByteArray& out, QStringView text)
{
    out.append(reinterpret_cast<const char*>(text.utf16()), text.size() * 2);
}

// Reads fixed-size fields from the loaded bytes; every read is bounds-checked.
class Reader final {
public:
    explicit Reader(QByteArrayView bytes) : m_bytes(bytes) {}
    qsizetype pos() const { return m_pos; }
    bool ok() const { return m_ok; }
    template <typename T>
    T take()
    {
        T value{};
        if (!need(sizeof value))
            return value;
        std::memcpy(&value, m_bytes.data() + m_pos, sizeof value);
        m_pos += sizeof value;
        return value;
    }
    QStringView text(quint32 units)
    {
        if (!need(qsizetype(units) * 2))
            return {};
        const auto* p = reinterpret_cast<const char16_t*>(m_bytes.data() + m_pos);
        m_pos += qsizetype(units) * 2;
        return QStringView(p, qsizetype(units));
    }
    void skip(qsizetype n) { m_ok = need(n) && (m_pos += n, true); }

private:
    bool need(qsizetype n)
    {
        m_ok = m_ok && n >= 0 && m_bytes.size() - m_pos >= n;
        return m_ok;
    }
    QByteArrayView m_bytes;
    qsizetype m_pos = 0;
    bool m_ok = true;
};

SkillNameCache::Stamp stampAt(const char* p)
{
    SkillNameCache::Stamp s;
    std::memcpy(&s.device, p, 8);
    std::memcpy(&s.inode, p + 8, 8);
    std::memcpy(&s.size, p + 16, 8);
    std::memcpy(&s.mtimeNs, p + 24, 8);
    std::memcpy(&s.ctimeNs, p + 32, 8);
    return s;
}

void removeUnused(const QString& dir, const QString& keep)
{
    const QDateTime cutoff = QDateTime::currentDateTimeUtc().addDays(-kUnusedDays);
    // A temporary file left by a killed process goes the same way.
    const auto old =
        QDir(dir).entryInfoList({QStringLiteral("*.cache"), QStringLiteral("*.cache.*")}, QDir::Files, QDir::Unsorted);
    for (const QFileInfo& f : old) {
        if (f.absoluteFilePath() != keep && f.lastModified() < cutoff)
            QFile::remove(f.absoluteFilePath());
    }
}

} // namespace

SkillNameCache::Stamp SkillNameCache::Stamp::of(const struct stat& st)
{
    return {quint64(st.st_dev), quint64(st.st_ino), qint64(st.st_size), ns(st.st_mtim), ns(st.st_ctim)};
}

bool SkillNameCache::settled(const Stamp& stamp, const struct timespec& walkStart) const
{
    return stamp.ctimeNs < ns(walkStart) - m_settleNs && stamp.mtimeNs < ns(walkStart) - m_settleNs;
}

SkillNameCache SkillNameCache::forSkills(const QString& skillsDir)
{
    const QString base = QStandardPaths::writableLocation(QStandardPaths::GenericCacheLocation);
    if (base.isEmpty())
        return {};
    const QString absolute = QFileInfo(skillsDir).absoluteFilePath();
    const QByteArray id = QCryptographicHash::hash(absolute.toUtf8(), QCryptographicHash::Sha256).toHex().left(32);
    return at(base + QStringLiteral("/sediment/skill-names/") + QString::fromLatin1(id) + QStringLiteral(".cache"),
              absolute);
}

SkillNameCache SkillNameCache::at(const QString& file, const QString& skillsDir, std::size_t minimumSkills,
                                  qint64 settleNs)
{
    SkillNameCache cache;
    cache.m_file = file;
    cache.m_skillsDir = QFileInfo(skillsDir).absoluteFilePath();
    cache.m_minimum = minimumSkills;
    cache.m_settleNs = settleNs;
    QFile f(file);
    if (!f.open(QIODevice::ReadOnly))
        return cache;
    QByteArray bytes = f.readAll();
    if (bytes.size() < qsizetype(sizeof kMagic + 8 + 8) || std::memcmp(bytes.constData(), kMagic, sizeof kMagic) != 0)
        return cache;
    const qsizetype body = bytes.size() - 8;
    quint64 sum = 0;
    std::memcpy(&sum, bytes.constData() + body, 8);
    if (sum != quint64(qHashBits(bytes.constData(), std::size_t(body), 0)))
        return cache;
    Reader r(QByteArrayView(bytes.constData(), body));
    r.skip(sizeof kMagic);
    if (r.take<quint32>() != kOrderMark)
        return cache;
    const quint32 pathUnits = r.take<quint32>();
    if (r.text(pathUnits) != cache.m_skillsDir || !r.ok())
        return cache;
    const quint32 count = r.take<quint32>();
    QHash<QStringView, qsizetype> index;
    index.reserve(qsizetype(std::min<quint32>(count, 1U << 22)));
    for (quint32 k = 0; k < count && r.ok(); ++k) {
        const qsizetype at = r.pos();
        r.skip(kStampBytes);
        const quint32 folderUnits = r.take<quint32>();
        const quint32 nameUnits = r.take<quint32>();
        const QStringView folder = r.text(folderUnits);
        r.text(nameUnits);
        if (r.ok())
            index.insert(folder, at);
    }
    const quint32 listingCount = r.take<quint32>();
    std::vector<Listing> listings;
    for (quint32 k = 0; k < listingCount && r.ok(); ++k) {
        Listing l;
        const qsizetype at = r.pos();
        r.skip(kStampBytes);
        if (r.ok())
            l.stamp = stampAt(bytes.constData() + at);
        const quint32 folderUnits = r.take<quint32>();
        const quint32 count = r.take<quint32>();
        const quint32 flags = r.take<quint32>();
        l.skillEntry = flags & 1;
        l.skillFile = flags & 2;
        l.folder = r.text(folderUnits).toString();
        if (!r.ok() || count > quint32(body))
            break;
        l.subfolders.reserve(count);
        for (quint32 c = 0; c < count && r.ok(); ++c) {
            const quint32 length = r.take<quint32>();
            const qsizetype from = r.pos();
            r.skip(qsizetype(length));
            if (r.ok())
                l.subfolders.emplace_back(bytes.constData() + from, qsizetype(length));
        }
        listings.push_back(std::move(l));
    }
    if (!r.ok() || r.pos() != body)
        return cache;
    // The views in the index point into these bytes, which the cache now owns unchanged.
    cache.m_bytes = std::move(bytes);
    cache.m_index = std::move(index);
    cache.m_listings = std::move(listings);
    return cache;
}

std::optional<QStringView> SkillNameCache::name(QStringView folder, const Stamp& stamp) const
{
    const auto it = m_index.constFind(folder);
    if (it == m_index.constEnd())
        return std::nullopt;
    const char* p = m_bytes.constData() + *it;
    if (stampAt(p) != stamp)
        return std::nullopt;
    quint32 folderUnits = 0;
    quint32 nameUnits = 0;
    std::memcpy(&folderUnits, p + kStampBytes, 4);
    std::memcpy(&nameUnits, p + kStampBytes + 4, 4);
    const auto* name = reinterpret_cast<const char16_t*>(p + kEntryHead + qsizetype(folderUnits) * 2);
    return QStringView(name, qsizetype(nameUnits));
}

const SkillNameCache::Listing* SkillNameCache::listing(QStringView folder, const Stamp& stamp) const
{
    for (const Listing& l : m_listings) { // a handful: the large folders only
        if (l.folder == folder)
            return l.stamp == stamp ? &l : nullptr;
    }
    return nullptr;
}

Status SkillNameCache::keep(const std::vector<Entry>& entries, const std::vector<Listing>& listings) const
{
    if (m_file.isEmpty() || entries.size() < m_minimum)
        return {};
    if (qsizetype(entries.size()) == m_index.size() && listings.size() == m_listings.size()
        && std::all_of(entries.begin(), entries.end(), [](const Entry& e) { return e.hit; })
        && std::all_of(listings.begin(), listings.end(), [](const Listing& l) { return l.hit; }))
        return {};

    QByteArray out;
    out.reserve(qsizetype(entries.size()) * (kEntryHead + 64) + 256);
    out.append(kMagic, sizeof kMagic);
    put(out, kOrderMark);
    put(out, quint32(m_skillsDir.size()));
    putText(out, m_skillsDir);
    put(out, quint32(entries.size()));
    for (const Entry& e : entries) {
        putStamp(out, e.stamp);
        put(out, quint32(e.folder.size()));
        put(out, quint32(e.name.size()));
        putText(out, e.folder);
        putText(out, e.name);
    }
    put(out, quint32(listings.size()));
    for (const Listing& l : listings) {
        putStamp(out, l.stamp);
        put(out, quint32(l.folder.size()));
        put(out, quint32(l.subfolders.size()));
        put(out, quint32((l.skillEntry ? 1 : 0) | (l.skillFile ? 2 : 0)));
        putText(out, l.folder);
        for (const QByteArray& sub : l.subfolders) {
            put(out, quint32(sub.size()));
            out.append(sub);
        }
    }
    put(out, quint64(qHashBits(out.constData(), std::size_t(out.size()), 0)));

    const QString dir = QFileInfo(m_file).absolutePath();
    if (!QDir().mkpath(dir))
        return fail(Error::io(QStringLiteral("cannot create %1").arg(dir)));
    // Not synced: a cache torn by a crash fails its hash and is rebuilt by the next walk.
    QTemporaryFile tmp(m_file + QStringLiteral(".XXXXXX"));
    tmp.setAutoRemove(true);
    if (!tmp.open() || tmp.write(out) != out.size() || !tmp.flush())
        return fail(Error::io(QStringLiteral("cannot write %1").arg(tmp.fileName())));
    if (std::rename(QFile::encodeName(tmp.fileName()).constData(), QFile::encodeName(m_file).constData()) != 0)
        return fail(Error::io(QStringLiteral("cannot replace %1").arg(m_file)));
    tmp.setAutoRemove(false);
    removeUnused(dir, m_file);
    return {};
}

} // namespace sediment
