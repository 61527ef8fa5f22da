//! A position given as data, checked before play starts from it
//! ([`sandtable_core::Ruleset::validate`]): the player count, every pawn on a
//! circle of this board, every card of the manifest exactly once (cards are
//! never destroyed: a played or discarded card goes to the bottom of its
//! deck), Equipment and escape kits conserved between stock and officers —
//! and every invariant that holds in each position reachable in play, so the
//! soak (`Driver::soak`) checks them after every random action: the pawns
//! of this player count and no other (Set-up), guards on the board, in the
//! barracks or the office and POWs on the board, escaped or dead, one pawn
//! per circle and level (Movement (pawns)), guards never in the cells
//! (Solitary Cells), POWs below only in a tunnel that is not closed
//! (Tunnels), the escapes counted equal to the POWs escaped (Successful
//! Escape), and the hand limit of three for every seat whose turn it is not
//! (Cards, 2016 rules).

use crate::cards::Card;
use crate::pawn::{guards_for, Nation, PawnId, GERMAN, PAWN_SLOTS};
use crate::state::{Loc, Phase, State, TunnelState};
use crate::turn::HAND_LIMIT;
use crate::{pawns_per_officer, Colditz};
use sandtable_core::{PositionError, PositionErrors};

impl Colditz {
    /// Every impossible thing in `s` for this board and manifest.
    /// O(pawns + circles + cards · log cards).
    pub(crate) fn validate_position(&self, s: &State) -> Result<(), Vec<PositionError>> {
        let mut e = PositionErrors::default();
        let players = usize::from(s.players);
        e.check(
            (2..=6).contains(&players),
            || "players".into(),
            || format!("{players} players: the game takes 2–6"),
            || format!("игроков {players}: играют от 2 до 6"),
        );
        e.check(
            s.hands.len() == players,
            || "hands".into(),
            || format!("{} hands for {players} players", s.hands.len()),
            || format!("рук {} на {players} игроков", s.hands.len()),
        );
        e.check(
            usize::from(s.turn) < players,
            || "turn".into(),
            || format!("seat {} to play, of {players}", s.turn),
            || format!("ходит место {}, а игроков {players}", s.turn),
        );
        e.check(
            s.pawns.len() == PAWN_SLOTS,
            || "pawns".into(),
            || format!("{} pawn slots, not {PAWN_SLOTS}", s.pawns.len()),
            || format!("мест для пешек {}, а не {PAWN_SLOTS}", s.pawns.len()),
        );
        let circles = self.board.net.len();
        for (i, p) in s.pawns.iter().enumerate() {
            if let Loc::Circle(c) = p.loc {
                e.check(
                    c.index() < circles,
                    || format!("pawns[{i}].loc"),
                    || format!("circle {} is not on the board ({circles} circles)", c.index()),
                    || format!("кружка {} нет на поле (кружков {circles})", c.index()),
                );
            }
        }
        // Cards: every card of the manifest once, Security with the German,
        // Opportunity with the officers (and the six-player kit-part pile).
        let manifest = if s.classic { &self.manifests.classic } else { &self.manifests.edition2016 };
        let officers = s.hands.iter().skip(1).flat_map(|h| h.cards().iter().copied());
        let opportunity: Vec<Card> =
            s.opportunity.cards().copied().chain(officers).chain(s.kit_parts_aside.iter().copied()).collect();
        let german = s.hands.first().map(|h| h.cards().to_vec()).unwrap_or_default();
        let security: Vec<Card> = s.security.cards().copied().chain(german).collect();
        for (name, held, printed) in
            [("opportunity", opportunity, &manifest.opportunity), ("security", security, &manifest.security)]
        {
            let (mut held, mut printed) = (held, printed.clone());
            held.sort_unstable();
            printed.sort_unstable();
            e.check(
                held == printed,
                || name.into(),
                || format!("the {name} cards in decks and hands are not the manifest's, each once"),
                || format!("карты ({name}) в колодах и на руках не совпадают с составом колоды"),
            );
        }
        // Equipment: what officers hold came from the stock (claims return to it).
        for k in 0..4 {
            let held: u16 = s.equipment.iter().map(|n| u16::from(n[k])).sum();
            e.check(
                held + u16::from(s.stock[k]) == u16::from(manifest.equipment[k]),
                || format!("stock[{k}]"),
                || format!("{held} held and {} in stock, of {} printed", s.stock[k], manifest.equipment[k]),
                || format!("на руках {held}, в запасе {}, а всего {}", s.stock[k], manifest.equipment[k]),
            );
        }
        // Escape Kits: a kit is held by an officer or left in the stock (an
        // escaper's returns to it in the 2016 rules).
        let kits = s.kits.iter().filter(|&&k| k).count() + usize::from(s.kit_stock);
        e.check(
            kits == usize::from(manifest.escape_kits),
            || "kit_stock".into(),
            || format!("{kits} escape kits held and in stock, of {} (Escape Kits)", manifest.escape_kits),
            || {
                format!(
                    "Комплектов Спасения на руках и в запасе {kits}, а всего {} (Escape Kits)",
                    manifest.escape_kits
                )
            },
        );
        if (2..=6).contains(&players) && s.pawns.len() == PAWN_SLOTS && s.hands.len() == players {
            self.validate_play(s, &mut e);
        }
        e.finish()
    }

