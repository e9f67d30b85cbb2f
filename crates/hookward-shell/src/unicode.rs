//! Unicode tricks: look-alike letters in program names, invisible characters, bidi controls.
//!
//! The look-alike table is a small subset of Unicode's confusables data (UTS #39,
//! `confusables.txt`) for the Cyrillic, Greek, Armenian and Latin-extended letters that render
//! like ASCII letters in terminal fonts, plus the Fullwidth Forms block (U+FF01–U+FF5E, which map
//! to ASCII by subtracting 0xFEE0) and the Mathematical Alphanumeric Symbols block
//! (U+1D400–U+1D7FF). Where a letter has a second plausible reading (Cyrillic `р` is `p` in
//! confusables.txt but is sometimes used for `r`), both readings are tried and one that names a
//! known program wins.

/// Candidate ASCII readings of one non-ASCII character (first = the confusables.txt mapping).
fn candidates(c: char) -> Option<&'static [char]> {
    Some(match c {
        // Cyrillic lower case.
        'а' => &['a'],
        'в' => &['b'],
        'г' => &['r'],
        'е' | 'ё' => &['e'],
        'һ' => &['h'],
        'і' | 'ї' => &['i'],
        'ј' => &['j'],
        'к' => &['k'],
        'ӏ' => &['l'],
        'м' => &['m'],
        'п' => &['n'],
        'о' => &['o'],
        'р' => &['p', 'r'],
        'ԛ' => &['q'],
        'ѕ' => &['s'],
        'т' => &['t'],
        'ц' => &['u'],
        'ѵ' => &['v'],
        'ԝ' | 'ш' => &['w'],
        'х' => &['x'],
        'у' => &['y'],
        'ԁ' => &['d'],
        'с' => &['c'],
        // Cyrillic upper case.
        'А' => &['A'],
        'В' => &['B'],
        'Е' => &['E'],
        'К' => &['K'],
        'М' => &['M'],
        'Н' => &['H'],
        'О' => &['O'],
        'Р' => &['P'],
        'С' => &['C'],
        'Т' => &['T'],
        'Х' => &['X'],
        'У' => &['Y'],
        'Ѕ' => &['S'],
        'І' => &['I'],
        'Ј' => &['J'],
        // Greek.
        'α' => &['a'],
        'ε' => &['e'],
        'ι' => &['i'],
        'κ' => &['k'],
        'ν' => &['v'],
        'ο' => &['o'],
        'ρ' => &['p'],
        'τ' => &['t'],
        'υ' => &['u'],
        'χ' => &['x'],
        'γ' => &['y'],
        'Α' => &['A'],
        'Β' => &['B'],
        'Ε' => &['E'],
        'Ζ' => &['Z'],
        'Η' => &['H'],
        'Ι' => &['I'],
        'Κ' => &['K'],
        'Μ' => &['M'],
        'Ν' => &['N'],
        'Ο' => &['O'],
        'Ρ' => &['P'],
        'Τ' => &['T'],
        'Υ' => &['Y'],
        'Χ' => &['X'],
        // Armenian.
        'օ' => &['o'],
        'ս' => &['u'],
        'հ' => &['h'],
        'ո' => &['n'],
        // Latin extended / IPA.
        'ı' => &['i'],
        'ɑ' => &['a'],
        'ɡ' => &['g'],
        'ɩ' => &['i'],
        'ℓ' => &['l'],
        'ʀ' => &['r'],
        // Dashes and dots that may appear in names.
        '\u{2010}' | '\u{2011}' | '\u{2012}' | '\u{2013}' | '\u{2212}' => &['-'],
        '\u{2024}' => &['.'],
        _ => return None,
    })
}

/// The ASCII reading of a look-alike character (the confusables.txt mapping, or the computed
/// reading of fullwidth and mathematical letters), lower-cased; `None` when it has none. Used
/// for the skeletons of host names (`crate::target`).
pub(crate) fn ascii_reading(c: char) -> Option<char> {
    candidates(c)
        .and_then(|r| r.first().copied())
        .or_else(|| computed(c))
        .map(|c| c.to_ascii_lowercase())
}

