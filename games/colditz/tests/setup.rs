//! Set-up (Расстановка): pawns by player count, the Appel layout, kits and
//! cards, the six-player Escape Kit (part) pile, guard posting, variants.

mod common;
use common::*;
use sandtable_colditz::{Card, Colditz, Loc, Nation, PawnId, Phase, Zone, GERMAN};
use sandtable_core::{Ruleset, Setup};

/// The set-up table: players, guards, POWs per Escape Officer.
const TABLE: [(u8, usize, usize); 5] = [(2, 6, 8), (3, 12, 7), (4, 14, 6), (5, 15, 5), (6, 16, 4)];

#[test]
fn colditz_setup_pawns_per_player_count() {
    for (players, guards, pows) in TABLE {
        let (_, s) = game(players, 1);
        let g = s.present().filter(|p| p.is_guard()).count();
        assert_eq!(g, guards, "{players} players: guards");
        assert!(
            s.present().filter(|p| p.is_guard()).all(|p| s.pawn(p).loc == Loc::Barracks),
            "guards wait in the barracks for the posting"
        );
        for (i, n) in Nation::ALL.into_iter().enumerate() {
            let count = s.present().filter(|p| p.nation() == Some(n)).count();
            let expected = if i < usize::from(players - 1) { pows } else { 0 };
            assert_eq!(count, expected, "{players} players: {n:?} POWs");
        }
    }
}

#[test]
fn colditz_setup_pows_stand_on_the_appel_layout() {
    for (players, _, pows) in TABLE {
        let (r, s) = game(players, 2);
        let layout = &r.board.appel[usize::from(players - 2)];
        for (i, n) in Nation::ALL.into_iter().take(usize::from(players - 1)).enumerate() {
            for k in 1..=pows as u8 {
                let c = layout[i][usize::from(k) - 1];
                assert_eq!(at(&s, pow(n, k)), Loc::Circle(c), "{players} players {n:?} {k}");
                assert_eq!(r.board.circle(c).zone, Zone::Appel);
            }
        }
    }
}

#[test]
fn colditz_setup_one_kit_and_one_opportunity_card_per_officer_one_security_card() {
    for (players, _, _) in TABLE {
        let (r, s) = game(players, 3);
        let officers = usize::from(players - 1);
        assert_eq!(s.hands[0].len(), 1, "the German holds one Security card");
        assert!(s.hands[0].cards()[0].is_security());
        for i in 0..5 {
            assert_eq!(s.kits[i], i < officers, "kit of officer {i}");
            assert_eq!(s.equipment[i], [0; 4], "no Equipment at the start");
        }
        for seat in 1..=officers {
            assert_eq!(s.hands[seat].len(), 1, "{players} players: officer {seat}");
            assert!(!s.hands[seat].cards()[0].is_security());
        }
        let m = r.manifest(&s);
        assert_eq!(s.kit_stock, m.escape_kits - (players - 1));
        assert_eq!(s.stock, m.equipment, "the four Equipment stacks are full");
    }
}

#[test]
fn colditz_setup_six_players_set_the_escape_kit_parts_aside() {
    let (_, s) = game(6, 4);
    let part = |c: &Card| matches!(c, Card::KitPartA | Card::KitPartB);
    assert_eq!(s.kit_parts_aside.len(), 6, "six Escape Kit (part) cards aside");
    assert!(s.kit_parts_aside.iter().all(part));
    assert!(!s.opportunity.cards().any(part), "none left in the deck");
    assert!(s.hands.iter().all(|h| !h.cards().iter().any(part)), "none dealt");
    // With five players they stay in the Opportunity deck.
    let (_, s) = game(5, 4);
    assert!(s.kit_parts_aside.is_empty());
    let in_play = s.opportunity.cards().filter(|c| part(c)).count()
        + s.hands.iter().map(|h| h.cards().iter().filter(|c| part(c)).count()).sum::<usize>();
    assert_eq!(in_play, 6);
}

#[test]
fn colditz_setup_guards_go_on_inner_posts_first_then_two_to_seven_outside() {
    let (r, mut s) = game(4, 5);
    assert_eq!(s.phase, Phase::SetupGuards);
    assert_eq!(to_act(&r, &s), vec![GERMAN]);
    let inner = inner_posts(&r);
    let outer = outer_posts(&r);
    assert!(inner.len() >= 3 && outer.len() >= 8);
    // Nothing before the inner posts are manned.
    assert_eq!(refused(&r, &s, DE, "end").rule, "Colditz: Set-up");
    assert_eq!(
        refused(&r, &s, DE, &format!("deploy g1 {}", k(&r, outer[0]))).rule,
        "Colditz: Set-up",
        "outer posts wait for the inner ones"
    );
    assert_eq!(
        refused(&r, &s, DE, &format!("deploy g2 {}", k(&r, inner[0]))).rule,
        "Colditz: Set-up",
        "guards are posted in number order"
    );
    let plain_inner = circles(&r, |c| r.board.circle(c).zone == Zone::Inner && plain(&r, c));
    assert_eq!(
        refused(&r, &s, DE, &format!("deploy g1 {}", k(&r, plain_inner[0]))).rule,
        "Colditz: Set-up",
        "only guard posts"
    );
    // One per officer (three) inside.
    for (i, &c) in inner.iter().take(3).enumerate() {
        play(&r, &mut s, DE, &format!("deploy g{} {}", i + 1, k(&r, c)));
    }
    assert_eq!(
        refused(&r, &s, DE, &format!("deploy g4 {}", k(&r, inner[3]))).rule,
        "Colditz: Set-up",
        "no fourth inner guard"
    );
    let e = refused(&r, &s, DE, &format!("deploy g4 {}", k(&r, inner[0])));
    assert_eq!(e.rule, "Colditz: Set-up");
    assert!(e.text.en.contains("manned already"), "{}", e.text.en);
    let (plain_outer, _) = pair_in(&r, Zone::Outer);
    let e = refused(&r, &s, DE, &format!("deploy g4 {}", k(&r, plain_outer)));
    assert_eq!(e.rule, "Colditz: Set-up");
    assert!(e.text.en.contains("guard posts only"), "{}", e.text.en);
    // At least two outside.
    assert_eq!(refused(&r, &s, DE, "end").rule, "Colditz: Set-up");
    play(&r, &mut s, DE, &format!("deploy g4 {}", k(&r, outer[0])));
    assert_eq!(refused(&r, &s, DE, "end").rule, "Colditz: Set-up");
    play(&r, &mut s, DE, &format!("deploy g5 {}", k(&r, outer[1])));
    assert!(is_legal(&r, &s, DE, "end"));
    // At most seven outside.
    for (i, &c) in outer.iter().enumerate().skip(2).take(5) {
        play(&r, &mut s, DE, &format!("deploy g{} {}", i + 4, k(&r, c)));
    }
    assert_eq!(
        refused(&r, &s, DE, &format!("deploy g11 {}", k(&r, outer[7]))).rule,
        "Colditz: Set-up",
        "an eighth outer guard"
    );
    play(&r, &mut s, DE, "end");
    assert_eq!(s.phase, Phase::Roll);
    assert_eq!(s.turn, 1, "the officer on the German's left begins");
    let barracks = (11..=14).map(PawnId::guard).filter(|&g| s.pawn(g).loc == Loc::Barracks).count();
    assert_eq!(barracks, 4, "the other guards stay in the barracks");
}