    /// What holds in every position reached in play, for a state whose
    /// player count, pawn slots and hands are in range. O(pawns + circles).
    fn validate_play(&self, s: &State, e: &mut PositionErrors) {
        let circles = self.board.net.len();
        let guards = guards_for(s.players);
        let pows = pawns_per_officer(s.players);
        let officers = usize::from(s.players - 1);
        // Per circle, the pawn at the surface and the POW below (in a tunnel).
        let mut surface: Vec<Option<usize>> = vec![None; circles];
        let mut below: Vec<Option<usize>> = vec![None; circles];
        let mut escaped = [0u8; 5];
        for (i, pawn) in s.pawns.iter().enumerate() {
            let id = PawnId::from_index(i);
            // Set-up: the guards and POWs of this player count, and no others.
            let present = match id.nation() {
                None => id.number() <= guards,
                Some(n) => n.index() < officers && id.number() <= pows,
            };
            e.check(
                present == (pawn.loc != Loc::Absent),
                || format!("pawns[{i}].loc"),
                || {
                    if present {
                        format!("{} is in a {}-player game but absent (Set-up)", id.code(), s.players)
                    } else {
                        format!("{} is not in a {}-player game (Set-up)", id.code(), s.players)
                    }
                },
                || {
                    if present {
                        format!("{} есть в игре на {} игроков, но отсутствует (Set-up)", id.code(), s.players)
                    } else {
                        format!("{} нет в игре на {} игроков (Set-up)", id.code(), s.players)
                    }
                },
            );
            let place_ok = matches!(
                (id.is_guard(), pawn.loc),
                (_, Loc::Absent | Loc::Circle(_))
                    | (true, Loc::Barracks | Loc::Office)
                    | (false, Loc::Escaped | Loc::Dead)
            );
            e.check(
                place_ok,
                || format!("pawns[{i}].loc"),
                || format!("{} is at {:?}: guards are on the board, in the barracks or the office; POWs on the board, escaped or dead", id.code(), pawn.loc),
                || format!("{} — {:?}: Охранники на поле, в Казарме или в Кабинете Коменданта; Военнопленные на поле, бежавшие или убитые", id.code(), pawn.loc),
            );
            if pawn.loc == Loc::Escaped {
                if let Some(n) = id.nation() {
                    escaped[n.index()] += 1;
                }
            }
            e.check(
                !id.is_guard() || !(pawn.in_tunnel || pawn.returning),
                || format!("pawns[{i}]"),
                || format!("guard {} is marked as a POW in a tunnel or heading back", id.code()),
                || format!("Охранник {} отмечен как Военнопленный в Тоннеле или идущий назад", id.code()),
            );
            let Some(c) = pawn.circle().filter(|c| c.index() < circles) else {
                e.check(
                    !pawn.in_tunnel,
                    || format!("pawns[{i}].in_tunnel"),
                    || format!("{} is in a tunnel but not on the board (Tunnels)", id.code()),
                    || format!("{} в Тоннеле, но не на поле (Tunnels)", id.code()),
                );
                continue;
            };
            // Solitary Cells: a POW is put there by an arrest; no guard walks in.
            e.check(
                !(id.is_guard() && self.board.circle(c).zone.is_cell()),
                || format!("pawns[{i}].loc"),
                || format!("guard {} stands in a solitary cell (Solitary Cells)", id.code()),
                || format!("Охранник {} в Одиночной Камере (Solitary Cells)", id.code()),
            );
            if pawn.in_tunnel {
                // Tunnels: POWs are below only along a tunnel that is open
                // (detected, or abandoned with its last POW in the classic rules).
                let tunnel = self.board.tunnels.iter().position(|t| t.course.contains(&c));
                e.check(
                    tunnel.is_some_and(|t| s.tunnels[t] != TunnelState::Closed),
                    || format!("pawns[{i}].in_tunnel"),
                    || format!("{} is below a circle that is not on an open tunnel's course (Tunnels)", id.code()),
                    || format!("{} под кружком, который не лежит на открытом Тоннеле (Tunnels)", id.code()),
                );
            }
            // Movement (pawns): never onto another pawn on the same level (a
            // guard meeting a POW arrests him, a POW meeting a guard gives
            // himself up: either way they part at once).
            let level = if pawn.in_tunnel { &mut below } else { &mut surface };
            if let Some(other) = level[c.index()] {
                let (a, b) = (PawnId::from_index(other).code(), id.code());
                e.check(
                    false,
                    || format!("pawns[{i}].loc"),
                    || format!("{a} and {b} stand on one circle (Movement (pawns))"),
                    || format!("{a} и {b} на одном кружке (Movement (pawns))"),
                );
            }
            level[c.index()] = Some(i);
        }
        for n in Nation::ALL {
            let i = n.index();
            // Successful Escape: the escapes counted are the POWs escaped.
            e.check(
                s.escapes[i] == escaped[i],
                || format!("escapes[{i}]"),
                || {
                    format!(
                        "{} escapes counted for the {}, {} POWs escaped (Successful Escape)",
                        s.escapes[i],
                        n.name().en,
                        escaped[i]
                    )
                },
                || {
                    format!(
                        "Побегов у ({}) {}, бежало Военнопленных {} (Successful Escape)",
                        n.name().ru,
                        s.escapes[i],
                        escaped[i]
                    )
                },
            );
            e.check(
                s.do_or_die_escapes[i] <= s.escapes[i] && (s.classic || s.do_or_die_escapes[i] == 0),
                || format!("do_or_die_escapes[{i}]"),
                || "Do-or-Die escapes are classic escapes, counted among the escapes (Do or Die)".into(),
                || {
                    "Побеги «Пан или пропал» есть только в классических правилах и входят в число Побегов (Do or Die)"
                        .into()
                },
            );
            e.check(
                !s.eliminated[i] || s.classic,
                || format!("eliminated[{i}]"),
                || "only a failed Do-or-Die puts an officer out, in the classic rules (Do or Die)".into(),
                || {
                    "Офицер Беглец выбывает только после неудачи «Пан или пропал», в классических правилах (Do or Die)"
                        .into()
                },
            );
            // A nation not in this game holds nothing.
            if i >= officers {
                e.check(
                    s.equipment[i] == [0; 4] && !s.kits[i] && s.escapes[i] == 0,
                    || format!("equipment[{i}]"),
                    || format!("the {} are not in this game but hold Equipment, a kit or escapes", n.name().en),
                    || format!("({}) не участвуют в игре, но имеют Экипировку, Комплект или Побеги", n.name().ru),
                );
            }
        }
        // Cards: the hand limit of three binds at the end of each turn (a
        // fourth card is played or discarded first), and in the 2016 rules no
        // card reaches a hand out of its holder's turn (draws and the six-player
        // kit parts come in one's own turn; Opportunity cards are never
        // traded): every seat whose turn it is not holds at most three. In the
        // classic rules officers give each other Opportunity cards in the
        // giver's turn, so there the limit binds out of turn for the German alone.
        // The seat on turn may hold more until it ends the turn: how many more
        // depends on the draws and escapes of the turn, which the state does
        // not keep.
        let on_turn = match s.phase {
            Phase::SetupGuards | Phase::Roll | Phase::Move | Phase::AppelAnswer | Phase::AppelSearch => {
                Some(usize::from(s.turn))
            }
            // Between the classic officers' turns and after the end nobody's turn is under way.
            Phase::NextOfficer | Phase::Over => None,
        };
        for (seat, hand) in s.hands.iter().enumerate() {
            let bound = !s.classic || seat == GERMAN.index();
            e.check(
                !bound || Some(seat) == on_turn || hand.len() <= HAND_LIMIT,
                || format!("hands[{seat}]"),
                || format!("{} cards out of the holder's turn: the hand limit is {HAND_LIMIT} (Cards)", hand.len()),
                || format!("{} карт на руке вне своего хода: на руке не больше {HAND_LIMIT} (Cards)", hand.len()),
            );
        }
    }
}
