#pragma once

#include <cstddef>

namespace sediment::utf8 {

// The length of the well-formed UTF-8 sequence that starts at p (1 for ASCII), or 0 when it is
// not one: truncated, a stray continuation byte, an overlong form, a UTF-16 surrogate, or past
// U+10FFFF. These are the rules of nlohmann's decoder and of Python's strict UTF-8 codec, so the
// parser, the quick reader and the writer all agree on what "valid UTF-8" means.
inline std::size_t sequenceLength(const unsigned char* p, std::size_t left)
{
    const unsigned char c = p[0];
    if (c < 0x80)
        return 1;
    std::size_t len = 0;
    unsigned int cp = 0;
    if ((c & 0xE0) == 0xC0) {
        len = 2;
        cp = c & 0x1F;
    } else if ((c & 0xF0) == 0xE0) {
        len = 3;
        cp = c & 0x0F;
    } else if ((c & 0xF8) == 0xF0) {
        len = 4;
        cp = c & 0x07;
    } else {
        return 0;
    }
    if (len > left)
        return 0;
    for (std::size_t k = 1; k < len; ++k) {
        if ((p[k] & 0xC0) != 0x80)
            return 0;
        cp = (cp << 6) | (p[k] & 0x3F);
    }
    if ((len == 2 && cp < 0x80) || (len == 3 && cp < 0x800) || (len == 4 && cp < 0x10000)
        || (cp >= 0xD800 && cp <= 0xDFFF) || cp > 0x10FFFF)
        return 0;
    return len;
}

} // namespace sediment::utf8
