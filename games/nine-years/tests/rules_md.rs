//! RULES.md cites only tests that exist, and every rule reference the
//! source cites (`NY 13.5.2`) is the first cell of one of its rows.

use std::path::Path;

#[test]
fn every_test_cited_in_rules_md_exists() {
    sandtable_core::testing::check_rules_md(Path::new(env!("CARGO_MANIFEST_DIR")), 100);
}

#[test]
fn every_rule_reference_in_src_is_documented_in_rules_md() {
    sandtable_core::testing::check_rule_refs_documented(Path::new(env!("CARGO_MANIFEST_DIR")), "NY ");
}

#[test]
fn every_section_of_the_seed_and_every_authored_one_has_a_row() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"));
    let rules = std::fs::read_to_string(dir.join("RULES.md")).expect("RULES.md");
    for section in [
        "5.0", "5.0 1a", "5.0 1b", "5.0 1c", "5.0 1d", "5.0 1e", "5.0 1f", "5.0 2", "5.0 3", "6.1", "6.1.2", "6.2",
        "6.3", "6.4", "7.1.1", "7.1.2", "7.2.1", "7.2.2", "7.2.3", "7.2.4", "7.2.5", "7.2.6", "9.1", "9.2.1", "9.2.2",
        "9.2.3", "10.1", "11.1.1", "11.1.2", "11.1.3", "11.1.4", "11.1.5", "11.2.1", "12.1", "12.2.1", "12.2.2",
        "12.2.3", "12.2.4", "12.2.5", "12.2.6", "12.3.1", "12.3.2", "12.3.3", "12.3.4", "12.3.5", "12.3.6", "12.3.7",
        "12.3.8", "12.4", "13.1", "13.2.1", "13.3", "13.4.1", "13.4.2", "13.4.3", "13.5.1", "13.5.2", "13.5.3",
        "13.5.4", "13.5.5", "13.5.6", "14.1.1", "14.1.2", "14.1.3", "4.1.3", "14.4", "14.5", "15.2", "15.3", "16.1",
        "16.2", "16.3", "16.4", "16.5", "17.1", "17.2", "17.3", "17.4", "17.5.3", "18.1", "18.2", "18.3", "18.4",
        "19a", "19b", "19c", "19d", "19e", "19f", "20", "20.2.5",
    ] {
        assert!(rules.contains(&format!("\n| {section} |")), "no row for {section}");
    }
}
