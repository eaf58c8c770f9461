/// The value of one raw CSV field: quotes removed and doubled quotes undone.
enum CSVField {
    /// Calls `body` with the value of `raw`, a field as it appears in the input.
    ///
    /// A field that starts with `"` is quoted: the value is what lies between the opening
    /// quote and the closing one, with each `""` read as `"`. Like Python's `csv` module
    /// (and Excel), characters after the closing quote are kept as written, so
    /// `"ab"c` reads as `abc`.
    static func withValue(of raw: UnsafeBufferPointer<UInt8>, scratch: inout [UInt8], _ body: (UnsafeBufferPointer<UInt8>) -> Void) {
        guard raw.count >= 2, raw[0] == quote else {
            body(raw)
            return
        }
        // Fast path: no quote between the opening and the closing one.
        if raw[raw.count - 1] == quote {
            var inner = 1
            while inner < raw.count - 1 && raw[inner] != quote { inner += 1 }
            if inner == raw.count - 1 {
                body(UnsafeBufferPointer(rebasing: raw[1..<raw.count - 1]))
                return
            }
        }
        scratch.removeAll(keepingCapacity: true)
        var index = 1
        while index < raw.count {
            let byte = raw[index]
            if byte == quote {
                if index + 1 < raw.count && raw[index + 1] == quote {
                    scratch.append(quote)
                    index += 2
                    continue
                }
                scratch.append(contentsOf: raw[(index + 1)...])
                break
            }
            scratch.append(byte)
            index += 1
        }
        scratch.withUnsafeBufferPointer(body)
    }

    /// The value of `raw` as a string.
    static func string(of raw: UnsafeBufferPointer<UInt8>) -> String {
        var scratch = [UInt8]()
        var value = ""
        withValue(of: raw, scratch: &scratch) { value = String(decoding: $0, as: UTF8.self) }
        return value
    }

    static let quote = UInt8(ascii: "\"")
}

extension RecordTable {
    /// Calls `body` with the decoded value of field `position` of delimited `record`.
    func withDelimitedValue(
        _ fields: DelimitedFields, record: Int, position: Int, scratch: inout [UInt8], _ body: (UnsafeBufferPointer<UInt8>) -> Void
    ) {
        let recordStart = recordRanges[record].lowerBound
        let slot = fields.base[record] + position
        let end = recordStart + Int(fields.ends[slot])
        let start = position == 0 ? recordStart : recordStart + Int(fields.ends[slot - 1]) + 1
        bytes.withUnsafeBufferPointer { buffer in
            let raw = UnsafeBufferPointer(rebasing: buffer[start..<end])
            if fields.quoting {
                CSVField.withValue(of: raw, scratch: &scratch, body)
            } else {
                body(raw)
            }
        }
    }
}
