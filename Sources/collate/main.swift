import CollateCLI

// `collate test DIR` runs a Locales-style regression folder; everything else is the
// sorting command (`collate --locale ko_KR names.txt`). A file named "test" is sorted
// with `collate ./test` or `collate -- test`.
let arguments = CommandLine.arguments.dropFirst()
if arguments.first == "test" {
    LocaleTestCommand.main(Array(arguments.dropFirst()))
}
CollateCommand.main()
