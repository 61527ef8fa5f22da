//! Actions and their canonical notation.
//!
//! | notation | meaning |
//! |---|---|
//! | `roll` | roll for movement (doubles roll again, at most twice) |
//! | `move br1 ic12` | move a pawn along free circles to `ic12` (MP = circles passed) |
//! | `move br1 ap3` | after a claim or a kit: send that POW to a free Appel circle of the officer's choice (no MP) |
//! | `cross br1 oc3` | a POW steps through a door (key), inspection point (pass), down a drop (rope) or through wire (cutters) |
//! | `deploy g3 oc12` | a guard from the barracks to a guard post (1 MP) |
//! | `recall g3` | a guard on a guard post to the Commander's Office (1 MP) |
//! | `clear g3 oc12` | a guard removes the Escape Attempt marker on its link to `oc12` |
//! | `release br2` | a doubles release from solitary (1 MP) |
//! | `claim rope br1 br2` | two POWs in rope rooms take a Rope |
//! | `kit br1 br2 br3 br4` / `kit part-a br3 br4` | assemble an escape kit |
//! | `give key american` | hand an Equipment card to another officer (2016) |
//! | `give release american` | hand an Opportunity card to another officer (classic) |
//! | `do-or-die br1` | classic: a last-resort escape over the moat |
//! | `play diversion g3` | play a card (targets after its name) |
//! | `play release br2 oc15` | classic: release into the outer area onto a circle closer to the exit |
//! | `discard release` | discard a card (hand limit of three) |
//! | `surrender key` / `hideaway` | give up a confiscated Equipment card, or save it with a Hideaway |
//! | `answer` / `answer br3 br5` | Appel: the officer's whole answer, in one secret decision — none refuse, or these POWs do |
//! | `search` | after refusals, the German's general search |
//! | `pass` | decline an interrupt (or keep the markers after an escape) |
//! | `remove-markers` | after an escape, the German removes that nation's markers |
//! | `end` | end the turn |

use crate::appel::Refusing;
use crate::board::{CircleId, TunnelId};
use crate::cards::{Card, Equipment};
use crate::pawn::{Nation, PawnId};
use crate::Colditz;
use sandtable_core::{ParseError, Text};

/// A card's target.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Arg {
    /// No target.
    None,
    /// A pawn.
    Pawn(PawnId),
    /// An Equipment kind.
    Equip(Equipment),
    /// A tunnel.
    Tunnel(TunnelId),
    /// A circle (classic Release: where a POW released into the outer area appears).
    Circle(CircleId),
}

/// One component of an escape kit being assembled.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Piece {
    /// A POW standing in a kit room.
    Pow(PawnId),
    /// An Escape Kit (part) card.
    Part(Card),
}

impl Piece {
    /// Kit pieces are listed parts first (A, then B), then POWs by number.
    fn order(&self) -> (u8, usize) {
        match self {
            Piece::Part(Card::KitPartA) => (0, 0),
            Piece::Part(_) => (0, 1),
            Piece::Pow(p) => (1, p.index()),
        }
    }
}

/// The one notation of a kit: its pieces (at most four) in canonical order.
/// A stable insertion sort on the stack: no heap.
pub(crate) fn canonical_kit(list: impl IntoIterator<Item = Piece>) -> [Option<Piece>; 4] {
    let mut pieces: [Option<Piece>; 4] = [None; 4];
    for (i, x) in list.into_iter().enumerate().take(4) {
        pieces[i] = Some(x);
        // Sink it below the pieces that come after it (equal keys keep their order).
        let mut j = i;
        while j > 0 && pieces[j - 1].map(|p| p.order()) > Some(x.order()) {
            pieces.swap(j - 1, j);
            j -= 1;
        }
    }
    pieces
}

