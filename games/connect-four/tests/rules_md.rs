//! RULES.md cites only tests that exist, and every rule reference the
//! source cites (`C4 3`) is the first cell of one of its rows.

use std::path::Path;

#[test]
fn every_test_cited_in_rules_md_exists() {
    sandtable_core::testing::check_rules_md(Path::new(env!("CARGO_MANIFEST_DIR")), 20);
}

#[test]
fn every_rule_reference_in_src_is_documented_in_rules_md() {
    sandtable_core::testing::check_rule_refs_documented(Path::new(env!("CARGO_MANIFEST_DIR")), "C4 ");
}

#[test]
fn every_rule_has_its_row() {
    let rules = std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("RULES.md")).expect("RULES.md");
    for section in 1..=7 {
        assert!(rules.contains(&format!("\n| {section} |")), "no row for C4 {section}");
    }
}
