#pragma once

#include "hermes/StagedWrite.h"
#include "util/Error.h"
#include "util/Json.h"

#include <QByteArray>
#include <QString>

#include <utility>

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
    // The same, for a record that is a staged write: its object, and the write it begins, named
    // after its file and pending id.
    static Result<std::pair<Json, StagedWrite>> begin(const QByteArray& bytes, const QString& fileName,
                                                      const char* subsystem);
    // The record's `created_at` as Hermes wrote it: seconds since the epoch (a number), or null
    // when it is absent or null; any other type is refused.
    static Result<Json> createdAt(const Json& root);

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
