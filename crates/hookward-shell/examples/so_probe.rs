fn main() {
    let ctx = hookward_shell::ShellContext {
        cwd: "/home/dev/project".into(),
        home: "/home/dev".into(),
        project_dir: Some("/home/dev/project".into()),
    };
    let which = std::env::args().nth(1).unwrap_or_default();
    let n: usize = std::env::args()
        .nth(2)
        .and_then(|s| s.parse().ok())
        .unwrap_or(10);
    let s = match which.as_str() {
        "deep" => format!("{}rm -rf ~{}", "bash -c \"$(".repeat(n), ")\"".repeat(n)),
        "long" => "echo a && ".repeat(n) + "true",
        "subst" => "$(".repeat(n) + &")".repeat(n),
        "paren" => "(".repeat(n) + &")".repeat(n),
        "pipe" => "a | ".repeat(n) + "b",
        "brace" => "{ ".repeat(n) + "x" + &"; }".repeat(n),
        "if" => "if true; then ".repeat(n) + "x" + &"; fi".repeat(n),
        "arith" => "$((".to_string() + &"(".repeat(n) + "1" + &")".repeat(n) + "))",
        "param" => "${a:-".repeat(n) + "x" + &"}".repeat(n),
        "bq" => "echo \"$(echo \\\"".repeat(n),
        _ => String::new(),
    };
    let child = std::thread::Builder::new()
        .stack_size(2 << 20)
        .spawn(move || {
            let t = std::time::Instant::now();
            let f = hookward_shell::analyze(&s, &ctx);
            println!(
                "ok {} cmds {} unan {:?} in {:?}",
                which,
                f.commands.len(),
                f.unanalysable
                    .iter()
                    .map(|u| u.reason.chars().take(50).collect::<String>())
                    .collect::<Vec<_>>(),
                t.elapsed()
            );
        })
        .unwrap();
    child.join().ok();
}
