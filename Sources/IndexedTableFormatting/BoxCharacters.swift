/// The characters a table border is drawn with.
struct BoxCharacters {
    let horizontal, vertical, topLeft, topRight, bottomLeft, bottomRight: String
    let topJoin, bottomJoin, leftJoin, rightJoin, cross: String

    static let unicode = BoxCharacters(
        horizontal: "─", vertical: "│", topLeft: "┌", topRight: "┐", bottomLeft: "└", bottomRight: "┘",
        topJoin: "┬", bottomJoin: "┴", leftJoin: "├", rightJoin: "┤", cross: "┼")
    static let ascii = BoxCharacters(
        horizontal: "-", vertical: "|", topLeft: "+", topRight: "+", bottomLeft: "+", bottomRight: "+",
        topJoin: "+", bottomJoin: "+", leftJoin: "+", rightJoin: "+", cross: "+")
}
