//! Dumps the facts of every command of JSON-lines files, one JSON line per command, for
//! before/after equivalence checks of changes that must not change behaviour:
//!
//! ```sh
//! cargo run --release -p hookward-shell --example dump_facts -- FILE.jsonl… > facts.jsonl
//! ```
//!
//! Each input line is a JSON object; lines with a string field `command` are analysed (cwd
//! `/home/dev/project`, home `/home/dev`), others are skipped. An output line is
//! `{"file": …, "line": N, "facts": {…}}`.

mod support;

fn main() {
    let ctx = support::ctx();
    let mut out = std::io::BufWriter::new(std::io::stdout().lock());
    for file in std::env::args().skip(1) {
        let text = std::fs::read_to_string(&file).unwrap_or_else(|e| panic!("{file}: {e}"));
        for (i, line) in text.lines().enumerate() {
            let Ok(v) = serde_json::from_str::<serde_json::Value>(line) else {
                continue;
            };
            let Some(cmd) = v.get("command").and_then(|c| c.as_str()) else {
                continue;
            };
            let facts = hookward_shell::analyze(cmd, &ctx);
            let row = serde_json::json!({"file": file, "line": i + 1, "facts": facts});
            use std::io::Write;
            writeln!(out, "{row}").unwrap_or_else(|e| panic!("stdout: {e}"));
        }
    }
}
