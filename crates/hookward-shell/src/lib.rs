//! probe
#![allow(missing_docs)]
pub fn probe(s: &str) -> String {
    let opts = brush_parser::ParserOptions::default();
    let mut p = brush_parser::Parser::new(std::io::BufReader::new(s.as_bytes()), &opts);
    match p.parse_program() {
        Ok(prog) => format!("{prog:#?}"),
        Err(e) => format!("ERR {e}"),
    }
}
pub fn probe_word(s: &str) -> String {
    let opts = brush_parser::ParserOptions::default();
    format!("{:#?}\nBRACE {:#?}", brush_parser::word::parse(s, &opts), brush_parser::word::parse_brace_expansions(s, &opts))
}
