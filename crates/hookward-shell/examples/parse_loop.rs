fn main() {
    let parts: Vec<String> = (0..16).map(|i| format!("grep -rn \"needle_{i}\" src/module_{i} --include='*.rs' | sort -t: -k1,1 -k2n | uniq -c | head -n 40 > /tmp/out_{i}.txt")).collect();
    let s = parts.join(" && ");
    let opts = brush_parser::ParserOptions::default();
    let which = std::env::args().nth(1).unwrap_or_default();
    let ctx = hookward_shell::ShellContext { cwd: "/home/dev/project".into(), home: "/home/dev".into(), project_dir: Some("/home/dev/project".into()) };
    for _ in 0..2000 {
        if which == "parse" {
            let mut p = brush_parser::Parser::new(s.as_bytes(), &opts);
            std::hint::black_box(p.parse_program().unwrap());
        } else {
            std::hint::black_box(hookward_shell::analyze(&s, &ctx));
        }
    }
}
