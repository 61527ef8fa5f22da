//! Card decks and private hands, for the card games (Colditz's five decks,
//! Nine Years' event cards). Cards are small ids into a game's static card
//! table; the deck keeps only their order.

use crate::Dice;
use serde::{Deserialize, Serialize};

/// A face-down deck: drawn from the top, cards returned to the bottom
/// (Colditz) or to a discard pile (card-driven games). O(1) draw and return
/// (a `VecDeque`); `Clone` copies the card ids.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Deck<C> {
    cards: std::collections::VecDeque<C>,
}

impl<C> Deck<C> {
    /// A deck in the given order, top first.
    pub fn new(cards: impl IntoIterator<Item = C>) -> Deck<C> {
        Deck { cards: cards.into_iter().collect() }
    }
    /// A deck shuffled with the game's dice.
    pub fn shuffled(cards: impl IntoIterator<Item = C>, dice: &mut Dice) -> Deck<C> {
        let mut v: Vec<C> = cards.into_iter().collect();
        dice.shuffle(&mut v);
        Deck::new(v)
    }
    /// Draws the top card, if any.
    pub fn draw(&mut self) -> Option<C> {
        self.cards.pop_front()
    }
    /// Puts a card at the bottom.
    pub fn put_bottom(&mut self, card: C) {
        self.cards.push_back(card);
    }
    /// Puts a card on top.
    pub fn put_top(&mut self, card: C) {
        self.cards.push_front(card);
    }
    /// Shuffles the deck with the game's dice.
    pub fn shuffle(&mut self, dice: &mut Dice) {
        let v = self.cards.make_contiguous();
        dice.shuffle(v);
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

/// A private hand with a limit. Views show its contents only to its owner.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Hand<C> {
    cards: Vec<C>,
}

impl<C: PartialEq> Hand<C> {
    /// An empty hand.
    pub fn new() -> Hand<C> {
        Hand { cards: Vec::new() }
    }
    /// Adds a card.
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn deck_draws_from_top_returns_to_bottom_and_shuffles_deterministically() {
        let mut d = Deck::new([1, 2, 3]);
        assert_eq!(d.draw(), Some(1));
        d.put_bottom(1);
        assert_eq!(d.cards().copied().collect::<Vec<_>>(), vec![2, 3, 1]);
        let a = Deck::shuffled(0..20, &mut Dice::from_seed(4));
        let b = Deck::shuffled(0..20, &mut Dice::from_seed(4));
        assert_eq!(a, b);
        assert_ne!(a.cards().copied().collect::<Vec<_>>(), (0..20).collect::<Vec<_>>());
        let mut h = Hand::new();
        h.add(7);
        assert!(h.contains(&7) && h.remove(&7) && !h.remove(&7));
    }
}
