#pragma once

#include "util/Error.h"

#include <QByteArray>
#include <QHash>
#include <QString>
#include <QStringView>

#include <optional>
#include <vector>

struct stat;
struct timespec;

namespace sediment {

// The names the last walk of a skills/ folder read from its SKILL.md files, kept between
// processes in the user's cache folder, so that the next walk stats a file instead of opening
// and reading it: two system calls a skill instead of five, which on a home of 100,000 skills
// is most of the curator's walk.
//
// An entry counts only while stat says exactly what it said when the file was read: device,
// inode, size, modification and change times. A write moves the change time, which user space
// cannot set back, so a file edited in place, replaced or touched is read again. A file changed
// within a few seconds before it was read is not kept (a second write within the same tick of
// the file system's clock would leave its stamp as it was).
//
// It is only a cache: a missing, unreadable, damaged or foreign file is an empty cache, and a
// cache that cannot be written is not an error.
class SkillNameCache final {
public:
    // What stat says about a SKILL.md.
    struct Stamp {
        quint64 device = 0;
        quint64 inode = 0;
        qint64 size = 0;
        qint64 mtimeNs = 0;
        qint64 ctimeNs = 0;
        bool operator==(const Stamp&) const = default;

        static Stamp of(const struct stat& st);
    };
    struct Entry {
        QStringView folder; // relative to skills/, as SkillWalk::Found names it
        QStringView name;
        Stamp stamp;
        bool hit = false; // the walk took the name from this cache
    };
    // A large folder as the walk last listed it: every subfolder's name on disk, in the walk's
    // order, and what its SKILL.md was. It holds while the folder's own stamp does: adding,
    // removing or renaming an entry moves the folder's times. Only folders of kListedFolders
    // subfolders or more are kept, and only listings the file system typed entirely (no entry
    // of unknown type, no SKILL.md that is a link to follow).
    struct Listing {
        QString folder; // relative to skills/; empty for skills/ itself
        Stamp stamp;
        bool skillEntry = false; // a SKILL.md of any kind
        bool skillFile = false;  // a SKILL.md that is a regular file
        std::vector<QByteArray> subfolders;
        bool hit = false; // the walk took it from this cache
    };
    static constexpr std::size_t kListedFolders = 256;

    // A home with fewer skills is walked in a few milliseconds: no file is written for it.
    static constexpr std::size_t kMinimumSkills = 1000;
    // A file changed this close before the walk began may change again within one tick of its
    // file system's clock (a second on some, two on FAT) and keep its stamp: it is not kept.
    static constexpr qint64 kSettleNs = 3'000'000'000;

    SkillNameCache() = default; // no file: every lookup misses, nothing is kept

    // The cache of the skills/ folder at `skillsDir`, in $XDG_CACHE_HOME/sediment/skill-names/.
    static SkillNameCache forSkills(const QString& skillsDir);
    // The cache in `file` for `skillsDir` (tests choose the file, the minimum and the margin).
    static SkillNameCache at(const QString& file, const QString& skillsDir, std::size_t minimumSkills = kMinimumSkills,
                             qint64 settleNs = kSettleNs);

    bool isNull() const { return m_file.isEmpty(); } // no file: nothing is kept
    const QString& file() const { return m_file; }
    qsizetype size() const { return m_index.size(); }
    // The name read from the folder's SKILL.md when its stamp is still `stamp` (a view into the
    // cache, valid while it lives).
    std::optional<QStringView> name(QStringView folder, const Stamp& stamp) const;
    // The listing kept for `folder` when the folder's stamp is still `stamp`.
    const Listing* listing(QStringView folder, const Stamp& stamp) const;
    // Whether a file or folder with this stamp, read by a walk that began at `walkStart`, may
    // be kept.
    bool settled(const Stamp& stamp, const struct timespec& walkStart) const;

    // Writes `entries` and `listings` (the walk's, in its order) unless each was a hit and there
    // are as many as were loaded: a temporary file renamed over the old one, so a reader sees
    // one or the other whole.
    Status keep(const std::vector<Entry>& entries, const std::vector<Listing>& listings = {}) const;

private:
    QString m_file;
    QString m_skillsDir;
    std::size_t m_minimum = kMinimumSkills;
    qint64 m_settleNs = kSettleNs;
    QByteArray m_bytes;                    // the file as read; the index points into it
    QHash<QStringView, qsizetype> m_index; // folder → offset of its entry in m_bytes
    std::vector<Listing> m_listings;
};

} // namespace sediment
