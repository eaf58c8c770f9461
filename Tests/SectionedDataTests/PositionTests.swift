import SectionedData
import Testing

@Suite("Position")
struct PositionTests {
    @Test("row and item name the same index")
    func rowAndItem() {
        var position = Position(row: 3, section: 1)
        #expect(position.item == 3)
        position.item = 7
        #expect(position.row == 7)
        #expect(Position(item: 7, section: 1) == position)
    }

    @Test("positions order by section, then row")
    func ordering() {
        let positions = [
            Position(row: 0, section: 2), Position(row: 5, section: 0),
            Position(row: 1, section: 2), Position(row: 0, section: 0),
        ]
        #expect(
            positions.sorted() == [
                Position(row: 0, section: 0), Position(row: 5, section: 0),
                Position(row: 0, section: 2), Position(row: 1, section: 2),
            ])
        #expect(!(Position(row: 1, section: 1) < Position(row: 1, section: 1)))
    }

    @Test("equal positions hash alike")
    func hashing() {
        let set: Set = [Position(row: 1, section: 2), Position(item: 1, section: 2)]
        #expect(set.count == 1)
    }

    @Test("description reads like IndexPath")
    func description() {
        #expect(String(describing: Position(row: 5, section: 0)) == "[0, 5]")
    }
}
