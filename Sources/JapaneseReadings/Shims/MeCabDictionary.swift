internal import CReadingShims
import IndexedCollation
import SystemSupport

/// A MeCab dictionary, loaded once and shared by every thread, with a pool of taggers so
/// each thread parses with its own tagger and lattice.
///
/// MeCab documents its model as immutable and shareable between threads; a tagger with
/// its lattice serves one parse at a time. `@unchecked Sendable` is safe: the model is
/// never changed after `init`, and every access to the pool holds `lock`.
final class MeCabDictionary: @unchecked Sendable {
    /// The directory the dictionary was loaded from, e.g. `/var/lib/mecab/dic/naist-jdic`.
    let directory: String
    /// The dictionary's own name: the last component of `directory` after symbolic links.
    let name: String
    private let dictionary: OpaquePointer
    private let lock: SystemMutex
    private var idle: [OpaquePointer] = []

    /// Opens the dictionary in `directory` and checks that it reads IPADIC-style UTF-8.
    /// - Throws: A human message when MeCab cannot load it or it is not usable.
    init(directory: String) throws(MeCabDictionaryProblem) {
        var message = [CChar](repeating: 0, count: 512)
        guard let opened = crs_dictionary_open(directory, &message, message.count) else {
            throw MeCabDictionaryProblem(
                directory: directory,
                reason: "cannot be loaded (" + String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
                    + ")")
        }
        dictionary = opened
        self.directory = directory
        name = Self.resolvedName(of: directory)
        lock = systemMutexCreate()
        let charset = String(cString: crs_dictionary_charset(opened)).lowercased()
        guard charset == "utf-8" || charset == "utf8" else {
            throw MeCabDictionaryProblem(directory: directory, reason: "is in \(charset), not UTF-8")
        }
        // The feature layout must be IPADIC's: the probe must come back as a surname read サトウ.
        let probe = tokens(of: Array("佐藤".utf8)).first
        guard let probe, probe.kind == .surname, probe.reading == Array("サトウ".utf8) else {
            throw MeCabDictionaryProblem(
                directory: directory, reason: "is not in the IPADIC feature layout (katakana reading in field 8, 人名,姓 for surnames)")
        }
    }

    deinit {
        for tagger in idle { crs_tagger_close(tagger) }
        crs_dictionary_close(dictionary)
        systemMutexDestroy(lock)
    }

    /// The best path's tokens of UTF-8 `text` (none when MeCab fails, which it does not
    /// for valid UTF-8 text).
    func tokens(of text: [UInt8]) -> [MeCabToken] {
        analysis(of: text, surnamesAtStart: false).tokens
    }

    /// The best path's tokens of UTF-8 `text` and, when asked, every surname entry of the
    /// dictionary that begins at its first byte (the alternatives MeCab weighed there).
    func analysis(of text: [UInt8], surnamesAtStart: Bool) -> (tokens: [MeCabToken], surnamesAtStart: [MeCabToken]) {
        guard !text.isEmpty, let tagger = takeTagger() else { return ([], []) }
        defer { giveBack(tagger) }
        var raw = [crs_token](repeating: crs_token(), count: 16)
        var count = text.withUnsafeBufferPointer { crs_tagger_parse(tagger, $0.baseAddress, $0.count, &raw, Int32(raw.count)) }
        if count > raw.count {
            raw = [crs_token](repeating: crs_token(), count: Int(count))
            count = text.withUnsafeBufferPointer { crs_tagger_parse(tagger, $0.baseAddress, $0.count, &raw, Int32(raw.count)) }
        }
        guard count >= 0 else { return ([], []) }
        let tokens = raw.prefix(Int(count)).map(MeCabToken.init)
        guard surnamesAtStart else { return (tokens, []) }
        var entries = crs_tagger_entries(tagger, 0, Int32(CRS_TOKEN_SURNAME), &raw, Int32(raw.count))
        if entries > raw.count {
            raw = [crs_token](repeating: crs_token(), count: Int(entries))
            entries = crs_tagger_entries(tagger, 0, Int32(CRS_TOKEN_SURNAME), &raw, Int32(raw.count))
        }
        return (tokens, raw.prefix(Int(max(entries, 0))).map(MeCabToken.init))
    }

    private func takeTagger() -> OpaquePointer? {
        systemMutexLock(lock)
        let tagger = idle.popLast()
        systemMutexUnlock(lock)
        return tagger ?? crs_tagger_open(dictionary)
    }

    private func giveBack(_ tagger: OpaquePointer) {
        systemMutexLock(lock)
        idle.append(tagger)
        systemMutexUnlock(lock)
    }

    private static func resolvedName(of directory: String) -> String {
        let path = systemRealpath(directory) ?? directory
        return path.split(separator: "/").last.map(String.init) ?? path
    }
}
