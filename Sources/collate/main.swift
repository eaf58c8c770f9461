import CollateCLI

// `collate [options] FILE…` sorts (the default subcommand); `collate test DIR` runs a
// Locales-style regression folder. A file named "test" is sorted with `collate ./test`
// or `collate -- test`.
CollateTool.main()
