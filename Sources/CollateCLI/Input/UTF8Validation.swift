import ContactRecords

/// A hand-written UTF-8 validator: Swift's own validation does not say *where* the first
/// bad byte is, and the error message must.
enum UTF8Validation {
    enum Problem: Equatable {
        case illFormed
        case nul
    }

    /// The offset and kind of the first ill-formed sequence or NUL byte at or after `from`.
    static func firstProblem(in bytes: UnsafeBufferPointer<UInt8>, from: Int = 0) -> (offset: Int, problem: Problem)? {
        var index = from
        let count = bytes.count
        while index < count {
            let byte = bytes[index]
            if byte < 0x80 {
                if byte == 0 { return (index, .nul) }
                index += 1
                continue
            }
            let length = sequenceLength(bytes, at: index)
            if length == 0 { return (index, .illFormed) }
            index += length
        }
        return nil
    }

    /// The length of the well-formed multi-byte sequence at `index`, or 0 (Unicode
    /// Table 3-7: no overlongs, no surrogates, nothing above U+10FFFF).
    /// One table for the CLI and the record readers: ``ContactRecords``' `UTF8Check`.
    @inline(__always)
    static func sequenceLength(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> Int {
        UTF8Check.sequenceLength(bytes, at: index)
    }

    /// A copy of `bytes` with every ill-formed sequence (maximal subpart, as Unicode
    /// recommends) and every NUL replaced by U+FFFD.
    static func repaired(_ bytes: [UInt8]) -> [UInt8] {
        let replacement: [UInt8] = [0xEF, 0xBF, 0xBD]
        var out = [UInt8]()
        out.reserveCapacity(bytes.count + 16)
        bytes.withUnsafeBufferPointer { buffer in
            var index = 0
            while index < buffer.count {
                let byte = buffer[index]
                if byte < 0x80 {
                    if byte == 0 { out.append(contentsOf: replacement) } else { out.append(byte) }
                    index += 1
                    continue
                }
                let length = sequenceLength(buffer, at: index)
                if length > 0 {
                    out.append(contentsOf: buffer[index..<index + length])
                    index += length
                } else {
                    out.append(contentsOf: replacement)
                    index += maximalSubpart(buffer, at: index)
                }
            }
        }
        return out
    }

    /// How many bytes one U+FFFD replaces: the lead byte plus the continuation bytes that
    /// could still have been valid (at least 1).
    static func maximalSubpart(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> Int {
        let lead = bytes[index]
        let (needed, secondRange): (Int, ClosedRange<UInt8>) =
            switch lead {
            case 0xC2...0xDF: (1, 0x80...0xBF)
            case 0xE0: (2, 0xA0...0xBF)
            case 0xE1...0xEC, 0xEE...0xEF: (2, 0x80...0xBF)
            case 0xED: (2, 0x80...0x9F)
            case 0xF0: (3, 0x90...0xBF)
            case 0xF1...0xF3: (3, 0x80...0xBF)
            case 0xF4: (3, 0x80...0x8F)
            default: (0, 0x80...0xBF)
            }
        var length = 1
        var ok = needed > 0 && index + 1 < bytes.count && secondRange.contains(bytes[index + 1])
        while ok && length <= needed {
            length += 1
            ok = length <= needed && index + length < bytes.count && (0x80...0xBF).contains(bytes[index + length])
        }
        return length
    }
}
