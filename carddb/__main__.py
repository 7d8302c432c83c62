from carddb.cli import main

main()
