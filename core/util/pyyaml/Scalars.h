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

// str() and repr() of what construct_yaml_timestamp builds: a datetime.date, or a
// datetime.datetime with its microseconds and fixed offset.
QString timestampStr(const U& text);
QString timestampRepr(const U& text);

// The bytes of a `!!binary` scalar (base64 over ASCII, as binascii reads it), and repr() of bytes.
QByteArray bytesOf(const U& text);
QString bytesRepr(const QByteArray& bytes);

} // namespace sediment::pyyaml
