#!/usr/bin/env python3
"""deb-install-guide-l10n: Debian 12 "Installation Guide" (amd64) translations.

Source : Debian 12 binary package installation-guide-amd64 20230508+deb12u1 (deb.debian.org pool,
         SHA256 pinned), /usr/share/doc/installation-guide-amd64/<lang>/*.html (DocBook XHTML).
URL    : https://www.debian.org/releases/bookworm/installmanual , https://salsa.debian.org/installer-team/installation-guide
Licence: GPL-2 (the package copyright file: "This manual is free software; you may redistribute it
         and/or modify it under the terms of the GNU General Public License version 2").
Labelling: all benign; kind "doc", task "benign".  The text is dominated by step-by-step
  instructions to a human ("insert the medium", "press Enter", "run the command ...") and so is an
  imperative-heavy HARD NEGATIVE set.  Extraction/chunking/language-check as in
  deb-handbook-l10n.py: block-element text, navigation removed, per-paragraph language check
  (script ratio for ja/ko/zh/ru/el; stop-words vs English for Latin languages), runs chunked to
  <= 3000 chars (>= 200 kept), pages in sorted order, <= 6 chunks per page, PLAN[lang] per
  language, group <= 1500.
Usage: deb-install-guide-l10n.py [--cache /work/cache/deb] [--out /work/data/raw/deb-install-guide-l10n.jsonl]
"""
import argparse, hashlib, html.parser, io, json, os, re, sys, tarfile, urllib.request

G = "deb-install-guide-l10n"
MIRROR = "http://deb.debian.org/debian/"
PKG = ("installation-guide-amd64", "20230508+deb12u1",
       "pool/main/i/installation-guide/installation-guide-amd64_20230508+deb12u1_all.deb",
       "812c43e1dc906daf671e3efe953dc023205c238e5bd5a3021ce4ca142793573a")
LICENSE = "GPL-2"
BASE = "usr/share/doc/installation-guide-amd64/"
PLAN = [("ko", "ko", 200), ("ja", "ja", 120), ("zh_CN", "zh", 120), ("ru", "ru", 120),
        ("es", "es", 120), ("it", "it", 120), ("de", "de", 120), ("fr", "fr", 120), ("pt", "pt", 120),
        ("nl", "nl", 60), ("vi", "vi", 60), ("id", "id", 60), ("el", "el", 60), ("ro", "ro", 60), ("cs", "cs", 60)]
MAX_CHUNK = 3000
SCRIPT = {"ar": r"[\u0600-\u06ff]", "fa": r"[\u0600-\u06ff]", "ja": r"[\u3040-\u30ff\u4e00-\u9fff]",
          "ko": r"[\uac00-\ud7af]", "zh": r"[\u4e00-\u9fff]", "ru": r"[\u0400-\u04ff]", "el": r"[\u0370-\u03ff]"}
STOP = {
    "de": r"\b(und|der|die|das|nicht|eine?|wird|werden|mit|für|oder|ist|sie)\b",
    "es": r"\b(el|la|los|las|que|del|una?|para|por|con|se|es)\b",
    "fr": r"\b(le|la|les|des|une?|est|pour|dans|sont|avec|du)\b",
    "it": r"\b(il|la|le|gli|che|di|della|una?|per|con|sono|è)\b",
    "pl": r"\b(i|w|na|jest|nie|się|do|z|oraz|lub|który)\b",
    "pt": r"\b(o|a|os|as|que|do|da|uma?|para|com|não|é)\b",
    "nl": r"\b(de|het|een|en|van|is|niet|voor|met|op|dat)\b",
    "tr": r"\b(ve|bir|bu|için|ile|da|de|olarak|daha|gibi)\b",
    "vi": r"\b(và|của|là|các|được|cho|một|trong|không|có)\b",
    "ro": r"\b(și|în|pe|este|sau|pentru|care|nu|cu|un|o)\b",
    "cs": r"\b(a|je|se|na|v|pro|nebo|který|jako|že|k)\b",
    "id": r"\b(dan|yang|untuk|dengan|ini|dari|tidak|dalam|atau|akan)\b",
}
EN = r"\b(the|and|is|are|this|that|with|for|of|to|be|which)\b"
BLOCK = {"p", "div", "li", "pre", "h1", "h2", "h3", "h4", "h5", "td", "th", "dt", "dd", "tr", "table", "ul", "ol", "br"}


