//! Writes the density samples the link threshold is taken over (one per near-copy class,
//! `hookward_kb::density_samples`), one per line, for studying the threshold statistic
//! offline. Reads the `.md`/`.rst` files under DIR (as `hookward kb scan DIR` does for a
//! benchmark built by `scripts/kb/build_bench.py`).
//!
//!     cargo run -p hookward-kb --example kb_densities -- DIR > densities.txt
//!     cargo run -p hookward-kb --example kb_densities -- DIR --neighbours > lists.txt
//!
//! With `--neighbours`, one line per chunk instead: its document number, then its `k`
//! nearest chunks of other documents as `index:cosine`, tab-separated.

use hookward_kb::{Corpus, Document, Options};

fn walk(dir: &std::path::Path, out: &mut Vec<Document>) {
    let Ok(rd) = std::fs::read_dir(dir) else {
        return;
    };
    let mut entries: Vec<_> = rd.flatten().map(|e| e.path()).collect();
    entries.sort();
    for p in entries {
        if p.is_dir() {
            walk(&p, out);
        } else if p.extension().is_some_and(|x| x == "md" || x == "rst") {
            if let Ok(t) = std::fs::read_to_string(&p) {
                out.push(Document::new(p.display().to_string(), t));
            }
        }
    }
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let dir = args.get(1).map(String::as_str).unwrap_or(".");
    let mut docs = Vec::new();
    walk(std::path::Path::new(dir), &mut docs);
    let opts = Options::default();
    let corpus = Corpus::build(docs, &opts);
    if args.iter().any(|a| a == "--neighbours") {
        let lists = hookward_kb::neighbour_lists(&corpus, &opts);
        for (c, ns) in lists.iter().enumerate() {
            let mut line = corpus.doc_of(c).to_string();
            for (j, s) in ns {
                line.push_str(&format!("	{j}:{s}"));
            }
            println!("{line}");
        }
        return;
    }
    for d in hookward_kb::density_samples(&corpus, &opts) {
        println!("{d}");
    }
}
