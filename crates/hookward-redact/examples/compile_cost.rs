use std::time::Instant;
fn main() {
    let pats: Vec<String> = std::env::args().skip(1).collect();
    for p in &pats {
        let t = Instant::now();
        let r = regex::Regex::new(p).unwrap();
        let e = t.elapsed();
        println!("{:>8.0} µs  {}", e.as_secs_f64() * 1e6, &p[..p.len().min(70)]);
        std::hint::black_box(r);
    }
}
