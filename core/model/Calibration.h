#pragma once

#include "model/DecisionOutcome.h"
#include "util/Json.h"

#include <QString>

#include <array>
#include <optional>
#include <string_view>
#include <vector>

namespace sediment {

// How well an agent's confidence matched what happened (docs/user-guide.md#decisions). A pure computation over samples
// given in a fixed order (decision id order), so that its sums match an independent
// implementation to the last bits that matter (1e-9).
class Calibration final {
public:
    using Outcome = DecisionOutcome;

    struct Sample {
        double confidence = 0;
        Outcome outcome = Outcome::Pending;
        int category = 0; // index into Decision::categories()
    };

    struct Bin {
        int bin = 0;
        qint64 count = 0;
        double meanConfidence = 0;
        double observed = 0;
    };

    struct CategoryFigures {
        qint64 count = 0;
        double brier = 0;
        double accuracy = 0;
    };

    // The figures; brier, accuracy and ece are null (with a reason) when nothing counts.
    struct Figures {
        qint64 reviewed = 0;
        std::optional<double> brier;
        std::optional<double> accuracy;
        std::optional<double> ece;
        std::vector<Bin> bins;                                   // non-empty bins, in order
        std::vector<std::pair<int, CategoryFigures>> byCategory; // present categories, in order
        QString reason;                                          // why the figures are null

        Json toJson() const; // the docs/user-guide.md#decisions shape
    };

    static constexpr int kBins = 10;

    static Outcome parseOutcome(const QString& outcome);
    // The same from the stored UTF-8 bytes (an unknown outcome reads as pending), and the index
    // of a category in Decision::categories() (-1 when unknown): the calibration read maps every
    // row with these, without building a QString per row.
    static Outcome outcomeOf(std::string_view outcome);
    static int categoryOf(std::string_view category);
    // y of an outcome that counts, nullopt for one left out (noise, superseded, pending, and
    // "abandoned": a failure at confidence 0).
    static std::optional<double> target(const Sample& s);
    // The bin as scikit-learn's calibration_curve(strategy="uniform") assigns it: edges are
    // numpy.linspace(0, 1, 11) and bin = searchsorted(edges[1:-1], confidence, side="left"), so a
    // confidence equal to an inner edge falls in the lower bin, 0 in bin 0 and 1 in bin 9.
    static int binOf(double confidence);
    static const std::array<double, kBins + 1>& edges();

    static Figures compute(const std::vector<Sample>& samples);
};

} // namespace sediment
