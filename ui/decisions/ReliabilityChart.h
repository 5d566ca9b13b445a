#pragma once

#include "model/Calibration.h"

#include <QChartView>

class QLineSeries;
class QScatterSeries;
class QValueAxis;

namespace sediment::ui {

// The reliability diagram of docs/user-guide.md#decisions: the diagonal of perfect calibration, and for each non-empty
// bin a point at (mean confidence, observed) labelled with its count, joined by the observed
// curve.
class ReliabilityChart final : public QChartView {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ReliabilityChart)

public:
    explicit ReliabilityChart(QWidget* parent = nullptr);

    void setFigures(const Calibration::Figures& figures);

    // What is drawn, for tests and the accessible description: one (x, y, count) per bin.
    struct Point {
        double meanConfidence;
        double observed;
        qint64 count;
    };
    const std::vector<Point>& points() const { return m_points; }
    int diagonalPointCount() const;

private:
    void recolour();

    QLineSeries* m_diagonal = nullptr;
    QLineSeries* m_curve = nullptr;
    std::vector<QScatterSeries*> m_bins; // one per bin, so each carries its own count label
    std::vector<Point> m_points;
};

} // namespace sediment::ui
