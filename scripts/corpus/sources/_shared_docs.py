"""Shared helpers for the documentation-style corpus extractors in this directory.

Stdlib only (Python 3.11).  Used by:
  * deb-handbook-l10n.py, deb-install-guide-l10n.py  -- Debian .deb download/extract,
    HTML -> paragraphs, per-paragraph language filter, chunking     (deb_* / DEB_* / Extract)
  * ciu-readme-l10n.py, taocl-readme-l10n.py          -- translated-README chunking and
    language filter                                               (readme_* / README_*)
  * anthropics_skills.py, awesome_cursorrules.py, owasp_llm_top10.py -- git helpers,
    paragraph chunking, script-based language guess, capped record collection
  * all of them: git(), write_jsonl().

The scripts keep their own data tables (packages, file lists, plans, licences, labels);
everything here is parametrised so the output of each script is unchanged byte for byte.
"""
import hashlib, html.parser, io, json, os, re, subprocess, sys, tarfile, urllib.request
from collections import Counter


# --------------------------------------------------------------------------- common

def git(gd, *a):
    """Run `git --git-dir GD *A` and return its stdout as bytes (raises CalledProcessError on failure)."""
    return subprocess.run(["git", "--git-dir", gd, *a], check=True, capture_output=True).stdout


def head_commit(gd):
    """Return the full hex id (str) of HEAD in the git directory GD."""
    return git(gd, "rev-parse", "HEAD").decode().strip()


def write_jsonl(path, rows):
    """Write the dicts ROWS to PATH as UTF-8 JSON lines (ensure_ascii=False). Returns None."""
    with open(path, "w", encoding="utf-8") as f:
        for r in rows:
            f.write(json.dumps(r, ensure_ascii=False) + "\n")


def write(out, rows):
    """write_jsonl(OUT, ROWS), then print OUT, the row count and a label histogram to stdout."""
    write_jsonl(out, rows)
    print(out, len(rows), dict(Counter(r["label"] for r in rows)))


def ok_lang(t, lang, script, stop, en, ratio, min_stop):
    """Is text T in language LANG?

    If LANG is a key of SCRIPT (dict lang -> char-class regex): True when at least RATIO of the
    letters of T match that class.  Otherwise uses STOP[lang] (stop-word regex): True when T has
    >= MIN_STOP target stop-words and more of them than English stop-words (regex EN).
    Returns bool.
    """
    if lang in script:
        letters = len(re.findall(r"[^\W\d_]", t))
        return letters > 0 and len(re.findall(script[lang], t)) / letters >= ratio
    s = len(re.findall(stop[lang], t, re.I)); e = len(re.findall(en, t, re.I))
    return s >= min_stop and s > e


# --------------------------------------------------------------------------- Debian HTML docs

DEB_MIRROR = "http://deb.debian.org/debian/"
DEB_MAX_CHUNK = 3000
DEB_SCRIPT = {"ar": r"[\u0600-\u06ff]", "fa": r"[\u0600-\u06ff]", "ja": r"[\u3040-\u30ff\u4e00-\u9fff]",
              "ko": r"[\uac00-\ud7af]", "zh": r"[\u4e00-\u9fff]", "ru": r"[\u0400-\u04ff]", "el": r"[\u0370-\u03ff]"}
DEB_STOP = {
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
    "ro": r"\b(și|în|pe|este|sau|pentru|care|nu|cu|un|o)\b",
    "cs": r"\b(a|je|se|na|v|pro|nebo|který|jako|že|k)\b",
}
DEB_EN = r"\b(the|and|is|are|this|that|with|for|of|to|be|which)\b"
BLOCK = {"p", "div", "li", "pre", "h1", "h2", "h3", "h4", "h5", "td", "th", "dt", "dd", "tr", "table", "ul", "ol", "br"}


class Extract(html.parser.HTMLParser):
    """HTML -> list of block-level text paragraphs (self.paras), navigation/script/style skipped.

    Feed it a page, call flush(), then read .paras (list of str; whitespace collapsed except
    inside <pre>, where only surrounding newlines are stripped).
    """

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.paras, self.cur, self.skip, self.depth_skip = [], [], 0, []
        self.pre = False

    def flush(self):
        """Close the current paragraph: append its text to self.paras if non-empty."""
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


