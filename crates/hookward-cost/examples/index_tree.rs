//! Indexes the transcript trees under a home into a store and prints what it did and how long
//! it took (`scripts/bench_cost.sh` runs it twice: a first index and an unchanged re-index).
//!
//! `cargo run --release -p hookward-cost --example index_tree -- HOME STORE.db`

use std::time::Instant;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let mut args = std::env::args().skip(1);
    let (Some(home), Some(db)) = (args.next(), args.next()) else {
        return Err("usage: index_tree HOME STORE.db".into());
    };
    let t = Instant::now();
    let cpu0 = cpu_secs();
    let store = hookward_store::Store::open(std::path::Path::new(&db))?;
    let r = hookward_cost::index(std::path::Path::new(&home), &store)?;
    let secs = t.elapsed().as_secs_f64();
    let cpu = match (cpu0, cpu_secs()) {
        (Some((u0, s0)), Some((u1, s1))) => {
            format!(" ({:.2} s user + {:.2} s sys CPU)", u1 - u0, s1 - s0)
        }
        _ => String::new(),
    };
    println!(
        "index: {secs:.3} s wall{cpu}, {} files, {} read ({} from the start), {} bytes read, {} requests written",
        r.files, r.files_read, r.files_reset, r.bytes_read, r.requests
    );
    // the sum `hookward cost --period all --by model` makes from the index
    let t = Instant::now();
    let groups = store.cost_groups(
        &hookward_store::CostQuery::default(),
        hookward_store::CostGroupBy::Model,
    )?;
    let prices = hookward_cost::PriceTable::builtin()?;
    let today = hookward_cost::Day::today();
    let s = hookward_cost::summarize_groups(
        groups.into_iter().map(hookward_cost::budget::group_of),
        &prices,
        hookward_cost::Period::All,
        hookward_cost::GroupBy::Model,
        today,
    );
    println!(
        "sum: {:.3} s, {} requests, ${:.4}",
        t.elapsed().as_secs_f64(),
        s.total.requests,
        s.total.cost.usd()
    );
    Ok(())
}

/// This process's user and system CPU seconds so far (Linux `/proc/self/stat`, fields 14 and
/// 15, in clock ticks of 1/100 s); `None` elsewhere.
fn cpu_secs() -> Option<(f64, f64)> {
    let stat = std::fs::read_to_string("/proc/self/stat").ok()?;
    // fields after the command name, which is in parentheses and may hold spaces
    let rest = stat.get(stat.rfind(')')? + 2..)?;
    let f: Vec<&str> = rest.split_whitespace().collect();
    let tick = |i: usize| -> Option<f64> { Some(f.get(i)?.parse::<f64>().ok()? / 100.0) };
    Some((tick(11)?, tick(12)?))
}
