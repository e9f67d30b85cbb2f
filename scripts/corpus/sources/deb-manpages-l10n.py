#!/usr/bin/env python3
"""deb-manpages-l10n: translated Linux manual pages from Debian 12 (bookworm) packages.

Source : Debian binary packages (deb.debian.org pool, exact versions + SHA256 pinned below):
         manpages-{de,es,fr,it,pl,pt-br,ru,uk} 4.18.1-1 (manpages-l10n project),
         manpages-ja 0.5.0.0.20221215+dfsg-1 (JM Project), manpages-zh 1.6.4.0-1 (CMPP / Chinese
         Man Pages Project).
URL    : https://salsa.debian.org/manpages-l10n-team/manpages-l10n , https://linuxjm.osdn.jp/ ,
         https://github.com/man-pages-zh/manpages-zh
Licence: manpages-l10n translations GPL-3+ (original pages keep their own licences);
         manpages-ja: same licence as each original man page (per-file, DFSG-free);
         manpages-zh: GFDL-1.2+ (translations).  Recorded per record.
Labelling: all benign (ordinary reference documentation), kind "manpage", task "benign".
  groff source (.gz) is decompressed and stripped to plain text (macros, font escapes, comments
  removed); pages are split into paragraphs and greedily chunked to <= 3000 chars; a chunk is kept
  only if it looks like the target language (duplicates by normalised tail removed; script check for ja/zh/ru/uk, non-ASCII letters or
  stop-words for Latin languages) and has >= 200 chars.  Pages are visited in sha1(path) order
  (deterministic pseudo-shuffle), at most 2 chunks per page, PER_LANG chunks per language.
Usage: deb-manpages-l10n.py [--cache /work/cache/deb] [--out /work/data/raw/deb-manpages-l10n.jsonl]
"""
import argparse, gzip, hashlib, io, json, lzma, os, re, sys, tarfile, urllib.request

G = "deb-manpages-l10n"
MIRROR = "http://deb.debian.org/debian/"
PKGS = [  # (package, version, pool path, sha256, lang, licence)
    ("manpages-de", "4.18.1-1", "pool/main/m/manpages-l10n/manpages-de_4.18.1-1_all.deb", "37d2e7ee51f22952aecec3af93647ff59194a3c74bb7a694560f49c7f7ab3978", "de", "GPL-3+ (manpages-l10n translation)"),
    ("manpages-es", "4.18.1-1", "pool/main/m/manpages-l10n/manpages-es_4.18.1-1_all.deb", "d21e9f85e487f149ae45b5c525b2b1a70ae7fd38d4b05b47c8753042c66f4c2b", "es", "GPL-3+ (manpages-l10n translation)"),
    ("manpages-fr", "4.18.1-1", "pool/main/m/manpages-l10n/manpages-fr_4.18.1-1_all.deb", "ec29759cc0e4a44dc7719c1e32869d0060667049e584f09556f0d982b969ea33", "fr", "GPL-3+ (manpages-l10n translation)"),
    ("manpages-it", "4.18.1-1", "pool/main/m/manpages-l10n/manpages-it_4.18.1-1_all.deb", "4b18e87cc1b6a930d40949ddc86fb8e84b50da1a862cd17e2a504eeb8e3b4e48", "it", "GPL-3+ (manpages-l10n translation)"),
    ("manpages-ja", "0.5.0.0.20221215+dfsg-1", "pool/main/m/manpages-ja/manpages-ja_0.5.0.0.20221215+dfsg-1_all.deb", "4d270e9a1e83be4de0c072a110892a17dc9caa4b501257324006ac28d82c5743", "ja", "same as original man page (JM Project, DFSG-free, per-file)"),
    ("manpages-pl", "1:4.18.1-1", "pool/main/m/manpages-l10n/manpages-pl_4.18.1-1_all.deb", "31e518ea8331b5204d4fd0032037f96af1ba94a5afa4f0585dca1996b270cdf9", "pl", "GPL-3+ (manpages-l10n translation)"),
    ("manpages-pt-br", "4.18.1-1", "pool/main/m/manpages-l10n/manpages-pt-br_4.18.1-1_all.deb", "da971a7bc0107f7b74b4ae592d1d7cc6424fa7e77cc1808f5c110a07edaf3890", "pt", "GPL-3+ (manpages-l10n translation)"),
    ("manpages-ru", "4.18.1-1", "pool/main/m/manpages-l10n/manpages-ru_4.18.1-1_all.deb", "5d5821dad5840652ba9c1c6b85bdc785c1fc52148a71c18fab6658c9659244c0", "ru", "GPL-3+ (manpages-l10n translation)"),
    ("manpages-uk", "4.18.1-1", "pool/main/m/manpages-l10n/manpages-uk_4.18.1-1_all.deb", "7ad64b12010584a6cc10a341ba561a6774e8493166524f386bcd9fd7cbebdd5b", "uk", "GPL-3+ (manpages-l10n translation)"),
    ("manpages-zh", "1.6.4.0-1", "pool/main/m/manpages-zh/manpages-zh_1.6.4.0-1_all.deb", "81bae29495f6445db290e3f329f1203eb19b651c2a7ea165b74ebdc853a32ac1", "zh", "GFDL-1.2+ (manpages-zh translation)"),
]
PER_LANG = 150
MAX_CHUNK = 3000
SCRIPT = {"ja": r"[\u3040-\u30ff]", "zh": r"[\u4e00-\u9fff]", "ru": r"[\u0400-\u04ff]", "uk": r"[\u0400-\u04ff]"}
STOP = {
    "de": r"\b(und|der|die|das|nicht|eine?|wird|werden|mit|für|oder)\b",
    "es": r"\b(el|la|los|las|que|del|una?|para|por|con|se)\b",
    "fr": r"\b(le|la|les|des|une?|est|pour|dans|sont|avec)\b",
    "it": r"\b(il|la|le|gli|che|di|della|una?|per|con|sono|è)\b",
    "pl": r"\b(i|w|na|jest|nie|się|do|z|oraz|lub|który)\b",
    "pt": r"\b(o|a|os|as|que|do|da|uma?|para|com|não|é)\b",
}
EN = r"\b(the|and|is|are|this|that|with|for|of|to|be)\b"


