//! Colditz's decks and hands, inline: the same behaviour and the same JSON
//! as `sandtable_core::Deck` and `Hand` (`{"cards": [...]}`, top first),
//! but with a fixed capacity, so that drawing, playing and returning cards
//! never touch the heap, even in a cloned state (issue 13). A card is two
//! bytes; a deck or hand holds at most [`MAX_DECK`] of them — a hand can
//! receive a whole deck (classic officers give each other cards), so both
//! have the bound the decks are checked against when they load
//! (`Manifests::from_data`).

use sandtable_core::Dice;
use serde::{Deserialize, Serialize};
use tinyvec::ArrayVec;

/// Most cards in one deck of a manifest (and so in a deck or a hand).
pub const MAX_DECK: usize = 64;

/// A face-down deck: drawn from the top, cards returned to the bottom.
/// `draw` is O(len) (the cards shift up), `put_bottom` O(1).
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Deck<C: Copy + Default> {
    cards: ArrayVec<[C; MAX_DECK]>,
}

impl<C: Copy + Default> Deck<C> {
    /// A deck in the given order, top first.
    ///
    /// # Panics
    /// With more than [`MAX_DECK`] cards.
    pub fn new(cards: impl IntoIterator<Item = C>) -> Deck<C> {
        Deck { cards: cards.into_iter().collect() }
    }
    /// A deck shuffled with the game's dice (the same draws as
    /// `sandtable_core::Deck::shuffled`).
    pub fn shuffled(cards: impl IntoIterator<Item = C>, dice: &mut Dice) -> Deck<C> {
        let mut d = Deck::new(cards);
        dice.shuffle(&mut d.cards);
        d
    }
    /// Draws the top card, if any.
    pub fn draw(&mut self) -> Option<C> {
        (!self.cards.is_empty()).then(|| self.cards.remove(0))
    }
    /// Puts a card at the bottom.
    pub fn put_bottom(&mut self, card: C) {
        self.cards.push(card);
    }
    /// Puts a card on top.
    pub fn put_top(&mut self, card: C) {
        self.cards.insert(0, card);
    }
    /// Shuffles the deck with the game's dice.
    pub fn shuffle(&mut self, dice: &mut Dice) {
        dice.shuffle(&mut self.cards);
    }
    /// Cards left.
    pub fn len(&self) -> usize {
        self.cards.len()
    }
    /// Whether the deck is empty.
    pub fn is_empty(&self) -> bool {
        self.cards.is_empty()
    }
    /// The cards, top first (for the owner's eyes or for tests; views must
    /// show only [`Deck::len`] to players who may not look).
    pub fn cards(&self) -> impl Iterator<Item = &C> {
        self.cards.iter()
    }
}

/// A private hand. Views show its contents only to its owner.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Hand<C: Copy + Default> {
    cards: ArrayVec<[C; MAX_DECK]>,
}

impl<C: Copy + Default + PartialEq> Hand<C> {
    /// An empty hand.
    pub fn new() -> Hand<C> {
        Hand { cards: ArrayVec::new() }
    }
    /// Adds a card.
    ///
    /// # Panics
    /// With [`MAX_DECK`] cards held already (more than a deck holds).
    pub fn add(&mut self, card: C) {
        self.cards.push(card);
    }
    /// Removes one copy of `card`; false if the hand has none.
    pub fn remove(&mut self, card: &C) -> bool {
        match self.cards.iter().position(|c| c == card) {
            Some(i) => {
                self.cards.remove(i);
                true
            }
            None => false,
        }
    }
    /// Whether the hand holds `card`.
    pub fn contains(&self, card: &C) -> bool {
        self.cards.contains(card)
    }
    /// Number of cards (public even when the cards are not).
    pub fn len(&self) -> usize {
        self.cards.len()
    }
    /// Whether the hand is empty.
    pub fn is_empty(&self) -> bool {
        self.cards.is_empty()
    }
    /// The cards.
    pub fn cards(&self) -> &[C] {
        &self.cards
    }
}
