//! 7.0 Combat (*authored*: research §2): attacks on one adjacent enemy hex in
//! the Combat Phase, odds of total strengths with cumulative multipliers,
//! rounded once, column shifts, 2d6 on the CRT, the owner choosing his
//! losses, zero-strength units absorbing them, each hex attacked once a
//! phase, and no cancelling once declared.

mod common;
use common::*;
use sandtable_scs::ratio::Ratio;
use sandtable_scs::Odds;

/// `units` placed, then the axis Combat Phase.
fn combat(r: &Scs, units: &[(&str, &str)]) -> State {
    let mut s = blank(r);
    for (id, h) in units {
        put(r, &mut s, id, h);
    }
    begin(r, &mut s, axis(), Phase::Combat);
    s
}

/// Forms and declares an attack of `ids` on `target`.
fn attack(r: &Scs, s: &mut State, ids: &[&str], target: &str) {
    for id in ids {
        play(r, s, AXIS, &format!("attack {id} {target}"));
    }
    play(r, s, AXIS, "declare");
}

#[test]
fn scs_7_0_an_attack_is_made_on_one_adjacent_enemy_held_hex_one_at_a_time() {
    let r = tiny();
    let mut s =
        combat(&r, &[("bw", "07.07"), ("rifle", "06.05"), ("pz", "08.06"), ("inf", "07.06"), ("tank", "03.03")]);
    assert_eq!(rule(&r, &s, AXIS, "attack pz 08.05"), "SCS 7.0", "nobody there");
    assert_eq!(rule(&r, &s, AXIS, "attack tank 02.03"), "SCS 7.0", "not an axis unit");
    play(&r, &mut s, AXIS, "attack pz 07.07");
    assert_eq!(rule(&r, &s, AXIS, "attack inf 06.05"), "SCS 7.0", "another attack while one is formed");
    play(&r, &mut s, AXIS, "attack inf 07.07");
    assert_eq!(rule(&r, &s, AXIS, "attack inf 07.07"), "SCS 7.0", "already in it");
    play(&r, &mut s, AXIS, "declare");
    assert_eq!(fight(&s).target, hex(&r, "07.07"));
}

#[test]
fn scs_7_0_attacking_is_optional() {
    let r = tiny();
    let mut s = combat(&r, &[("bw", "07.07"), ("pz", "08.06")]);
    play(&r, &mut s, AXIS, "end");
    assert_eq!(s.phase, Phase::Exploitation);
    assert_eq!(at(&r, &s, "bw"), "07.07");
}

#[test]
fn scs_7_0_odds_are_total_attack_against_total_defence_with_terrain_and_hexside_multipliers() {
    let r = tiny();
    // Rough doubles the defender: 6 + 3 against 4 × 2 is 1.125 → 1:1.
    let mut s = combat(&r, &[("rifle", "05.05"), ("pz", "06.04"), ("inf", "05.06")]);
    attack(&r, &mut s, &["pz", "inf"], "05.05");
    let o = fight(&s).odds.clone().unwrap();
    assert_eq!((o.attack, o.defence, o.odds), (Ratio::whole(9), Ratio::whole(8), Odds::For(1)));
    // An escarpment halves the attacker across it: 3 × ½ against 1 → 2:1.
    let mut s = combat(&r, &[("bw", "06.03"), ("inf", "06.02")]);
    attack(&r, &mut s, &["inf"], "06.03");
    let o = fight(&s).odds.clone().unwrap();
    assert_eq!((o.attack, o.odds), (Ratio::new(3, 2).unwrap(), Odds::For(2)));
    // The defence counts every unit in the hex, the attack only those attacking.
    let mut s = combat(&r, &[("bw", "07.07"), ("at", "07.07"), ("pz", "08.06"), ("inf", "07.06")]);
    attack(&r, &mut s, &["pz"], "07.07");
    let o = fight(&s).odds.clone().unwrap();
    assert_eq!((o.attack, o.defence, o.odds), (Ratio::whole(6), Ratio::whole(3), Odds::For(2)));
}

