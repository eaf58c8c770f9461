/// JSON string escaping exactly as Python's `json.dumps(ensure_ascii=False)`.
enum JSONText {
    static func writeString(_ bytes: ArraySlice<UInt8>, to sink: OutputSink) throws(OutputSink.Failure) {
        try bytes.withUnsafeBufferPointer { (bytes) throws(OutputSink.Failure) in try writeString(bytes, to: sink) }
    }

    static func writeString(_ bytes: UnsafeBufferPointer<UInt8>, to sink: OutputSink) throws(OutputSink.Failure) {
        let hex = Array("0123456789abcdef".utf8)
        try sink.write(byte: 0x22)
        var runStart = bytes.startIndex
        for index in bytes.indices {
            let byte = bytes[index]
            guard byte < 0x20 || byte == 0x22 || byte == 0x5C else { continue }
            try sink.write(UnsafeBufferPointer(rebasing: bytes[runStart..<index]))
            switch byte {
            case 0x22: try sink.write("\\\"")
            case 0x5C: try sink.write("\\\\")
            case 0x0A: try sink.write("\\n")
            case 0x0D: try sink.write("\\r")
            case 0x09: try sink.write("\\t")
            case 0x08: try sink.write("\\b")
            case 0x0C: try sink.write("\\f")
            default: try sink.write([0x5C, 0x75, 0x30, 0x30, hex[Int(byte >> 4)], hex[Int(byte & 0xF)]])
            }
            runStart = index + 1
        }
        try sink.write(UnsafeBufferPointer(rebasing: bytes[runStart..<bytes.endIndex]))
        try sink.write(byte: 0x22)
    }

    /// A text as a JSON string, escaped as ``writeString(_:to:)`` writes it.
    static func quoted(_ text: String) -> String {
        let sink = OutputSink.memory()
        try? writeString(Array(text.utf8)[...], to: sink)  // a memory sink does not fail
        try? sink.flush()
        return String(decoding: sink.collected, as: UTF8.self)
    }
}
