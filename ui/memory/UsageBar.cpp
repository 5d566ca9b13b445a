#include "memory/UsageBar.h"

#include "shared/Tones.h"

#include <QPainter>
#include <QPalette>

namespace sediment::ui {

UsageBar::UsageBar(QWidget* parent) : QWidget(parent)
{
    setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Fixed);
    setAccessibleName(tr("Usage"));
}

void UsageBar::setUsage(int current, int limit)
{
    m_current = current;
    m_limit = limit;
    setToolTip(tr("%1 of %2 characters used").arg(current).arg(limit));
    setAccessibleDescription(text());
    update();
}

QString UsageBar::text() const { return QStringLiteral("%1 / %2").arg(m_current).arg(m_limit); }

QSize UsageBar::sizeHint() const { return {200, fontMetrics().height() + 8}; }

void UsageBar::paintEvent(QPaintEvent*)
{
    QPainter p(this);
    p.setRenderHint(QPainter::Antialiasing);
    const QRectF frame = QRectF(rect()).adjusted(0.5, 0.5, -0.5, -0.5);
    const QPalette& pal = palette();
    p.setPen(pal.color(QPalette::Mid));
    p.setBrush(pal.color(QPalette::Base));
    p.drawRoundedRect(frame, 3, 3);

    const double share = m_limit > 0 ? std::min(1.0, double(m_current) / m_limit) : 0.0;
    QColor fill = pal.color(QPalette::Highlight);
    if (m_limit > 0 && m_current > m_limit)
        fill = Tones::of(this).color(Tones::Tone::MeterOver);
    else if (m_limit > 0 && m_current * 10 > m_limit * 9)
        fill = Tones::of(this).color(Tones::Tone::MeterNear);
    if (share > 0) {
        QRectF bar = frame.adjusted(1, 1, -1, -1);
        bar.setWidth(bar.width() * share);
        p.setPen(Qt::NoPen);
        p.setBrush(fill);
        p.drawRoundedRect(bar, 2, 2);
    }
    p.setPen(pal.color(QPalette::Text));
    p.drawText(rect(), Qt::AlignCenter, text());
}

} // namespace sediment::ui