#[test]
fn scs_7_0_column_shifts_for_the_town_and_for_a_stream_every_attacker_crosses() {
    let r = tiny();
    let crt = &r.scenario.charts.crt;
    let col = |o: Odds| crt.columns.iter().position(|&c| c == o).unwrap() as u8;
    // Town: 6 against 4 → 2:1, read one column left (1:1).
    let mut s = combat(&r, &[("rifle", "07.05"), ("pz", "08.05")]);
    attack(&r, &mut s, &["pz"], "07.05");
    let o = fight(&s).odds.clone().unwrap();
    assert_eq!((o.odds, o.shift, o.column, o.used), (Odds::For(2), -1, col(Odds::For(2)), col(Odds::For(1))));
    rig(&mut s, &[7]);
    let ev = play(&r, &mut s, AXIS, "roll");
    assert!(said(&ev, "SCS 7.0", "2d6 = 7 at 1:1: A1"), "{ev:?}");
    assert_eq!(lost(&r, &s, "pz"), 1);
    // Stream: only when every attacker attacks across it.
    let mut s = combat(&r, &[("bw", "08.03"), ("aw", "08.02"), ("pz", "08.04")]);
    attack(&r, &mut s, &["aw"], "08.03");
    assert_eq!(fight(&s).odds.as_ref().unwrap().shift, -1);
    let mut s = combat(&r, &[("bw", "08.03"), ("aw", "08.02"), ("pz", "08.04")]);
    attack(&r, &mut s, &["aw", "pz"], "08.03");
    assert_eq!(fight(&s).odds.as_ref().unwrap().shift, 0);
}

#[test]
fn scs_7_0_odds_beyond_the_table_use_its_end_columns() {
    let r = tiny();
    let last = r.scenario.charts.crt.columns.len() as u8 - 1;
    // 9 against 1: 9:1 is read at 6:1.
    let mut s = combat(&r, &[("bw", "07.07"), ("pz", "08.06"), ("inf", "07.06")]);
    attack(&r, &mut s, &["pz", "inf"], "07.07");
    let o = fight(&s).odds.clone().unwrap();
    assert_eq!((o.odds, o.used), (Odds::For(9), last));
    // 1 against 8: 1:8 is read at 1:2.
    let mut s = combat(&r, &[("rifle", "05.05"), ("aw", "06.04")]);
    attack(&r, &mut s, &["aw"], "05.05");
    let o = fight(&s).odds.clone().unwrap();
    assert_eq!((o.odds, o.used), (Odds::Against(8), 0));
    // 1 against 3 in the town: 1:3, below the table, and a left shift stays at 1:2.
    let mut s = combat(&r, &[("tank", "07.05"), ("aw", "08.05")]);
    attack(&r, &mut s, &["aw"], "07.05");
    let o = fight(&s).odds.clone().unwrap();
    assert_eq!((o.odds, o.shift, o.column, o.used), (Odds::Against(3), -1, 0, 0));
}

#[test]
fn scs_7_0_two_dice_are_rolled_and_high_rolls_favour_the_attacker() {
    let r = tiny();
    let start = combat(&r, &[("rifle", "07.07"), ("pz", "08.06"), ("inf", "07.06")]);
    let mut s = start.clone();
    attack(&r, &mut s, &["pz", "inf"], "07.07");
    rig(&mut s, &[12]);
    let ev = play(&r, &mut s, AXIS, "roll");
    let roll = ev.iter().find(|e| e.rule.as_deref() == Some("SCS 7.0") && !e.dice.is_empty()).expect("the roll");
    assert_eq!((roll.dice.len(), roll.dice.iter().sum::<u8>()), (2, 12));
    assert_eq!(fight(&s).roll, Some(12));
    assert_eq!(at(&r, &s, "rifle"), "eliminated", "12: D3r3");
    let mut s = start.clone();
    attack(&r, &mut s, &["pz", "inf"], "07.07");
    rig(&mut s, &[2]);
    play(&r, &mut s, AXIS, "roll");
    assert_eq!(fight(&s).result.unwrap().text(), "A2r1", "2: the attacker's worst");
}

#[test]
fn scs_7_0_the_owner_chooses_which_of_his_units_lose_the_steps() {
    let r = tiny();
    let mut s = combat(&r, &[("rifle", "07.07"), ("bw", "07.07"), ("pz", "08.06"), ("inf", "07.06")]);
    attack(&r, &mut s, &["pz", "inf"], "07.07");
    rig(&mut s, &[8]); // D1
    play(&r, &mut s, AXIS, "roll");
    assert_eq!((fight(&s).stage, fight(&s).owed), (Stage::DefenderLosses, 1));
    let mut choices = legal(&r, &s, ALLIES);
    choices.sort();
    assert_eq!(choices, ["lose bw", "lose rifle"]);
    assert_eq!(rule(&r, &s, AXIS, "lose bw"), "SCS 1.0", "not the attacker's choice");
    assert_eq!(rule(&r, &s, ALLIES, "lose pz"), "SCS 7.0");
    play(&r, &mut s, ALLIES, "lose rifle");
    assert_eq!((lost(&r, &s, "rifle"), lost(&r, &s, "bw")), (1, 0));
    // The attacker chooses his own: A1 against a two-unit attack.
    let mut s = combat(&r, &[("rifle", "07.07"), ("pz", "08.06"), ("inf", "07.06")]);
    attack(&r, &mut s, &["pz", "inf"], "07.07");
    rig(&mut s, &[4]); // A1
    play(&r, &mut s, AXIS, "roll");
    assert_eq!(fight(&s).stage, Stage::AttackerLosses);
    play(&r, &mut s, AXIS, "lose inf");
    assert_eq!((lost(&r, &s, "pz"), lost(&r, &s, "inf")), (0, 1));
}

