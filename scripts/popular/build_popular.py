#!/usr/bin/env python3
"""Builds hookward-facts' tables of well-known package names (crates/hookward-facts/data/popular/).

Sources (public; nothing else is read):
  npm  - the npm package `npm-high-impact` (Titus Wormer, MIT licence): the names npm itself calls
         high-impact (>= 1,000,000 downloads a week or >= 500 dependents), in its `top` order
         (most downloaded first). Get it with `npm pack npm-high-impact@1.13.0` and pass the
         unpacked folder's `lib/top.js`.
  pypi - hugovk/top-pypi-packages (GitHub), `top-pypi-packages.csv`: the 15,000 most-downloaded
         PyPI projects of the last 30 days, from the public PyPI BigQuery dataset via pypinfo
         (the repository states no licence; package names and download counts are facts).

Each ecosystem gets two files: `<eco>-top.txt`, the names a look-alike is measured against (the
first TOP names of the source's order), and `<eco>-more.txt`, the rest of the source (names that
are well known and so quiet when installed, but too far down the ranking to be imitated).
Both are sorted and front-coded: each line is one character chr(48 + k), k = the number of
leading characters shared with the previous name (at most 70), then the rest of the name.

  python3 scripts/popular/build_popular.py --npm-top-js package/lib/top.js \
      --pypi-csv top-pypi-packages.csv --out crates/hookward-facts/data/popular
"""
import argparse
import csv
import os
import re

NPM_TOP = 20000
PYPI_TOP = 5000


def front_code(names):
    out = []
    prev = ""
    for n in sorted(set(names)):
        k = 0
        while k < min(len(n), len(prev), 70) and n[k] == prev[k]:
            k += 1
        out.append(chr(48 + k) + n[k:])
        prev = n
    return "\n".join(out) + "\n"


def pep503(name):
    return re.sub(r"[-_.]+", "-", name).lower()


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--npm-top-js", required=True)
    ap.add_argument("--pypi-csv", required=True)
    ap.add_argument("--out", required=True)
    a = ap.parse_args()
    npm = re.findall(r"^\s*'([^']+)',?$", open(a.npm_top_js, encoding="utf-8").read(), re.M)
    npm = [n.lower() for n in npm]
    pypi = [pep503(r["project"]) for r in csv.DictReader(open(a.pypi_csv, encoding="utf-8"))]
    for eco, names, top in (("npm", npm, NPM_TOP), ("pypi", pypi, PYPI_TOP)):
        head = names[:top]
        rest = [n for n in names[top:] if n not in set(head)]
        for part, got in (("top", head), ("more", rest)):
            path = os.path.join(a.out, f"{eco}-{part}.txt")
            with open(path, "w", encoding="utf-8") as f:
                f.write(front_code(got))
            print(path, len(set(got)), os.path.getsize(path))


if __name__ == "__main__":
    main()
