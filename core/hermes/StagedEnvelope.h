#pragma once

#include "util/Error.h"
#include "util/Json.h"

#include <QByteArray>
#include <QString>

namespace sediment {

// What every record of Hermes' `pending/<subsystem>/` queue begins with, memory and skill writes
// alike: a JSON object (utf-8, a BOM allowed), an id that defaults to the file's stem, and a
// `subsystem` that, when present, names the folder the record sits in. The records are the
// agent's files, so each check refuses with one reason instead of guessing.
class StagedEnvelope final {
public:
    struct Opened {
        Json root;  // the record's top-level object
        QString id; // its pending id
    };
    // The record in `bytes`, read from `fileName` in `pending/<subsystem>/`: its object and id,
    // or the first reason it is unusable.
    static Result<Opened> open(const QByteArray& bytes, const QString& fileName, const char* subsystem);

private:
    // The record's top-level object. Invalid JSON (including a number out of range and nesting
    // deeper than the readers allow) is an Invalid error saying why.
    static Result<Json> readObject(const QByteArray& bytes);
    // The pending id: the `id` field, else the file name without ".json".
    static Result<QString> readId(const Json& root, const QString& fileName);
    // A `subsystem` field other than `subsystem` (a record moved to the wrong folder) is refused.
    static Status checkSubsystem(const Json& root, const char* subsystem);
};

} // namespace sediment