#[test]
fn colditz_setup_variant_without_starting_kits() {
    let (r, s) = game_with(4, 6, &[("starting-kits", "no")]);
    assert_eq!(s.kits, [false; 5]);
    assert_eq!(s.kit_stock, r.manifest(&s).escape_kits);
}

/// Variants (2016) — issue 10, point 14: «Игроки могут также договориться
/// об общем количестве Побегов … Мы предлагаем, чтобы такое число, по
/// крайней мере, равнялось количеству Офицеров Беглецов» is a suggestion,
/// not a limit: a total of 3 for 4 officers is a legal set-up, and the game
/// is won at exactly 3 escapes in all, not at 2.
#[test]
fn colditz_2016_variants_total_escapes_may_be_set_below_the_officers() {
    let rules = Colditz::standard();
    for rule_set in ["2016", "classic"] {
        let setup = rules
            .info()
            .resolve(
                &Setup::seeded(1)
                    .with_option("players", "5")
                    .with_option("victory", "total-3")
                    .with_option("rules", rule_set),
            )
            .expect("resolves");
        let mut s = rules.setup(&setup).expect("Variants: a total below the number of officers is only a suggestion");
        assert_eq!(s.victory_total, Some(3));
        finish_setup(&rules, &mut s);
        // Below the total: the game goes on; at it: the officers win.
        s.escapes[BR.index()] = 1;
        s.escapes[US.index()] = 1;
        move_phase(&mut s, DE, 0);
        play(&rules, &mut s, DE, "end");
        assert_ne!(s.phase, Phase::Over, "Variants: 2 escapes of an agreed 3 do not win");
        s.escapes[FR.index()] = 1;
        move_phase(&mut s, DE, 0);
        play(&rules, &mut s, DE, "end");
        assert_eq!(s.phase, Phase::Over, "Variants: 3 escapes of an agreed 3 win");
    }
}

/// Components, classic rule 14 — issue 10, point 13: «5 карт личных
/// гражданских Комплектов Спасения, 27 карт Экипировки для Бегства, 47 карт
/// Возможностей Беглецов, 16 карт Немецкой Охраны, 5 карт Отчаяния». The
/// manifest holds those totals (the summary's 45 and 14 plus authored cards,
/// `data/DECKS.md`); the 2016 decks, whose totals that text does not state,
/// keep their authored 47 and 16 with six Escape Kit (part) cards.
#[test]
fn colditz_classic_components_rule_14_deck_counts() {
    let r = Colditz::standard();
    let c = &r.manifests.classic;
    assert_eq!(c.escape_kits, 5, "rule 14: 5 escape kits");
    assert_eq!(c.equipment.iter().map(|&n| u32::from(n)).sum::<u32>(), 27, "rule 14: 27 Equipment cards");
    assert_eq!(c.opportunity.len(), 47, "rule 14: 47 Opportunity cards");
    assert_eq!(c.security.len(), 16, "rule 14: 16 Security cards");
    assert_eq!(c.do_or_die.len(), 5, "rule 14: 5 Do or Die cards");
    let parts = |m: &sandtable_colditz::Manifest| {
        m.opportunity.iter().filter(|c| matches!(c, Card::KitPartA | Card::KitPartB)).count()
    };
    assert_eq!(parts(c), 4, "classic summary: Escape Kit (Part) (4)");
    let e = &r.manifests.edition2016;
    assert_eq!(parts(e), 6, "2016 Set-up: six Escape Kit (part) cards");
    assert_eq!((e.opportunity.len(), e.security.len()), (47, 16));
    assert_eq!(e.security.iter().filter(|&&c| c == Card::Appel).count(), 2, "2016: two Appel cards");
    // DECKS.md does not call 16 a 2016 total stated.
    let decks = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/data/DECKS.md")).unwrap();
    assert!(!decks.contains("2016 total stated"), "DECKS.md: the 16 is stated by classic rule 14, not the 2016 text");
    let rules = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/RULES.md")).unwrap();
    assert!(rules.contains("47 карт Возможностей Беглецов, 16 карт Немецкой Охраны"), "RULES.md quotes rule 14");
}
