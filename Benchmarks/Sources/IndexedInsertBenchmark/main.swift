// IndexedInsertBenchmark: times single-record edits of a live IndexedDataSource holding a
// million Korean names (ko_KR sections ㄱ…ㅎ), each returning its SnapshotDifference.
//
//   Benchmarks/run insert [corpus]           (from the repository root)
//   IndexedInsertBenchmark [corpus]          corpus: Benchmarks/generate-corpus.py ko 1000000
//
// Without a corpus, 1M names are generated in-process from a fixed seed. The build is timed
// once; then 1000 inserts, 1000 removes and 1000 updates are each timed one by one with
// ContinuousClock, and the median and 99th percentile are printed. The last line is the one
// scripts read.

import BenchmarkSupport
import Foundation
import IndexedCollation
import SectionedData

let operations = 1_000
var generator = SplitMix64(seed: 0x1D3E_0ED5)

let names: [String]
let origin: String
if let path = CommandLine.arguments.dropFirst().first {
    names = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n").map(String.init)
    origin = path
} else {
    names = KoreanNames.make(count: 1_000_000, using: &generator)
    origin = "generated in-process"
}
let contacts = names.enumerated().map { Contact(id: $0.offset, name: $0.element) }
let korean = try LocalizedIndexedCollation(locale: "ko_KR")

var build = Latencies()
var list = try build.time {
    try IndexedDataSource(collation: korean, records: contacts, id: \.id, key: \.name) { _, contact in contact.name }
}

var inserts = Latencies()
for offset in 0..<operations {
    let contact = Contact(id: contacts.count + offset, name: KoreanNames.make(using: &generator))
    let change = try inserts.time { try list.insert(contact) }
    precondition(change.difference.changeCount == 1, "an insert is one change")
}

var removes = Latencies()
var removed = Set<Int>()
while removed.count < operations {
    let id = Int.random(in: 0..<contacts.count, using: &generator)
    guard removed.insert(id).inserted else { continue }
    let change = try removes.time { try list.remove(id: id) }
    precondition(change.difference.changeCount == 1, "a remove is one change")
}

var updates = Latencies()
for _ in 0..<operations {
    var contact = contacts[Int.random(in: 0..<contacts.count, using: &generator)]
    guard !removed.contains(contact.id) else { continue }
    contact.name = KoreanNames.make(using: &generator)
    try updates.time { _ = try list.update(contact) }
}

// Correctness, outside the timing.
precondition(list.numberOfRecords == contacts.count, "inserts and removes must balance")
for id in [contacts.count, contacts.count + operations - 1] {
    guard let position = list.position(of: id), list.record(at: position)?.id == id else {
        fatalError("record \(id) is not where position(of:) says")
    }
}

print("IndexedDataSource, ko_KR, \(contacts.count) Korean names (\(origin)), \(list.numberOfSections) sections")
print("build:  \(Latencies.format(build.percentile(0.5))) ms")
for (label, latencies) in [("insert", inserts), ("remove", removes), ("update", updates)] {
    print(
        "\(label): median \(Latencies.format(latencies.percentile(0.5))) ms, "
            + "p99 \(Latencies.format(latencies.percentile(0.99))) ms "
            + "(\(latencies.milliseconds.count) single-record edits)")
}
print("insert into \(contacts.count)-record indexed source: \(Latencies.format(inserts.percentile(0.5))) ms median")
