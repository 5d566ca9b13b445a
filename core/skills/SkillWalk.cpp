#include "skills/SkillWalk.h"

#include "skills/SkillPathRule.h"
#include "util/PyText.h"

#include <QFile>
#include <QStringDecoder>

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <climits>
#include <cstdint>
#include <cstring>
#include <dirent.h>
#include <fcntl.h>
#include <linux/magic.h>
#include <mutex>
#include <string>
#include <string_view>
#include <sys/stat.h>
#include <sys/statfs.h>
#include <sys/syscall.h>
#include <system_error>
#include <thread>
#include <time.h>
#include <unistd.h>

namespace sediment {

namespace {

constexpr qint64 kHeadBytes = 16000; // 4,000 characters of UTF-8 at most

bool isAscii(QByteArrayView v)
{
    return std::all_of(v.begin(), v.end(), [](char c) { return static_cast<unsigned char>(c) < 0x80; });
}

class Fd final {
public:
    explicit Fd(int fd) : m_fd(fd) {}
    ~Fd()
    {
        if (m_fd >= 0)
            ::close(m_fd);
    }
    Fd(const Fd&) = delete;
    Fd& operator=(const Fd&) = delete;
    int get() const { return m_fd; }

private:
    int m_fd;
};

struct Listing {
    // Not symlinks, nor folders SkillPathRule excludes: decoded name, name on disk.
    std::vector<std::pair<QString, QByteArray>> folders;
    bool skillFile = false;  // a SKILL.md to read: a regular file, or a link to one
    bool skillEntry = false; // a SKILL.md of any kind (Hermes' exists()): its support folders hold no skills
    bool ascii = true;       // every folder name: then their bytes sort as their UTF-16 does
    // For a SkillNameCache: every subfolder, excluded ones too (the rules are applied when the
    // listing is used), and whether the file system typed every entry itself.
    std::vector<QByteArray> all;
    bool typed = true;
};

// A listing SkillNameCache kept, as list() would give it now.
Listing fromKept(const SkillNameCache::Listing& kept)
{
    Listing out;
    out.skillFile = kept.skillFile;
    out.skillEntry = kept.skillEntry;
    out.all = kept.subfolders;
    out.folders.reserve(kept.subfolders.size());
    for (const QByteArray& raw : kept.subfolders) {
        if (!SkillPathRule::excludedFolder(raw))
            out.folders.emplace_back(QFile::decodeName(raw), raw);
    }
    return out;
}

// Whether `name` in `dirFd` is a directory (`wantDir`) or a file, for entries whose type the
// file system did not report, or a symlink that isFile() would follow.
bool statIs(int dirFd, const char* name, bool wantDir, bool follow)
{
    struct stat st {};
    if (::fstatat(dirFd, name, &st, follow ? 0 : AT_SYMLINK_NOFOLLOW) != 0)
        return false;
    return wantDir ? S_ISDIR(st.st_mode) : S_ISREG(st.st_mode);
}

Listing list(int dirFd)
{
    Listing out;
    // The folder names one after another in one buffer, sorted as views of it: on a skills/ of
    // 100,000 folders that halves the time a sort of separately allocated names took.
    std::string names;
    std::vector<std::pair<std::uint32_t, std::uint32_t>> spans; // offset and length in `names`
    alignas(8) char buf[32768];
    for (;;) {
        const long n = ::syscall(SYS_getdents64, dirFd, buf, sizeof buf);
        if (n <= 0)
            break;
        for (long pos = 0; pos < n;) {
            const auto* d = reinterpret_cast<const struct dirent64*>(buf + pos);
            pos += d->d_reclen;
            const char* name = d->d_name;
            if (name[0] == '.' && (name[1] == '\0' || (name[1] == '.' && name[2] == '\0')))
                continue;
            if (std::strcmp(name, "SKILL.md") == 0) {
                if (d->d_type == DT_LNK || d->d_type == DT_UNKNOWN) {
                    out.typed = false;
                    struct stat st {};
                    out.skillEntry = ::fstatat(dirFd, name, &st, 0) == 0;
                    out.skillFile = out.skillEntry && S_ISREG(st.st_mode);
                } else {
                    out.skillEntry = true;
                    out.skillFile = d->d_type == DT_REG;
                }
                continue;
            }
            out.typed = out.typed && d->d_type != DT_UNKNOWN;
            if (d->d_type == DT_DIR || (d->d_type == DT_UNKNOWN && statIs(dirFd, name, true, false))) {
                const std::size_t length = std::strlen(name);
                spans.emplace_back(std::uint32_t(names.size()), std::uint32_t(length));
                names.append(name, length);
                out.ascii = out.ascii && isAscii(QByteArrayView(name, qsizetype(length)));
            }
        }
    }
    const char* base = names.data();
    const auto bytes = [base](const auto& span) { return std::string_view(base + span.first, span.second); };
    if (out.ascii) // then bytes sort as their UTF-16 does
        std::sort(spans.begin(), spans.end(), [&](const auto& a, const auto& b) { return bytes(a) < bytes(b); });
    out.folders.reserve(spans.size());
    for (const auto& span : spans) {
        QByteArray raw(base + span.first, qsizetype(span.second));
        QString decoded = QFile::decodeName(raw);
        out.folders.emplace_back(std::move(decoded), std::move(raw));
    }
    if (!out.ascii)
        std::sort(out.folders.begin(), out.folders.end(),
                  [](const auto& a, const auto& b) { return a.first < b.first; });
    out.all.reserve(out.folders.size());
    for (const auto& folder : out.folders)
        out.all.push_back(folder.second);
    std::erase_if(out.folders, [](const auto& f) { return SkillPathRule::excludedFolder(f.second); });
    return out;
}

// The first kHeadBytes of a regular file open at `fd`, read into `buf` (the caller's stack: a
// fresh 16 KB buffer per skill cost a malloc, a free and page faults 100,000 times over); a short
// read of a regular file is its end.
QByteArrayView readHead(int fd, char* buf)
{
    qint64 got = 0;
    while (got < kHeadBytes) {
        const qint64 want = kHeadBytes - got;
        const ssize_t n = ::read(fd, buf + got, size_t(want));
        if (n <= 0)
            break;
        got += n;
        if (n < want)
            break;
    }
    return QByteArrayView(buf, got);
}

QString nameIn(int dirFd, const char* file, const QString& fallback)
{
    Fd fd(::openat(dirFd, file, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY));
    if (fd.get() < 0)
        return fallback;
    char buf[kHeadBytes];
    return SkillWalk::frontmatterName(readHead(fd.get(), buf), fallback);
}

// Python's str.isspace(), which strip() uses: the C spaces, the separators 0x1c-0x1f and the
// Unicode ones (Qt's isSpace leaves the separators out).
bool isPythonSpace(char c) { return pytext::isPySpace(char32_t(static_cast<unsigned char>(c))); }

bool isPythonSpace(QChar c) { return pytext::isPySpace(c.unicode()); }

// Python's strip() over a view of ASCII bytes or of UTF-16.
template <typename View>
View strippedPython(View v)
{
    while (!v.isEmpty() && isPythonSpace(v.front()))
        v = v.sliced(1);
    while (!v.isEmpty() && isPythonSpace(v.back()))
        v.chop(1);
    return v;
}

// The first `n` code points of `text`, as Python slices a str (a surrogate pair is one).
QStringView firstCodePoints(QStringView text, qsizetype n)
{
    qsizetype end = 0;
    for (qsizetype k = 0; k < n && end < text.size(); ++k)
        end += text[end].isHighSurrogate() && end + 1 < text.size() && text[end + 1].isLowSurrogate() ? 2 : 1;
    return text.first(end);
}

// frontmatterName over ASCII bytes, where a byte is a character and strip() strips the same
// spaces: the same reading without decoding 100,000 heads into lists of lines.
QString asciiFrontmatterName(QByteArrayView text, const QString& fallback)
{
    bool inFrontmatter = false;
    while (true) {
        const qsizetype eol = text.indexOf('\n');
        const QByteArrayView stripped = strippedPython(eol < 0 ? text : text.first(eol));
        if (stripped == "---") {
            if (inFrontmatter)
                break;
            inFrontmatter = true;
        } else if (inFrontmatter && stripped.startsWith("name:")) {
            QByteArrayView value = strippedPython(stripped.sliced(5));
            while (!value.isEmpty() && (value.front() == '"' || value.front() == '\''))
                value = value.sliced(1);
            while (!value.isEmpty() && (value.back() == '"' || value.back() == '\''))
                value.chop(1);
            if (!value.isEmpty())
                return QString::fromLatin1(value);
        }
        if (eol < 0)
            break;
        text = text.sliced(eol + 1);
    }
    return fallback;
}

// The walk's fixed facts: whether a folder's link count tells that it has no subfolders (a
// folder's links are its entry, its "." and each subfolder's ".."; file systems that keep that
// count: ext2/3/4, XFS, tmpfs — btrfs and overlayfs do not), on which device that holds, and how
// many threads may share the children of a large folder.
struct Walk {
    dev_t device = 0;
    bool linkCountsSubfolders = false;
    unsigned threads = 1;
    const SkillNameCache* names = nullptr;
    struct timespec start {}; // a SKILL.md changed shortly before this is not cached
    // The large folders' listings, for the cache, from whichever thread listed them.
    struct Listings {
        std::mutex lock;
        std::vector<SkillNameCache::Listing> kept;
    };
    Listings* listings = nullptr;
};

// The folder open at `dirFd` listed: from the cache when its stamp is unchanged, else from the
// file system. A large listing goes to the walk's listings either way.
Listing listFolder(const Walk& w, int dirFd, const QString& relative)
{
    struct stat st {};
    if (!w.listings || ::fstat(dirFd, &st) != 0)
        return list(dirFd);
    const auto stamp = SkillNameCache::Stamp::of(st);
    const SkillNameCache::Listing* kept = w.names->listing(relative, stamp);
    Listing here = kept ? fromKept(*kept) : list(dirFd);
    if (here.all.size() >= SkillNameCache::kListedFolders && here.typed && (kept || w.names->settled(stamp, w.start))) {
        const std::lock_guard<std::mutex> hold(w.listings->lock);
        // The walk needs only `folders` from here on: the full list moves to the cache.
        w.listings->kept.push_back(
            {relative, stamp, here.skillEntry, here.skillFile, std::move(here.all), kept != nullptr});
    }
    return here;
}

constexpr std::size_t kSplitAt = 256; // children of one folder worth a second thread

void walkOpen(const Walk& w, int dirFd, const QString& relative, std::vector<SkillWalk::Found>& out, bool maySplit);

// The skill in the folder `relative` whose SKILL.md is `file` under `dirFd`: its name from the
// cache when stat shows the file unchanged, else from its first bytes.
void visitSkillFile(const Walk& w, int dirFd, const char* file, const QString& relative,
                    std::vector<SkillWalk::Found>& out)
{
    if (w.names->size() > 0) { // a stat more for a new skill, two fewer calls for a known one
        struct stat st {};
        if (::fstatat(dirFd, file, &st, 0) == 0 && S_ISREG(st.st_mode)) {
            const auto stamp = SkillNameCache::Stamp::of(st);
            if (const auto name = w.names->name(relative, stamp)) {
                // Mostly a skill is named after its folder: then the two share one string.
                out.push_back({*name == relative ? relative : name->toString(), relative, stamp, true});
                return;
            }
        }
    }
    const QString folderName = relative.section(QLatin1Char('/'), -1);
    Fd fd(::openat(dirFd, file, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY));
    const int openError = errno;
    if (fd.get() < 0) {
        // Present but unreadable is still a skill, named after its folder, as Hermes reads it.
        if (openError != ENOENT && statIs(dirFd, file, false, true))
            out.push_back({folderName, relative});
        return;
    }
    struct stat st {};
    if (::fstat(fd.get(), &st) != 0 || !S_ISREG(st.st_mode))
        return; // a folder, a pipe or a device named SKILL.md is no skill file
    char buf[kHeadBytes];
    const auto stamp = SkillNameCache::Stamp::of(st);
    out.push_back({SkillWalk::frontmatterName(readHead(fd.get(), buf), folderName), relative,
                   w.names->settled(stamp, w.start) ? std::optional(stamp) : std::nullopt, false});
}

void visit(const Walk& w, int parentFd, const QByteArray& entry, const QString& relative,
           std::vector<SkillWalk::Found>& out, bool maySplit)
{
    if (w.linkCountsSubfolders) {
        struct stat st {};
        if (::fstatat(parentFd, entry.constData(), &st, AT_SYMLINK_NOFOLLOW) != 0 || !S_ISDIR(st.st_mode))
            return;
        if (st.st_dev == w.device && st.st_nlink == 2) {
            // No subfolders: its SKILL.md straight through the parent (one open instead of
            // opening, listing and closing the folder too).
            char file[NAME_MAX + sizeof "/SKILL.md"];
            std::memcpy(file, entry.constData(), std::size_t(entry.size()));
            std::memcpy(file + entry.size(), "/SKILL.md", sizeof "/SKILL.md");
            visitSkillFile(w, parentFd, file, relative, out);
            return;
        }
    }
    Fd child(::openat(parentFd, entry.constData(), O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC));
    if (child.get() >= 0)
        walkOpen(w, child.get(), relative, out, maySplit);
}

void walkOpen(const Walk& w, int dirFd, const QString& relative, std::vector<SkillWalk::Found>& out, bool maySplit)
{
    const Listing here = listFolder(w, dirFd, relative);
    if (!relative.isEmpty() && here.skillFile)
        visitSkillFile(w, dirFd, "SKILL.md", relative, out);
    std::vector<std::pair<QByteArray, QString>> children;
    for (const auto& [name, sub] : here.folders) {
        if (!(here.skillEntry && SkillPathRule::supportFolder(sub)))
            children.emplace_back(sub, relative.isEmpty() ? name : relative + QLatin1Char('/') + name);
    }
    const auto visitRange = [&](std::size_t from, std::size_t to, std::vector<SkillWalk::Found>& into) {
        for (std::size_t i = from; i < to; ++i)
            visit(w, dirFd, children[i].first, children[i].second, into, false);
    };
    if (!maySplit || w.threads < 2 || children.size() < kSplitAt) {
        for (const auto& [entry, rel] : children)
            visit(w, dirFd, entry, rel, out, maySplit);
        return;
    }
    // A large folder (a flat skills/ of thousands): its children in contiguous chunks that the
    // threads take in turn, each chunk's skills kept apart and joined in order, so the result is
    // the sequential walk's. Only here the walk waits on system calls that two cores can make at
    // once; chunks rather than one slice a thread keep both busy when a core is also wanted
    // elsewhere (the curator reads .usage.json meanwhile).
    const std::size_t chunk = std::max<std::size_t>(64, children.size() / (w.threads * 8));
    const std::size_t chunks = (children.size() + chunk - 1) / chunk;
    std::vector<std::vector<SkillWalk::Found>> parts(chunks);
    std::atomic<std::size_t> next{0};
    const auto work = [&] {
        for (std::size_t k = next++; k < chunks; k = next++)
            visitRange(k * chunk, std::min(children.size(), (k + 1) * chunk), parts[k]);
    };
    std::vector<std::thread> workers;
    for (unsigned k = 1; k < w.threads; ++k) {
        try {
            workers.emplace_back(work);
        } catch (const std::system_error&) { // no thread to be had (a process limit): fewer walk it
            break;
        }
    }
    work();
    for (std::thread& t : workers)
        t.join();
    std::size_t total = out.size();
    for (const auto& part : parts)
        total += part.size();
    out.reserve(total);
    for (auto& part : parts)
        out.insert(out.end(), std::make_move_iterator(part.begin()), std::make_move_iterator(part.end()));
}

} // namespace

std::vector<SkillWalk::Found> SkillWalk::under(const QString& skillsDir) { return under(skillsDir, SkillNameCache()); }

std::vector<SkillWalk::Found> SkillWalk::under(const QString& skillsDir, const SkillNameCache& names)
{
    std::vector<Found> out;
    Fd root(::open(QFile::encodeName(skillsDir).constData(), O_RDONLY | O_DIRECTORY | O_CLOEXEC));
    if (root.get() < 0)
        return out;
    Walk w;
    w.names = &names;
    Walk::Listings listings;
    if (!names.isNull())
        w.listings = &listings;
    ::clock_gettime(CLOCK_REALTIME, &w.start);
    struct stat st {};
    struct statfs fs {};
    if (::fstat(root.get(), &st) == 0 && ::fstatfs(root.get(), &fs) == 0) {
        w.device = st.st_dev;
        w.linkCountsSubfolders =
            fs.f_type == EXT4_SUPER_MAGIC || fs.f_type == XFS_SUPER_MAGIC || fs.f_type == TMPFS_MAGIC;
    }
    w.threads = std::clamp(std::thread::hardware_concurrency(), 1U, 4U);
    walkOpen(w, root.get(), QString(), out, true);
    if (names.isNull())
        return out;
    std::vector<SkillNameCache::Entry> kept;
    kept.reserve(out.size());
    for (const Found& f : out) {
        if (f.stamp)
            kept.push_back({f.folder, f.name, *f.stamp, f.cached});
    }
    (void)names.keep(kept, listings.kept); // a cache that cannot be written costs the next walk time, nothing else
    return out;
}

QString SkillWalk::readName(const QString& skillFile, const QString& fallback)
{
    return nameIn(AT_FDCWD, QFile::encodeName(skillFile).constData(), fallback);
}

QString SkillWalk::frontmatterName(QByteArrayView head, const QString& fallback)
{
    if (isAscii(head))
        return asciiFrontmatterName(head.first(std::min<qsizetype>(head.size(), 4000)), fallback);
    // Hermes reads the file as utf-8, not utf-8-sig: a leading byte order mark stays a
    // character of the first line (QString::fromUtf8 would drop it).
    QStringDecoder decode(QStringDecoder::Utf8, QStringDecoder::Flag::ConvertInitialBom);
    const QString decoded = decode(head);
    QStringView text = firstCodePoints(decoded, 4000);
    bool inFrontmatter = false;
    while (true) {
        const qsizetype eol = text.indexOf(QLatin1Char('\n'));
        const QStringView stripped = strippedPython(eol < 0 ? text : text.first(eol));
        if (stripped == QLatin1String("---")) {
            if (inFrontmatter)
                break;
            inFrontmatter = true;
        } else if (inFrontmatter && stripped.startsWith(QLatin1String("name:"))) {
            QStringView value = strippedPython(stripped.sliced(5));
            while (!value.isEmpty() && (value.front() == QLatin1Char('"') || value.front() == QLatin1Char('\'')))
                value = value.sliced(1);
            while (!value.isEmpty() && (value.back() == QLatin1Char('"') || value.back() == QLatin1Char('\'')))
                value.chop(1);
            if (!value.isEmpty())
                return value.toString();
        }
        if (eol < 0)
            break;
        text = text.sliced(eol + 1);
    }
    return fallback;
}

} // namespace sediment
