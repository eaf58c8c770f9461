// DiffBenchmark: times Snapshot.difference(from:) against Swift's CollectionDifference on
// sectioned lists of 10k, 100k and 1M items (26 sections, ~10% of the items edited).
//
//   Benchmarks/run diff                      (from the repository root)
//   DiffBenchmark [sizes…]                   (e.g. DiffBenchmark 10000 100000)
//
// Both are timed in the same run with ContinuousClock: Snapshot.difference as the median of
// 11 runs (5 for 1M items), CollectionDifference as the median of up to 4 runs after a
// warm-up run, within a budget of about 30 s per size.
// Snapshot.difference is given two prebuilt snapshots (their identifier tables are part of
// a snapshot); the time to build the new snapshot is shown in its own column.
// CollectionDifference gets the same items flattened into arrays. Its time grows with the
// product of the length and the number of edits, so for 1M items it is estimated from the
// 100k figure first and skipped if the estimate is over a minute.

import SectionedData

let sizes =
    CommandLine.arguments.dropFirst().compactMap { Int($0) }.filter { $0 > 0 }
    .nilIfEmpty ?? [10_000, 100_000, 1_000_000]
let sectionCount = 26
let seed: UInt64 = 0x5EC7_10ED
let collectionDifferenceLimit = 60_000.0  // milliseconds
let collectionDifferenceBudget = 30_000.0  // milliseconds of runs per size

var rows: [BenchmarkRow] = []
var previous: (items: Int, milliseconds: Double)?
for size in sizes {
    let workload = try Workload(itemCount: size, sectionCount: sectionCount, seed: seed)

    // Correctness, outside the timing: the difference replays exactly.
    let check = workload.new.difference(from: workload.old)
    guard try workload.old.applying(check) == workload.new else {
        fatalError("difference for \(size) items does not replay")
    }

    let build = Stopwatch.median(runs: 5) {
        (try? Snapshot<Int, Int>(sections: workload.newSections))?.numberOfItems ?? -1
    }
    let ours = Stopwatch.median(runs: size >= 1_000_000 ? 5 : 11) {
        workload.new.difference(from: workload.old).changeCount
    }

    var row = BenchmarkRow(
        items: size, changes: ours.result, build: build.milliseconds, ours: ours.milliseconds)
    // Myers' algorithm takes time proportional to length × edits; both grow with the size.
    let estimate = previous.map {
        $0.milliseconds * Double(size * size) / Double($0.items * $0.items)
    }
    if let estimate, estimate > collectionDifferenceLimit {
        row.estimate = estimate
    } else {
        let (first, elapsed) = Stopwatch.time {
            workload.newItems.difference(from: workload.oldItems).count
        }
        let more = Int(collectionDifferenceBudget / max(elapsed, 1)) - 1
        let median =
            more > 0
            ? Stopwatch.median(runs: min(more, 4)) {
                workload.newItems.difference(from: workload.oldItems).count
            }.milliseconds
            : elapsed
        precondition(first > 0, "CollectionDifference found no changes")
        row.collectionDifference = median
        previous = (size, median)
    }
    rows.append(row)
}

print("Snapshot.difference vs CollectionDifference, \(sectionCount) sections, ~10% of items edited")
print("(median ms; build = Snapshot(sections:) for the new list, not part of the diff time)")
print()
let header = ["items", "changes", "build", "Snapshot.difference", "CollectionDifference", "ratio"]
let widths = [9, 9, 9, 20, 22, 9]
print(zip(header, widths).map { $0.leftPadded(to: $1) }.joined(separator: " "))
for row in rows {
    let collection =
        row.collectionDifference.map { $0.fixed(1) }
        ?? "skipped (~\(((row.estimate ?? 0) / 1_000).fixed(0)) s)"
    let ratio = row.collectionDifference.map { ($0 / row.ours).fixed(1) + "x" } ?? "-"
    let cells = [
        String(row.items), String(row.changes), row.build.fixed(1), row.ours.fixed(2), collection,
        ratio,
    ]
    print(zip(cells, widths).map { $0.leftPadded(to: $1) }.joined(separator: " "))
}
print()
// One line per size, the 100000 line last: scripts read it.
for row in rows.filter({ $0.items != 100_000 }) + rows.filter({ $0.items == 100_000 }) {
    if let collection = row.collectionDifference {
        let ratio = (collection / row.ours).fixed(1)
        print(
            "diff \(row.items) items: \(row.ours.fixed(2)) ms, "
                + "CollectionDifference \(collection.fixed(1)) ms, ratio \(ratio)")
    } else {
        print(
            "diff \(row.items) items: \(row.ours.fixed(2)) ms, CollectionDifference skipped "
                + "(estimated \(((row.estimate ?? 0) / 1_000).fixed(0)) s > 60 s), ratio n/a")
    }
}
