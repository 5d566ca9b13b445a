#include "model/Calibration.h"

#include "model/Decision.h"

#include <cmath>
#include <string>
#include <string_view>

namespace sediment {

namespace {

bool correct(double confidence, Calibration::Outcome o)
{
    using O = Calibration::Outcome;
    if (confidence >= 0.5)
        return o == O::Success || o == O::Partial;
    return o == O::Failure;
}

// UTF-8 copies of a list of names, made once: the calibration read maps every row by its bytes.
std::vector<std::string> byteNames(const QStringList& names)
{
    std::vector<std::string> out;
    for (const QString& n : names)
        out.push_back(n.toStdString());
    return out;
}

int indexIn(const std::vector<std::string>& names, std::string_view name)
{
    for (size_t i = 0; i < names.size(); ++i)
        if (names[i] == name)
            return int(i);
    return -1;
}

} // namespace

Calibration::Outcome Calibration::outcomeOf(std::string_view outcome)
{
    // In table order, the order allWords gives them in.
    static const std::vector<std::string> names = byteNames(wordTexts<Outcome>());
    const int i = indexIn(names, outcome);
    return i < 0 ? Outcome::Pending : allWords<Outcome>()[size_t(i)];
}

int Calibration::categoryOf(std::string_view category)
{
    static const std::vector<std::string> names = byteNames(Decision::categories());
    return indexIn(names, category);
}

Calibration::Outcome Calibration::parseOutcome(const QString& o)
{
    const QByteArray utf8 = o.toUtf8();
    return outcomeOf(std::string_view(utf8.constData(), size_t(utf8.size())));
}

std::optional<double> Calibration::target(const Sample& s)
{
    switch (s.outcome) {
    case Outcome::Success:
        return 1.0;
    case Outcome::Partial:
        return 0.5;
    case Outcome::Failure:
        // A failure at confidence 0 is a decision abandoned on purpose, not a misjudgement.
        if (s.confidence == 0.0)
            return std::nullopt;
        return 0.0;
    case Outcome::Pending:
    case Outcome::Noise:
    case Outcome::Superseded:
        break;
    }
    return std::nullopt;
}

const std::array<double, Calibration::kBins + 1>& Calibration::edges()
{
    // numpy.linspace(0, 1, 11): arange(0, 11) * step + 0 with step = 1/10, then the endpoint
    // set to exactly 1. So edge 3 is 0.30000000000000004, not 0.3, and a confidence of 0.3 is
    // below it.
    static const std::array<double, kBins + 1> e = [] {
        std::array<double, kBins + 1> v{};
        const double step = 1.0 / double(kBins);
        for (int i = 0; i <= kBins; ++i)
            v[size_t(i)] = double(i) * step + 0.0;
        v[kBins] = 1.0;
        return v;
    }();
    return e;
}

int Calibration::binOf(double confidence)
{
    // searchsorted(side="left") on the inner edges: the number of inner edges strictly below.
    const auto& e = edges();
    int bin = 0;
    for (int i = 1; i < kBins; ++i)
        if (e[size_t(i)] < confidence)
            bin = i;
    return bin;
}

Calibration::Figures Calibration::compute(const std::vector<Sample>& samples)
{
    Figures f;
    const qsizetype categoryCount = Decision::categories().size();
    std::array<double, kBins> binConf{};
    std::array<double, kBins> binY{};
    std::array<qint64, kBins> binCount{};
    std::vector<double> catSq(size_t(categoryCount), 0.0);
    std::vector<qint64> catCorrect(size_t(categoryCount), 0);
    std::vector<qint64> catCount(size_t(categoryCount), 0);
    double sumSq = 0;
    qint64 right = 0;

    for (const Sample& s : samples) {
        const auto y = target(s);
        if (!y)
            continue;
        ++f.reviewed;
        const double d = s.confidence - *y;
        sumSq += d * d;
        const bool ok = correct(s.confidence, s.outcome);
        right += ok ? 1 : 0;
        const int b = binOf(s.confidence);
        binConf[size_t(b)] += s.confidence;
        binY[size_t(b)] += *y;
        ++binCount[size_t(b)];
        if (s.category >= 0 && s.category < categoryCount) {
            catSq[size_t(s.category)] += d * d;
            catCorrect[size_t(s.category)] += ok ? 1 : 0;
            ++catCount[size_t(s.category)];
        }
    }
    if (f.reviewed == 0) {
        f.reason = QStringLiteral("no reviewed decision with outcome success, partial or failure");
        return f;
    }
    const double n = double(f.reviewed);
    f.brier = sumSq / n;
    f.accuracy = double(right) / n;
    double ece = 0;
    for (int b = 0; b < kBins; ++b) {
        const qint64 c = binCount[size_t(b)];
        if (c == 0)
            continue;
        Bin bin;
        bin.bin = b;
        bin.count = c;
        bin.meanConfidence = binConf[size_t(b)] / double(c);
        bin.observed = binY[size_t(b)] / double(c);
        ece += double(c) / n * std::abs(bin.observed - bin.meanConfidence);
        f.bins.push_back(bin);
    }
    f.ece = ece;
    for (int c = 0; c < categoryCount; ++c) {
        const qint64 count = catCount[size_t(c)];
        if (count == 0)
            continue;
        f.byCategory.push_back(
            {c, {count, catSq[size_t(c)] / double(count), double(catCorrect[size_t(c)]) / double(count)}});
    }
    return f;
}

Json Calibration::Figures::toJson() const
{
    Json j{{"reviewed", reviewed}, {"brier", orNull(brier)}, {"accuracy", orNull(accuracy)}, {"ece", orNull(ece)}};
    j["bins"] = json::arrayOf(bins, [](const Bin& b) {
        return Json{
            {"bin", b.bin}, {"count", b.count}, {"mean_confidence", b.meanConfidence}, {"observed", b.observed}};
    });
    Json cats = Json::object();
    for (const auto& [index, c] : byCategory)
        cats[toStd(Decision::categories().at(index))] =
            Json{{"count", c.count}, {"brier", c.brier}, {"accuracy", c.accuracy}};
    j["by_category"] = cats;
    if (!reason.isEmpty())
        j["reason"] = toStd(reason);
    return j;
}

} // namespace sediment
