#pragma once

#include "util/PyRepr.h"

#include <QString>

#include <string>
#include <string_view>
#include <utility>
#include <vector>

// The text helpers every stage of the PyYAML check shares: PyYAML's character classes and tags,
// Python's repr() and str.isprintable(), and whether SafeConstructor's calls into Python's own
// converters would succeed. Texts are UTF-32, as PyYAML indexes a str by code point.
namespace sediment::pyyaml {

using namespace std::string_view_literals;
using U = std::u32string;
using UView = std::u32string_view;

// PyYAML's character classes; its buffer ends in '\0', which stands for the end of the text.
inline constexpr UView kBreaks = U"\r\n\x85\u2028\u2029"sv;
inline constexpr UView kBreaksZ = U"\0\r\n\x85\u2028\u2029"sv;
inline constexpr UView kBlanksZ = U"\0 \t\r\n\x85\u2028\u2029"sv;
inline constexpr UView kSpacesBreaksZ = U"\0 \r\n\x85\u2028\u2029"sv; // where a tab does not end a word
inline constexpr UView kBlanksZFlow = U"\0 \t\r\n\x85\u2028\u2029,[]{}"sv;

inline constexpr UView kStrTag = U"tag:yaml.org,2002:str"sv;
inline constexpr UView kSeqTag = U"tag:yaml.org,2002:seq"sv;
inline constexpr UView kMapTag = U"tag:yaml.org,2002:map"sv;
inline constexpr UView kMergeTag = U"tag:yaml.org,2002:merge"sv;
inline constexpr UView kValueTag = U"tag:yaml.org,2002:value"sv;
inline constexpr UView kYamlTagPrefix = U"tag:yaml.org,2002:"sv;
// About where nesting runs into Python's default recursion limit: RecursionError is no YAMLError.
inline constexpr int kMaxDepth = 490;

inline bool isIn(char32_t c, UView set) { return set.find(c) != UView::npos; }

bool isWordChar(char32_t c);

bool isHexDigit(char32_t c);

inline QString fromU(UView s) { return QString::fromUcs4(s.data(), qsizetype(s.size())); }

// Python's repr() of a str, as PyYAML's messages print names and characters with %r.
inline QString pyRepr(UView s) { return pytext::repr(s); }
inline QString pyRepr(char32_t c) { return pytext::repr(c); }

inline QString text(const char* ascii) { return QString::fromLatin1(ascii); }

// Python's bytes.decode('utf-8'): the text, or str() of the UnicodeDecodeError it raises.
std::pair<U, QString> decodeUtf8(const std::vector<unsigned char>& bytes);

// What `!!binary` raises: str() of the error of text.encode('ascii') or of base64.decodebytes().
QString binaryError(UView value);

// The tag PyYAML's resolver guesses for a plain scalar: the first of its implicit patterns that
// matches, else str.
UView implicitTag(const U& value);

// Whether SafeConstructor turns a scalar's text into a bool, int, float or date without raising
// (it raises ValueError, KeyError and the like, no YAMLError, on `!!int abc` or 2024-02-30).
bool pythonConverts(UView kind, const U& value);

} // namespace sediment::pyyaml
