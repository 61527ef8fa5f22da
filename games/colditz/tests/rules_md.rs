//! RULES.md cites only tests that exist: every `file::test_name` (or
//! `file::prefix*`) in it names a test function in `tests/file.rs`; and every
//! rule reference the source cites is a section of RULES.md.

use std::path::Path;

#[test]
fn every_test_cited_in_rules_md_exists() {
    sandtable_core::testing::check_rules_md(Path::new(env!("CARGO_MANIFEST_DIR")), 40);
}

/// `Colditz: <section>` cites the 2016 rules (and the Legend, and the cards);
/// `Colditz classic: <section>` the rules only the classic game has.
#[test]
fn every_rule_reference_in_src_is_documented_in_rules_md() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"));
    sandtable_core::testing::check_rule_refs_documented(dir, "Colditz: ");
    sandtable_core::testing::check_rule_refs_documented(dir, "Colditz classic: ");
}
