//! `sandtable games` and `sandtable bots`: what this build can play, and who
//! can play it.

use super::Result;
use crate::Lang;
use sandtable_core::Text;

pub fn run(lang: Lang) -> Result {
    let l = lang.code();
    let t = |en: &'static str, ru: &'static str| Text::fixed(en, ru).get(l).to_owned();
    for driver in sandtable_catalog::catalog() {
        let info = driver.game().info();
        println!("{}  {}", info.id, info.name.get(l));
        println!("  {}: {}", t("rules version", "версия правил"), info.rules_version);
        let seats: Vec<String> = info.seats.iter().map(|s| format!("{} ({})", s.id, s.name.get(l))).collect();
        println!("  {}: {}", t("seats", "места"), seats.join(", "));
        println!("  {}:", t("scenarios", "сценарии"));
        for (i, s) in info.scenarios.iter().enumerate() {
            let default = if i == 0 { t(" [default]", " [по умолчанию]") } else { String::new() };
            let authored = if s.authored { t(" (authored)", " (авторский)") } else { String::new() };
            println!("    {}  {}{authored}{default}", s.id, s.name.get(l));
        }
        if !info.options.is_empty() {
            println!("  {}:", t("options", "параметры"));
            for o in &info.options {
                println!(
                    "    {}={}  ({}: {})  {}",
                    o.key,
                    o.values.join("|"),
                    t("default", "по умолчанию"),
                    o.default,
                    o.text.get(l)
                );
            }
        }
    }
    Ok(())
}

/// `sandtable bots`: one bot a line, its name first (what `--vs` and the
/// lobby take), then what it is.
pub fn bots(lang: Lang) -> Result {
    for spec in sandtable_ai::BotSpec::listed() {
        println!("{}  {}", spec.name(), spec.about().get(lang.code()));
    }
    Ok(())
}
