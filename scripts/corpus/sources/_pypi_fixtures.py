"""Shared code of the extractors that read fixtures out of a pinned PyPI sdist.

- fetch_sdist(pkg, version, sdist, cache) -> bytes: downloads the sdist named `sdist` of
  `pkg==version` from PyPI's JSON API into `cache` once (checked against PyPI's sha256; a
  mismatch exits), then returns its bytes. Never runs anything from the package.
- write_rows(rows, out, *counts): writes the rows as JSON Lines (UTF-8, one object a line) and
  prints the path, the row count and the given Counters.
- main_files(G, PKG, VERSION, SDIST, ROOT, LIC, ITEMS): the whole extractor for packages whose
  fixtures are files: ITEMS is [(path inside ROOT, label, kind)]; identical texts are kept once;
  a leading "<!-- EXAMPLE FILE ... -->" disclosure comment is removed (it names the file as a fake
  attack, which no real poisoned file would say); task is `memory` for injections.
"""
import argparse
import hashlib
import io
import json
import os
import re
import tarfile
import urllib.parse
import urllib.request
from collections import Counter

INDEX = "https://pypi.org/pypi/{name}/json"
DEFAULT_CACHE = os.path.expanduser("~/.cache/hookward-corpus/pypi")


def fetch_sdist(pkg, version, sdist, cache):
    """Download the pinned sdist (checked against PyPI's sha256) into cache; return bytes."""
    os.makedirs(cache, exist_ok=True)
    meta_url = INDEX.format(name=pkg)
    path = os.path.join(cache, sdist)
    if not os.path.exists(path):
        meta = json.load(urllib.request.urlopen(meta_url, timeout=60))
        files = meta.get("releases", {}).get(version) or meta["urls"]
        u = next(u for u in files if u["filename"] == sdist)
        data = urllib.request.urlopen(urllib.parse.urljoin(meta_url, u["url"]), timeout=120).read()
        if hashlib.sha256(data).hexdigest() != u["digests"]["sha256"]:
            raise SystemExit("sha256 mismatch for " + sdist)
        with open(path + ".part", "wb") as f:
            f.write(data)
        os.replace(path + ".part", path)
    with open(path, "rb") as f:
        return f.read()


def guess_lang(t):
    """`zh` when more than 5 % of the chars are Han, else `en` (the fixtures are English)."""
    n = max(1, len(t))
    if len(re.findall(r"[\u4e00-\u9fff]", t)) / n > 0.05:
        return "zh"
    return "en"


def clean(text):
    """CRLF to LF, the disclosure comment removed, surrounding space stripped."""
    text = text.replace("\r\n", "\n")
    text = re.sub(r"\A\s*<!--\s*EXAMPLE FILE.*?-->\s*", "", text, flags=re.S)
    return text.strip()


def args(group):
    """The extractors' command line: --cache DIR, --out FILE."""
    ap = argparse.ArgumentParser()
    ap.add_argument("--cache", default=DEFAULT_CACHE)
    ap.add_argument("--out", default=f"/work/data/raw/{group}.jsonl")
    return ap.parse_args()


def write_rows(rows, out, *counts):
    os.makedirs(os.path.dirname(out), exist_ok=True)
    with open(out, "w", encoding="utf-8") as f:
        for r in rows:
            f.write(json.dumps(r, ensure_ascii=False) + "\n")
    print(out, len(rows), *counts)


def main_files(G, PKG, VERSION, SDIST, ROOT, LIC, ITEMS):
    a = args(G)
    tf = tarfile.open(fileobj=io.BytesIO(fetch_sdist(PKG, VERSION, SDIST, a.cache)), mode="r:gz")
    rows, seen = [], set()
    for rel, label, kind in ITEMS:
        m = tf.getmember(f"{ROOT}/{rel}")
        text = clean(tf.extractfile(m).read().decode("utf-8", "replace"))
        h = hashlib.sha256(text.encode()).hexdigest()
        if h in seen:  # identical fixture copied into several dirs
            continue
        seen.add(h)
        rows.append({"id": f"{G}:{rel}", "text": text, "label": label, "kind": kind,
                     "lang": guess_lang(text),
                     "task": "memory" if label == "injection" else "benign",
                     "source": f"pypi:{PKG}=={VERSION} {SDIST}:{ROOT}/{rel}",
                     "group": G, "license": LIC})
    write_rows(rows, a.out, dict(Counter(r["label"] for r in rows)), dict(Counter(r["kind"] for r in rows)))