def fetch_deb(cache, pool, sha):
    os.makedirs(cache, exist_ok=True)
    fn = os.path.join(cache, os.path.basename(pool).replace("%3a", ":"))
    if not (os.path.exists(fn) and hashlib.sha256(open(fn, "rb").read()).hexdigest() == sha):
        data = urllib.request.urlopen(MIRROR + pool, timeout=120).read()
        if hashlib.sha256(data).hexdigest() != sha:
            raise SystemExit(f"sha256 mismatch for {pool}")
        with open(fn, "wb") as f:
            f.write(data)
    return open(fn, "rb").read()


def deb_data_tar(blob):
    """Parse the ar container of a .deb and return an open tarfile of data.tar.*"""
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


ESC = [(r"\\\(em", "—"), (r"\\\(en", "–"), (r"\\\(bu", "•"), (r"\\\(co", "©"), (r"\\\(aq", "'"),
       (r"\\\(dq", '"'), (r"\\\(lq", "“"), (r"\\\(rq", "”"), (r"\\\(Fo", "«"), (r"\\\(Fc", "»"),
       (r"\\\(fo", "‹"), (r"\\\(fc", "›"), (r"\\\(rs", "\\\\"), (r"\\\(ti", "~"), (r"\\\(ha", "^"),
       (r"\\\(mu", "×"), (r"\\\(<=", "≤"), (r"\\\(>=", "≥"), (r"\\\(->", "→"), (r"\\\(oq", "‘"), (r"\\\(cq", "’")]


def inline(s):
    s = re.sub(r"\\f(\[[^\]]*\]|\(..|.)", "", s)
    s = re.sub(r"\\s[+-]?\d+", "", s)
    for a, b in ESC:
        s = re.sub(a, b, s)
    s = re.sub(r"\\\[[^\]]*\]", "", s)
    s = re.sub(r"\\\(..", "", s)
    s = re.sub(r"\\[*n]\(..|\\[*n]\[[^\]]*\]|\\[*n].", "", s)
    s = s.replace("\\-", "-").replace("\\e", "\\").replace("\\&", "").replace("\\ ", " ")
    s = s.replace("\\|", "").replace("\\^", "").replace("\\~", " ").replace("\\c", "").replace("\\%", "")
    s = re.sub(r"\\[hvwlLDxXo]'[^']*'", "", s)
    s = s.replace("\\.", ".").replace("\\'", "'").replace("\\`", "`").replace('\\"', '"')
    return s


