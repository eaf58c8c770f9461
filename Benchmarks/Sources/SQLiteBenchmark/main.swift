// SQLiteBenchmark: collate's order inside SQLite (IndexedCollationGRDB) against the same
// sort in memory, and the first screen of a database-backed data source.
//
//   Benchmarks/run sqlite [--rows N] [--rounds R] [--distinct]
//
// Makes N Korean names (seeded; ~5,300 distinct, or all distinct with --distinct: the row
// number is appended), stores them in a file database (WAL, a DatabasePool), and times,
// median of R rounds (default 3; the first round of each ORDER BY runs with the
// connection's place cache empty and is also shown):
//
//   memory   LocalizedIndexedCollation.sections(of:by:) over the names (the expected order)
//   string   SELECT id … ORDER BY name COLLATE ko_KR_string, id   (DatabaseCollation.localized)
//   bytes    SELECT id … ORDER BY name COLLATE ko_KR, id          (Database.addLocalizedCollation)
//   index    the same through CREATE INDEX … (name COLLATE ko_KR)
//   keys     SELECT id … ORDER BY sort_key                        (SortKeyColumns, after install)
//
// Every order is checked equal to the in-memory one (exit 1 otherwise). Then the program
// runs itself as a new process (`first-screen PATH`) R times: open the pool, build a
// DatabaseIndexedDataSource, read the titles, the first 30 rows, and jump to ㅎ and read
// 30 rows there; it reports the time and the process's peak RSS (target: ≤ 50 ms, ≤ 50 MB).

import Foundation
import GRDB
import IndexedCollation
import IndexedCollationGRDB
import SectionedData
import BenchmarkSupport

struct Failure: Error, CustomStringConvertible {
    var description: String
}

func seconds(_ duration: Duration) -> Double {
    Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
}

func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    return sorted.isEmpty ? 0 : sorted[sorted.count / 2]
}

/// This process's peak resident set: VmHWM of /proc/self/status (per address space, so a
/// new process starts from zero; getrusage's ru_maxrss survives execve and would count the
/// parent that spawned it), else getrusage.
func peakRSSMegabytes() -> Double {
    if let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
        let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }),
        let kilobytes = Double(line.split(separator: " ").dropFirst().first ?? "")
    {
        return kilobytes / 1024
    }
    var usage = rusage()
    getrusage(__rusage_who_t(RUSAGE_SELF.rawValue), &usage)
    return Double(usage.ru_maxrss) / 1024
}

/// The process's CPU time (user + system) so far, in seconds: less disturbed than the wall
/// clock by other processes on a busy machine.
func cpuSeconds() -> Double {
    var usage = rusage()
    getrusage(__rusage_who_t(RUSAGE_SELF.rawValue), &usage)
    func value(_ time: timeval) -> Double { Double(time.tv_sec) + Double(time.tv_usec) / 1e6 }
    return value(usage.ru_utime) + value(usage.ru_stime)
}

func format(_ value: Double, _ digits: Int = 2) -> String {
    String(format: "%.\(digits)f", value)
}

let korean = try LocalizedIndexedCollation(locale: "ko_KR")
let keys = try SortKeyColumns(collation: korean, name: "ko_KR", table: "contact", column: "name")

func configuration() -> Configuration {
    var config = Configuration()
    config.prepareDatabase { db in
        try db.addLocalizedCollation(korean, name: "ko_KR")
        db.add(collation: .localized(korean, name: "ko_KR_string"))
        keys.registerFunctions(in: db)
    }
    return config
}

/// A row of the list: its name.
struct Name: FetchableRecord {
    var name: String
    init(row: Row) { name = row["name"] }
}