def deb_ok_lang(t, lang):
    """Language check used by the Debian doc extractors (ratio 0.3, >= 2 stop-words). Returns bool."""
    return ok_lang(t, lang, DEB_SCRIPT, DEB_STOP, DEB_EN, 0.3, 2)


def page_chunks(paras, lang, max_chunk=DEB_MAX_CHUNK):
    """Chunk one page's paragraphs (list of str) for language LANG.

    Paragraphs >= 60 chars that fail the language check break the page into runs; each run is
    greedily joined with blank lines into chunks <= MAX_CHUNK chars.  Returns the list of chunks
    (str) that are >= 200 chars and pass the language check.
    """
    runs, cur = [], []
    for p in paras:
        if len(p) < 60 or deb_ok_lang(p, lang):
            cur.append(p)
        else:
            if cur: runs.append(cur)
            cur = []
    if cur: runs.append(cur)
    res = []
    for run in runs:
        buf = ""
        for p in run:
            p = p[:max_chunk]
            if len(buf) + len(p) + 2 > max_chunk:
                res.append(buf); buf = p
            else:
                buf = buf + "\n\n" + p if buf else p
        if buf: res.append(buf)
    # keep chunks that are long enough and mostly in the target language
    return [c for c in res if len(c) >= 200 and deb_ok_lang(c, lang)]


def fetch_deb(cache, pool, sha, mirror=DEB_MIRROR):
    """Return the bytes of the .deb at MIRROR+POOL, cached in directory CACHE.

    The cached file is reused if its SHA-256 equals SHA; otherwise it is downloaded, checked
    against SHA (SystemExit on mismatch) and stored.
    """
    os.makedirs(cache, exist_ok=True)
    fn = os.path.join(cache, os.path.basename(pool))
    if not (os.path.exists(fn) and hashlib.sha256(open(fn, "rb").read()).hexdigest() == sha):
        data = urllib.request.urlopen(mirror + pool, timeout=300).read()
        if hashlib.sha256(data).hexdigest() != sha:
            raise SystemExit(f"sha256 mismatch for {pool}")
        open(fn, "wb").write(data)
    return open(fn, "rb").read()


def deb_data_tar(blob):
    """Parse the ar archive BLOB (bytes of a .deb) and return its data.tar.* as an open tarfile.TarFile."""
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


def deb_html_records(g, pkg, license, base, plan, per_page, cache):
    """Build the benign "doc" records of a Debian HTML documentation package.

    G: group name (also id prefix); PKG: (name, version, pool path, sha256); LICENSE: SPDX str;
    BASE: directory of the HTML tree inside the package (with trailing "/"); PLAN: list of
    (locale dir, lang code, max chunks); PER_PAGE: max chunks taken from one page; CACHE: .deb
    cache directory.  Pages are read in sorted order, chunks de-duplicated across the group, and
    per-locale counts printed to stderr.  Returns the list of record dicts.
    """
    name, ver, pool, sha = pkg
    tf = deb_data_tar(fetch_deb(cache, pool, sha))
    files = {m.name.lstrip("./"): m for m in tf.getmembers() if m.isfile() and m.name.endswith(".html")}
    out, seen = [], set()
    for loc, lang, n_max in plan:
        names = sorted(p for p in files if p.startswith(base + loc + "/") and "Common_Content" not in p)
        n = 0
        for p in names:
            if n >= n_max:
                break
            ex = Extract()
            ex.feed(tf.extractfile(files[p]).read().decode("utf-8", "replace")); ex.flush()
            for ci, c in enumerate(page_chunks(ex.paras, lang)[:per_page]):
                if n >= n_max or c in seen:
                    continue
                seen.add(c)
                out.append({"id": f"{g}:{loc}:{os.path.basename(p)}:{ci}", "text": c, "label": "benign",
                            "kind": "doc", "lang": lang, "task": "benign",
                            "source": f"debian:{name}={ver}:/{p}#chunk={ci}", "group": g, "license": license})
                n += 1
        print(f"{loc}: {n}", file=sys.stderr)
    return out


# --------------------------------------------------------------------------- translated READMEs

