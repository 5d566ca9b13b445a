#include "skills/SkillWalk.h"

#include <QFile>
#include <QSet>
#include <QStringList>

#include <algorithm>
#include <cstring>
#include <dirent.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <unistd.h>

namespace sediment {

namespace {

constexpr qint64 kHeadBytes = 16000; // 4,000 characters of UTF-8 at most

// Folders Hermes never looks into for skills: its own metadata (.archive, .hub, .locks, ...),
// version control and dependency trees.
bool excludedFolder(const QString& name)
{
    static const QSet<QString> transient{QStringLiteral("node_modules"), QStringLiteral("venv"), QStringLiteral("env"),
                                         QStringLiteral("__pycache__")};
    return name.startsWith(QLatin1Char('.')) || transient.contains(name);
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
    QStringList folders; // not symlinks
    bool skillFile = false;
};

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
    alignas(8) char buf[32768];
    for (;;) {
        const long n = ::syscall(SYS_getdents64, dirFd, buf, sizeof buf);
        if (n <= 0)
            break;
        for (long pos = 0; pos < n;) {
            const auto* d = reinterpret_cast<const struct dirent64*>(buf + pos);
            pos += d->d_reclen;
            const char* name = d->d_name;
            if (name[0] == '.')
                continue; // "." and "..", and hidden folders, which the walk skips
            if (std::strcmp(name, "SKILL.md") == 0) {
                out.skillFile =
                    d->d_type == DT_REG
                    || ((d->d_type == DT_LNK || d->d_type == DT_UNKNOWN) && statIs(dirFd, name, false, true));
                continue;
            }
            if (d->d_type == DT_DIR || (d->d_type == DT_UNKNOWN && statIs(dirFd, name, true, false)))
                out.folders << QFile::decodeName(name);
        }
    }
    std::sort(out.folders.begin(), out.folders.end());
    return out;
}

QByteArray head(int dirFd)
{
    Fd fd(::openat(dirFd, "SKILL.md", O_RDONLY | O_CLOEXEC));
    if (fd.get() < 0)
        return {};
    QByteArray bytes(kHeadBytes, Qt::Uninitialized);
    qint64 got = 0;
    while (got < kHeadBytes) {
        const ssize_t n = ::read(fd.get(), bytes.data() + got, size_t(kHeadBytes - got));
        if (n <= 0)
            break;
        got += n;
    }
    bytes.truncate(got);
    return bytes;
}

void walk(int dirFd, const QString& relative, std::vector<SkillWalk::Found>& out)
{
    const Listing here = list(dirFd);
    if (!relative.isEmpty() && here.skillFile) {
        const QString folderName = relative.section(QLatin1Char('/'), -1);
        out.push_back({SkillWalk::frontmatterName(head(dirFd), folderName), relative});
    }
    for (const QString& sub : here.folders) {
        if (excludedFolder(sub))
            continue;
        Fd child(::openat(dirFd, QFile::encodeName(sub).constData(), O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC));
        if (child.get() >= 0)
            walk(child.get(), relative.isEmpty() ? sub : relative + QLatin1Char('/') + sub, out);
    }
}

} // namespace

std::vector<SkillWalk::Found> SkillWalk::under(const QString& skillsDir)
{
    std::vector<Found> out;
    Fd root(::open(QFile::encodeName(skillsDir).constData(), O_RDONLY | O_DIRECTORY | O_CLOEXEC));
    if (root.get() >= 0)
        walk(root.get(), QString(), out);
    return out;
}

QString SkillWalk::frontmatterName(const QByteArray& head, const QString& fallback)
{
    const QString text = QString::fromUtf8(head).left(4000);
    bool inFrontmatter = false;
    for (const QString& line : text.split(QLatin1Char('\n'))) {
        const QString stripped = line.trimmed();
        if (stripped == QLatin1String("---")) {
            if (inFrontmatter)
                break;
            inFrontmatter = true;
            continue;
        }
        if (inFrontmatter && stripped.startsWith(QLatin1String("name:"))) {
            QString value = stripped.section(QLatin1Char(':'), 1).trimmed();
            while (!value.isEmpty() && (value.front() == QLatin1Char('"') || value.front() == QLatin1Char('\'')))
                value.remove(0, 1);
            while (!value.isEmpty() && (value.back() == QLatin1Char('"') || value.back() == QLatin1Char('\'')))
                value.chop(1);
            if (!value.isEmpty())
                return value;
        }
    }
    return fallback;
}

} // namespace sediment