/// One decision. `Copy`, a few bytes.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Action {
    /// Roll for movement.
    Roll,
    /// Move a pawn to a circle.
    Move(PawnId, CircleId),
    /// Use equipment to step into an adjacent circle.
    Cross(PawnId, CircleId),
    /// Post a guard from the barracks.
    Deploy(PawnId, CircleId),
    /// Send a guard on a post to the office.
    Recall(PawnId),
    /// A guard removes a marker.
    Clear(PawnId, CircleId),
    /// Release a POW from solitary with a doubles.
    Release(PawnId),
    /// Claim Equipment with two POWs.
    Claim(Equipment, PawnId, PawnId),
    /// Assemble an escape kit (up to four pieces).
    Kit([Option<Piece>; 4]),
    /// Give an Equipment card (2016).
    Give(Equipment, Nation),
    /// Give an unplayed Opportunity card (classic).
    GiveCard(Card, Nation),
    /// Classic: a last-resort Do-or-Die escape by one POW.
    DoOrDie(PawnId),
    /// Play a card.
    Play(Card, Arg, Arg),
    /// Discard a card from hand.
    Discard(Card),
    /// Give up a confiscated Equipment card.
    Surrender(Equipment),
    /// Save a confiscated card with a Hideaway.
    Hideaway,
    /// Appel: the officer's whole answer, which of his POWs refuse to
    /// return — one decision, so nobody learns from how many decisions he
    /// made how many refuse (issue 9).
    Answer(Refusing),
    /// The German's general search after refusals.
    Search,
    /// Decline an interrupt (or keep the markers after an escape).
    Pass,
    /// After an escape: the German removes the escaper's nation's markers.
    RemoveMarkers,
    /// End the turn.
    End,
}

impl Colditz {
    /// Canonical text of an action.
    pub fn format_action(&self, a: Action) -> String {
        let c = |c: CircleId| self.board.key(c).to_owned();
        let arg = |x: Arg| match x {
            Arg::None => String::new(),
            Arg::Pawn(p) => format!(" {}", p.code()),
            Arg::Equip(e) => format!(" {}", e.name()),
            Arg::Tunnel(t) => format!(" {}", t.name()),
            Arg::Circle(c) => format!(" {}", self.board.key(c)),
        };
        match a {
            Action::Roll => "roll".into(),
            Action::Move(p, to) => format!("move {} {}", p.code(), c(to)),
            Action::Cross(p, to) => format!("cross {} {}", p.code(), c(to)),
            Action::Deploy(p, to) => format!("deploy {} {}", p.code(), c(to)),
            Action::Recall(p) => format!("recall {}", p.code()),
            Action::Clear(p, to) => format!("clear {} {}", p.code(), c(to)),
            Action::Release(p) => format!("release {}", p.code()),
            Action::Claim(e, p, q) => format!("claim {} {} {}", e.name(), p.code(), q.code()),
            Action::Kit(pieces) => {
                let mut s = String::from("kit");
                for piece in pieces.iter().flatten() {
                    s.push(' ');
                    match piece {
                        Piece::Pow(p) => s.push_str(&p.code()),
                        Piece::Part(card) => s.push_str(&card.name(&self.board)),
                    }
                }
                s
            }
            Action::Give(e, n) => format!("give {} {}", e.name(), n.id()),
            Action::GiveCard(card, n) => format!("give {} {}", card.name(&self.board), n.id()),
            Action::DoOrDie(p) => format!("do-or-die {}", p.code()),
            Action::Play(card, x, y) => {
                format!("play {}{}{}", card.name(&self.board), arg(x), arg(y))
            }
            Action::Discard(card) => format!("discard {}", card.name(&self.board)),
            Action::Surrender(e) => format!("surrender {}", e.name()),
            Action::Hideaway => "hideaway".into(),
            Action::Answer(refusing) => {
                let mut s = String::from("answer");
                for p in refusing.iter() {
                    s.push(' ');
                    s.push_str(&p.code());
                }
                s
            }
            Action::Search => "search".into(),
            Action::Pass => "pass".into(),
            Action::RemoveMarkers => "remove-markers".into(),
            Action::End => "end".into(),
        }
    }

