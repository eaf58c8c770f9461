extension CollationPipeline {
    /// Opens standard output or the atomic `-o` file, lets `body` write, and commits;
    /// on any failure an existing `-o` file is left as it was.
    /// - Parameters:
    ///   - standardOutput: The descriptor of standard output.
    ///   - body: Writes the output to the sink.
    /// - Throws: ``OutputError`` when the destination cannot be written, or what `body`
    ///   throws.
    func withOutput(standardOutput: Int32, _ body: (OutputSink) throws -> Void) throws {
        guard let destination = output.destination else {
            let sink = OutputSink(descriptor: standardOutput)
            try body(sink)
            try sink.flush()
            return
        }
        let file = try AtomicOutputFile(destination)
        do {
            let sink = OutputSink(descriptor: file.descriptor)
            try body(sink)
            try sink.flush()
        } catch {
            file.abandon()
            if case OutputSink.Failure.writeFailed(let reason) = error {
                let kept = file.temporaryPath == nil ? "" : "; the file was left as it was"
                throw OutputError(file: destination, message: "cannot write: \(reason)\(kept)")
            }
            throw error
        }
        try file.commit()
    }
}
