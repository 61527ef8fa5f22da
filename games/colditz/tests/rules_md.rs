//! RULES.md cites only tests that exist: every `file::test_name` (or
//! `file::prefix_*`) in it names a test function in `tests/file.rs`.

use std::fs;
use std::path::Path;

#[test]
fn every_test_cited_in_rules_md_exists() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"));
    let rules = fs::read_to_string(dir.join("RULES.md")).expect("RULES.md");
    let mut cited = 0;
    for word in rules.split(|c: char| c.is_whitespace() || c == ',' || c == ';' || c == '|' || c == '(' || c == ')') {
        let Some((file, name)) = word.split_once("::") else { continue };
        if file.is_empty()
            || file == "file"
            || !file.chars().all(|c| c.is_ascii_lowercase() || c == '_')
            || name.is_empty()
        {
            continue;
        }
        let source = fs::read_to_string(dir.join("tests").join(format!("{file}.rs")))
            .unwrap_or_else(|_| panic!("RULES.md cites tests/{file}.rs, which does not exist"));
        let found = match name.strip_suffix('*') {
            Some(prefix) => source.contains(&format!("fn {prefix}")),
            None => source.contains(&format!("fn {name}(")),
        };
        assert!(found, "RULES.md cites {file}::{name}, which is not a test in tests/{file}.rs");
        cited += 1;
    }
    assert!(cited > 40, "RULES.md should cite the tests of its rules ({cited} found)");
}
