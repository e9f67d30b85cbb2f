fn main() {
    let args: Vec<String> = std::env::args().collect();
    if args[1] == "w" {
        println!("{}", hookward_shell::probe_word(&args[2]));
    } else {
        println!("{}", hookward_shell::probe(&args[1]));
    }
}
