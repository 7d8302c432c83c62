from carddb.cli.launch import main

main()
