extension String {
    /// The string as rewritten by a function over UTF-8 bytes (a surname substitute, a
    /// guessed reading), or nil when the function leaves it alone.
    ///
    /// - Parameter rewrite: Writes the rewritten bytes of its input to its output and
    ///   returns true, or returns false when there is nothing to rewrite.
    /// - Returns: The rewritten string, or nil.
    func rewritingUTF8(_ rewrite: (UnsafeBufferPointer<UInt8>, inout [UInt8]) -> Bool) -> String? {
        var text = self
        var output = [UInt8]()
        let rewritten = text.withUTF8 { rewrite($0, &output) }
        return rewritten ? String(decoding: output, as: UTF8.self) : nil
    }
}
