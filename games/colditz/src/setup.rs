//! Set-up: players, rounds, decks, hands, kits, the Appel diagram, guards.

use crate::cards::Card;
use crate::pawn::{guards_for, Nation, PawnId, PAWN_SLOTS};
use crate::state::{Loc, Pawn, Phase, State, TunnelState};
use crate::{pawns_per_officer, Colditz};
use sandtable_core::{Deck, Dice, Hand, Setup, SetupError, Text};
use tinyvec::ArrayVec;

impl Colditz {
    /// A new game from resolved options.
    pub(crate) fn new_state(&self, setup: &Setup) -> Result<State, SetupError> {
        let opt = |k: &str| setup.option(k).unwrap_or_default();
        let players: u8 = opt("players")
            .parse()
            .map_err(|_| SetupError::new(Text::fixed("players must be 2–6", "игроков должно быть 2–6")))?;
        if !(2..=6).contains(&players) {
            return Err(SetupError::new(Text::fixed("players must be 2–6", "игроков должно быть 2–6")));
        }
        let round: u8 = opt("rounds")
            .parse()
            .map_err(|_| SetupError::new(Text::fixed("rounds must be a number", "число Раундов — число")))?;
        let classic = opt("rules") == "classic";
        let victory_total = opt("victory").strip_prefix("total-").and_then(|n| n.parse().ok());
        // Variants: «Мы предлагаем, чтобы такое число, по крайней мере,
        // равнялось количеству Офицеров Беглецов» — a suggestion, not a
        // limit: any total offered is accepted.
        let mut dice = Dice::from_seed(setup.seed);
        let manifest = if classic { &self.manifests.classic } else { &self.manifests.edition2016 };
        let mut opp_cards = manifest.opportunity.clone();
        let mut kit_parts_aside = Vec::new();
        if players == 6 && !classic {
            // Six players: the Escape Kit (part) cards leave the deck; the
            // German keeps them face down and an officer draws one per escape.
            kit_parts_aside =
                opp_cards.iter().copied().filter(|c| matches!(c, Card::KitPartA | Card::KitPartB)).collect();
            opp_cards.retain(|c| !matches!(c, Card::KitPartA | Card::KitPartB));
            dice.shuffle(&mut kit_parts_aside);
        }
        let mut opportunity = Deck::shuffled(opp_cards, &mut dice);
        let mut security = Deck::shuffled(manifest.security.clone(), &mut dice);
        let do_or_die = Deck::shuffled(manifest.do_or_die.clone(), &mut dice);
        let officers = usize::from(players - 1);
        let mut hands = vec![Hand::new(); usize::from(players)];
        if let Some(c) = security.draw() {
            hands[0].add(c);
        }
        for hand in hands.iter_mut().skip(1) {
            if let Some(c) = opportunity.draw() {
                hand.add(c);
            }
        }
        let starting_kits = match opt("starting-kits") {
            "yes" => true,
            "no" => false,
            _ => !classic,
        };
        let mut kits = [false; 5];
        for k in kits.iter_mut().take(officers) {
            *k = starting_kits;
        }
        let kit_stock = manifest.escape_kits - if starting_kits { players - 1 } else { 0 };
        let mut pawns = vec![Pawn::ABSENT; PAWN_SLOTS];
        // Guards start in the barracks; the German posts them in the set-up
        // phase (one per officer inside, 2–7 outside).
        for g in 1..=guards_for(players) {
            pawns[PawnId::guard(g).index()].loc = Loc::Barracks;
        }
        let layout = &self.board.appel[usize::from(players - 2)];
        for (i, nation) in Nation::ALL.into_iter().take(officers).enumerate() {
            for (k, &c) in layout[i].iter().enumerate() {
                pawns[PawnId::pow(nation, k as u8 + 1).index()].loc = Loc::Circle(c);
            }
        }
        let per = pawns_per_officer(players);
        debug_assert!(layout.iter().all(|l| l.len() == usize::from(per)));
        let s = State {
            dice,
            players,
            classic,
            victory_total,
            round,
            turn: 0,
            phase: Phase::SetupGuards,
            pending: ArrayVec::new(),
            mp: 0,
            releases: 0,
            pawns,
            opportunity,
            security,
            do_or_die,
            stock: manifest.equipment,
            kit_stock,
            hands,
            equipment: [[0; 4]; 5],
            kits,
            kit_parts_aside,
            markers: ArrayVec::new(),
            tunnels: [TunnelState::Closed; 3],
            search: 0,
            escapes: [0; 5],
            do_or_die_escapes: [0; 5],
            eliminated: [false; 5],
            broke_out: [false; 3],
            kit_share: [false; 5],
            posting_closed: false,
            return_strayed: false,
            opened: ArrayVec::new(),
            played: 0,
            guards_moved: 0,
            appel_waiting: 0,
            refused: 0,
        };
        Ok(s)
    }
}

