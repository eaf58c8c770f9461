/// The kind of a file, from its mode bits.
enum SystemFileKind {
    case regular, directory, symbolicLink, other
}
