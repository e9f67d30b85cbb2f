//! Family `hidden_text`: invisible characters recorded by normalisation, grouped into findings.
//!
//! Sources: Unicode tag-character "ASCII smuggling" (Riley Goodside, 2024; issue 4's miss list),
//! zero-width characters inside words (agent-injection-bench `I​g​n​o​r​e`), bidi overrides
//! ("Trojan Source", CVE-2021-42574), variation-selector byte smuggling (Paul Butler, 2025).
//!
//! Events closer than 64 bytes are one cluster; a cluster is one finding whose weight depends on
//! what it holds: decoded tag text (0.75 with ≥ 3 characters — there is no benign use outside
//! emoji flags, which normalisation skips), a run of ≥ 4 variation selectors (0.5), zero-width
//! characters inside words (0.35 from 3 on, else 0.15), bidi controls (0.3), other zero-width
//! characters (0.15 from 4 on; fewer are ignored as copy-paste noise).

use crate::normalize::{HiddenEvent, HiddenKind};

/// One hidden-text cluster, in original byte offsets.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct HiddenCluster {
    pub(crate) start: usize,
    pub(crate) end: usize,
    pub(crate) rule_id: &'static str,
    pub(crate) weight: f32,
    /// True for the kinds that set [`crate::ScanResult::hidden_text`].
    pub(crate) smuggling: bool,
}

/// Group events into clusters and weigh them. `events` are in original-offset order.
pub(crate) fn clusters(events: &[HiddenEvent]) -> Vec<HiddenCluster> {
    let mut out = Vec::new();
    let mut i = 0;
    while i < events.len() {
        let Some(first) = events.get(i) else { break };
        let mut end = first.end;
        let (mut tags, mut vs, mut zw_word, mut zw_other, mut bidi) = (0, 0, 0, 0, 0);
        let mut j = i;
        while let Some(e) = events.get(j) {
            if j > i && e.start > end + 64 {
                break;
            }
            end = end.max(e.end);
            match e.kind {
                HiddenKind::Tags => tags += e.count,
                HiddenKind::VariationRun => vs += e.count,
                HiddenKind::ZeroWidthInWord => zw_word += 1,
                HiddenKind::ZeroWidthOther => zw_other += 1,
                HiddenKind::Bidi => bidi += 1,
            }
            j += 1;
        }
        let pick = if tags >= 3 {
            Some(("hidden/unicode-tags", 0.75, true))
        } else if vs >= 4 {
            Some(("hidden/variation-selectors", 0.5, true))
        } else if zw_word >= 3 {
            Some(("hidden/zero-width-in-word", 0.35, true))
        } else if bidi > 0 {
            Some(("hidden/bidi-control", 0.3, true))
        } else if zw_word > 0 {
            Some(("hidden/zero-width-in-word", 0.15, true))
        } else if zw_other >= 4 || tags > 0 {
            Some(("hidden/zero-width", 0.15, false))
        } else {
            None
        };
        if let Some((rule_id, weight, smuggling)) = pick {
            out.push(HiddenCluster {
                start: first.start,
                end,
                rule_id,
                weight,
                smuggling,
            });
        }
        i = j.max(i + 1);
    }
    out
}
