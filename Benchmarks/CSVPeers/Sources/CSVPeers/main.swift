import CSV
import ContactRecords
import Foundation
import SwiftCSV

// Each reader goes from the file's bytes in memory to the two key columns (Last Name,
// First Name) of every row, as `collate --input-format csv --key "Last Name" --key
// "First Name"` needs them. Wall and CPU seconds (getrusage) are printed: on a shared
// machine CPU time is the steadier figure.

let arguments = CommandLine.arguments.dropFirst()
let rows = arguments.first.flatMap { Int($0) } ?? 1_000_000
let skipSlow = arguments.contains("--skip-slow")

/// Korean, Japanese and Latin contacts; 10% of notes quoted with a comma, 2% with a
/// doubled quote and a line break.
func makeCSV(rows: Int) -> [UInt8] {
    var state: UInt64 = 7
    func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
    let family = ["김", "이", "박", "최", "정", "강", "조", "윤", "장", "임", "Smith", "Johnson", "山田", "佐藤", "García", "Müller", "O'Brien", "Nguyen"]
    let given = ["민준", "서연", "지우", "하은", "도윤", "John", "Mary", "太郎", "花子", "José", "Anna", "Zoë", "Li"]
    var out = Array("First Name,Last Name,Phone,E-mail Address,Notes\n".utf8)
    out.reserveCapacity(rows * 60)
    for index in 0..<rows {
        let roll = next() % 100
        let note = roll < 10 ? "\"친구, 대학\"" : roll < 12 ? "\"said \"\"hi\"\"\nsecond line\"" : roll < 50 ? "" : "note \(index)"
        let phone = "010-\(1000 + next() % 9000)-\(1000 + next() % 9000)"
        let line = "\(given[Int(next() % UInt64(given.count))]),\(family[Int(next() % UInt64(family.count))]),\(phone),user\(index)@example.com,\(note)\n"
        out.append(contentsOf: line.utf8)
    }
    return out
}

func cpuSeconds() -> Double {
    var usage = rusage()
    getrusage(RUSAGE_SELF.rawValue, &usage)
    return Double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) + Double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1_000_000
}

func measure(_ name: String, runs: Int, _ body: () throws -> Int) rethrows {
    var walls = [Double]()
    var cpus = [Double]()
    var checksum = 0
    for _ in 0..<runs {
        let wall = DispatchTime.now().uptimeNanoseconds
        let cpu = cpuSeconds()
        checksum = try body()
        cpus.append(cpuSeconds() - cpu)
        walls.append(Double(DispatchTime.now().uptimeNanoseconds - wall) / 1e9)
    }
    let wall = walls.sorted()[runs / 2]
    let cpu = cpus.sorted()[runs / 2]
    print(
        name.padding(toLength: 34, withPad: " ", startingAt: 0),
        String(format: "%7.3f s wall %7.3f s cpu %7.0f ns/row  (median of %d, checksum %d)", wall, cpu, cpu * 1e9 / Double(rows), runs, checksum))
}

let bytes = makeCSV(rows: rows)
print("\(rows) rows, \(bytes.count / 1_000_000) MB, 5 columns, keys Last Name + First Name")

try measure("ContactRecords CSVRecords", runs: 5) {
    let table = try CSVRecords().read(bytes)
    let last = table.values(ofColumnAt: 1)
    let first = table.values(ofColumnAt: 0)
    return table.count + last.bytes.count + first.bytes.count
}
try measure("ContactRecords read only", runs: 5) {
    try CSVRecords().read(bytes).count
}
if !skipSlow {
    try measure("yaslab/CSV.swift 2.5.2", runs: 1) {
        let reader = try CSVReader(string: String(decoding: bytes, as: UTF8.self), hasHeaderRow: true)
        var total = 0
        while let row = reader.next() { total += 1 + row[1].utf8.count + row[0].utf8.count }
        return total
    }
    try measure("swiftcsv/SwiftCSV 0.10.0", runs: 1) {
        let csv = try CSV<Enumerated>(string: String(decoding: bytes, as: UTF8.self), delimiter: .comma, loadColumns: false)
        var total = 0
        for row in csv.rows { total += 1 + row[1].utf8.count + row[0].utf8.count }
        return total
    }
}