#[test]
fn scs_7_0_losses_beyond_the_steps_present_eliminate_the_side_in_the_fight() {
    let r = tiny();
    let mut s = combat(&r, &[("rifle", "07.07"), ("bw", "07.07"), ("pz", "08.06"), ("inf", "07.06")]);
    attack(&r, &mut s, &["pz", "inf"], "07.07");
    rig(&mut s, &[12]); // D3r3: three steps, exactly what rifle and bw have
    play(&r, &mut s, AXIS, "roll");
    assert_eq!((at(&r, &s, "rifle"), at(&r, &s, "bw")), ("eliminated".into(), "eliminated".into()));
    assert_eq!(s.eliminated_steps[1], 3);
}

#[test]
fn scs_7_0_units_without_attack_strength_join_attacks_and_absorb_losses() {
    let r = tiny();
    let mut s = combat(&r, &[("rifle", "07.07"), ("pz", "08.06"), ("art", "07.06")]);
    attack(&r, &mut s, &["pz", "art"], "07.07");
    assert_eq!(fight(&s).odds.as_ref().unwrap().attack, Ratio::whole(6), "it adds nothing");
    rig(&mut s, &[4]); // A1
    play(&r, &mut s, AXIS, "roll");
    play(&r, &mut s, AXIS, "lose art");
    assert_eq!((at(&r, &s, "art"), lost(&r, &s, "pz")), ("eliminated".into(), 0));
    // A zero-strength defender may take the loss too.
    let mut s = combat(&r, &[("rifle", "07.07"), ("at", "07.07"), ("pz", "08.06")]);
    attack(&r, &mut s, &["pz"], "07.07");
    rig(&mut s, &[8]); // D1
    play(&r, &mut s, AXIS, "roll");
    play(&r, &mut s, ALLIES, "lose at");
    assert_eq!((at(&r, &s, "at"), lost(&r, &s, "rifle")), ("eliminated".into(), 0));
}

#[test]
fn scs_7_0_each_hex_is_attacked_once_a_phase_and_each_unit_attacks_once() {
    let r = tiny();
    let mut s = combat(&r, &[("rifle", "07.07"), ("bw", "06.05"), ("pz", "07.06"), ("inf", "08.06"), ("aw", "06.06")]);
    attack(&r, &mut s, &["pz"], "07.07");
    rig(&mut s, &[6]); // NE
    play(&r, &mut s, AXIS, "roll");
    assert!(s.fight.is_none());
    assert_eq!(rule(&r, &s, AXIS, "attack inf 07.07"), "SCS 7.0", "07.07 has been attacked");
    assert_eq!(rule(&r, &s, AXIS, "attack pz 06.05"), "SCS 7.0", "pz has attacked");
    play(&r, &mut s, AXIS, "attack aw 06.05"); // another hex, another unit
}

#[test]
fn scs_7_0_a_step_loss_turns_a_unit_to_its_reduced_face() {
    let r = tiny();
    let mut s = combat(&r, &[("rifle", "07.07"), ("pz", "08.06")]);
    let pz = unit(&r, "pz");
    assert_eq!(r.attack_strength(&s, pz, hex(&r, "07.07")), Ratio::whole(6));
    attack(&r, &mut s, &["pz"], "07.07");
    rig(&mut s, &[4]); // A1
    play(&r, &mut s, AXIS, "roll");
    assert_eq!(lost(&r, &s, "pz"), 1);
    assert_eq!(r.attack_strength(&s, pz, hex(&r, "07.07")), Ratio::whole(3));
    assert_eq!(r.defence_strength(&s, pz), Ratio::whole(2));
}

#[test]
fn scs_7_0_a_hexside_shift_for_the_attacker_also_needs_every_attacker_across_it() {
    // A stream edited to help the attacker (+1): still only when every attacker crosses.
    let r = tiny_with(&[("move = 1\nshift = -1", "move = 1\nshift = 1")]);
    let mut s = combat(&r, &[("bw", "08.03"), ("aw", "08.02"), ("pz", "08.04")]);
    attack(&r, &mut s, &["aw"], "08.03");
    assert_eq!(fight(&s).odds.as_ref().unwrap().shift, 1);
    let mut s = combat(&r, &[("bw", "08.03"), ("aw", "08.02"), ("pz", "08.04")]);
    attack(&r, &mut s, &["aw", "pz"], "08.03");
    assert_eq!(fight(&s).odds.as_ref().unwrap().shift, 0, "pz does not cross it");
}
