internal import CCollationShims

/// Where compiled multi-language collators are kept between processes: off unless you
/// name a directory.
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
/// CompiledCollatorCache.directory = CompiledCollatorCache.standardDirectory(
///     environment: ProcessInfo.processInfo.environment)
/// let collation = try LocalizedIndexedCollation(
///     locale: CollationLocale("ko_KR"), additionalLocales: [CollationLocale("ja")])
/// ```
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
    /// - Parameter environment: The process environment (`ProcessInfo.processInfo.environment`).
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

    /// Opens the collator of `locale` merged with `extras` (as `ccs_collator_open` takes
    /// them) through the cache in `directory`: the compiled rules from their file, else
    /// compiled now and written there. Without rules to compile, a plain open.
    static func openCollator(
        locale: String, extras: String, attributes: [Int32], directory: String, status: inout Int32
    ) -> OpaquePointer? {
        var rules: UnsafeMutablePointer<UInt16>?
        var rulesStatus: Int32 = 0
        let count = ccs_merged_rules(locale, extras, &rules, &rulesStatus)
        defer { ccs_free(rules) }
        guard count > 0, let rules, rulesStatus <= 0 else { return ccs_collator_open(locale, extras, attributes, &status) }
        let file = CompiledRulesFile(directory: directory, rules: UnsafeBufferPointer(start: rules, count: Int(count)))
        let binary = file.read() ?? compile(rules, count: count).map { compiled in
            file.write(compiled)
            return compiled
        }
        return (binary ?? []).withUnsafeBufferPointer {
            ccs_collator_open_compiled(locale, extras, attributes, rules, count, $0.baseAddress, Int32($0.count), &status)
        }
    }

    /// ICU's binary of the collator compiled from `rules`, or nil when ICU refuses them.
    private static func compile(_ rules: UnsafePointer<UInt16>, count: Int32) -> [UInt8]? {
        var binary: UnsafeMutablePointer<UInt8>?
        var status: Int32 = 0
        let size = ccs_rules_compile_binary(rules, count, &binary, &status)
        defer { ccs_free(binary) }
        guard size > 0, status <= 0, let binary else { return nil }
        return Array(UnsafeBufferPointer(start: binary, count: Int(size)))
    }
}
