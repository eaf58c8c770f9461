import Foundation
import Testing
import SystemSupport

/// ``HugePages``: the large buffers of a run are advised for transparent huge pages before
/// they are written (one fault per 2 MiB instead of per 4 KiB), only whole huge pages
/// inside the buffer, and the arrays made that way hold what they were given.
@Suite("Huge pages")
struct HugePagesTests {
    /// The `VmFlags` of the mapping of this process that contains `address`, from
    /// /proc/self/smaps (nil off Linux or when no mapping contains it).
    static func flags(at address: Int) throws -> Set<String>? {
        // Read to the end: procfs files report a size of 0.
        guard let file = FileHandle(forReadingAtPath: "/proc/self/smaps"), let data = try file.readToEnd(),
            let smaps = String(data: data, encoding: .utf8)
        else { return nil }
        try file.close()
        var inside = false
        for line in smaps.split(separator: "\n") {
            let fields = line.split(separator: " ", omittingEmptySubsequences: true)
            if let range = fields.first, range.contains("-"), !range.hasSuffix(":") {
                let bounds = range.split(separator: "-").compactMap { Int($0, radix: 16) }
                inside = bounds.count == 2 && bounds[0] <= address && address < bounds[1]
            } else if inside && fields.first == "VmFlags:" {
                return Set(fields.dropFirst().map(String.init))
            }
        }
        return nil
    }

    static var hasTransparentHugePages: Bool {
        FileManager.default.fileExists(atPath: "/sys/kernel/mm/transparent_hugepage/enabled")
    }

    @Test func aLargeArrayIsAdvisedOnItsWholeHugePagesOnly() throws {
        try #require(Self.hasTransparentHugePages, "no transparent huge pages on this system")
        let size = HugePages.size
        var bytes = [UInt8](hugePagesCapacity: 5 * size)
        #expect(bytes.isEmpty && bytes.capacity >= 5 * size)
        bytes.withUnsafeMutableBufferPointer { _ in }  // no write yet
        let base = bytes.withUnsafeBufferPointer { Int(bitPattern: $0.baseAddress) }
        try #require(base != 0, "the array has storage")
        let firstWhole = (base + size - 1) / size * size
        let flags = try #require(try Self.flags(at: firstWhole))
        #expect(flags.contains("hg"), "the first whole huge page of the array is advised: \(flags.sorted())")
        // The part before the first whole huge page is not (the advice never leaves the buffer).
        if firstWhole > base, let before = try Self.flags(at: firstWhole - 1) {
            #expect(!before.contains("hg"))
        }
        bytes.append(contentsOf: repeatElement(7, count: 3 * size))
        #expect(bytes.count == 3 * size && bytes.allSatisfy { $0 == 7 })
    }

    /// The buffer is a mapping of its own: from malloc it could lie in a heap whose pages an
    /// earlier test's array had advised (malloc reuses freed memory, and its threshold for
    /// fresh mappings grows as large blocks are freed), whose flags it would then show.
    @Test func aBufferWithoutAWholeHugePageIsLeftAlone() throws {
        try #require(Self.hasTransparentHugePages, "no transparent huge pages on this system")
        let byteCount = HugePages.size - 4096
        let mapped = mmap(nil, byteCount, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0)
        let base = try #require(mapped == MAP_FAILED ? nil : mapped)
        defer { munmap(base, byteCount) }
        let buffer = UnsafeMutableRawBufferPointer(start: base, count: byteCount)
        HugePages.advise(buffer)
        let address = Int(bitPattern: buffer.baseAddress)
        if let flags = try Self.flags(at: address) { #expect(!flags.contains("hg")) }
        HugePages.advise(UnsafeMutableRawBufferPointer(start: nil, count: 0))  // empty: nothing to advise
    }

    /// Discarding gives back only the whole pages inside the range: the bytes before and
    /// after the range (in its partial pages) keep their values, the discarded ones read
    /// as zeros (a private anonymous mapping's fresh pages).
    @Test func discardingLeavesTheBytesAroundTheRange() throws {
        let page = systemPageSize
        let byteCount = 8 * page
        let mapped = mmap(nil, byteCount, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0)
        let base = try #require(mapped == MAP_FAILED ? nil : mapped)
        defer { munmap(base, byteCount) }
        let buffer = UnsafeMutableRawBufferPointer(start: base, count: byteCount)
        buffer.initializeMemory(as: UInt8.self, repeating: 9)
        let (from, to) = (page + 100, 5 * page + 100)
        HugePages.discard(UnsafeMutableRawBufferPointer(rebasing: buffer[from..<to]))
        #expect(buffer[..<(2 * page)].allSatisfy { $0 == 9 })
        #if os(Linux)
        #expect(buffer[(2 * page)..<(5 * page)].allSatisfy { $0 == 0 })
        #endif
        #expect(buffer[(5 * page)...].allSatisfy { $0 == 9 })
        HugePages.discard(UnsafeMutableRawBufferPointer(rebasing: buffer[page + 1..<2 * page - 1]))  // no whole page
        #expect(buffer[page..<2 * page].allSatisfy { $0 == 9 })
    }

    @Test func theArraysHoldWhatTheyWereGiven() {
        let count = 3 * HugePages.size / 4 + 5
        let repeated = [Int32](hugePagesRepeating: -3, count: count)
        #expect(repeated.count == count && repeated.allSatisfy { $0 == -3 })
        let counted = [Int32](hugePagesCount: count) { buffer in
            for index in buffer.indices { buffer.initializeElement(at: index, to: Int32(index)) }
        }
        #expect(counted == (0..<Int32(count)).map { $0 })
        #expect([UInt8](hugePagesRepeating: 1, count: 0).isEmpty)
    }
}
