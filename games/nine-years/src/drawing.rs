//! What the browser draws once per scenario (the map: spaces, links, seas,
//! and the counters' and cards' fixed data), and where each legal action
//! points on it.

use crate::action::{Action, Unit};
use crate::state::State;
use crate::NineYears;
use sandtable_core::Hint;
use serde_json::{json, Value};

impl NineYears {
    /// The static drawing of the scenario (`Ruleset::drawing`).
    pub(crate) fn map_drawing(&self) -> Value {
        let sc = &self.scenario;
        let text = |t: &sandtable_core::Text| json!({ "en": t.en, "ru": t.ru });
        let capitals: Vec<String> = sc
            .spaces
            .iter()
            .enumerate()
            .filter(|(i, _)| sc.powers.iter().any(|p| p.capitals.iter().any(|c| c.index() == *i)))
            .map(|(_, s)| s.id.clone())
            .collect();
        json!({
            "game": "nine-years",
            "width": 1000,
            "height": 700,
            "authored": sc.authored,
            "name": text(&sc.name),
            "first_year": sc.first_year,
            "last_year": sc.last_year,
            "seas": crate::Sea::ALL.iter().map(|z| json!({ "id": z.id(), "name": text(&z.name()) })).collect::<Vec<_>>(),
            "spaces": sc.spaces.iter().map(|s| json!({
                "id": s.id,
                "name": text(&s.name),
                "x": s.x,
                "y": s.y,
                "region": s.region.id(),
                "fortress": s.fortress,
                "port": s.port.map(|z| z.id()),
                "home": s.home.iter().map(|p| sc.power(*p).id.clone()).collect::<Vec<_>>(),
                "rich": s.rich,
                "capital": capitals.contains(&s.id),
            })).collect::<Vec<_>>(),
            "links": sc.spaces.iter().enumerate().flat_map(|(i, s)| {
                s.links.iter().filter(move |(t, _)| t.index() > i).map(move |(t, red)| json!({
                    "a": s.id, "b": sc.space(*t).id, "red": red,
                }))
            }).collect::<Vec<_>>(),
            "powers": sc.powers.iter().map(|p| json!({
                "id": p.id,
                "name": text(&p.name),
                "side": p.side.map(|x| x.id()),
                "colour": p.colour,
            })).collect::<Vec<_>>(),
            "leaders": sc.leaders.iter().map(|l| json!({
                "id": l.id,
                "name": text(&l.name),
                "power": sc.power(l.power).id,
                "tactics": l.tactics,
                "command": l.command,
                "siege": l.siege,
            })).collect::<Vec<_>>(),
            "fleets": sc.fleets.iter().map(|f| json!({
                "id": f.id,
                "name": text(&f.name),
                "side": f.side.id(),
                "sea": f.sea.id(),
                "port": sc.space(f.port).id,
            })).collect::<Vec<_>>(),
            "events": sc.events.iter().map(|e| json!({
                "id": e.id,
                "name": text(&e.name),
                "text": text(&e.text),
                "hold": e.hold,
                "late": e.late,
                "long_term": e.long_term.is_some(),
            })).collect::<Vec<_>>(),
        })
    }

    /// Where an action points: a leader (its id), a stack of corps (the
    /// view's `stack` key, [`NineYears::stack_key`]), a space id.
    pub(crate) fn action_hint(&self, s: &State, a: Action) -> Hint {
        let sc = &self.scenario;
        let sp = |x: crate::SpaceId| sc.space(x).id.clone();
        let ld = |l: crate::LeaderId| sc.leader(l).id.clone();
        let stack = |x, p, r| self.stack_key(x, p, r);
        let here = s.force.as_ref().map(|f| f.space);
        match a {
            Action::Campaign(l) | Action::Rally(l) | Action::Intercept(l) => Hint::piece(ld(l)),
            Action::Leader(l, x) | Action::ShiftLeader(l, x) => Hint::to(ld(l), sp(x)),
            Action::ShiftCorps(from, p, r, to) => Hint::to(stack(from, p, r), sp(to)),
            Action::Add(Unit::Leader(l)) | Action::Drop(Unit::Leader(l)) => Hint::piece(ld(l)),
            Action::Add(Unit::Corps(p, r)) | Action::Drop(Unit::Corps(p, r)) => match here {
                Some(x) => Hint::piece(stack(x, p, r)),
                None => Hint::NONE,
            },
            Action::Replace(p, x) => Hint::piece(stack(x, p, true)),
            Action::Rebuild(_, x)
            | Action::Form(_, x, _)
            | Action::Place(_, x)
            | Action::Line(x)
            | Action::Go(x)
            | Action::Sail(x)
            | Action::Sea(x)
            | Action::Retreat(x) => Hint::place(sp(x)),
            _ => Hint::NONE,
        }
    }

    /// The key of the stack of corps of one power and face in a space, as
    /// the view and the hints name it: `corps:SPACE:POWER:full|reduced`.
    pub fn stack_key(&self, x: crate::SpaceId, p: crate::PowerId, reduced: bool) -> String {
        let sc = &self.scenario;
        format!("corps:{}:{}:{}", sc.space(x).id, sc.power(p).id, if reduced { "reduced" } else { "full" })
    }
}
