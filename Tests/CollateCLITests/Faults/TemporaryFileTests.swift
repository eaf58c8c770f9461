import Foundation
import SystemPackage
import SystemSupport
import Testing

/// The temporary files of `-o` and of spilled runs: the `-o` file's name is known before the
/// file exists (so a signal at any instant can remove it), and a run's file has no name.
@Suite("Temporary files")
struct TemporaryFileTests {
    static func makeDirectory() throws -> String {
        let directory = NSTemporaryDirectory() + "collate-temporary-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: false)
        return directory
    }

    @Test func theNameIsAnnouncedBeforeTheFileExists() throws {
        let directory = try Self.makeDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        var announced: [String] = []
        let (descriptor, path) = try systemMakeTemporaryFile(prefix: directory + "/.collate-") { name in
            #expect(!FileManager.default.fileExists(atPath: name), "announced after it was created")
            announced.append(name)
        }
        defer { try? descriptor.close() }
        #expect(announced == [path])
        #expect(path.hasPrefix(directory + "/.collate-") && path.utf8.count == directory.utf8.count + 20)
        let attributes = try FileManager.default.attributesOfItem(atPath: path)
        #expect((attributes[.posixPermissions] as? Int) == 0o600)
        #expect(try descriptor.writeAll(Array("abc".utf8)) == 3)
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "abc")
    }

    @Test func namesDiffer() throws {
        let directory = try Self.makeDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        var paths = Set<String>()
        for _ in 0..<50 {
            let (descriptor, path) = try systemMakeTemporaryFile(prefix: directory + "/t")
            try descriptor.close()
            paths.insert(path)
        }
        #expect(paths.count == 50)
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory).count == 50)
    }

    @Test func aMissingDirectoryIsAnErrorAndNothingIsCreated() throws {
        var announced = 0
        #expect(throws: Errno.noSuchFileOrDirectory) {
            _ = try systemMakeTemporaryFile(prefix: "/nonexistent-collate-dir/.collate-") { _ in announced += 1 }
        }
        #expect(announced == 1)
        #expect(throws: Errno.noSuchFileOrDirectory) {
            _ = try systemMakeAnonymousFile(directory: "/nonexistent-collate-dir", prefix: "/nonexistent-collate-dir/.r-")
        }
    }

    @Test func anAnonymousFileLeavesNoNameAndHoldsWhatIsWritten() throws {
        let directory = try Self.makeDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let descriptor = try systemMakeAnonymousFile(directory: directory, prefix: directory + "/.collate-run-")
        defer { try? descriptor.close() }
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory).isEmpty)
        let bytes = Array("sorted run\n".utf8)
        #expect(try descriptor.writeAll(bytes) == bytes.count)
        var back = [UInt8](repeating: 0, count: bytes.count)
        let read = try back.withUnsafeMutableBytes { try descriptor.read(fromAbsoluteOffset: 0, into: $0) }
        #expect(read == bytes.count && back == bytes)
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory).isEmpty)
    }
}
