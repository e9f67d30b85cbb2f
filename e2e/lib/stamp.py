#!/usr/bin/env python3
"""stamp.py OUT: copy stdin lines to OUT, each prefixed with the wall-clock time it arrived
("<unix seconds>\t<line>"). Used on Claude Code's stream-json, whose hook_started/hook_response
events (--include-hook-events) carry no time: the gap between the two is the hook's wall time as
the CLI saw it (process spawn + hookward + reply parsing)."""
import sys
import time

with open(sys.argv[1], "w") as out:
    for line in sys.stdin.buffer:
        out.write("%.6f\t%s" % (time.time(), line.decode("utf-8", "replace")))
        out.flush()
