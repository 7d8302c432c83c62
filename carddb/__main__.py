from carddb.launch import main

main()
