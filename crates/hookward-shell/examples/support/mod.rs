//! What the shell examples share: the context they analyse in and the 2 KB chain that
//! `bench_analyze` times and `alloc_count` counts (one definition, so both measure the same
//! input).

/// The context every example uses: the agent works in `/home/dev/project`, home `/home/dev`.
pub fn ctx() -> hookward_shell::ShellContext {
    hookward_shell::ShellContext::new(
        "/home/dev/project",
        "/home/dev",
        Some("/home/dev/project".into()),
    )
    .unwrap_or_else(|e| panic!("{e}"))
}

/// 16 pipelines of typical agent shape joined with `&&`, padded to about 2,048 bytes.
#[allow(dead_code)] // not every example times the chain
pub fn chain() -> String {
    let mut parts: Vec<String> = (0..16)
        .map(|i| {
            format!(
                "grep -rn \"needle_{i}\" src/module_{i} --include='*.rs' | sort -t: -k1,1 -k2n | uniq -c | head -n 40 > /tmp/out_{i}.txt"
            )
        })
        .collect();
    let mut s = parts.join(" && ");
    let mut i = 0;
    while s.len() < 2048 {
        if let Some(p) = parts.get_mut(i % 16) {
            p.push_str(" | cat");
        }
        s = parts.join(" && ");
        i += 1;
    }
    s
}
