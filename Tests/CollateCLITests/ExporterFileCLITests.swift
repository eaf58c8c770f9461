import Foundation
import Testing

/// Exporters' files that lost or changed data (issue 37 #5), through the command.
@Suite("collate: exporters' file shapes")
struct ExporterFileCLITests {
    static let jpeg: [UInt8] = [0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x10] + Array("JFIF".utf8) + [0x00, 0x01, 0x01, 0x00, 0x48] + (0..<600).map { UInt8(truncatingIfNeeded: $0 &* 151 &+ 17) }.filter { $0 != 0x0A && $0 != 0x0D } + [0xFF, 0xD9]

    func sjis(_ text: String) throws -> [UInt8] {
        try #require(text.data(using: .shiftJIS).map { [UInt8]($0) })
    }

    /// vCard 2.1 cards with raw binary photos: ASCII text read as before, Shift_JIS text
    /// detected from the text properties (the photos' bytes would make any guess unsure),
    /// and --format vcard writes every byte back.
    @Test func rawBinaryPhotosDoNotDecideTheCharset() throws {
        let scratch = try ScratchDirectory()
        let smith = Array("BEGIN:VCARD\r\nVERSION:2.1\r\nN:Smith;John;;;\r\nPHOTO;TYPE=JPEG:".utf8) + Self.jpeg
            + Array("\r\nTEL;CELL:+1 555 0100\r\nEND:VCARD\r\n".utf8)
        let berg = Array("BEGIN:VCARD\r\nVERSION:2.1\r\nN:Berg;Anna;;;\r\nEND:VCARD\r\n".utf8)
        let ascii = smith + berg
        let asciiPath = scratch.url.appendingPathComponent("photo.vcf").path
        try Data(ascii).write(to: URL(fileURLWithPath: asciiPath))
        let plain = try runProcess(["--locale", "en", "--format", "tsv", asciiPath])
        #expect(plain.status == 0, "\(plain.stderr)")
        #expect(plain.stdoutText == "B\tBerg Anna\nS\tSmith John\n")
        let cards = try runProcess(["--locale", "en", "--format", "vcard", asciiPath])
        #expect(cards.status == 0, "\(cards.stderr)")
        #expect(cards.stdout == berg + smith)

        var japanese = [UInt8]()
        for (family, given) in [("山田", "太郎"), ("佐藤", "花子"), ("鈴木", "一郎"), ("高橋", "美咲"), ("田中", "健")] {
            japanese += Array("BEGIN:VCARD\r\nVERSION:2.1\r\nN:".utf8) + (try sjis(family)) + [0x3B] + (try sjis(given))
            japanese += Array(";;;\r\nPHOTO;TYPE=JPEG:".utf8) + Self.jpeg + Array("\r\nEND:VCARD\r\n".utf8)
        }
        let japanesePath = scratch.url.appendingPathComponent("sjis.vcf").path
        try Data(japanese).write(to: URL(fileURLWithPath: japanesePath))
        let read = try runProcess(["--locale", "ja_JP", "--format", "tsv", japanesePath])
        #expect(read.status == 0, "\(read.stderr)")
        for name in ["山田 太郎", "佐藤 花子", "鈴木 一郎", "高橋 美咲", "田中 健"] { #expect(read.stdoutText.contains("\t\(name)\n"), "\(name)") }
    }
}
