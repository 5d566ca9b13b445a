#include "decisions/ReliabilityChart.h"

#include "shared/Tones.h"

#include <QChart>
#include <QLegend>
#include <QLegendMarker>
#include <QLineSeries>
#include <QScatterSeries>
#include <QValueAxis>

namespace sediment::ui {

ReliabilityChart::ReliabilityChart(QWidget* parent) : QChartView(parent)
{
    auto* chart = new QChart;
    chart->setTitle(tr("Reliability"));
    chart->legend()->setAlignment(Qt::AlignBottom);

    m_diagonal = new QLineSeries;
    m_diagonal->setName(tr("perfectly calibrated"));
    m_diagonal->append(0, 0);
    m_diagonal->append(1, 1);
    QPen dashed = m_diagonal->pen();
    dashed.setStyle(Qt::DashLine);
    m_diagonal->setPen(dashed);

    m_curve = new QLineSeries;
    m_curve->setName(tr("observed"));
    chart->addSeries(m_diagonal);
    chart->addSeries(m_curve);
    auto* x = new QValueAxis;
    x->setRange(0, 1);
    x->setTickCount(11);
    x->setLabelFormat(QStringLiteral("%.1f"));
    x->setTitleText(tr("confidence"));
    auto* y = new QValueAxis;
    y->setRange(0, 1);
    y->setTickCount(6);
    y->setLabelFormat(QStringLiteral("%.1f"));
    y->setTitleText(tr("observed outcome"));
    chart->addAxis(x, Qt::AlignBottom);
    chart->addAxis(y, Qt::AlignLeft);
    for (QAbstractSeries* s : chart->series()) {
        s->attachAxis(x);
        s->attachAxis(y);
    }
    setChart(chart);
    recolour();
    setRenderHint(QPainter::Antialiasing);
    setMinimumSize(280, 240);
    Tones::follow(this, [this] { recolour(); });
}

void ReliabilityChart::recolour()
{
    Tones::applyTo(chart(), palette());
    // The yardstick in the palette's own faint text: the chart theme's black vanishes on a dark
    // background.
    QPen dashed = m_diagonal->pen();
    dashed.setColor(Tones(palette()).color(Tones::Tone::FaintText));
    m_diagonal->setPen(dashed);
}

int ReliabilityChart::diagonalPointCount() const { return int(m_diagonal->count()); }

void ReliabilityChart::setFigures(const Calibration::Figures& figures)
{
    QChart* c = chart();
    for (QScatterSeries* s : m_bins) {
        c->removeSeries(s);
        delete s;
    }
    m_bins.clear();
    m_points.clear();
    m_curve->clear();
    const auto xAxes = c->axes(Qt::Horizontal);
    const auto yAxes = c->axes(Qt::Vertical);
    for (const auto& b : figures.bins) {
        m_points.push_back({b.meanConfidence, b.observed, b.count});
        m_curve->append(b.meanConfidence, b.observed);
        // Qt 6.4 has no per-point label, so each bin is its own one-point series whose label
        // format is the literal count.
        auto* point = new QScatterSeries;
        point->setName(tr("bin %1").arg(b.bin));
        point->setMarkerSize(10);
        point->setColor(m_curve->color());
        point->append(b.meanConfidence, b.observed);
        point->setPointLabelsFormat(QStringLiteral("n=%1").arg(b.count));
        point->setPointLabelsVisible(true);
        point->setPointLabelsClipping(false);
        c->addSeries(point);
        if (!xAxes.isEmpty())
            point->attachAxis(xAxes.first());
        if (!yAxes.isEmpty())
            point->attachAxis(yAxes.first());
        // The legend keeps to the diagonal and the curve; ten bin entries would drown it.
        const auto markers = c->legend()->markers(point);
        for (auto* m : markers)
            m->setVisible(false);
        m_bins.push_back(point);
    }
    c->setTitle(figures.reviewed == 0 ? tr("Reliability — no reviewed decisions yet")
                                      : tr("Reliability — %1 reviewed decisions").arg(figures.reviewed));
    Tones::applyTo(c, palette()); // the new bins' labels
}

} // namespace sediment::ui
