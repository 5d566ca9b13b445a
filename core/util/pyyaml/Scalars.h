#pragma once

#include "util/pyyaml/Text.h"

#include <QByteArray>
#include <QString>

#include <optional>

// What SafeConstructor makes of a scalar's text, and how Python prints the result: the int,
// float, timestamp and bytes of PyYAML 6 and their str() and repr(). Only called on text the
// constructor accepted (pythonConverts, binaryError), so each reads a form it knows.
namespace sediment::pyyaml {

// An int as its sign and decimal digits ("-42", "0"), of any size: Python's ints have no limit.
// construct_yaml_int: underscores dropped, one sign, then 0b, 0x, a leading 0 (octal), base-60
// parts split by ':', or decimal.
QString intDecimal(const U& text);

// The int of intDecimal's digits, held to the range of a long long as int() then min() would.
long long saturated(const QString& decimal);

// construct_yaml_float: underscores dropped, lower case, one sign, .inf, .nan, base-60 parts, or
// Python's float() of the rest.
double floatOf(const U& text);

// repr() of a float, which str() equals: the shortest digits that read back, in Python's layout
// (1e+16, 1e-05, 0.0001, 100.0, inf, nan).
QString floatRepr(double value);

// A timestamp's fields as construct_yaml_timestamp reads them with PyYAML's expression, before
// Python's datetime checks them (pythonConverts does); nothing when the text is no timestamp.
struct Timestamp {
    int year = 0, month = 0, day = 0;
    bool hasTime = false;
    int hour = 0, minute = 0, second = 0, micro = 0;
    bool hasZone = false;
    int offsetMinutes = 0; // signed; 0 for Z
};
std::optional<Timestamp> timestampOf(const U& text);

// str() and repr() of what construct_yaml_timestamp builds: a datetime.date, or a
// datetime.datetime with its microseconds and fixed offset.
QString timestampStr(const U& text);
QString timestampRepr(const U& text);

// binascii.a2b_base64, not strict, over ASCII: other characters skipped, a full padding ends the
// data. `leftover` counts the data characters of an unfinished last quad (0 after a padding),
// `quads` the finished ones: binaryError words its errors from them.
struct Base64 {
    QByteArray bytes;
    int leftover = 0;
    std::size_t quads = 0;
};
Base64 base64Of(UView text);

// The bytes of a `!!binary` scalar, and repr() of bytes.
inline QByteArray bytesOf(const U& text) { return base64Of(text).bytes; }
QString bytesRepr(const QByteArray& bytes);

} // namespace sediment::pyyaml
