//! The registry of agent profiles, `hookward-profiles` (the crate below the analyzers that
//! lists every adapter), re-exported where the pipeline's callers look for it.

pub use hookward_profiles::{profile, profiles};