    /// A card's name as printed, in English and in the Russian rule text's
    /// words («Сбор», «Выстрел на Поражение», «Обнаружение Тоннеля»…, the
    /// others as the browser names them); rooms by their names.
    fn card_text(&self, card: Card) -> Text {
        let room = |r: u8| self.board.rooms[r as usize].name.clone();
        let tunnel = |t: TunnelId| self.tunnel_room(t);
        match card {
            Card::AdvanceWarning => Text::fixed("Advance Warning", "Предупреждение"),
            Card::BribeOne => Text::fixed("Bribe (one card)", "Подкуп (одна карта)"),
            Card::BribeTwo => Text::fixed("Bribe (two cards)", "Подкуп (две карты)"),
            Card::Diversion => Text::fixed("Diversion", "Отвлекающий Манёвр"),
            Card::KitPartA => Text::fixed("Escape Kit (part A)", "Комплект Спасения (часть A)"),
            Card::KitPartB => Text::fixed("Escape Kit (part B)", "Комплект Спасения (часть B)"),
            Card::Hideaway => Text::fixed("Hideaway", "Тайник"),
            Card::Inspection => Text::fixed("Inspection", "Инспекция"),
            Card::TurnIn(e) => {
                let e = equipment_text(e);
                Text::new(format!("Turn in for {}", e.en), format!("Обмен на {}", e.ru))
            }
            Card::MoveFast(r) => {
                let r = room(r);
                Text::new(format!("Move to {}", r.en), format!("Перемещение: {}", r.ru))
            }
            Card::Release => Text::fixed("Release", "Освобождение"),
            Card::Sabotage => Text::fixed("Sabotage", "Саботаж"),
            Card::StaffCar => Text::fixed("Staff Car", "Штатный Автомобиль"),
            Card::Talisman => Text::fixed("Talisman", "Талисман"),
            Card::Tunnel(t) => {
                let r = tunnel(t);
                Text::new(format!("Tunnel: {}", r.en), format!("Тоннель: {}", r.ru))
            }
            Card::Appel => Text::fixed("Appel", "Сбор"),
            Card::ArrestKeyHolder => Text::fixed("Arrest Key Holder", "Арест владельца Ключа"),
            Card::ArrestPassHolder => Text::fixed("Arrest Pass Holder", "Арест владельца Пропуска"),
            Card::Search(r) => {
                let r = room(r);
                Text::new(format!("Search: {}", r.en), format!("Обыск: {}", r.ru))
            }
            Card::ShootToKill => Text::fixed("Shoot to Kill", "Выстрел на Поражение"),
            Card::TunnelDetected => Text::fixed("Tunnel Detected", "Обнаружение Тоннеля"),
        }
    }

    /// The name of the room a tunnel starts in (its id is the room's).
    fn tunnel_room(&self, t: TunnelId) -> Text {
        self.board
            .rooms
            .iter()
            .find(|r| r.id == t.name())
            .map_or_else(|| Text::fixed("the tunnel", "Тоннель"), |r| r.name.clone())
    }

