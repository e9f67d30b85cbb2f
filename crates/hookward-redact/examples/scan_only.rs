// temporary A/B harness
fn main() {
    let line = "fn main() { let total = items.iter().map(|x| x.len()).sum::<usize>(); println!(\"{total}\"); } // résumé\n";
    let clean: String = line.repeat(20_000 / line.len());
    let mut n = 0;
    for _ in 0..2000 {
        n += hookward_redact::find_secrets(std::hint::black_box(&clean)).len();
    }
    println!("{n}");
}
