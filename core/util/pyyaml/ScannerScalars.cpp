#include "util/pyyaml/SafeLoad.h"

namespace sediment::pyyaml {

void SafeLoad::scanToNextToken()
{
    if (m_ptr == 0 && peek() == 0xFEFF)
        forward();
    for (;;) {
        while (peek() == U' ')
            forward();
        if (peek() == U'#')
            while (!isIn(peek(), kBreaksZ))
                forward();
        if (scanLineBreak().empty())
            return;
        if (!inFlow())
            m_allowSimpleKey = true;
    }
}

Token SafeLoad::scanDirective()
{
    const Mark start = mark();
    forward();
    Token t{Tok::Directive, start, start};
    t.value = scanDirectiveName(start);
    const QString context = text("while scanning a directive");
    if (t.value == U"YAML") {
        while (peek() == U' ')
            forward();
        t.versionOne = scanYamlDirectiveNumberIsOne(start);
        if (peek() != U'.')
            fail(context, start, text("expected a digit or '.', but found ") + pyRepr(peek()), mark());
        forward();
        scanYamlDirectiveNumberIsOne(start);
        if (!isIn(peek(), kSpacesBreaksZ))
            fail(context, start, text("expected a digit or ' ', but found ") + pyRepr(peek()), mark());
    } else if (t.value == U"TAG") {
        while (peek() == U' ')
            forward();
        t.handle = scanTagHandle(text("directive"), start);
        if (peek() != U' ')
            fail(context, start, text("expected ' ', but found ") + pyRepr(peek()), mark());
        while (peek() == U' ')
            forward();
        t.tagPrefix = scanTagUri(text("directive"), start);
        if (!isIn(peek(), kSpacesBreaksZ))
            fail(context, start, text("expected ' ', but found ") + pyRepr(peek()), mark());
    } else {
        while (!isIn(peek(), kBreaksZ))
            forward();
    }
    t.end = mark();
    scanIgnoredLine(start, "while scanning a directive");
    return t;
}

U SafeLoad::scanDirectiveName(const Mark& start)
{
    std::size_t length = 0;
    while (isWordChar(peek(length)))
        ++length;
    const QString problem = text("expected alphabetic or numeric character, but found ");
    if (length == 0)
        fail(text("while scanning a directive"), start, problem + pyRepr(peek(length)), mark());
    U name = prefix(length);
    forward(length);
    if (!isIn(peek(), kSpacesBreaksZ))
        fail(text("while scanning a directive"), start, problem + pyRepr(peek()), mark());
    return name;
}

bool SafeLoad::scanYamlDirectiveNumberIsOne(const Mark& start)
{
    const auto isDigit = [](char32_t c) { return c >= U'0' && c <= U'9'; };
    if (!isDigit(peek()))
        fail(text("while scanning a directive"), start, text("expected a digit, but found ") + pyRepr(peek()), mark());
    std::size_t length = 0;
    while (isDigit(peek(length)))
        ++length;
    const U digits = prefix(length);
    forward(length);
    const std::size_t first = digits.find_first_not_of(U'0');
    return first != U::npos && digits.substr(first) == U"1";
}

void SafeLoad::scanIgnoredLine(const Mark& start, const char* scanning)
{
    while (peek() == U' ')
        forward();
    if (peek() == U'#')
        while (!isIn(peek(), kBreaksZ))
            forward();
    if (!isIn(peek(), kBreaksZ))
        fail(text(scanning), start, text("expected a comment or a line break, but found ") + pyRepr(peek()), mark());
    scanLineBreak();
}

// Anchor and alias names are restricted to ASCII letters, digits, '-' and '_'.
Token SafeLoad::scanAnchor(Tok kind)
{
    const Mark start = mark();
    const QString context = text(kind == Tok::Alias ? "while scanning an alias" : "while scanning an anchor");
    const QString problem = text("expected alphabetic or numeric character, but found ");
    forward();
    std::size_t length = 0;
    while (isWordChar(peek(length)))
        ++length;
    if (length == 0)
        fail(context, start, problem + pyRepr(peek(length)), mark());
    Token t{kind, start, start};
    t.value = prefix(length);
    forward(length);
    if (!isIn(peek(), U"\0 \t\r\n\x85\u2028\u2029?:,]}%@`"sv))
        fail(context, start, problem + pyRepr(peek()), mark());
    t.end = mark();
    return t;
}

Token SafeLoad::scanTag()
{
    const Mark start = mark();
    Token t{Tok::Tag, start, start};
    char32_t c = peek(1);
    if (c == U'<') {
        forward(2);
        t.value = scanTagUri(text("tag"), start);
        if (peek() != U'>')
            fail(text("while parsing a tag"), start, text("expected '>', but found ") + pyRepr(peek()), mark());
        forward();
    } else if (isIn(c, kBlanksZ)) {
        t.value.assign(1, U'!'); // not `= U"!"`: GCC 12 then warns of a memcpy overlap that cannot be
                                 // (its -Wrestrict false positive on short string literals)
        forward();
    } else {
        // `!handle!suffix` when a second '!' follows before the next blank, else `!suffix`.
        bool named = false;
        for (std::size_t length = 1; !isIn(c, kSpacesBreaksZ); c = peek(++length))
            if (c == U'!') {
                named = true;
                break;
            }
        if (named) {
            t.handle = scanTagHandle(text("tag"), start);
        } else {
            t.handle = U"!";
            forward();
        }
        t.value = scanTagUri(text("tag"), start);
    }
    if (!isIn(peek(), kSpacesBreaksZ))
        fail(text("while scanning a tag"), start, text("expected ' ', but found ") + pyRepr(peek()), mark());
    t.end = mark();
    return t;
}

Token SafeLoad::scanBlockScalar(bool folded)
{
    const Mark start = mark();
    const QString context = text("while scanning a block scalar");
    forward();
    std::optional<bool> keepTail; // '+' keeps trailing line breaks, '-' strips them
    int increment = 0;
    const auto readIndicator = [&](bool digit) {
        const char32_t c = peek();
        if (!digit && (c == U'+' || c == U'-')) {
            keepTail = c == U'+';
            forward();
            return true;
        }
        if (digit && c >= U'0' && c <= U'9') {
            if (c == U'0')
                fail(context, start, text("expected indentation indicator in the range 1-9, but found 0"), mark());
            increment = int(c - U'0');
            forward();
            return true;
        }
        return false;
    };
    if (readIndicator(false))
        readIndicator(true);
    else if (readIndicator(true))
        readIndicator(false);
    if (!isIn(peek(), kSpacesBreaksZ))
        fail(context, start, text("expected chomping or indentation indicators, but found ") + pyRepr(peek()), mark());
    scanIgnoredLine(start, "while scanning a block scalar");

    const int minIndent = std::max(m_indent + 1, 1);
    int indent = 0;
    Mark end = mark();
    U breaks;
    if (increment == 0) {
        // Without an indicator the first non-empty line decides the indentation.
        int maxIndent = 0;
        while (isIn(peek(), U" \r\n\x85\u2028\u2029"sv)) {
            if (peek() != U' ') {
                breaks += scanLineBreak();
                end = mark();
            } else {
                forward();
                maxIndent = std::max(maxIndent, m_column);
            }
        }
        indent = std::max(minIndent, maxIndent);
    } else {
        indent = minIndent + increment - 1;
        breaks = scanBlockScalarBreaks(indent, end);
    }

    U value;
    U lineBreak;
    while (m_column == indent && peek() != U'\0') {
        value += breaks;
        const bool leadingNonSpace = peek() != U' ' && peek() != U'\t';
        std::size_t length = 0;
        while (!isIn(peek(length), kBreaksZ))
            ++length;
        value += prefix(length);
        forward(length);
        lineBreak = scanLineBreak();
        breaks = scanBlockScalarBreaks(indent, end);
        if (m_column != indent || peek() == U'\0')
            break;
        if (folded && lineBreak == U"\n" && leadingNonSpace && peek() != U' ' && peek() != U'\t') {
            if (breaks.empty())
                value += U' ';
        } else {
            value += lineBreak;
        }
    }
    if (keepTail != false)
        value += lineBreak;
    if (keepTail == true)
        value += breaks;
    Token t{Tok::Scalar, start, end};
    t.value = std::move(value);
    return t;
}

U SafeLoad::scanBlockScalarBreaks(int indent, Mark& end)
{
    U breaks;
    end = mark();
    while (m_column < indent && peek() == U' ')
        forward();
    while (isIn(peek(), kBreaks)) {
        breaks += scanLineBreak();
        end = mark();
        while (m_column < indent && peek() == U' ')
            forward();
    }
    return breaks;
}

Token SafeLoad::scanFlowScalar(bool doubleQuoted)
{
    const Mark start = mark();
    const char32_t quote = peek();
    forward();
    U value = scanFlowScalarNonSpaces(doubleQuoted, start);
    while (peek() != quote) {
        value += scanFlowScalarSpaces(start);
        value += scanFlowScalarNonSpaces(doubleQuoted, start);
    }
    forward();
    Token t{Tok::Scalar, start, mark()};
    t.value = std::move(value);
    return t;
}

U SafeLoad::scanFlowScalarNonSpaces(bool doubleQuoted, const Mark& start)
{
    static const std::map<char32_t, char32_t> replacements = {
        {U'0', 0},      {U'a', 0x07}, {U'b', 0x08}, {U't', 0x09}, {U'\t', 0x09},  {U'n', 0x0A},
        {U'v', 0x0B},   {U'f', 0x0C}, {U'r', 0x0D}, {U'e', 0x1B}, {U' ', 0x20},   {U'"', U'"'},
        {U'\\', U'\\'}, {U'/', U'/'}, {U'N', 0x85}, {U'_', 0xA0}, {U'L', 0x2028}, {U'P', 0x2029}};
    const QString context = text("while scanning a double-quoted scalar");
    U value;
    for (;;) {
        std::size_t length = 0;
        while (!isIn(peek(length), U"'\"\\\0 \t\r\n\x85\u2028\u2029"sv))
            ++length;
        value += prefix(length);
        forward(length);
        const char32_t c = peek();
        if (!doubleQuoted && c == U'\'' && peek(1) == U'\'') {
            value += U'\'';
            forward(2);
        } else if ((doubleQuoted && c == U'\'') || (!doubleQuoted && (c == U'"' || c == U'\\'))) {
            value += c;
            forward();
        } else if (doubleQuoted && c == U'\\') {
            forward();
            const char32_t e = peek();
            if (const auto r = replacements.find(e); r != replacements.end()) {
                value += r->second;
                forward();
            } else if (e == U'x' || e == U'u' || e == U'U') {
                const std::size_t digits = e == U'x' ? 2 : e == U'u' ? 4 : 8;
                forward();
                for (std::size_t k = 0; k < digits; ++k)
                    if (!isHexDigit(peek(k)))
                        fail(
                            context, start,
                            QStringLiteral("expected escape sequence of %1 hexadecimal numbers, but found ").arg(digits)
                                + pyRepr(peek(k)),
                            mark());
                const uint code = fromU(prefix(digits)).toUInt(nullptr, 16);
                if (code > 0x10FFFF)
                    throw GiveUp{}; // chr() raises ValueError
                value += char32_t(code);
                forward(digits);
            } else if (isIn(e, kBreaks)) {
                scanLineBreak();
                value += scanFlowScalarBreaks(start);
            } else {
                fail(context, start, text("found unknown escape character ") + pyRepr(e), mark());
            }
        } else {
            return value;
        }
    }
}

U SafeLoad::scanFlowScalarSpaces(const Mark& start)
{
    std::size_t length = 0;
    while (peek(length) == U' ' || peek(length) == U'\t')
        ++length;
    const U spaces = prefix(length);
    forward(length);
    const char32_t c = peek();
    if (c == U'\0')
        fail(text("while scanning a quoted scalar"), start, text("found unexpected end of stream"), mark());
    if (!isIn(c, kBreaks))
        return spaces;
    const U lineBreak = scanLineBreak();
    const U breaks = scanFlowScalarBreaks(start);
    // A single line break folds into a space.
    return (lineBreak != U"\n" ? lineBreak : breaks.empty() ? U(U" ") : U()) + breaks;
}

// Quoted scalars may ignore indentation, but not run into a document separator.
U SafeLoad::scanFlowScalarBreaks(const Mark& start)
{
    U breaks;
    for (;;) {
        if (atDocumentSeparator())
            fail(text("while scanning a quoted scalar"), start, text("found unexpected document separator"), mark());
        while (peek() == U' ' || peek() == U'\t')
            forward();
        if (!isIn(peek(), kBreaks))
            return breaks;
        breaks += scanLineBreak();
    }
}

Token SafeLoad::scanPlain()
{
    const Mark start = mark();
    Token t{Tok::Scalar, start, start};
    t.plain = true;
    const int indent = m_indent + 1;
    U spaces;
    while (peek() != U'#') {
        std::size_t length = 0;
        for (;; ++length) {
            const char32_t c = peek(length);
            if (isIn(c, kBlanksZ) || (c == U':' && isIn(peek(length + 1), inFlow() ? kBlanksZFlow : kBlanksZ))
                || (inFlow() && isIn(c, U",?[]{}"sv)))
                break;
        }
        if (length == 0)
            break;
        m_allowSimpleKey = false;
        t.value += spaces;
        t.value += prefix(length);
        forward(length);
        t.end = mark();
        const std::optional<U> next = scanPlainSpaces();
        if (!next || next->empty() || peek() == U'#' || (!inFlow() && m_column < indent))
            break;
        spaces = *next;
    }
    return t;
}

// The white space after a word of a plain scalar, folded; nothing at a document separator.
std::optional<U> SafeLoad::scanPlainSpaces()
{
    std::size_t length = 0;
    while (peek(length) == U' ')
        ++length;
    U spaces = prefix(length);
    forward(length);
    if (!isIn(peek(), kBreaks))
        return spaces;
    const U lineBreak = scanLineBreak();
    m_allowSimpleKey = true;
    if (atDocumentSeparator())
        return std::nullopt;
    U breaks;
    while (isIn(peek(), U" \r\n\x85\u2028\u2029"sv)) {
        if (peek() == U' ') {
            forward();
        } else {
            breaks += scanLineBreak();
            if (atDocumentSeparator())
                return std::nullopt;
        }
    }
    return (lineBreak != U"\n" ? lineBreak : breaks.empty() ? U(U" ") : U()) + breaks;
}

U SafeLoad::scanTagHandle(const QString& name, const Mark& start)
{
    const QString context = text("while scanning a ") + name;
    if (peek() != U'!')
        fail(context, start, text("expected '!', but found ") + pyRepr(peek()), mark());
    std::size_t length = 1;
    if (peek(1) != U' ') {
        while (isWordChar(peek(length)))
            ++length;
        if (peek(length) != U'!') {
            const char32_t c = peek(length);
            forward(length);
            fail(context, start, text("expected '!', but found ") + pyRepr(c), mark());
        }
        ++length;
    }
    U handle = prefix(length);
    forward(length);
    return handle;
}

U SafeLoad::scanTagUri(const QString& name, const Mark& start)
{
    U uri;
    bool any = false;
    std::size_t length = 0;
    for (char32_t c = peek(); isWordChar(c) || isIn(c, U";/?:@&=+$,.!~*'()[]%"sv); c = peek(length)) {
        if (c == U'%') {
            uri += prefix(length);
            forward(length);
            length = 0;
            uri += scanUriEscapes(name, start);
            any = true;
        } else {
            ++length;
        }
    }
    if (length) {
        uri += prefix(length);
        forward(length);
        any = true;
    }
    if (!any)
        fail(text("while parsing a ") + name, start, text("expected URI, but found ") + pyRepr(peek()), mark());
    return uri;
}

U SafeLoad::scanUriEscapes(const QString& name, const Mark& start)
{
    std::vector<unsigned char> bytes;
    const Mark first = mark();
    while (peek() == U'%') {
        forward();
        for (std::size_t k = 0; k < 2; ++k)
            if (!isHexDigit(peek(k)))
                fail(text("while scanning a ") + name, start,
                     text("expected URI escape sequence of 2 hexadecimal numbers, but found ") + pyRepr(peek(k)),
                     mark());
        bytes.push_back(static_cast<unsigned char>(fromU(prefix(2)).toUInt(nullptr, 16)));
        forward(2);
    }
    auto [decoded, error] = decodeUtf8(bytes);
    if (!error.isEmpty())
        fail(text("while scanning a ") + name, start, error, first);
    return decoded;
}

U SafeLoad::scanLineBreak()
{
    const char32_t c = peek();
    if (c == U'\r' || c == U'\n' || c == 0x85) {
        forward(prefix(2) == U"\r\n" ? 2 : 1);
        return U"\n";
    }
    if (c == 0x2028 || c == 0x2029) {
        forward();
        return U(1, c);
    }
    return {};
}

} // namespace sediment::pyyaml