def groff_to_text(src):
    out, skip = [], False
    for line in src.splitlines():
        if skip:
            if line.startswith(".."):
                skip = False
            continue
        if line.startswith(('.\\"', "'\\\"", '.\\\\"')) or line.startswith('\\"'):
            continue
        line = re.sub(r'\\".*$', "", line)
        if line.startswith((".", "'")):
            m = re.match(r"[.']\s*(\S+)\s*(.*)", line)
            if not m:
                continue
            mac, args = m.group(1), m.group(2)
            if mac in ("de", "de1", "am", "ig"):
                skip = True
                continue
            if mac in ("SH", "SS"):
                out += ["", inline(args.strip('"')), ""]
            elif mac in ("PP", "P", "LP", "sp", "br", "IP", "TP", "HP", "RS", "RE", "Sh"):
                out.append("")
                if mac == "IP" and args:
                    out.append(inline(args.split('"')[1] if args.startswith('"') else args.split()[0]))
            elif mac in ("B", "I", "SM", "SB", "BR", "RB", "IR", "RI", "BI", "IB", "UR", "MT", "Nm", "Op", "Ar", "Fl", "Xr", "Pa", "Dq", "Li", "Em", "Nd", "Cm", "Ev", "Va", "Fn", "Ql", "Sq", "It"):
                toks = re.findall(r'"[^"]*"|\S+', args)
                toks = [t.strip('"') for t in toks]
                sep = "" if mac in ("BR", "RB", "IR", "RI", "BI", "IB") else " "
                out.append(inline(sep.join(toks)))
            elif mac == "TH":
                continue
            else:
                continue
        else:
            out.append(inline(line))
    text = "\n".join(out)
    text = re.sub(r"[ \t]+", " ", text)
    text = re.sub(r"\n{3,}", "\n\n", text)
    return text.strip()


def chunks(text, n=MAX_CHUNK):
    paras = [p.strip() for p in re.split(r"\n\s*\n", text) if p.strip()]
    cur, res = "", []
    for p in paras:
        while len(p) > n:
            res.append(p[:n]); p = p[n:]
        if len(cur) + len(p) + 2 > n:
            if cur:
                res.append(cur)
            cur = p
        else:
            cur = cur + "\n\n" + p if cur else p
    if cur:
        res.append(cur)
    return res


def is_lang(t, lang):
    if len(t) < 200:
        return False
    if lang in SCRIPT:
        return len(re.findall(SCRIPT[lang], t)) >= 40
    s = len(re.findall(STOP[lang], t, re.I))
    e = len(re.findall(EN, t, re.I))
    return s >= 8 and s > 2 * e


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--cache", default="/work/cache/deb")
    ap.add_argument("--out", default=f"/work/data/raw/{G}.jsonl")
    a = ap.parse_args()
    out, seen = [], set()
    for pkg, ver, pool, sha, lang, lic in PKGS:
        tf = deb_data_tar(fetch_deb(a.cache, pool, sha))
        members = [m for m in tf.getmembers() if m.isfile() and "/man/" in m.name and m.name.endswith(".gz")]
        members.sort(key=lambda m: hashlib.sha1(m.name.encode()).hexdigest())
        n = 0
        for m in members:
            if n >= PER_LANG:
                break
            raw = gzip.decompress(tf.extractfile(m).read())
            try:
                src = raw.decode("utf-8")
            except UnicodeDecodeError:
                continue
            if src.lstrip().startswith(".so "):
                continue  # alias page
            page = m.name.lstrip("./")
            k = 0
            for ci, c in enumerate(chunks(groff_to_text(src))):
                if k >= 2 or n >= PER_LANG:
                    break
                if not is_lang(c, lang):
                    continue
                # translator boilerplate repeats across pages: keep first occurrence only
                key = re.sub(r"\W+", "", re.sub(r"\d", "", c))[-400:]
                if key in seen:
                    continue
                seen.add(key)
                out.append({"id": f"{G}:{pkg}:{page}:{ci}", "text": c, "label": "benign", "kind": "manpage",
                            "lang": lang, "task": "benign", "source": f"debian:{pkg}={ver}:/{page}#chunk={ci}",
                            "group": G, "license": lic})
                k += 1; n += 1
        print(f"{pkg}: {n}", file=sys.stderr)
    with open(a.out, "w", encoding="utf-8") as f:
        for r in out:
            f.write(json.dumps(r, ensure_ascii=False) + "\n")
    print(f"{G}: wrote {len(out)} records", file=sys.stderr)


if __name__ == "__main__":
    main()
