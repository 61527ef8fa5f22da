//! Counted nouns in English and Russian with the right plural form, chosen
//! by CLDR's plural rules (`intl_pluralrules`, from the Fluent project): 1
//! очко, 2 очка, 5 очков, 21 очко; 1 point, 2 points. Not "очков: 5".

use crate::Text;
use intl_pluralrules::{PluralCategory, PluralRuleType, PluralRules};
use std::sync::OnceLock;

fn rules(lang: &str) -> &'static PluralRules {
    static EN: OnceLock<PluralRules> = OnceLock::new();
    static RU: OnceLock<PluralRules> = OnceLock::new();
    let cell = if lang == "ru" { &RU } else { &EN };
    cell.get_or_init(|| {
        let id: unic_langid::LanguageIdentifier = lang.parse().expect("a language id");
        PluralRules::create(id, PluralRuleType::CARDINAL).expect("CLDR has plural rules for en and ru")
    })
}

/// Which English form `n` takes: 0 one, 1 other. O(1).
pub fn english(n: u64) -> usize {
    usize::from(rules("en").select(n) != Ok(PluralCategory::ONE))
}

/// Which Russian form `n` takes: 0 one (1, 21, 101), 1 few (2–4, 22–24),
/// 2 many (0, 5–20, 25…), for nouns and the verbs agreeing with them
/// (вытянута 1 карта, вытянуты 2 карты, вытянуто 5 карт). O(1).
pub fn russian(n: u64) -> usize {
    match rules("ru").select(n) {
        Ok(PluralCategory::ONE) => 0,
        Ok(PluralCategory::FEW) => 1,
        _ => 2,
    }
}

/// `n` with the noun in the form its number takes: `en` is [one, other],
/// `ru` is [one, few, many] (очко, очка, очков). O(1).
pub fn count(n: u64, en: [&str; 2], ru: [&str; 3]) -> Text {
    Text::new(format!("{n} {}", en[english(n)]), format!("{n} {}", ru[russian(n)]))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn russian_takes_one_few_or_many_by_the_last_digits() {
        let points = |n| count(n, ["point", "points"], ["очко", "очка", "очков"]);
        for (n, ru) in [
            (0, "0 очков"),
            (1, "1 очко"),
            (2, "2 очка"),
            (4, "4 очка"),
            (5, "5 очков"),
            (11, "11 очков"),
            (12, "12 очков"),
            (14, "14 очков"),
            (21, "21 очко"),
            (22, "22 очка"),
            (25, "25 очков"),
            (101, "101 очко"),
            (111, "111 очков"),
        ] {
            assert_eq!(points(n).ru, ru, "{n}");
        }
        assert_eq!(points(1).en, "1 point");
        assert_eq!(points(0).en, "0 points");
        assert_eq!(points(21).en, "21 points");
    }
}
