from monstertrick.cli import main

raise SystemExit(main())
