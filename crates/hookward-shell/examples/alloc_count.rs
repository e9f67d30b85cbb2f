//! Counts heap allocations per `hookward_shell::analyze` call (a counting global allocator),
//! figures that do not move with machine load, unlike the timings of `bench_analyze`:
//!
//! 1. the 2 KB `&&` chain of 16 pipelines of `bench_analyze` (analysed `N` times, default 50);
//! 2. every command of `tests/corpus/benign-commands.jsonl` (each analysed once).
//!
//! Prints allocations (`alloc` + `realloc` calls) and bytes requested per analysis.
//! Run with `cargo run --release -p hookward-shell --example alloc_count [-- N]`; under
//! `valgrind --tool=callgrind` a small `N` also gives the instructions per analysis.

mod support;

use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::atomic::{AtomicU64, Ordering};

struct Counting;

static ALLOCS: AtomicU64 = AtomicU64::new(0);
static REALLOCS: AtomicU64 = AtomicU64::new(0);
static BYTES: AtomicU64 = AtomicU64::new(0);

// SAFETY: every call is forwarded unchanged to the system allocator; the counters are atomics.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        ALLOCS.fetch_add(1, Ordering::Relaxed);
        BYTES.fetch_add(layout.size() as u64, Ordering::Relaxed);
        // SAFETY: same contract as the caller's.
        unsafe { System.alloc(layout) }
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        // SAFETY: same contract as the caller's.
        unsafe { System.dealloc(ptr, layout) }
    }
    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        ALLOCS.fetch_add(1, Ordering::Relaxed);
        BYTES.fetch_add(layout.size() as u64, Ordering::Relaxed);
        // SAFETY: same contract as the caller's.
        unsafe { System.alloc_zeroed(layout) }
    }
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        REALLOCS.fetch_add(1, Ordering::Relaxed);
        BYTES.fetch_add(new_size as u64, Ordering::Relaxed);
        // SAFETY: same contract as the caller's.
        unsafe { System.realloc(ptr, layout, new_size) }
    }
}

#[global_allocator]
static GLOBAL: Counting = Counting;

fn snapshot() -> (u64, u64, u64) {
    (
        ALLOCS.load(Ordering::Relaxed),
        REALLOCS.load(Ordering::Relaxed),
        BYTES.load(Ordering::Relaxed),
    )
}

fn main() {
    let n: u64 = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(50);
    let ctx = support::ctx();

    let chain = support::chain();
    std::hint::black_box(hookward_shell::analyze(&chain, &ctx));
    let (a0, r0, b0) = snapshot();
    for _ in 0..n {
        std::hint::black_box(hookward_shell::analyze(&chain, &ctx));
    }
    let (a1, r1, b1) = snapshot();
    println!(
        "&& chain of 16 pipelines ({} B): {:.0} allocs + {:.0} reallocs, {:.0} bytes per analysis (n={n})",
        chain.len(),
        (a1 - a0) as f64 / n as f64,
        (r1 - r0) as f64 / n as f64,
        (b1 - b0) as f64 / n as f64,
    );

    let path =
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/corpus/benign-commands.jsonl");
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let commands: Vec<String> = text
        .lines()
        .filter_map(|l| serde_json::from_str::<serde_json::Value>(l).ok())
        .filter_map(|v| {
            v.get("command")
                .and_then(|c| c.as_str())
                .map(str::to_string)
        })
        .collect();
    let (a0, r0, b0) = snapshot();
    for c in &commands {
        std::hint::black_box(hookward_shell::analyze(c, &ctx));
    }
    let (a1, r1, b1) = snapshot();
    let k = commands.len().max(1) as f64;
    println!(
        "benign corpus ({} commands): {:.1} allocs + {:.1} reallocs, {:.0} bytes per analysis",
        commands.len(),
        (a1 - a0) as f64 / k,
        (r1 - r0) as f64 / k,
        (b1 - b0) as f64 / k,
    );
}
