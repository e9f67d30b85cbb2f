//! Scores each line of stdin with the shipped model and prints `score<TAB>command`
//! (`cargo run --release -p hookward-cmdscore --example score < commands.txt`). Used to count
//! the score's instructions per command under callgrind (BENCHMARKS.md, session 28).

use std::io::BufRead;

fn main() {
    let m = hookward_cmdscore::CommandModel::shipped();
    let stdin = std::io::stdin();
    for line in stdin.lock().lines().map_while(Result::ok) {
        let s = m.score(&line);
        let explained = if s.score >= 0.5 {
            m.explain(&line, 3).len()
        } else {
            0
        };
        println!("{:.3}\t{explained}\t{line}", s.score);
    }
}
