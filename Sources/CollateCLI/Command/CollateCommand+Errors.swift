extension CollateCommand {
    /// Whether an error thrown by ``output(for:environment:)`` is an input error: bytes
    /// that cannot be read or decoded (invalid UTF-8, a NUL byte, a malformed CSV, vCard or
    /// JSON Lines record), which `collate` reports as `collate: FILE:LINE: message` with
    /// exit status 1. Any other error is a usage error or a defect.
    ///
    /// The error type itself is internal to the package; this is how a client outside it
    /// (the fuzzer in `Fuzz/`) tells a clean refusal from a failure.
    /// - Parameter error: An error thrown by the command.
    /// - Returns: True for an input error.
    public static func isInputError(_ error: any Error) -> Bool {
        error is InputError
    }
}
