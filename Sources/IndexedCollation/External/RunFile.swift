import SystemPackage
import SystemSupport

/// One sorted run of records spilled to disk: an anonymous temporary file (O_TMPFILE, or
/// unlinked as soon as it is created where that is not supported), so nothing is left
/// behind even if the process is killed.
///
/// Records are compact (see ``RunRecordWriter``): each key is stored as what it shares
/// with the previous record's key at its start and end plus the middle, each line as the
/// length it shares plus the rest, so a run of sorted records costs little more than its
/// new bytes (1.32× the input at 10M distinct Korean lines).
package final class RunFile {
    package let descriptor: FileDescriptor
    /// The directory the file was made in (named by errors).
    package let directory: String
    /// Records and bytes written.
    package var records = 0
    package var bytes = 0
    /// The longest record's key and line bytes together (what a reader holds for it).
    package var longestRecord = 0

    /// Creates the file in `directory`, nameless.
    /// - Throws: ``ExternalSortError/Reason/cannotCreateTemporaryFile``.
    package init(directory: String) throws(ExternalSortError) {
        do throws(Errno) {
            descriptor = try systemMakeAnonymousFile(directory: directory, prefix: "\(directory)/.collate-run-")
        } catch {
            throw ExternalSortError(.cannotCreateTemporaryFile, directory: directory, errno: error)
        }
        self.directory = directory
    }

    deinit { systemClose(descriptor) }
}
