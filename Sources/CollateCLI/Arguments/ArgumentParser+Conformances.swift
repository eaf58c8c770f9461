import ArgumentParser
import IndexedCollation

extension CollatorOptions.Strength: ExpressibleByArgument {}
extension CollatorOptions.CaseFirst: ExpressibleByArgument {}
extension SectionStyle: ExpressibleByArgument {}
extension InvalidUTF8Policy: ExpressibleByArgument {}
