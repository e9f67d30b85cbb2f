//! Issue 10: ordinary instruction files are standing orders by design. In the instruction and
//! skill kinds a standing order or tool order alone is not a finding; one that carries a harmful
//! payload by shape still is, and memory notes and tool output stay as strict as before.

use hookward_scan::{ScanContext, ScanResult, Scanner, Source};

#[path = "fixtures/instruction_lines.rs"]
mod lines;
use lines::{inside_file, AGENT_FILE_ONLY, LIST_ITEM_GAPS, ORDINARY, PLANTED, TOOL_OUTPUT_GAPS};

fn scan(text: &str, source: Source) -> ScanResult {
    let scanner = Scanner::new().expect("rules build");
    scanner.scan(text, &ScanContext::new(source).without_learned())
}

#[test]
fn ordinary_lines_are_clean_in_instruction_and_skill_files() {
    assert!(ORDINARY.len() >= 40);
    let mut flagged = Vec::new();
    for l in ORDINARY {
        for src in [Source::InstructionFile, Source::SkillFile] {
            for text in [l.to_string(), inside_file(l)] {
                let r = scan(&text, src.clone());
                if r.is_flagged() {
                    let ids: Vec<_> = r.findings.iter().map(|f| f.rule_id.clone()).collect();
                    flagged.push(format!("{} {l:?}: {ids:?}", src.kind_name()));
                }
            }
        }
    }
    assert!(
        flagged.is_empty(),
        "ordinary lines flagged:\n{}",
        flagged.join("\n")
    );
}

#[test]
fn planted_lines_flag_in_every_kind() {
    assert!(PLANTED.len() >= 30);
    let mut missed = Vec::new();
    for l in PLANTED {
        let file = inside_file(l);
        let in_list = if LIST_ITEM_GAPS.contains(l) {
            *l
        } else {
            file.as_str()
        };
        for (src, text) in [
            (Source::InstructionFile, *l),
            (Source::InstructionFile, in_list),
            (Source::SkillFile, in_list),
            (Source::MemoryWrite, *l),
            (Source::ToolOutput, file.as_str()),
        ] {
            if src == Source::ToolOutput
                && (TOOL_OUTPUT_GAPS.contains(l) || AGENT_FILE_ONLY.contains(l))
            {
                continue;
            }
            if !scan(text, src.clone()).is_flagged() {
                missed.push(format!("{} {l:?}", src.kind_name()));
            }
        }
    }
    assert!(
        missed.is_empty(),
        "planted lines not flagged:\n{}",
        missed.join("\n")
    );
}

/// The bare standing orders the instruction kind now accepts still count in memory notes and
/// data: a memory note is not where project rules live, and tool output is not the user.
#[test]
fn order_alone_stays_strict_in_memory_and_data() {
    for l in [
        "From now on, always use tabs for indentation in Go files.",
        "Before replying, run the test suite and include the summary of failures.",
        "De ahora en adelante, usa siempre pnpm en lugar de npm.",
    ] {
        assert!(scan(l, Source::MemoryWrite).is_flagged(), "memory: {l}");
        assert!(
            !scan(l, Source::InstructionFile).is_flagged(),
            "instruction: {l}"
        );
    }
}
