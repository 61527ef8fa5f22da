//! Prints the opening position as text: `cargo run -p sandtable-totensonntag --example show [ru]`.
use sandtable_core::{Ruleset, Setup, Viewer};
use sandtable_totensonntag::Totensonntag;

fn main() {
    let lang = std::env::args().nth(1).unwrap_or_else(|| "en".into());
    let rules = Totensonntag::standard();
    let setup = rules.info().resolve(&Setup::seeded(1)).expect("default set-up");
    let state = rules.setup(&setup).expect("the shipped scenario sets up");
    print!("{}", rules.render(&state, Viewer::Spectator, &lang));
}
