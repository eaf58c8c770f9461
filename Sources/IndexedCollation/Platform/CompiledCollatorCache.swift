import SystemSupport

/// Where compiled multi-language collators (and what key writers learn from ICU) are kept
/// between processes: off unless you name a directory.
///
/// A collation with additional languages (`additionalLocales`) merges their tailorings
/// into the primary's and compiles the result, which takes 0.2–0.4 s of CPU for a ko or
/// ja primary or a ja extra, once per process. With a cache directory, the compiled
/// collator is written there (one file per merged rule text and ICU version) and later
/// processes open it in milliseconds. The `collate` command line turns the cache on
/// (``standardDirectory(environment:)``); a library is off by default, because writing
/// into a user's home directory is the application's decision.
///
/// ```swift
/// var configuration = LocalizedIndexedCollation.Configuration(locale: try CollationLocale("ko_KR"))
/// configuration.additionalLocales = [try CollationLocale("ja")]
/// configuration.compiledRulesDirectory = applicationCachesDirectory + "/collate"   // this collation
/// CompiledCollatorCache.directory = applicationCachesDirectory + "/collate"        // or every one
/// let collation = try LocalizedIndexedCollation(configuration)
/// ```
///
/// The library reads no environment variable: an app names its own directory, and
/// `collate` passes the one ``standardDirectory(environment:)`` derives from the
/// environment it reads.
///
/// The same directory keeps, for a collator that makes many sort keys (a run of 20,000
/// distinct texts or more, or ``Collator/prepareForManyKeys()``), what its table-driven
/// key writer learns from ICU when it is made (the characters whose weights depend on
/// their neighbours: about 25 ms of CPU a process, on a thread of its own while the input
/// is read): one file of about 8 KB plus the collator's description, per collator
/// description and ICU version (`keytable-icu<version>-<hash>.bin`), written by the first
/// process that learns it. Keys are the same bytes with or without it.
///
/// Set it before the first multi-language collation of the process: collators already
/// opened stay as they are. A file holds the rules it was compiled from (compared in full,
/// so a hash collision cannot pick the wrong collator) and a checksum; it is written to a
/// temporary name and renamed, so readers never see a partial file. A file that is
/// missing, short, damaged, not a regular file, holds other rules or that ICU refuses is
/// ignored and replaced; a directory that cannot be written only costs the compilation.
/// The output never depends on whether the cache was used.
public enum CompiledCollatorCache {
    /// The directory compiled collators are kept in, created when first written (mode
    /// 0700); `nil`, the default, keeps nothing on disk.
    public static var directory: String? {
        get {
            systemMutexLock(lock)
            defer { systemMutexUnlock(lock) }
            return stored
        }
        set {
            systemMutexLock(lock)
            defer { systemMutexUnlock(lock) }
            stored = newValue.flatMap { $0.isEmpty ? nil : $0 }
        }
    }

    /// The directory the `collate` command uses: `$COLLATE_CACHE_DIR`, else
    /// `$XDG_CACHE_HOME/collate`, else `~/.cache/collate`; `nil` when `COLLATE_NO_CACHE` is
    /// set (to anything but "" and "0") or no absolute home is known.
    /// - Parameter environment: The process environment, as the caller read it.
    /// - Returns: The directory, or `nil` for no cache.
    public static func standardDirectory(environment: [String: String]) -> String? {
        if let off = environment["COLLATE_NO_CACHE"], !off.isEmpty, off != "0" { return nil }
        if let directory = environment["COLLATE_CACHE_DIR"], !directory.isEmpty { return directory }
        if let xdg = environment["XDG_CACHE_HOME"], xdg.hasPrefix("/") { return xdg + "/collate" }
        if let home = environment["HOME"], home.hasPrefix("/") { return home + "/.cache/collate" }
        return nil
    }

    nonisolated(unsafe) private static var stored: String?
    nonisolated(unsafe) private static let lock = systemMutexCreate()

    /// ICU's binary of the collator compiled from `rules`: from its file in `directory`,
    /// else compiled now by `compile` and written there (nil when ICU refuses the rules).
    static func binary(
        for rules: [UInt16], in directory: String, compile: ([UInt16]) -> [UInt8]?
    ) -> [UInt8]? {
        let file = CacheFile.compiledRules(directory: directory, rules: rules)
        if let stored = file.read() { return stored }
        guard let compiled = compile(rules) else { return nil }
        file.write(compiled)
        return compiled
    }
}
