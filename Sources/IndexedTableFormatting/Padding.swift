/// `count` spaces (cached up to 256: padding a million cells must not build a million
/// strings from scratch).
func padding(_ count: Int) -> String {
    guard count > 0 else { return "" }
    if count < cachedPaddings.count { return cachedPaddings[count] }
    return String(repeating: " ", count: count)
}

private let cachedPaddings: [String] = (0..<256).map { String(repeating: " ", count: $0) }
