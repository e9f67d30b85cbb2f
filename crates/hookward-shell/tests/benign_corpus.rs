//! False alarms on real everyday commands: every command of `tests/corpus/benign-commands.jsonl`
//! (628 commands quoted from man pages, GNU manuals and READMEs, see `tests/corpus/README.md`)
//! is analysed with cwd `/home/dev/project` and home `/home/dev`, and the ones with an
//! alarming fact (see `common::alarms`) are printed and counted. The target is at most 1 % of
//! the corpus.

mod common;

#[test]
fn benign_corpus_rarely_alarms() {
    let path =
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/corpus/benign-commands.jsonl");
    let items = common::read_jsonl(&path);
    assert!(
        items.len() >= 600,
        "expected the 628-command corpus, read {}",
        items.len()
    );
    let ctx = common::ctx();
    let mut alarming = Vec::new();
    let mut internal = Vec::new();
    for item in &items {
        let id = item["id"].as_str().unwrap_or("?");
        let command = item["command"].as_str().unwrap_or_default();
        let facts = hookward_shell::analyze(command, &ctx);
        if facts
            .unanalysable
            .iter()
            .any(|u| u.reason.starts_with("internal error"))
        {
            internal.push(id.to_string());
        }
        let why = common::alarms(&facts);
        if !why.is_empty() {
            alarming.push(format!("{id}: {command}\n    {}", why.join("; ")));
        }
    }
    let limit = items.len() / 100;
    println!(
        "benign corpus: {} of {} commands produce an alarming fact ({:.2} %, limit {limit}):",
        alarming.len(),
        items.len(),
        100.0 * alarming.len() as f64 / items.len() as f64
    );
    for a in &alarming {
        println!("  {a}");
    }
    assert!(internal.is_empty(), "internal errors on {internal:?}");
    assert!(
        alarming.len() <= limit,
        "{} alarming commands, limit {limit}",
        alarming.len()
    );
}
