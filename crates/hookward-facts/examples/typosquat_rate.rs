//! How often the look-alike test (`typosquat.rs`) flags names of real packages: reads names
//! (one a line) on stdin, prints each flagged one with the name it imitates, then the counts.
//! `cargo run -p hookward-facts --example typosquat_rate -- npm < names.txt`

use hookward_facts::popular::Eco;
use hookward_facts::typosquat::imitated;
use std::io::BufRead;

fn main() {
    let eco = match std::env::args().nth(1).as_deref() {
        Some("pypi") => Eco::Pypi,
        Some("crates") => Eco::Crates,
        Some("gems") => Eco::Gems,
        _ => Eco::Npm,
    };
    let (mut n, mut flagged) = (0usize, 0usize);
    for line in std::io::stdin().lock().lines().map_while(Result::ok) {
        let name = line.trim();
        if name.is_empty() {
            continue;
        }
        n += 1;
        if let Some(real) = imitated(eco, name) {
            flagged += 1;
            println!("{name}\t{real}");
        }
    }
    println!("# {flagged} of {n} flagged");
}