/// The child process: the first screen of the data source on an existing database.
func firstScreen(path: String) throws {
    let clock = ContinuousClock()
    let start = clock.now
    let pool = try DatabasePool(path: path, configuration: configuration())
    let source = try DatabaseIndexedDataSource<Name, String>(reader: pool, keys: keys, pageSize: 64) { _, row in
        row.name
    } placeholder: { _, error in "\(error)" }
    var shown: [String] = (0..<source.numberOfSections).compactMap { source.titleForHeader(inSection: $0) }
    for row in 0..<min(30, source.numberOfRows(inSection: 0)) {
        shown.append(source.cell(at: Position(row: row, section: 0)))
    }
    let firstScreen = clock.now - start
    let jumpStart = clock.now
    let titles = source.sectionIndexTitles
    if let index = titles.firstIndex(of: "ㅎ"), let section = source.section(forSectionIndexTitle: "ㅎ", at: index) {
        for row in 0..<min(30, source.numberOfRows(inSection: section)) {
            shown.append(source.cell(at: Position(row: row, section: section)))
        }
    }
    let jump = clock.now - jumpStart
    let rows = (0..<source.numberOfSections).reduce(0) { $0 + source.numberOfRows(inSection: $1) }
    print("first-screen \(format(seconds(firstScreen) * 1000)) ms jump \(format(seconds(jump) * 1000)) ms rss \(format(peakRSSMegabytes(), 1)) MB rows \(rows) cells \(shown.count) pages \(source.pageFetchCount)")
}

