#!/bin/bash
# stmt.sh "SQL|(args)" ...: callgrind instructions inside sqlite3_prepare_v2 and inside sqlite3_step for
# stmt.py's statements (Python's sqlite3, the system SQLite 3.40.1; a copy of a kept store in
# /tmp/recall/sq/state.db); subtract a run without statements (the schema load) to get each one's cost.
PY=${PY:-/root/.pyenv/versions/3.11.7/bin/python3}
for t in sqlite3_prepare_v2 sqlite3_step; do
  PYTHONHASHSEED=0 valgrind --tool=callgrind --callgrind-out-file=/dev/null --toggle-collect=$t $PY "$(dirname "$0")/stmt.py" "$@" 2>&1 | grep -o "Collected : [0-9]*" | grep -o "[0-9]*" | tr '\n' ' '
done; echo
