//! RULES.md cites only tests that exist: every `file::test_name` in it names
//! a test function in `tests/file.rs`; and every rule reference the source
//! cites (`SCS 3.1e`) is the first cell of a row of RULES.md.

use std::path::Path;

#[test]
fn every_test_cited_in_rules_md_exists() {
    sandtable_core::testing::check_rules_md(Path::new(env!("CARGO_MANIFEST_DIR")), 120);
}

#[test]
fn every_rule_reference_in_src_is_documented_in_rules_md() {
    sandtable_core::testing::check_rule_refs_documented(Path::new(env!("CARGO_MANIFEST_DIR")), "SCS ");
}

#[test]
fn the_other_references_in_src_are_rows_of_rules_md_too() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"));
    let rules = std::fs::read_to_string(dir.join("RULES.md")).expect("RULES.md");
    for section in ["Fog of war", "Set-up", "Barrage", "Victory", "Rounding", "Cumulative effects"] {
        assert!(rules.contains(&format!("\n| {section} |")), "no row for {section}");
    }
    // Every seed section has its row.
    for section in [
        "1.0",
        "2.0",
        "2.0a",
        "2.0b",
        "2.1a",
        "2.1b",
        "2.1c",
        "2.1d",
        "2.1e",
        "2.1f",
        "2.1g",
        "2.1h",
        "3.0",
        "3.1a",
        "3.1b",
        "3.1c",
        "3.1d",
        "3.1e",
        "3.2a",
        "3.2b",
        "3.2c",
        "3.2d",
        "3.3a",
        "3.3b",
        "3.3c",
        "4.0",
        "4.0a",
        "4.0b",
        "4.0c",
        "5.0",
        "5.0a",
        "5.0b",
        "5.0c",
        "6.0",
        "6.0a",
        "6.0b",
        "6.0c",
        "6.1a",
        "6.1b",
        "6.1c",
        "6.1d",
        "6.1e",
        "6.1f",
        "6.2a",
        "6.2b",
        "7.0",
        "10.0",
        "11.0",
        "12.0",
        "Set-up 1",
        "Set-up 2",
        "Set-up 3",
        "Set-up 4",
        "Set-up 5",
        "Hex numbering",
        "Map edge",
        "Off-map movement",
    ] {
        assert!(rules.contains(&format!("\n| {section} |")), "no row for {section}");
    }
}