    /// An action as a player reads it, in English and in the Russian rule
    /// text's words (Военнопленный, Охранник, Одиночка, Сбор, Общий Обыск,
    /// Экипировка, Комплект Спасения, маркер Попытки Бегства, «Пан или
    /// пропал»…); pawn codes and circle ids stay as in the notation. It
    /// depends on the action only: a secret answer or discard is labelled
    /// for the one who makes it, and the log hides it from the others as
    /// before.
    pub fn action_label(&self, a: Action) -> Text {
        let c = |c: CircleId| self.board.key(c).to_owned();
        let arg = |x: Arg| -> Option<Text> {
            match x {
                Arg::None => None,
                Arg::Pawn(p) => Some(Text::new(p.code(), p.code())),
                Arg::Equip(e) => Some(equipment_text(e)),
                Arg::Tunnel(t) => {
                    let r = self.tunnel_room(t);
                    Some(Text::new(format!("the {} tunnel", r.en), format!("Тоннель из «{}»", r.ru)))
                }
                Arg::Circle(x) => Some(Text::new(c(x), c(x))),
            }
        };
        let list = |pawns: &mut dyn Iterator<Item = PawnId>| pawns.map(PawnId::code).collect::<Vec<_>>().join(", ");
        match a {
            Action::Roll => Text::fixed("roll for movement", "бросок на движение"),
            Action::Move(p, to) => Text::new(
                format!("{} moves to {}", p.code(), c(to)),
                format!("{}: движение на кружок {}", p.code(), c(to)),
            ),
            Action::Cross(p, to) => Text::new(
                format!("{} crosses into {} using Equipment", p.code(), c(to)),
                format!("{}: проход на кружок {} с Экипировкой", p.code(), c(to)),
            ),
            Action::Deploy(g, to) => Text::new(
                format!("{} is posted from the barracks to {}", g.code(), c(to)),
                format!("{}: выставить из Бараков на Пост Охраны {}", g.code(), c(to)),
            ),
            Action::Recall(g) => Text::new(
                format!("{} goes from its post to the Commander's Office", g.code()),
                format!("{}: с Поста Охраны на Командный Пункт", g.code()),
            ),
            Action::Clear(g, to) => Text::new(
                format!("{} removes the Escape Attempt marker toward {}", g.code(), c(to)),
                format!("{}: удалить маркер Попытки Бегства к кружку {}", g.code(), c(to)),
            ),
            Action::Release(p) => Text::new(
                format!("{} is released from solitary (a doubles)", p.code()),
                format!("{}: выпустить из Одиночки (дубль)", p.code()),
            ),
            Action::Claim(e, p, q) => {
                let e = equipment_text(e);
                Text::new(
                    format!("{} and {} take a {} card", p.code(), q.code(), e.en),
                    format!("{} и {}: взять карту Экипировки «{}»", p.code(), q.code(), e.ru),
                )
            }
            Action::Kit(pieces) => {
                let (mut en, mut ru) = (Vec::new(), Vec::new());
                for piece in pieces.iter().flatten() {
                    match *piece {
                        Piece::Pow(p) => {
                            en.push(p.code());
                            ru.push(p.code());
                        }
                        Piece::Part(card) => {
                            let t = self.card_text(card);
                            en.push(format!("“{}”", t.en));
                            ru.push(format!("«{}»", t.ru));
                        }
                    }
                }
                Text::new(
                    format!("assemble an Escape Kit: {}", en.join(", ")),
                    format!("собрать Комплект Спасения: {}", ru.join(", ")),
                )
            }
            Action::Give(e, n) => {
                let e = equipment_text(e);
                Text::new(
                    format!("give the {} card to the {}", e.en, n.name().en),
                    format!("передать карту Экипировки «{}» {}", e.ru, dative(n)),
                )
            }
            Action::GiveCard(card, n) => {
                let t = self.card_text(card);
                Text::new(
                    format!("give the “{}” card to the {}", t.en, n.name().en),
                    format!("передать карту Возможности «{}» {}", t.ru, dative(n)),
                )
            }
            Action::DoOrDie(p) => Text::new(
                format!("{} tries a Do-or-Die escape", p.code()),
                format!("{}: Побег «Пан или пропал»", p.code()),
            ),
            Action::Play(card, x, y) => {
                let t = self.card_text(card);
                let args: Vec<Text> = [x, y].into_iter().filter_map(arg).collect();
                if args.is_empty() {
                    Text::new(format!("play “{}”", t.en), format!("сыграть карту «{}»", t.ru))
                } else {
                    let en: Vec<&str> = args.iter().map(|a| a.en.as_ref()).collect();
                    let ru: Vec<&str> = args.iter().map(|a| a.ru.as_ref()).collect();
                    Text::new(
                        format!("play “{}”: {}", t.en, en.join(", ")),
                        format!("сыграть карту «{}»: {}", t.ru, ru.join(", ")),
                    )
                }
            }
            Action::Discard(card) => {
                let t = self.card_text(card);
                Text::new(format!("discard “{}” face down", t.en), format!("сбросить карту «{}» лицом вниз", t.ru))
            }
            Action::Surrender(e) => {
                let e = equipment_text(e);
                Text::new(
                    format!("give up the confiscated {} card", e.en),
                    format!("отдать конфискованную карту Экипировки «{}»", e.ru),
                )
            }
            Action::Hideaway => {
                Text::fixed("keep the confiscated card with a Hideaway", "сохранить конфискуемую карту Тайником")
            }
            Action::Answer(refusing) => {
                if refusing == Refusing::NONE {
                    Text::fixed("Appel: every POW returns", "Сбор: все Военнопленные возвращаются")
                } else {
                    let who = list(&mut refusing.iter());
                    Text::new(
                        format!("Appel: {who} refuse to return, the others return"),
                        format!("Сбор: {who} отказываются возвращаться, остальные возвращаются"),
                    )
                }
            }
            Action::Search => Text::fixed("make a general search", "провести Общий Обыск"),
            Action::Pass => Text::fixed("decline (pass)", "отказаться (пас)"),
            Action::RemoveMarkers => Text::fixed(
                "remove the escaped POW's nation's Escape Attempt markers",
                "удалить маркеры Попытки Бегства национальности Сбежавшего",
            ),
            Action::End => Text::fixed("end the turn", "закончить Ход"),
        }
    }

