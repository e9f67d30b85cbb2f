//! Measures what redaction costs on hook-sized inputs.
//!
//! Run: `cargo run --release -p hookward-redact --example redact_cost`
//!
//! A hook process redacts once or twice and exits, so the first call matters as much as the
//! steady state. There is nothing to initialise (the trigger tables are built at compile time),
//! so the first call costs about what later ones do, plus cold caches.
//!
//! Figures on the project's 2-core machine (release build, other builds running, so noisy):
//! first call on a short command 3–4 µs; clean 20 KB text 34–50 µs per call; 20 KB with two
//! secrets 72–119 µs (two passes, see `redact_str`); a 58-byte clean command 0.13–0.23 µs; a
//! 74-byte command with a token 0.8 µs. For comparison, compiling the same shapes as `regex`
//! patterns cost 3–5 ms in the first call of every process.
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

fn once_us(s: &str) -> f64 {
    let t = Instant::now();
    std::hint::black_box(hookward_redact::redact_str(std::hint::black_box(s)));
    t.elapsed().as_secs_f64() * 1e6
}

fn main() {
    let cmd = "git commit -m 'fix parser' && cargo test -p hookward-shell";
    let secret_cmd = "export GITHUB_TOKEN=ghp_0123456789abcdefghijABCDEFGHIJ012345 && gh pr list";
    let url_cmd = "psql postgres://app:hunter2@db.internal/prod -c 'select 1'";
    println!("first call, clean command: {:.0} µs", once_us(cmd));
    println!(
        "first call, command with a github token: {:.0} µs",
        once_us(secret_cmd)
    );
    println!(
        "first call, command with a url password: {:.0} µs",
        once_us(url_cmd)
    );

    let line = "fn main() { let total = items.iter().map(|x| x.len()).sum::<usize>(); println!(\"{total}\"); } // résumé\n";
    let clean: String = line.repeat(20_000 / line.len());
    let mut dirty = clean.clone();
    dirty.push_str("export OPENAI_API_KEY=sk-proj-Ab3dEf6hIj9kLm2nOp5qRs8tUv\n");
    dirty.push_str("curl -H 'Authorization: Bearer eyJhbGciOiJIUzI1NiJ9.e30.Zm9vYmFy' https://x\n");

    let n = 200;
    let c = median_us(
        || {
            std::hint::black_box(hookward_redact::redact_str(std::hint::black_box(&clean)));
        },
        n,
    );
    let d = median_us(
        || {
            std::hint::black_box(hookward_redact::redact_str(std::hint::black_box(&dirty)));
        },
        n,
    );
    let s = median_us(
        || {
            std::hint::black_box(hookward_redact::redact_str(std::hint::black_box(cmd)));
        },
        2000,
    );
    let t = median_us(
        || {
            std::hint::black_box(hookward_redact::redact_str(std::hint::black_box(
                secret_cmd,
            )));
        },
        2000,
    );
    println!("steady state, clean {} B: {c:.1} µs/call", clean.len());
    println!(
        "steady state, {} B with 2 secrets: {d:.1} µs/call",
        dirty.len()
    );
    println!(
        "steady state, clean command {} B: {s:.2} µs/call",
        cmd.len()
    );
    println!(
        "steady state, command with a token {} B: {t:.2} µs/call",
        secret_cmd.len()
    );
}
