//! RULES.md cites only tests that exist: every `file::test_name` (or
//! `file::prefix*`) in it names a test function in `tests/file.rs`.

#[test]
fn every_test_cited_in_rules_md_exists() {
    sandtable_core::testing::check_rules_md(std::path::Path::new(env!("CARGO_MANIFEST_DIR")), 40);
}
