#pragma once

#include <QString>
#include <QStringList>

namespace sediment::demo {

// The raw material of the demo workspace: realistic texts an engineering agent would propose,
// kept apart from the code that feeds them through the services.
struct DemoText {
    static const QStringList& projects();
    static const QStringList& memoryFacts(); // templates with %1 = project
    static const QStringList& userFacts();
    static const QStringList& claudeRules(); // new rules for CLAUDE.md
    static QString claudeMd();               // the directives file the demo starts with
    static QString settingsJson();
    static const QStringList& noteTitles();
    static const QStringList& chantierTitles();
    static const QStringList& skillNames();
    static const QStringList& scarTitles();
    static const QStringList& scarLessons();
    static const QStringList& decisionTexts();
};

// A small deterministic generator, so every demo workspace is the same.
class DemoRandom {
public:
    explicit DemoRandom(quint32 seed) : m_state(seed) {}
    quint32 next()
    {
        m_state = m_state * 1664525u + 1013904223u;
        return m_state >> 8;
    }
    int below(int n) { return int(next() % quint32(n)); }
    double unit() { return double(next() % 10001) / 10000.0; }

private:
    quint32 m_state;
};

} // namespace sediment::demo
