#!/usr/bin/env python3
"""deb-handbook-l10n: "The Debian Administrator's Handbook" (Debian 11) translations.

Source : Debian 12 binary package debian-handbook 11.20220922 (deb.debian.org pool, SHA256 pinned),
         /usr/share/doc/debian-handbook/html/<locale>/*.html (Publican/DocBook XHTML).
URL    : https://debian-handbook.info/ , https://salsa.debian.org/hertzog/debian-handbook
Licence: GPL-2+ or CC-BY-SA-3.0 (dual licensed; see the package's copyright file).
Labelling: all benign (system-administration book prose, command walkthroughs, many imperative
  instructions to a human reader = hard negatives); kind "doc", task "benign".
  Text of block elements (para, li, pre, headings, table cells) is extracted; navigation removed.
  Many translations are partial (untranslated English paragraphs remain), so each paragraph is
  language-checked (script ratio for ar/fa/ja/ko/zh/ru/el; stop-words vs English for Latin
  languages); runs of accepted paragraphs are chunked to <= 3000 chars (>= 200 chars kept).
  Pages in sorted order, <= 3 chunks per page, PLAN[lang] chunks per locale, group <= 1500.
Usage: deb-handbook-l10n.py [--cache /work/cache/deb] [--out /work/data/raw/deb-handbook-l10n.jsonl]
"""
import argparse, hashlib, html.parser, io, json, os, re, sys, tarfile, urllib.request

G = "deb-handbook-l10n"
MIRROR = "http://deb.debian.org/debian/"
PKG = ("debian-handbook", "11.20220922", "pool/main/d/debian-handbook/debian-handbook_11.20220922_all.deb",
       "3d5dbeac1f1afc9c094eab9d0f701f6ecff99c4927d5a4794cf6c85678134faa")
LICENSE = "GPL-2+ OR CC-BY-SA-3.0"
BASE = "usr/share/doc/debian-handbook/html/"
PLAN = [("ar-MA", "ar", 120), ("ko-KR", "ko", 120), ("ja-JP", "ja", 120), ("zh-CN", "zh", 120),
        ("ru-RU", "ru", 120), ("es-ES", "es", 120), ("it-IT", "it", 120), ("de-DE", "de", 120),
        ("fr-FR", "fr", 120), ("pt-BR", "pt", 120), ("tr-TR", "tr", 50), ("pl-PL", "pl", 50),
        ("nl-NL", "nl", 50), ("vi-VN", "vi", 50), ("id-ID", "id", 50), ("fa-IR", "fa", 50)]
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
            for ci, c in enumerate(page_chunks(ex.paras, lang)[:3]):
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
