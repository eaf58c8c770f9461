import IndexedCollation

/// What `--with-keys` adds to each row: the storage key (see ``OrderKeyEncoding``) and
/// the stamp that says which keys it may be compared with.
struct StorageKeyColumns {
    /// The stamp (``LocalizedIndexedCollation/keyStamp(descending:keySelection:)``).
    var stamp: String
    /// Records before this input in the whole data set (`--position-offset`).
    var positionOffset: Int
    /// Keys sort in reverse order (`--reverse`).
    var descending: Bool
}

extension CollatedDocument {
    /// Writes csv rows, or tsv rows with keys, through ``KeyedRowWriter``.
    func writeRows(_ format: OutputFormat, _ groups: [IndexingEngine.Group], to sink: OutputSink) throws(OutputSink.Failure) {
        let writer = KeyedRowWriter(format: format, sink: sink, titles: titles, stamp: keys?.stamp)
        try writer.begin()
        let encoding = OrderKeyEncoding(descending: keys?.descending ?? false)
        let offset = keys?.positionOffset ?? 0
        // The key without its position is the same for all records of one text, and they
        // are adjacent in the output: hex it once per text.
        var place = [UInt8](repeating: 0, count: 256)
        var placeCount = 0
        var placeText = -1
        try lines.bytes.withUnsafeBufferPointer { (bytes) throws(OutputSink.Failure) in
            for group in groups {
                for record in output.order[group.range] {
                    let record = Int(record)
                    let line = UnsafeBufferPointer(rebasing: bytes[lines.ranges[record]])
                    guard keys != nil else {
                        try writer.record(section: group.section, rawKey: nil, line: line)
                        continue
                    }
                    let text = output.text(ofRecord: record)
                    let placeChanged = text != placeText
                    if placeChanged {
                        let needed = output.maximumHexKeyCount(record)
                        if place.count < needed { place = [UInt8](repeating: 0, count: needed) }
                        placeCount = place.withUnsafeMutableBufferPointer {
                            output.writeHexPlace(record, encoding: encoding, into: $0.baseAddress.unsafelyUnwrapped)
                        }
                        placeText = text
                    }
                    try place.withUnsafeBufferPointer { (place) throws(OutputSink.Failure) in
                        try writer.record(
                            section: group.section, line: line, place: UnsafeBufferPointer(rebasing: place[0..<placeCount]),
                            placeChanged: placeChanged, position: offset + record)
                    }
                }
            }
        }
    }
}
