//! Measures what redaction costs on hook-sized inputs.
//!
//! Run: `cargo run --release -p hookward-redact --example redact_cost`
//!
//! Prints the median time per call for a clean 20 KB payload (the common case: one pass, no
//! allocation), the same payload with a few secrets in it, and a short shell command.
use std::time::Instant;

fn median_us(mut f: impl FnMut(), rounds: usize) -> f64 {
    let mut times: Vec<f64> = (0..rounds)
        .map(|_| {
            let t = Instant::now();
            f();
            t.elapsed().as_secs_f64() * 1e6
        })
        .collect();
    times.sort_by(|a, b| a.total_cmp(b));
    times.get(times.len() / 2).copied().unwrap_or(f64::NAN)
}

fn main() {
    let t = Instant::now();
    let _ = hookward_redact::redact_str("warm up: compile the patterns");
    println!("first call (compiles patterns): {:.0} µs", t.elapsed().as_secs_f64() * 1e6);

    let line = "fn main() { let total = items.iter().map(|x| x.len()).sum::<usize>(); println!(\"{total}\"); } // résumé\n";
    let clean: String = line.repeat(20_000 / line.len());
    let mut dirty = clean.clone();
    dirty.push_str("export OPENAI_API_KEY=sk-proj-Ab3dEf6hIj9kLm2nOp5qRs8tUv\n");
    dirty.push_str("curl -H 'Authorization: Bearer eyJhbGciOiJIUzI1NiJ9.e30.Zm9vYmFy' https://x\n");
    let cmd = "git commit -m 'fix parser' && cargo test -p hookward-shell";

    let n = 200;
    let c = median_us(|| { std::hint::black_box(hookward_redact::redact_str(std::hint::black_box(&clean))); }, n);
    let d = median_us(|| { std::hint::black_box(hookward_redact::redact_str(std::hint::black_box(&dirty))); }, n);
    let s = median_us(|| { std::hint::black_box(hookward_redact::redact_str(std::hint::black_box(cmd))); }, 2000);
    println!("clean {} B: {c:.1} µs/call", clean.len());
    println!("with 2 secrets {} B: {d:.1} µs/call", dirty.len());
    println!("short command {} B: {s:.2} µs/call", cmd.len());
}
