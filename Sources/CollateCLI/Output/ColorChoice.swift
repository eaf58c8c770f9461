import ArgumentParser

/// When to colour the output.
public enum ColorChoice: String, Sendable, CaseIterable, ExpressibleByArgument {
    /// Only when standard output is a terminal and `NO_COLOR` is not set.
    case auto
    case always
    case never
}
