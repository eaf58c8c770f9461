/// A small JSON parser that turns one object into (dotted path, value) pairs.
///
/// Written here rather than using Foundation's `JSONSerialization`: that would bring
/// Foundation into the module, re-encode numbers (`1.50` → `1.5`) and lose key order, while
/// this parser keeps every leaf's JSON text and the document order.
struct JSONFlattener {
    /// A syntax error: what was expected, with the byte of the line where.
    struct Failure: Error {
        var message: String
    }

    let buffer: UnsafeBufferPointer<UInt8>
    private var position = 0
    private var end = 0
    private var lineStart = 0
    private var path: [UInt8] = []
    private var scratch: [UInt8] = []
    /// Objects and arrays open around the current value.
    private var depth = 0

    /// The deepest nesting of objects and arrays read: the parser recurses once per
    /// level, and a deeper line (a hostile or broken one; contacts nest a few levels) is
    /// an error instead of a stack overflow on a worker thread's small stack.
    static let maximumDepth = 256

    init(buffer: UnsafeBufferPointer<UInt8>) {
        self.buffer = buffer
    }

    static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }

    /// Parses the object that must fill `range` (surrounding whitespace allowed) and calls
    /// `emit` with each leaf's path and value bytes (valid only during the call).
    mutating func flattenObject(in range: Range<Int>, _ emit: ([UInt8], ArraySlice<UInt8>) -> Void) throws(Failure) {
        position = range.lowerBound
        end = range.upperBound
        lineStart = range.lowerBound
        path.removeAll(keepingCapacity: true)
        depth = 0
        skipWhitespace()
        guard position < end, buffer[position] == UInt8(ascii: "{") else {
            throw failure("expected a JSON object ('{') at the start of the line")
        }
        try value(emit)
        skipWhitespace()
        guard position >= end else {
            throw failure("expected the end of the line after the object (one JSON object per line)")
        }
    }

    private mutating func value(_ emit: ([UInt8], ArraySlice<UInt8>) -> Void) throws(Failure) {
        skipWhitespace()
        guard position < end else { throw failure("expected a value before the end of the line") }
        switch buffer[position] {
        case UInt8(ascii: "{"), UInt8(ascii: "["):
            guard depth < Self.maximumDepth else {
                throw failure("objects and arrays nest deeper than \(Self.maximumDepth) levels")
            }
            depth += 1
            defer { depth -= 1 }
            if buffer[position] == UInt8(ascii: "{") { try object(emit) } else { try array(emit) }
        case UInt8(ascii: "\""):
            try string()
            emit(path, scratch[...])
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            let start = position
            try number()
            scratch.removeAll(keepingCapacity: true)
            scratch.append(contentsOf: buffer[start..<position])
            emit(path, scratch[...])
        case UInt8(ascii: "t"): try literal("true", emit)
        case UInt8(ascii: "f"): try literal("false", emit)
        case UInt8(ascii: "n"): try literal("null", emit)
        default: throw failure("expected a value (object, array, string, number, true, false or null)")
        }
    }

    private mutating func object(_ emit: ([UInt8], ArraySlice<UInt8>) -> Void) throws(Failure) {
        position += 1
        skipWhitespace()
        if position < end && buffer[position] == UInt8(ascii: "}") {
            position += 1
            if !path.isEmpty { emit(path, Array("{}".utf8)[...]) }
            return
        }
        let outer = path.count
        while true {
            skipWhitespace()
            guard position < end, buffer[position] == UInt8(ascii: "\"") else {
                throw failure("expected a member name in double quotes")
            }
            try string()
            if outer > 0 { path.append(UInt8(ascii: ".")) }
            path.append(contentsOf: scratch)
            skipWhitespace()
            guard position < end, buffer[position] == UInt8(ascii: ":") else {
                throw failure("expected ':' after the member name")
            }
            position += 1
            try value(emit)
            path.removeSubrange(outer...)
            if try closes(UInt8(ascii: "}"), the: "object", after: "an object member") { return }
        }
    }

    private mutating func array(_ emit: ([UInt8], ArraySlice<UInt8>) -> Void) throws(Failure) {
        position += 1
        skipWhitespace()
        if position < end && buffer[position] == UInt8(ascii: "]") {
            position += 1
            emit(path, Array("[]".utf8)[...])
            return
        }
        let outer = path.count
        var element = 0
        while true {
            if outer > 0 { path.append(UInt8(ascii: ".")) }
            path.append(contentsOf: String(element).utf8)
            try value(emit)
            path.removeSubrange(outer...)
            element += 1
            if try closes(UInt8(ascii: "]"), the: "array", after: "an array element") { return }
        }
    }

    /// Reads the separator after a member or an element: true for the `closing` bracket
    /// (the container ends), false for `,` (another one follows).
    private mutating func closes(_ closing: UInt8, the container: String, after what: String) throws(Failure) -> Bool {
        func expected() -> String { "expected ',' or '\(Character(Unicode.Scalar(closing)))'" }
        skipWhitespace()
        guard position < end else { throw failure("\(expected()) before the end of the line (unclosed \(container))") }
        let byte = buffer[position]
        position += 1
        if byte == closing { return true }
        guard byte == UInt8(ascii: ",") else {
            position -= 1
            throw failure("\(expected()) after \(what)")
        }
        return false
    }

    /// Parses a string at `position` (on its opening quote) into `scratch`.
    private mutating func string() throws(Failure) {
        scratch.removeAll(keepingCapacity: true)
        position += 1
        while position < end {
            let byte = buffer[position]
            if byte == UInt8(ascii: "\"") {
                position += 1
                return
            }
            if byte < 0x20 { throw failure("expected a printable character in a string (write control characters as \\u00XX)") }
            if byte != UInt8(ascii: "\\") {
                scratch.append(byte)
                position += 1
                continue
            }
            position += 1
            guard position < end else { break }
            let escape = buffer[position]
            position += 1
            switch escape {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): scratch.append(escape)
            case UInt8(ascii: "b"): scratch.append(0x08)
            case UInt8(ascii: "f"): scratch.append(0x0C)
            case UInt8(ascii: "n"): scratch.append(0x0A)
            case UInt8(ascii: "r"): scratch.append(0x0D)
            case UInt8(ascii: "t"): scratch.append(0x09)
            case UInt8(ascii: "u"): try unicodeEscape()
            default:
                position -= 2
                throw failure("expected an escape (\\\" \\\\ \\/ \\b \\f \\n \\r \\t \\uXXXX) after the backslash")
            }
        }
        throw failure("expected a closing '\"' before the end of the line (unterminated string)")
    }

    private mutating func unicodeEscape() throws(Failure) {
        var scalar = try hex4()
        if (0xD800...0xDBFF).contains(scalar), position + 1 < end, buffer[position] == UInt8(ascii: "\\"),
            buffer[position + 1] == UInt8(ascii: "u")
        {
            let save = position
            position += 2
            let low = try hex4()
            if (0xDC00...0xDFFF).contains(low) {
                scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
            } else {
                position = save
            }
        }
        // A lone surrogate is valid JSON but not Unicode: it becomes U+FFFD.
        scratch.append(contentsOf: String(Character(Unicode.Scalar(scalar) ?? "\u{FFFD}")).utf8)
    }

    private mutating func hex4() throws(Failure) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard position < end, let digit = Self.hexValue(buffer[position]) else {
                throw failure("expected four hexadecimal digits after \\u")
            }
            value = value << 4 | UInt32(digit)
            position += 1
        }
        return value
    }

    static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }

    /// Checks a number's grammar: `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`.
    private mutating func number() throws(Failure) {
        if buffer[position] == UInt8(ascii: "-") { position += 1 }
        guard position < end, isDigit(buffer[position]) else { throw failure("expected a digit in the number") }
        if buffer[position] == UInt8(ascii: "0") {
            position += 1
        } else {
            while position < end && isDigit(buffer[position]) { position += 1 }
        }
        if position < end && buffer[position] == UInt8(ascii: ".") {
            position += 1
            guard position < end, isDigit(buffer[position]) else { throw failure("expected a digit after the decimal point") }
            while position < end && isDigit(buffer[position]) { position += 1 }
        }
        if position < end && (buffer[position] == UInt8(ascii: "e") || buffer[position] == UInt8(ascii: "E")) {
            position += 1
            if position < end && (buffer[position] == UInt8(ascii: "+") || buffer[position] == UInt8(ascii: "-")) { position += 1 }
            guard position < end, isDigit(buffer[position]) else { throw failure("expected a digit in the exponent") }
            while position < end && isDigit(buffer[position]) { position += 1 }
        }
    }

    private func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }

    private mutating func literal(_ word: StaticString, _ emit: ([UInt8], ArraySlice<UInt8>) -> Void) throws(Failure) {
        let text = UnsafeBufferPointer(start: word.utf8Start, count: word.utf8CodeUnitCount)
        guard position + text.count <= end, buffer[position..<position + text.count].elementsEqual(text) else {
            throw failure("expected a value (object, array, string, number, true, false or null)")
        }
        position += text.count
        scratch.removeAll(keepingCapacity: true)
        scratch.append(contentsOf: text)
        emit(path, scratch[...])
    }

    private mutating func skipWhitespace() {
        while position < end && Self.isWhitespace(buffer[position]) { position += 1 }
    }

    /// An error at the current byte, naming it.
    private func failure(_ expected: String) -> Failure {
        let found: String
        if position >= end {
            found = "the end of the line"
        } else {
            let byte = buffer[position]
            found =
                byte >= 0x21 && byte < 0x7F ? "'\(Character(Unicode.Scalar(byte)))'" : "byte 0x\(String(byte, radix: 16, uppercase: true))"
        }
        return Failure(message: "\(expected), found \(found) at byte \(position - lineStart) of the line")
    }
}