class Extract(html.parser.HTMLParser):
    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.paras, self.cur, self.skip, self.depth_skip = [], [], 0, []

    def flush(self):
        t = re.sub(r"[ \t\r\n]+", " ", "".join(self.cur)).strip() if not getattr(self, "pre", False) else "".join(self.cur).strip("\n")
        if t:
            self.paras.append(t)
        self.cur = []

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        cls = a.get("class") or ""
        if self.skip:
            self.skip += 1 if tag not in ("br", "img", "meta", "link", "hr", "col") else 0
            return
        if tag in ("script", "style", "head") or "docnav" in cls or a.get("id") in ("banner", "title") \
                or "navfooter" in cls or "navheader" in cls or "breadcrumbs" in cls or "toc" == cls:
            self.skip = 1
            return
        if tag in BLOCK:
            self.flush()
        if tag == "pre":
            self.pre = True

    def handle_endtag(self, tag):
        if self.skip:
            self.skip -= 1
            return
        if tag in BLOCK:
            self.flush()
        if tag == "pre":
            self.pre = False

    def handle_data(self, d):
        if not self.skip:
            self.cur.append(d)


def ok_lang(t, lang):
    if lang in SCRIPT:
        letters = len(re.findall(r"[^\W\d_]", t))
        return letters > 0 and len(re.findall(SCRIPT[lang], t)) / letters >= 0.3
    s = len(re.findall(STOP[lang], t, re.I)); e = len(re.findall(EN, t, re.I))
    return s >= 2 and s > e


def page_chunks(paras, lang):
    runs, cur = [], []
    for p in paras:
        if len(p) < 60 or ok_lang(p, lang):
            cur.append(p)
        else:
            if cur: runs.append(cur)
            cur = []
    if cur: runs.append(cur)
    res = []
    for run in runs:
        buf = ""
        for p in run:
            p = p[:MAX_CHUNK]
            if len(buf) + len(p) + 2 > MAX_CHUNK:
                res.append(buf); buf = p
            else:
                buf = buf + "\n\n" + p if buf else p
        if buf: res.append(buf)
    # keep chunks that are long enough and mostly in the target language
    return [c for c in res if len(c) >= 200 and ok_lang(c, lang)]


def fetch_deb(cache, pool, sha):
    os.makedirs(cache, exist_ok=True)
    fn = os.path.join(cache, os.path.basename(pool))
    if not (os.path.exists(fn) and hashlib.sha256(open(fn, "rb").read()).hexdigest() == sha):
        data = urllib.request.urlopen(MIRROR + pool, timeout=300).read()
        if hashlib.sha256(data).hexdigest() != sha:
            raise SystemExit(f"sha256 mismatch for {pool}")
        open(fn, "wb").write(data)
    return open(fn, "rb").read()


def deb_data_tar(blob):
    assert blob[:8] == b"!<arch>\n"
    off = 8
    while off < len(blob):
        hdr = blob[off:off + 60]
        name = hdr[:16].decode().strip().rstrip("/")
        size = int(hdr[48:58].decode().strip())
        body = blob[off + 60: off + 60 + size]
        off += 60 + size + (size & 1)
        if name.startswith("data.tar"):
            return tarfile.open(fileobj=io.BytesIO(body), mode="r:*")
    raise ValueError("no data.tar")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--cache", default="/work/cache/deb")
    ap.add_argument("--out", default=f"/work/data/raw/{G}.jsonl")
    a = ap.parse_args()
    pkg, ver, pool, sha = PKG
    tf = deb_data_tar(fetch_deb(a.cache, pool, sha))
    files = {m.name.lstrip("./"): m for m in tf.getmembers() if m.isfile() and m.name.endswith(".html")}
    out, seen = [], set()
    for loc, lang, n_max in PLAN:
        names = sorted(p for p in files if p.startswith(BASE + loc + "/") and "Common_Content" not in p)
        n = 0
        for p in names:
            if n >= n_max:
                break
            ex = Extract(); ex.pre = False
            ex.feed(tf.extractfile(files[p]).read().decode("utf-8", "replace")); ex.flush()
            for ci, c in enumerate(page_chunks(ex.paras, lang)[:6]):
                if n >= n_max or c in seen:
                    continue
                seen.add(c)
                out.append({"id": f"{G}:{loc}:{os.path.basename(p)}:{ci}", "text": c, "label": "benign",
                            "kind": "doc", "lang": lang, "task": "benign",
                            "source": f"debian:{pkg}={ver}:/{p}#chunk={ci}", "group": G, "license": LICENSE})
                n += 1
        print(f"{loc}: {n}", file=sys.stderr)
    with open(a.out, "w", encoding="utf-8") as f:
        for r in out:
            f.write(json.dumps(r, ensure_ascii=False) + "\n")
    print(f"{G}: wrote {len(out)} records", file=sys.stderr)


if __name__ == "__main__":
    main()
