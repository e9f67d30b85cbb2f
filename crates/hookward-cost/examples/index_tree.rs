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
    let store = hookward_store::Store::open(std::path::Path::new(&db))?;
    let r = hookward_cost::index(std::path::Path::new(&home), &store)?;
    let secs = t.elapsed().as_secs_f64();
    println!(
        "index: {secs:.3} s, {} files, {} read ({} from the start), {} bytes read, {} requests written",
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