    /// Reads an action's text.
    ///
    /// # Errors
    /// What was expected.
    pub fn parse_action(&self, text: &str) -> Result<Action, ParseError> {
        let words: Vec<String> = text.split_whitespace().map(str::to_ascii_lowercase).collect();
        let bad = |en: String, ru: String| ParseError::new(text, Text::new(en, ru));
        let pawn = |w: &str| PawnId::parse(w).ok_or_else(|| bad(format!("no pawn {w:?}"), format!("нет пешки {w:?}")));
        let circle =
            |w: &str| self.board.find(w).ok_or_else(|| bad(format!("no circle {w:?}"), format!("нет кружка {w:?}")));
        let equip = |w: &str| {
            Equipment::parse(w).ok_or_else(|| bad(format!("no equipment {w:?}"), format!("нет экипировки {w:?}")))
        };
        let card = |w: &str| {
            Card::parse(w, &self.board).ok_or_else(|| bad(format!("no card {w:?}"), format!("нет карты {w:?}")))
        };
        let arg = |w: Option<&String>| -> Result<Arg, ParseError> {
            let Some(w) = w else { return Ok(Arg::None) };
            if let Some(p) = PawnId::parse(w) {
                return Ok(Arg::Pawn(p));
            }
            if let Some(e) = Equipment::parse(w) {
                return Ok(Arg::Equip(e));
            }
            if let Some(t) = TunnelId::parse(w) {
                return Ok(Arg::Tunnel(t));
            }
            if let Some(c) = self.board.find(w) {
                return Ok(Arg::Circle(c));
            }
            Err(bad(
                format!("{w:?} is not a pawn, equipment, tunnel or circle"),
                format!("{w:?} — не пешка, не экипировка, не тоннель и не кружок"),
            ))
        };
        let w: Vec<&str> = words.iter().map(String::as_str).collect();
        Ok(match w.as_slice() {
            ["roll"] => Action::Roll,
            ["move", p, c] => Action::Move(pawn(p)?, circle(c)?),
            ["cross", p, c] => Action::Cross(pawn(p)?, circle(c)?),
            ["deploy", p, c] => Action::Deploy(pawn(p)?, circle(c)?),
            ["recall", p] => Action::Recall(pawn(p)?),
            ["clear", p, c] => Action::Clear(pawn(p)?, circle(c)?),
            ["release", p] => Action::Release(pawn(p)?),
            ["claim", e, p, q] => Action::Claim(equip(e)?, pawn(p)?, pawn(q)?),
            ["kit", rest @ ..] if (1..=4).contains(&rest.len()) => {
                let mut pieces = [None; 4];
                for (i, x) in rest.iter().enumerate() {
                    pieces[i] = Some(match *x {
                        "kit-part-a" | "part-a" => Piece::Part(Card::KitPartA),
                        "kit-part-b" | "part-b" => Piece::Part(Card::KitPartB),
                        p => Piece::Pow(pawn(p)?),
                    });
                }
                // One notation per kit: parts first, then POWs by number.
                Action::Kit(canonical_kit(pieces.iter().flatten().copied()))
            }
["give", e, n] => {
                let nation = crate::pawn::Nation::ALL
                    .into_iter()
                    .find(|x| x.id() == *n)
                    .ok_or_else(|| bad(format!("no officer {n:?}"), format!("нет офицера {n:?}")))?;
                match Equipment::parse(e) {
                    Some(eq) => Action::Give(eq, nation),
                    None => Action::GiveCard(card(e)?, nation),
                }
            }
            ["do-or-die", p] => Action::DoOrDie(pawn(p)?),
            ["play", c, rest @ ..] if rest.len() <= 2 => Action::Play(card(c)?, arg(words.get(2))?, arg(words.get(3))?),
            ["discard", c] => Action::Discard(card(c)?),
            ["surrender", e] => Action::Surrender(equip(e)?),
            ["hideaway"] => Action::Hideaway,
            ["answer", pows @ ..] => {
                let mut refusing = Refusing::NONE;
                for w in pows {
                    let p = pawn(w)?;
                    if p.is_guard() || refusing.contains(p) {
                        return Err(bad(
                            format!("an Appel answer names each refusing POW once: {w:?}"),
                            format!("в ответе на Сбор каждый отказавшийся Военнопленный назван один раз: {w:?}"),
                        ));
                    }
                    refusing = refusing.with(p);
                }
                Action::Answer(refusing)
            }
            ["search"] => Action::Search,
            ["pass"] => Action::Pass,
            ["remove-markers"] => Action::RemoveMarkers,
            ["end"] => Action::End,
            _ => {
                return Err(bad(
                    "expected: roll | move P C | cross P C | deploy G C | recall G | clear G C | release P | claim E P P | kit … | give E OFFICER | play CARD [ARG] [ARG] | discard CARD | surrender E | hideaway | answer [P…] | search | pass | end".into(),
                    "ожидается: roll | move P C | cross P C | deploy G C | recall G | clear G C | release P | claim E P P | kit … | give E ОФИЦЕР | play КАРТА [ЦЕЛЬ] [ЦЕЛЬ] | discard КАРТА | surrender E | hideaway | answer [P…] | search | pass | end".into(),
                ))
            }
        })
    }
}

/// An Equipment kind as the rule text names it (capitalised: Ключ, Пропуск,
/// Верёвка, Кусачки).
fn equipment_text(e: Equipment) -> Text {
    match e {
        Equipment::Cutters => Text::fixed("Wire Cutters", "Кусачки"),
        Equipment::Pass => Text::fixed("Pass", "Пропуск"),
        Equipment::Key => Text::fixed("Key", "Ключ"),
        Equipment::Rope => Text::fixed("Rope", "Верёвка"),
    }
}

/// An officer's nation in the dative: whom a card is handed to.
const fn dative(n: Nation) -> &'static str {
    match n {
        Nation::British => "Британцам",
        Nation::American => "Американцам",
        Nation::French => "Французам",
        Nation::Dutch => "Голландцам",
        Nation::Polish => "Полякам",
    }
}
