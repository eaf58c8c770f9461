/// Where a snapshot keeps one item: the storage slot of its section and its offset inside it.
///
/// The slot, unlike the section's index, does not change when sections are inserted,
/// deleted or moved, so those operations never touch the locations of the items. Both
/// fields are 32-bit so that the item table of a million-item snapshot stays compact.
@usableFromInline
struct ItemLocation: Hashable, Sendable {
    /// The slot of a location claimed by an operation that has not yet placed the item.
    @inlinable
    static var provisionalSlot: Int32 { -1 }

    /// The storage slot of the item's section.
    @usableFromInline
    var slot: Int32

    /// The index of the item inside its section.
    @usableFromInline
    var offset: Int32

    /// Creates a location from a slot and an offset.
    ///
    /// - Parameters:
    ///   - slot: The storage slot of the section.
    ///   - offset: The index of the item inside its section; must fit in 32 bits.
    @inlinable
    init(slot: Int32, offset: Int) {
        precondition(offset <= Int(Int32.max), "a section can hold at most \(Int32.max) items")
        self.slot = slot
        self.offset = Int32(truncatingIfNeeded: offset)
    }

    /// A location claimed by an operation that has not yet placed the item.
    @inlinable
    static var provisional: ItemLocation {
        ItemLocation(slot: provisionalSlot, offset: 0)
    }
}
