//! TEMPORARY STUB by the lead so the workspace builds; replace with the real crate root.