impl Colditz {
    /// The lowest-numbered guard in the barracks (guards are alike; posting
    /// them in number order keeps one notation per placement).
    pub(crate) fn next_barracks_guard(&self, s: &State) -> Option<PawnId> {
        (1..=guards_for(s.players)).map(PawnId::guard).find(|&g| s.pawn(g).loc == Loc::Barracks)
    }

    fn posted(&self, s: &State, inner: bool) -> usize {
        (1..=guards_for(s.players))
            .filter_map(|n| s.pawn(PawnId::guard(n)).circle())
            .filter(|&c| self.board.circle(c).zone.is_inner() == inner)
            .count()
    }

    /// Checks a set-up posting: inner posts first (one per officer), then
    /// outer posts (at most seven).
    pub(crate) fn check_setup_deploy(
        &self,
        s: &State,
        g: PawnId,
        to: crate::CircleId,
    ) -> Result<(), sandtable_core::Illegal> {
        use sandtable_core::Illegal;
        if Some(g) != self.next_barracks_guard(s) {
            return Err(Illegal::fixed(
                "Colditz: Set-up",
                "post the guards in number order",
                "выставляйте Охранников по порядку номеров",
            ));
        }
        let c = self.board.circle(to);
        if !c.guard_post {
            return Err(Illegal::fixed(
                "Colditz: Set-up",
                "at set-up guards are posted on guard posts only",
                "при расстановке Охранники выставляются только на Посты Охраны",
            ));
        }
        if s.present().any(|p| s.pawn(p).loc == Loc::Circle(to)) {
            return Err(Illegal::fixed(
                "Colditz: Set-up",
                "that guard post is manned already",
                "этот Пост Охраны уже занят",
            ));
        }
        let officers = usize::from(s.players - 1);
        let inner = self.posted(s, true);
        if inner < officers && !c.zone.is_inner() {
            return Err(Illegal::fixed(
                "Colditz: Set-up",
                "first one guard per Escape Officer on the inner courtyard's posts",
                "сначала по одному Охраннику на каждого Офицера Беглеца на Посты во Внутреннем Дворе",
            ));
        }
        if inner >= officers && c.zone.is_inner() {
            return Err(Illegal::fixed(
                "Colditz: Set-up",
                "the inner courtyard has its guards",
                "во Внутреннем Дворе уже достаточно Охранников",
            ));
        }
        if !c.zone.is_inner() && self.posted(s, false) >= 7 {
            return Err(Illegal::fixed(
                "Colditz: Set-up",
                "at most seven guards outside at set-up",
                "во Внешнем Дворе при расстановке не больше семи Охранников",
            ));
        }
        Ok(())
    }

    /// Checks the end of set-up: the inner posts filled, at least two outside.
    pub(crate) fn check_setup_end(&self, s: &State) -> Result<(), sandtable_core::Illegal> {
        if self.posted(s, true) < usize::from(s.players - 1) || self.posted(s, false) < 2 {
            return Err(sandtable_core::Illegal::fixed(
                "Colditz: Set-up",
                "post one guard per officer inside and at least two outside first",
                "сначала выставьте по Охраннику на каждого Офицера Беглеца внутри и не меньше двух снаружи",
            ));
        }
        Ok(())
    }
}
