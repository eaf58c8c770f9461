import ContactRecords
import Testing

/// Files of the shapes real exporters write that lost or changed data (issue 37 #5), each
/// written here by hand in the same shape.
@Suite("Exporters' file shapes")
struct ExporterFileTests {
    /// vCard 4.0 (RFC 6350) writes TEL as a `tel:` URI; a card with only a number files by
    /// the number, not under "T" of the scheme.
    @Test func aTelURIFilesByItsNumber() throws {
        let cards = """
            BEGIN:VCARD\r
            VERSION:4.0\r
            TEL;VALUE=uri;TYPE="voice,cell":tel:+1-555-555-0100\r
            END:VCARD\r
            BEGIN:VCARD\r
            VERSION:4.0\r
            TEL;VALUE=uri:TEL:+1-555-0101;ext=12\r
            END:VCARD\r
            BEGIN:VCARD\r
            VERSION:3.0\r
            TEL;TYPE=CELL:+1 555 0102\r
            END:VCARD\r
            BEGIN:VCARD\r
            VERSION:4.0\r
            TEL;VALUE=uri:tel:\r
            EMAIL:x@example.com\r
            END:VCARD\r
            BEGIN:VCARD\r
            VERSION:4.0\r
            FN:Telford\r
            TEL;VALUE=uri:tel:+44-20-7946-0000\r
            END:VCARD\r

            """
        let table = try VCardRecords().read(Array(cards.utf8))
        #expect(table.count == 5)
        #expect(table[0].sortKeys == ["+1-555-555-0100"])
        #expect(table[1].sortKeys == ["+1-555-0101"])
        #expect(table[2].sortKeys == ["+1 555 0102"])
        #expect(table[3].sortKeys == ["x@example.com"])
        #expect(table[4].sortKeys == ["Telford"])
        // The card's own text is unchanged.
        #expect(table[0].value(for: "TEL") == "tel:+1-555-555-0100")
    }
}
