import CollateCLI
CollateCommand.main()