README_SCRIPT = {"ar": r"[\u0600-\u06ff]", "fa": r"[\u0600-\u06ff]", "he": r"[\u0590-\u05ff]",
                 "ja": r"[\u3040-\u30ff\u4e00-\u9fff]", "ko": r"[\uac00-\ud7af]", "zh": r"[\u4e00-\u9fff]",
                 "ru": r"[\u0400-\u04ff]", "uk": r"[\u0400-\u04ff]", "el": r"[\u0370-\u03ff]"}
README_STOP = {
    "de": r"\b(und|der|die|das|nicht|eine?|wird|werden|mit|für|oder|ist|sie|ich)\b",
    "es": r"\b(el|la|los|las|que|del|una?|para|por|con|se|es)\b",
    "fr": r"\b(le|la|les|des|une?|est|pour|dans|sont|avec|du|je)\b",
    "it": r"\b(il|la|le|gli|che|di|della|una?|per|con|sono|è)\b",
    "pl": r"\b(i|w|na|jest|nie|się|do|z|oraz|lub|który)\b",
    "pt": r"\b(o|a|os|as|que|do|da|uma?|para|com|não|é)\b",
    "nl": r"\b(de|het|een|en|van|is|niet|voor|met|op|dat)\b",
    "tr": r"\b(ve|bir|bu|için|ile|da|de|olarak|daha|gibi)\b",
    "vi": r"\b(và|của|là|các|được|cho|một|trong|không|có)\b",
    "id": r"\b(dan|yang|untuk|dengan|ini|dari|tidak|dalam|atau|akan)\b",
    "cs": r"\b(a|je|se|na|v|pro|nebo|který|jako|že|k)\b",
    "ro": r"\b(și|în|pe|este|sau|pentru|care|nu|cu|un|o)\b",
    "sl": r"\b(in|je|na|za|se|da|ali|ki|v|z)\b",
}
README_EN = r"\b(the|and|is|are|this|that|with|for|of|to|be|which|you)\b"


def readme_ok_lang(t, lang):
    """Language check used by the README extractors (ratio 0.25, >= 5 stop-words). Returns bool."""
    return ok_lang(t, lang, README_SCRIPT, README_STOP, README_EN, 0.25, 5)


def md_chunks(text, max_chunk):
    """Split markdown TEXT (HTML comments removed) at blank lines / before headings and greedily
    join the blocks with blank lines into chunks of <= MAX_CHUNK chars (oversize blocks are cut
    hard).  Returns the list of chunks (str), in order."""
    text = re.sub(r"<!--.*?-->", "", text, flags=re.S)
    blocks = [b.strip() for b in re.split(r"\n\s*\n|\n(?=#)", text) if b.strip()]
    res, cur = [], ""
    for b in blocks:
        while len(b) > max_chunk:
            res.append(b[:max_chunk]); b = b[max_chunk:]
        if len(cur) + len(b) + 2 > max_chunk:
            res.append(cur); cur = b
        else:
            cur = cur + "\n\n" + b if cur else b
    if cur:
        res.append(cur)
    return res


