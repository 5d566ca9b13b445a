// render_icon: draws the application's SVG icon into the hicolor PNG sizes at build time, so the
// package needs no rsvg or inkscape. Usage: render_icon SVG OUTDIR NAME SIZE...
// Writes OUTDIR/<SIZE>x<SIZE>/apps/NAME.png for every SIZE.
#include <QDir>
#include <QFileInfo>
#include <QGuiApplication>
#include <QImage>
#include <QPainter>
#include <QSvgRenderer>

#include <cstdio>

namespace {

bool renderOne(QSvgRenderer& renderer, int size, const QString& path)
{
    QImage image(size, size, QImage::Format_ARGB32_Premultiplied);
    image.fill(Qt::transparent);
    {
        QPainter painter(&image);
        painter.setRenderHint(QPainter::Antialiasing);
        painter.setRenderHint(QPainter::SmoothPixmapTransform);
        renderer.render(&painter, QRectF(0, 0, size, size));
    }
    if (!QDir().mkpath(QFileInfo(path).absolutePath()))
        return false;
    // Non-premultiplied ARGB is what PNG stores; converting first keeps edge alpha exact.
    return image.convertToFormat(QImage::Format_ARGB32).save(path, "PNG");
}

} // namespace

int main(int argc, char** argv)
{
    // A build machine has no display: the offscreen platform is all QPainter needs here.
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
        qputenv("QT_QPA_PLATFORM", "offscreen");
    QGuiApplication app(argc, argv);
    const QStringList args = QGuiApplication::arguments();
    if (args.size() < 5) {
        std::fputs("usage: render_icon SVG OUTDIR NAME SIZE...\n", stderr);
        return 2;
    }
    QSvgRenderer renderer(args[1]);
    if (!renderer.isValid()) {
        std::fprintf(stderr, "render_icon: cannot read %s as SVG\n", qPrintable(args[1]));
        return 3;
    }
    for (qsizetype i = 4; i < args.size(); ++i) {
        bool ok = false;
        const int size = args[i].toInt(&ok);
        if (!ok || size < 8 || size > 1024) {
            std::fprintf(stderr, "render_icon: bad size '%s'\n", qPrintable(args[i]));
            return 2;
        }
        const QString path = QStringLiteral("%1/%2x%2/apps/%3.png").arg(args[2]).arg(size).arg(args[3]);
        if (!renderOne(renderer, size, path)) {
            std::fprintf(stderr, "render_icon: cannot write %s\n", qPrintable(path));
            return 3;
        }
    }
    return 0;
}
