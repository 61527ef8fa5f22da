//! Card decks and private hands, for the card games (Colditz's five decks,
//! Nine Years' action and event cards). Cards are small ids into a game's
//! static card table; the deck keeps only their order.
//!
//! Both are inline lists of at most [`MAX_DECK`] cards, so that drawing,
//! playing and returning cards never touch the heap, even in a cloned state
//! (issue 13). A hand has the same bound as a deck: it can receive a whole
//! deck (classic Colditz officers give each other cards). A game checks its
//! decks against [`MAX_DECK`] when it loads them; going over it is a bug and
//! panics. The JSON is `{"cards": [...]}`, top first.

use crate::Dice;
use serde::{Deserialize, Serialize};
use tinyvec::ArrayVec;

/// Most cards in one deck or hand.
pub const MAX_DECK: usize = 64;

/// A face-down deck: drawn from the top, cards returned to the bottom
/// (Colditz) or to a discard pile (card-driven games). `draw` and `put_top`
/// are O(len) (the cards shift), `put_bottom` O(1); `Clone` copies the inline
/// list and never allocates.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Deck<C: Default> {
    cards: ArrayVec<[C; MAX_DECK]>,
}

impl<C: Default> Deck<C> {
    /// A deck in the given order, top first.
    ///
    /// # Panics
    /// With more than [`MAX_DECK`] cards.
    pub fn new(cards: impl IntoIterator<Item = C>) -> Deck<C> {
        Deck { cards: cards.into_iter().collect() }
    }
    /// A deck shuffled with the game's dice ([`Dice::shuffle`] on the cards
    /// in the given order).
    ///
    /// # Panics
    /// With more than [`MAX_DECK`] cards.
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
    ///
    /// # Panics
    /// With [`MAX_DECK`] cards in the deck already.
    pub fn put_bottom(&mut self, card: C) {
        self.cards.push(card);
    }
    /// Puts a card on top.
    ///
    /// # Panics
    /// With [`MAX_DECK`] cards in the deck already.
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

/// A private hand of at most [`MAX_DECK`] cards. Views show its contents
/// only to its owner. `add` is O(1), `remove` and `contains` O(len); `Clone`
/// never allocates.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Hand<C: Default> {
    cards: ArrayVec<[C; MAX_DECK]>,
}

impl<C: Default + PartialEq> Hand<C> {
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn deck_draws_from_top_returns_to_bottom_and_shuffles_deterministically() {
        let mut d = Deck::new([1, 2, 3]);
        assert_eq!(d.draw(), Some(1));
        d.put_bottom(1);
        assert_eq!(d.cards().copied().collect::<Vec<_>>(), vec![2, 3, 1]);
        d.put_top(4);
        assert_eq!(d.cards().copied().collect::<Vec<_>>(), vec![4, 2, 3, 1]);
        let a = Deck::shuffled(0..20, &mut Dice::from_seed(4));
        let b = Deck::shuffled(0..20, &mut Dice::from_seed(4));
        assert_eq!(a, b);
        assert_ne!(a.cards().copied().collect::<Vec<_>>(), (0..20).collect::<Vec<_>>());
        let mut h = Hand::new();
        h.add(7);
        assert!(h.contains(&7) && h.remove(&7) && !h.remove(&7));
    }

    #[test]
    fn shuffles_as_dice_shuffle_on_the_cards() {
        let mut v: Vec<u8> = (0..40).collect();
        Dice::from_seed(9).shuffle(&mut v);
        let d = Deck::shuffled(0..40u8, &mut Dice::from_seed(9));
        assert_eq!(d.cards().copied().collect::<Vec<_>>(), v);
        let mut e = Deck::new(0..40u8);
        e.shuffle(&mut Dice::from_seed(9));
        assert_eq!(e, d);
    }

    #[test]
    fn json_is_the_card_list_top_first_and_bounded() {
        let d = Deck::new([3u8, 1, 2]);
        let json = serde_json::to_string(&d).expect("serializes");
        assert_eq!(json, r#"{"cards":[3,1,2]}"#);
        assert_eq!(serde_json::from_str::<Deck<u8>>(&json).expect("parses"), d);
        let mut h = Hand::new();
        h.add(5u8);
        assert_eq!(serde_json::to_string(&h).expect("serializes"), r#"{"cards":[5]}"#);
        let over = format!(r#"{{"cards":{:?}}}"#, vec![0u8; MAX_DECK + 1]);
        assert!(serde_json::from_str::<Deck<u8>>(&over).is_err());
        assert!(serde_json::from_str::<Hand<u8>>(&over).is_err());
    }

    #[test]
    #[should_panic]
    fn a_deck_over_the_bound_panics() {
        let _ = Deck::new(0..=MAX_DECK);
    }
}