/// Maps a character with a single computable reading (fullwidth, mathematical alphanumerics).
fn computed(c: char) -> Option<char> {
    let cp = c as u32;
    if (0xFF01..=0xFF5E).contains(&cp) {
        return char::from_u32(cp - 0xFEE0);
    }
    if (0x1D400..=0x1D6A3).contains(&cp) {
        let i = (cp - 0x1D400) % 52;
        let base = if i < 26 { b'A' } else { b'a' };
        return Some(char::from(base + (i % 26) as u8));
    }
    if (0x1D7CE..=0x1D7FF).contains(&cp) {
        return char::from_digit((cp - 0x1D7CE) % 10, 10);
    }
    None
}

/// Zero-width and format characters that render as nothing. Source: Unicode general category
/// Cf (selected), UTS #39 "default ignorable".
pub(crate) fn is_invisible(c: char) -> bool {
    matches!(
        c,
        '\u{200B}' | '\u{200C}' | '\u{200D}' | '\u{2060}' | '\u{FEFF}' | '\u{00AD}' | '\u{180E}'
    ) || ('\u{E0000}'..='\u{E007F}').contains(&c)
}

/// Bidirectional controls that reorder how text is displayed (CVE-2021-42574 "Trojan Source").
pub(crate) fn is_bidi_control(c: char) -> bool {
    matches!(c, '\u{202A}'..='\u{202E}' | '\u{2066}'..='\u{2069}' | '\u{200E}' | '\u{200F}')
}

/// Result of resolving a program name.
pub(crate) struct Resolution {
    pub name: String,
    pub had_homoglyph: bool,
}

/// Removes invisible characters and maps look-alikes to ASCII. `known` tells whether an ASCII
/// name is a known program; among alternative readings the first known one wins, else the
/// primary reading is used. At most 64 combinations are tried.
pub(crate) fn resolve_name(name: &str, known: &dyn Fn(&str) -> bool) -> Resolution {
    if name.is_ascii() {
        return Resolution {
            name: name.to_string(),
            had_homoglyph: false,
        };
    }
    let mut had_homoglyph = false;
    let mut options: Vec<Vec<char>> = Vec::new();
    for c in name.chars() {
        if is_invisible(c) || is_bidi_control(c) {
            continue;
        }
        if c.is_ascii() {
            options.push(vec![c]);
        } else if let Some(m) = computed(c) {
            had_homoglyph = true;
            options.push(vec![m]);
        } else if let Some(cands) = candidates(c) {
            had_homoglyph = true;
            options.push(cands.to_vec());
        } else {
            options.push(vec![c]);
        }
    }
    let primary: String = options.iter().filter_map(|o| o.first()).collect();
    let mut name_out = primary.clone();
    if had_homoglyph && !known(&primary) {
        let mut combos: Vec<String> = vec![String::new()];
        for opt in &options {
            let mut next = Vec::new();
            for prefix in &combos {
                for c in opt {
                    if next.len() < 64 {
                        let mut p = prefix.clone();
                        p.push(*c);
                        next.push(p);
                    }
                }
            }
            combos = next;
        }
        if let Some(found) = combos.into_iter().find(|c| known(c)) {
            name_out = found;
        }
    }
    Resolution {
        name: name_out,
        had_homoglyph,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn maps_cyrillic_and_fullwidth() {
        let known = |s: &str| s == "rm" || s == "curl";
        assert_eq!(resolve_name("гm", &known).name, "rm");
        assert_eq!(resolve_name("рm", &known).name, "rm");
        assert_eq!(resolve_name("сurl", &known).name, "curl");
        assert_eq!(resolve_name("ｒｍ", &known).name, "rm");
        let r = resolve_name("r\u{200B}m", &known);
        assert_eq!(r.name, "rm");
        assert!(!r.had_homoglyph);
    }
}
