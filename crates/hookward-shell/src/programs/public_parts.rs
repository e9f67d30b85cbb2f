//! Program forms that open a key or a key store but show only its public part or its metadata,
//! or hand it to the store that keeps it without printing it (session 27, issue 11 item 1:
//! "public parts stay quiet"). A read of a file by one of these forms is recorded with the how
//! `<program> shows-public`, which the policy's credential rules leave alone
//! (`paths.rego` `public_part`); any other read of the same file in the same command (`cat`,
//! a redirect, a copy) keeps its own how and is judged as before.

use crate::analyzer::{Analyzer, Inv};
use crate::facts::Access;

/// One form: the program, the words that must all appear among its arguments, an example.
pub(crate) struct Row {
    /// The program (basename).
    pub program: &'static str,
    /// Words that must all appear among the arguments (any order).
    pub words: &'static [&'static str],
    /// A command that must be recorded as a public read (checked by a test).
    #[allow(dead_code)] // read by the tests
    pub example: &'static str,
    /// Where the behaviour is documented.
    #[allow(dead_code)] // provenance for readers of the table
    pub source: &'static str,
}

/// The table.
pub(crate) const ROWS: &[Row] = &[
    Row {
        program: "solana-keygen",
        words: &["pubkey"],
        example: "solana-keygen pubkey /home/x/.config/solana/id.json",
        source: "Solana docs, solana-keygen pubkey: displays the public key of a keypair file",
    },
    Row {
        program: "cast",
        words: &["wallet", "address"],
        example: "cast wallet address --keystore /home/x/.foundry/keystores/ops",
        source:
            "Foundry book, cast wallet address: prints the address of a private key or keystore",
    },
    Row {
        program: "age-keygen",
        words: &["-y"],
        example: "age-keygen -y /home/x/.config/sops/age/keys.txt",
        source: "age-keygen(1) -y: converts an identity file to a recipients (public) file",
    },
    Row {
        program: "security",
        words: &["show-keychain-info"],
        example: "security show-keychain-info /Users/x/Library/Keychains/login.keychain-db",
        source: "security(1) show-keychain-info: shows the keychain's settings (lock timeout)",
    },
    Row {
        program: "security",
        words: &["import"],
        example: "security import /Users/x/Downloads/dev.p12 -k build.keychain -P \"$P\"",
        source:
            "security(1) import: imports the items of a file into a keychain, printing only a count",
    },
];

/// Marks the reads the command just recorded (`paths[from..]`) as public reads when `name`'s
/// arguments match a [`ROWS`] form and nothing in them asks for more (`-p`/`--print` forms are
/// not in the table).
pub(super) fn mark(a: &mut Analyzer, name: &str, inv: &Inv, from: usize) {
    let rest = inv.rest();
    let Some(_) = ROWS
        .iter()
        .find(|r| r.program == name && r.words.iter().all(|w| rest.iter().any(|x| x.text == *w)))
    else {
        return;
    };
    let how = format!("{name} shows-public");
    for p in a.facts.paths.iter_mut().skip(from) {
        if p.access == Access::Read && p.how == name {
            p.how.clone_from(&how);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{analyze, ShellContext};

    fn ctx() -> ShellContext {
        ShellContext {
            cwd: "/home/x/project".into(),
            home: "/home/x".into(),
            project_dir: Some("/home/x/project".into()),
        }
    }

    #[test]
    fn every_row_marks_its_example() {
        for r in ROWS {
            let f = analyze(r.example, &ctx());
            assert!(
                f.paths.iter().any(|p| p.how.ends_with(" shows-public")),
                "{}: {:?}",
                r.example,
                f.paths
            );
        }
    }

    /// Neighbours (new variants): the same programs printing the secret, another reader in
    /// the same command.
    #[test]
    fn other_forms_and_readers_keep_their_how() {
        for cmd in [
            "cast wallet private-key --keystore /home/x/.foundry/keystores/ops",
            "cat /home/x/.config/solana/id.json; solana-keygen pubkey /home/x/.config/solana/id.json",
            "security export -k /Users/x/Library/Keychains/login.keychain-db -o /tmp/x.p12",
        ] {
            let f = analyze(cmd, &ctx());
            assert!(
                f.paths
                    .iter()
                    .any(|p| p.access == Access::Read && !p.how.ends_with(" shows-public")
                        && (p.path.contains("keystores") || p.path.contains("solana") || p.path.contains("Keychains"))),
                "{cmd}: {:?}",
                f.paths
            );
        }
    }
}
