#!/usr/bin/env python3
"""Report of one adv47 run (usage: report.py RUN_DIR [--set DIR]); the code is ../advreport.py."""
import pathlib
import sys

HERE = pathlib.Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))

import advreport  # noqa: E402

if __name__ == "__main__":
    advreport.main(HERE, "adv47")