func run() throws {
    var arguments = Array(CommandLine.arguments.dropFirst())
    if arguments.first == "first-screen", arguments.count == 2 {
        try firstScreen(path: arguments[1])
        return
    }
    var rows = 1_000_000
    var rounds = 3
    var distinct = false
    while !arguments.isEmpty {
        let flag = arguments.removeFirst()
        switch flag {
        case "--rows": rows = Int(arguments.isEmpty ? "" : arguments.removeFirst()) ?? -1
        case "--rounds": rounds = Int(arguments.isEmpty ? "" : arguments.removeFirst()) ?? -1
        case "--distinct": distinct = true
        default: throw Failure(description: "unknown argument '\(flag)' (usage: SQLiteBenchmark [--rows N] [--rounds R] [--distinct])")
        }
    }
    guard rows > 0, rounds > 0 else { throw Failure(description: "--rows and --rounds take positive numbers") }

    var generator = SplitMix64(seed: 27)
    var names = KoreanNames.make(count: rows, using: &generator)
    if distinct { names = names.enumerated().map { "\($0.element) \($0.offset)" } }
    let distinctCount = Set(names).count
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("sqlite-bench-\(getpid())")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let path = directory.appendingPathComponent("contacts.sqlite").path
    let pool = try DatabasePool(path: path, configuration: configuration())
    let clock = ContinuousClock()

    var start = clock.now
    try pool.write { db in
        try db.execute(sql: "CREATE TABLE contact (id INTEGER PRIMARY KEY, name TEXT NOT NULL)")
        let statement = try db.makeStatement(sql: "INSERT INTO contact (id, name) VALUES (?, ?)")
        for (index, name) in names.enumerated() { try statement.execute(arguments: [index + 1, name]) }
    }
    let insert = seconds(clock.now - start)

    var memoryTimes: [Double] = []
    var memoryCPU: [Double] = []
    var expected: [Int64] = []
    for _ in 0..<rounds {
        start = clock.now
        let cpu = cpuSeconds()
        let order = korean.sections(of: Array(names.indices), by: { names[$0] }).records
        memoryCPU.append(cpuSeconds() - cpu)
        memoryTimes.append(seconds(clock.now - start))
        expected = order.map { Int64($0 + 1) }
    }

    func timeQuery(_ label: String, _ sql: String) throws -> (first: Double, median: Double, cpu: Double) {
        var times: [Double] = []
        var cpus: [Double] = []
        for _ in 0..<rounds {
            start = clock.now
            let cpu = cpuSeconds()
            let ids = try pool.read { db in try Int64.fetchAll(db, sql: sql) }
            cpus.append(cpuSeconds() - cpu)
            times.append(seconds(clock.now - start))
            guard ids == expected else { throw Failure(description: "\(label): the order differs from the in-memory order") }
        }
        return (times[0], median(times), median(cpus))
    }
    let string = try timeQuery("string", "SELECT id FROM contact ORDER BY name COLLATE ko_KR_string, id")
    let bytes = try timeQuery("bytes", "SELECT id FROM contact ORDER BY name COLLATE ko_KR, id")

    start = clock.now
    try pool.write { db in try db.execute(sql: "CREATE INDEX contact_by_name ON contact (name COLLATE ko_KR)") }
    let indexBuild = seconds(clock.now - start)
    let indexed = try timeQuery("index", "SELECT id FROM contact INDEXED BY contact_by_name ORDER BY name COLLATE ko_KR")

    start = clock.now
    try pool.write { db in _ = try keys.install(in: db) }
    let install = seconds(clock.now - start)
    let stored = try timeQuery("keys", "SELECT id FROM contact ORDER BY sort_key")
    let fileSize = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
    try pool.writeWithoutTransaction { db in try db.checkpoint(.truncate) }
    try pool.close()

    // The first screen, in new processes.
    var screens: [Double] = []
    var jumps: [Double] = []
    var rss: [Double] = []
    var lastLine = ""
    for _ in 0..<rounds {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: CommandLine.arguments[0])
        process.arguments = ["first-screen", path]
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw Failure(description: "first-screen failed: \(output)") }
        let fields = output.split(separator: " ")
        func number(after word: String) -> Double {
            guard let index = fields.firstIndex(where: { $0 == word }), index + 1 < fields.count else { return .nan }
            return Double(fields[index + 1]) ?? .nan
        }
        screens.append(number(after: "first-screen"))
        jumps.append(number(after: "jump"))
        rss.append(number(after: "rss"))
        lastLine = output.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    let n = rows >= 1_000_000 && rows % 1_000_000 == 0 ? "\(rows / 1_000_000)M" : (rows % 1_000 == 0 ? "\(rows / 1_000)k" : "\(rows)")
    let memory = median(memoryTimes)
    func ratio(_ value: Double) -> String { memory > 0 ? " (\(format(value / memory, 1))×)" : "" }
    print("| \(n) Korean names (\(distinctCount) distinct), ko_KR | wall, median of \(rounds) | CPU (user+sys), median | wall, first round |")
    print("|---|---|---|---|")
    print("| in memory: `sections(of:by:)` (all cores) | \(format(memory)) s | \(format(median(memoryCPU))) s | \(format(memoryTimes[0])) s |")
    print("| `ORDER BY name COLLATE ko_KR, id`, `DatabaseCollation.localized` (String per comparison) | \(format(string.median)) s\(ratio(string.median)) | \(format(string.cpu)) s | \(format(string.first)) s |")
    print("| `ORDER BY name COLLATE ko_KR, id`, `addLocalizedCollation` (UTF-8 bytes) | \(format(bytes.median)) s\(ratio(bytes.median)) | \(format(bytes.cpu)) s | \(format(bytes.first)) s |")
    print("| the same through `CREATE INDEX … (name COLLATE ko_KR)` | \(format(indexed.median)) s\(ratio(indexed.median)) | \(format(indexed.cpu)) s | \(format(indexed.first)) s |")
    print("| `ORDER BY sort_key` (stored keys, indexed) | \(format(stored.median)) s\(ratio(stored.median)) | \(format(stored.cpu)) s | \(format(stored.first)) s |")
    print("| data source: first screen (titles, counts, 30 rows), new process | \(format(median(screens), 1)) ms | peak RSS \(format(median(rss), 1)) MB | |")
    print("| data source: jump to ㅎ and 30 rows | \(format(median(jumps), 1)) ms | | |")
    print("")
    print("one-time costs: inserting \(n) rows \(format(insert)) s; CREATE INDEX on the collation \(format(indexBuild)) s; SortKeyColumns.install (keys for every row, triggers, counts) \(format(install)) s; database file \(fileSize / 1_048_576) MB")
    print("every order above was checked equal to the in-memory order; (N×) = wall time / in-memory wall time; the machine's load average is in the first line: on a busy machine compare the CPU column")
    print("first screen, last run: \(lastLine)")
    print("sqlite: \(n) ORDER BY collation \(format(bytes.median)) s (bytes), \(format(string.median)) s (String), stored keys \(format(stored.median)) s, in memory \(format(memory)) s (CPU: \(format(bytes.cpu)) s bytes, \(format(string.cpu)) s String, \(format(median(memoryCPU))) s in memory); first screen \(format(median(screens), 1)) ms, \(format(median(rss), 1)) MB")
}

do {
    try run()
} catch {
    FileHandle.standardError.write(Data("SQLiteBenchmark: \(error)\n".utf8))
    exit(1)
}
