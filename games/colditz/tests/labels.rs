//! Issue 14: every action reads as an English phrase and a Russian one in
//! the rule text's words, beside its notation.

use sandtable_colditz::{Action, Arg, Card, Colditz, Equipment, Nation, PawnId, Piece, Refusing, TunnelId};
use sandtable_core::testing::{check_label, check_labels_in_play};
use sandtable_core::{Ruleset, Setup};
use std::collections::BTreeSet;

/// Every legal action met in random games of both rule sets, for two to six
/// players: the English label is a phrase (not the notation), the Russian
/// has Cyrillic and no Latin word but the notation's pawn codes and circles.
#[test]
fn colditz_notation_every_action_has_a_russian_label() {
    let r = Colditz::standard();
    let mut seen = BTreeSet::new();
    for rules in ["2016", "classic"] {
        for players in 2..=6u8 {
            let seed = u64::from(players);
            let setup = Setup::seeded(seed).with_option("players", &players.to_string()).with_option("rules", rules);
            let s = r.setup(&r.info().resolve(&setup).expect("set-up")).expect("state");
            seen.extend(check_labels_in_play(&r, s, 600, seed ^ 0x14));
        }
    }
    for verb in ["roll", "move", "cross", "deploy", "recall", "claim", "kit", "play", "answer", "end"] {
        assert!(seen.contains(verb), "{verb} was met: {seen:?}");
    }
    // The kinds random play seldom meets, and every card with every kind of target.
    let c = r.board.circles().next().expect("a circle");
    let (g, p, q) = (PawnId::guard(3), PawnId::pow(Nation::Dutch, 2), PawnId::pow(Nation::Dutch, 5));
    let mut cards = vec![
        Card::AdvanceWarning,
        Card::BribeOne,
        Card::BribeTwo,
        Card::Diversion,
        Card::KitPartA,
        Card::KitPartB,
        Card::Hideaway,
        Card::Inspection,
        Card::Release,
        Card::Sabotage,
        Card::StaffCar,
        Card::Talisman,
        Card::Appel,
        Card::ArrestKeyHolder,
        Card::ArrestPassHolder,
        Card::ShootToKill,
        Card::TunnelDetected,
    ];
    cards.extend(Equipment::ALL.map(Card::TurnIn));
    cards.extend(TunnelId::ALL.map(Card::Tunnel));
    for i in 0..r.board.rooms.len() as u8 {
        cards.extend([Card::MoveFast(i), Card::Search(i)]);
    }
    let mut all = vec![
        Action::Clear(g, c),
        Action::Hideaway,
        Action::RemoveMarkers,
        Action::Pass,
        Action::Search,
        Action::DoOrDie(p),
        Action::Answer(Refusing::NONE),
        Action::Answer(Refusing::NONE.with(p).with(q)),
        Action::Kit([Some(Piece::Part(Card::KitPartA)), Some(Piece::Part(Card::KitPartB)), None, None]),
        Action::Kit([Some(Piece::Pow(p)), Some(Piece::Pow(q)), Some(Piece::Part(Card::KitPartB)), None]),
    ];
    for e in Equipment::ALL {
        all.extend([Action::Surrender(e), Action::Claim(e, p, q)]);
        all.extend(Nation::ALL.map(|n| Action::Give(e, n)));
    }
    for &card in &cards {
        all.extend([Action::Discard(card), Action::GiveCard(card, Nation::Polish)]);
        all.push(Action::Play(card, Arg::None, Arg::None));
        all.push(Action::Play(card, Arg::Pawn(p), Arg::Circle(c)));
        all.push(Action::Play(card, Arg::Equip(Equipment::Rope), Arg::Tunnel(TunnelId::Chapel)));
    }
    for a in all {
        check_label(&r, a);
    }
}
