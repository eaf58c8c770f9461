extension IndexingEngine {
    /// Records as UTF-8 byte ranges inside one buffer: the display key of each record and
    /// its optional reading (an empty reading means "none").
    package struct Input: @unchecked Sendable {
        // @unchecked: the caller keeps `bytes` alive and unmodified during `run`.
        package let bytes: UnsafeBufferPointer<UInt8>
        package let keys: [Range<Int>]
        package let readings: [Range<Int>]?

        package init(bytes: UnsafeBufferPointer<UInt8>, keys: [Range<Int>], readings: [Range<Int>]? = nil) {
            self.bytes = bytes
            self.keys = keys
            self.readings = readings
        }

        package var count: Int { keys.count }

        /// The bytes of a range of the buffer.
        func text(_ range: Range<Int>) -> UnsafeBufferPointer<UInt8> {
            UnsafeBufferPointer(rebasing: bytes[range])
        }

        /// The reading's range of `record`, empty when it has none.
        func reading(_ record: Int) -> Range<Int> { readings?[record] ?? 0..<0 }
    }
}
