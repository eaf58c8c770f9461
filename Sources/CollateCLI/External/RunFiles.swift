import IndexedCollation

// The library's run files, by the names the tool's writers use for their own temporary
// files (`SpilledStage`, `SpilledColumnsWriter`): the format has one home, the library's
// `External/` folder, and files of the tool that do not import the library still see it.
typealias RunFile = IndexedCollation.RunFile
typealias RunRecordWriter = IndexedCollation.RunRecordWriter
typealias RunRecordReader = IndexedCollation.RunRecordReader
