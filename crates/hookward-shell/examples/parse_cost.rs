use std::time::Instant;
fn main() {
    let parts: Vec<String> = (0..16).map(|i| format!("grep -rn \"needle_{i}\" src/module_{i} --include='*.rs' | sort -t: -k1,1 -k2n | uniq -c | head -n 40 > /tmp/out_{i}.txt")).collect();
    for n in [1usize, 2, 4, 8, 16] {
        let s = parts[..n].join(" && ");
        let opts = brush_parser::ParserOptions::default();
        let t = Instant::now();
        for _ in 0..50 {
            let mut p = brush_parser::Parser::new(s.as_bytes(), &opts);
            std::hint::black_box(p.parse_program().unwrap());
        }
        let parse = t.elapsed().as_secs_f64() * 1e6 / 50.0;
        let ctx = hookward_shell::ShellContext { cwd: "/home/dev/project".into(), home: "/home/dev".into(), project_dir: Some("/home/dev/project".into()) };
        let t = Instant::now();
        for _ in 0..50 { std::hint::black_box(hookward_shell::analyze(&s, &ctx)); }
        let an = t.elapsed().as_secs_f64() * 1e6 / 50.0;
        // tokenizer only
        let t = Instant::now();
        for _ in 0..50 { std::hint::black_box(brush_parser::tokenize_str(&s).ok()); }
        let tok = t.elapsed().as_secs_f64() * 1e6 / 50.0;
        println!("n={n} len={} parse={parse:.1}µs analyze={an:.1}µs tokenize={tok:.1}", s.len());
    }
}
