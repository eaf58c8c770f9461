internal import CCollationShims

/// The one place that turns an ICU status value into Swift control flow.
///
/// Failures (> 0) throw ``CollationError/icuFailure(operation:status:)``; warnings (< 0),
/// such as ICU's "using default" notice, pass: they are information, not errors.
enum ICUStatus {
    static func check(_ status: Int32, _ operation: @autoclosure () -> String) throws(CollationError) {
        if status > 0 {
            throw .icuFailure(operation: operation(), status: name(status))
        }
    }

    static func name(_ status: Int32) -> String {
        String(cString: ccs_status_name(status))
    }
}

/// Reads a UTF-8 string from a shim function that fills a caller buffer and returns the
/// length it needs, retrying once with a big enough buffer.
func readShimString(_ fill: (UnsafeMutablePointer<CChar>?, Int32) -> Int32) -> String {
    var capacity: Int32 = 128
    while true {
        var buffer = [CChar](repeating: 0, count: Int(capacity))
        let needed = buffer.withUnsafeMutableBufferPointer { fill($0.baseAddress, capacity) }
        if needed < capacity {
            return String(decoding: buffer[0..<Int(max(needed, 0))].map { UInt8(bitPattern: $0) }, as: UTF8.self)
        }
        capacity = needed + 1
    }
}