def readme_records(g, repo, license, files, per_lang, max_chunk, min_bare, git_dir):
    """Build the benign "readme" records from translated markdown files of a git repository.

    G: group; REPO: "owner/name" for the source field; LICENSE: SPDX str; FILES: list of
    (path at HEAD, lang); PER_LANG: max chunks per file; MAX_CHUNK: chunk size limit; MIN_BARE:
    minimum length of a chunk once URLs/tags are removed; GIT_DIR: the repository's git dir.
    Accepted chunks are sampled evenly (every k-th).  Missing files are reported on stderr.
    Returns (records list, HEAD commit str).
    """
    commit = head_commit(git_dir)
    out = []
    for path, lang in files:
        try:
            t = git(git_dir, "show", f"{commit}:{path}").decode("utf-8", "replace")
        except subprocess.CalledProcessError:
            print(f"missing {path}", file=sys.stderr); continue
        acc = []
        for i, c in enumerate(md_chunks(t, max_chunk)):
            bare = re.sub(r"\(https?://[^)]*\)|https?://\S+|<[^>]+>", "", c)
            if len(bare) >= min_bare and readme_ok_lang(bare, lang):
                acc.append((i, c))
        step = max(1, len(acc) // per_lang)
        for i, c in acc[::step][:per_lang]:
            out.append({"id": f"{g}:{path}:{i}", "text": c, "label": "benign", "kind": "readme", "lang": lang,
                        "task": "benign", "source": f"{repo}@{commit}:{path}#chunk={i}", "group": g,
                        "license": license})
    return out, commit


# --------------------------------------------------------------------------- git file collections

def ls_files(gd, commit):
    """Return the sorted list of all file paths (str) in the tree of COMMIT in git dir GD."""
    out = git(gd, "ls-tree", "-r", "-z", "--name-only", commit).decode("utf-8", "replace")
    return sorted(p for p in out.split("\0") if p)


def show(gd, commit, path):
    """Return the content of PATH at COMMIT in git dir GD, decoded as UTF-8 (errors replaced)."""
    return git(gd, "show", f"{commit}:{path}").decode("utf-8", "replace")


def chunk(text, limit=4000):
    """Split at blank-line paragraph boundaries into pieces of <= limit chars.

    TEXT: str (CRLF normalised, stripped).  Oversize paragraphs are cut at a line break in the
    second half of the window, else hard.  Returns the list of chunks (str); [] for empty text.
    """
    text = text.replace("\r\n", "\n").strip()
    if len(text) <= limit:
        return [text] if text else []
    paras = re.split(r"\n\s*\n", text)
    pieces = []
    for p in paras:
        while len(p) > limit:  # oversize paragraph: cut at a line break, else hard
            cut = p.rfind("\n", 0, limit)
            if cut < limit // 2:
                cut = limit
            pieces.append(p[:cut])
            p = p[cut:].lstrip("\n")
        pieces.append(p)
    out, cur = [], ""
    for p in pieces:
        if not p.strip():
            continue
        if cur and len(cur) + 2 + len(p) > limit:
            out.append(cur)
            cur = p
        else:
            cur = f"{cur}\n\n{p}" if cur else p
    if cur:
        out.append(cur)
    return out


def guess_lang(t):
    """Crude script-based guess; default en.  T: str.  Returns "ja", "ko", "zh", "ru" or "en"."""
    n = max(1, len(t))
    kana = len(re.findall(r"[\u3040-\u30ff]", t))
    han = len(re.findall(r"[\u4e00-\u9fff]", t))
    hangul = len(re.findall(r"[\uac00-\ud7af]", t))
    cyr = len(re.findall(r"[\u0400-\u04ff]", t))
    if kana / n > 0.02:
        return "ja"
    if hangul / n > 0.05:
        return "ko"
    if han / n > 0.05:
        return "zh"
    if cyr / n > 0.2:
        return "ru"
    return "en"


def lang_from_path(path, text):
    """Language code from a "translations/<xx>[-_YY]/" component of PATH, else guess_lang(TEXT)."""
    m = re.search(r"translations/([a-z]{2})(?:[-_][A-Za-z]{2})?/", path)
    return m.group(1) if m else guess_lang(text)


def repo_chunk_records(git_dir, g, repo, select, license_of, lang_of, kind, min_chars, cap):
    """Chunk every selected file at HEAD of a git repository into benign records.

    GIT_DIR: git dir; G: group (id prefix); REPO: "owner/name" for the source field;
    SELECT(path) -> bool: which files to read; LICENSE_OF(path) -> SPDX str, or None to skip the
    file; LANG_OF(path, chunk) -> lang code; KIND: record kind; MIN_CHARS: shorter chunks are
    dropped; CAP: if more records than this, keep the CAP with the smallest sha1(id), in id order.
    Chunks (chunk(), <= 4000 chars) are de-duplicated by sha1 of their text.
    Returns the list of record dicts.
    """
    commit = head_commit(git_dir)
    rows, seen = [], set()
    for p in ls_files(git_dir, commit):
        if not select(p):
            continue
        lic = license_of(p)
        if lic is None:
            continue
        for i, c in enumerate(chunk(show(git_dir, commit, p))):
            h = hashlib.sha1(c.encode()).hexdigest()
            if len(c) < min_chars or h in seen:
                continue
            seen.add(h)
            rows.append({"id": f"{g}:{p}#{i}", "text": c, "label": "benign", "kind": kind,
                         "lang": lang_of(p, c), "task": "benign", "source": f"{repo}@{commit}:{p}",
                         "group": g, "license": lic})
    if len(rows) > cap:
        rows = sorted(sorted(rows, key=lambda r: hashlib.sha1(r["id"].encode()).hexdigest())[:cap],
                      key=lambda r: r["id"])
    return rows
