/// One sorted run of records spilled to disk: an anonymous temporary file (unlinked as
/// soon as it is created, so nothing is left behind even if the process is killed).
///
/// Records are compact (see ``RunRecordWriter``): each key is stored as what it shares
/// with the previous record's key at its start and end plus the middle, each line as the
/// length it shares plus the rest, so a run of sorted records costs little more than its
/// new bytes (1.32× the input at 10M distinct Korean lines).
final class RunFile {
    let descriptor: Int32
    /// Records and bytes written.
    var records = 0
    var bytes = 0
    /// The longest record's key and line bytes together (what a reader holds for it).
    var longestRecord = 0

    init(directory: String) throws(OutputError) {
        guard let (fd, path) = systemMakeTemporaryFile(prefix: "\(directory)/.collate-run-") else {
            throw OutputError(
                file: directory,
                message: "cannot create a temporary file for sorting: \(systemStrerror(systemErrno)); use -T DIR or TMPDIR for a writable directory with space")
        }
        systemUnlink(path)
        descriptor = fd
    }

    deinit { systemClose(descriptor) }

    /// The error for a failed write of a run.
    static func writeError(_ directory: String, _ code: Int32) -> OutputError {
        OutputError(
            file: directory,
            message: "cannot write a temporary sort file: \(systemStrerror(code)); free space there or use -T DIR (sorting needs about 1.5× the input in temporary files)")
    }
}
