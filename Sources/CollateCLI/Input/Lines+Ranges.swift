extension Lines {
    /// Records already cut by a structured reader: each record's bytes in the input.
    /// - Parameters:
    ///   - bytes: The input.
    ///   - ranges: Each record's range of `bytes`, in input order.
    init(bytes: [UInt8], ranges: [Range<Int>]) {
        self.bytes = bytes
        self.ranges = ranges
    }
}
