import CollateCLI

CollateCommand.main()
