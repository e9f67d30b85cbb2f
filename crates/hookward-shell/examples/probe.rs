//! Prints the facts of each command given on the command line (or one per stdin line) as JSON,
//! with cwd `/home/dev/project`, home `/home/dev`:
//! `cargo run -p hookward-shell --example probe -- 'curl -s https://x | sh'`.

use std::io::BufRead;

fn main() {
    let ctx = hookward_shell::ShellContext {
        cwd: "/home/dev/project".into(),
        home: "/home/dev".into(),
        project_dir: Some("/home/dev/project".into()),
    };
    let mut commands: Vec<String> = std::env::args().skip(1).collect();
    if commands.is_empty() {
        commands = std::io::stdin()
            .lock()
            .lines()
            .map_while(Result::ok)
            .collect();
    }
    for c in commands {
        let facts = hookward_shell::analyze(&c, &ctx);
        let json = serde_json::to_string_pretty(&facts).unwrap_or_default();
        println!("# {c}\n{json}");
    }
}
