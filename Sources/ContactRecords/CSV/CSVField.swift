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

    /// Writes the value of `raw` to `output` at `offset` (the value is never longer than
    /// `raw`) and returns its length.
    @inline(__always)
    static func copyValue(of raw: UnsafeBufferPointer<UInt8>, quoting: Bool, to output: UnsafeMutablePointer<UInt8>) -> Int {
        guard quoting, raw.count >= 2, raw[0] == quote, let base = raw.baseAddress else {
            if let base = raw.baseAddress { output.update(from: base, count: raw.count) }
            return raw.count
        }
        var written = 0
        var index = 1
        while index < raw.count {
            let byte = base[index]
            if byte == quote {
                if index + 1 < raw.count && base[index + 1] == quote {
                    output[written] = quote
                    written += 1
                    index += 2
                    continue
                }
                let rest = raw.count - index - 1
                (output + written).update(from: base + index + 1, count: rest)
                return written + rest
            }
            output[written] = byte
            written += 1
            index += 1
        }
        return written
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
    /// Every record's value of column `column`, decoded into one buffer: a pass to size
    /// it, a pass to fill it, no per-value allocation.
    func delimitedValues(_ fields: DelimitedFields, column: Int) -> FieldValues {
        let records = count
        return bytes.withUnsafeBufferPointer { buffer in
            recordRanges.withUnsafeBufferPointer { recordRanges in
                fields.base.withUnsafeBufferPointer { base in
                    fields.ends.withUnsafeBufferPointer { ends in
                        @inline(__always) func raw(_ record: Int) -> Range<Int> {
                            let first = base[record]
                            guard column < base[record + 1] - first else { return 0..<0 }
                            let recordStart = recordRanges[record].lowerBound
                            let start = column == 0 ? recordStart : recordStart + Int(ends[first + column - 1]) + 1
                            return start..<recordStart + Int(ends[first + column])
                        }
                        var total = 0
                        for record in 0..<records { total += raw(record).count }
                        var ranges = [Range<Int>]()
                        let values = [UInt8](unsafeUninitializedCapacity: Swift.max(total, 1)) { output, initialized in
                            ranges = [Range<Int>](unsafeUninitializedCapacity: records) { rangesOut, rangesInitialized in
                                var written = 0
                                for record in 0..<records {
                                    let field = raw(record)
                                    let length = CSVField.copyValue(
                                        of: UnsafeBufferPointer(rebasing: buffer[field]), quoting: fields.quoting,
                                        to: output.baseAddress.unsafelyUnwrapped + written)
                                    (rangesOut.baseAddress.unsafelyUnwrapped + record).initialize(to: written..<written + length)
                                    written += length
                                }
                                rangesInitialized = records
                                initialized = written
                            }
                        }
                        return FieldValues(bytes: values, ranges: ranges)
                    }
                }
            }
        }
    }

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
