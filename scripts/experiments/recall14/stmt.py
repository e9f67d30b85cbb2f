#!/usr/bin/env python3
# stmt.py "SQL|(args)" ...: runs the statements on a copy of a kept store inside BEGIN IMMEDIATE, then
# rolls back; stmt.sh counts the instructions of their preparation and steps under callgrind.
import sqlite3, sys, shutil
c = sqlite3.connect('/tmp/recall/sq/state.db', isolation_level=None)
c.execute("SELECT 1 FROM lesson_index WHERE id = 1").fetchall()  # schema load
c.execute("BEGIN IMMEDIATE")
for s in sys.argv[1:]:
    sql, _, args = s.partition("|")
    a = eval(args) if args else ()
    c.execute(sql, a).fetchall()
c.execute("ROLLBACK")
