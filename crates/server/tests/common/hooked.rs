//! A storage that forwards every call to another after a hook the test sets,
//! to count calls or to make them fail (a full disk, a lost connection).

use sandtable_server::storage::{GameRow, JournalRow, Listing, Role, SeatMail, Storage, Stored};

/// The calls a hook hears about before they go through.
pub enum Call<'a> {
    Append(&'a JournalRow),
    Journal,
    Game,
    Token,
}

/// What a test does before a call: count it, delay it, or fail it.
pub trait Hook: Send + Sync {
    fn before(&self, call: Call<'_>) -> Stored<()>;
}

/// `inner` with `hook` heard before the calls of [`Call`].
pub struct Hooked<H> {
    pub inner: Box<dyn Storage>,
    pub hook: H,
}

impl<H: Hook> Storage for Hooked<H> {
    fn describe(&self) -> String {
        self.inner.describe()
    }
    fn create(&self, game: &GameRow, tokens: &[(String, Role)], status: &str) -> Stored<()> {
        self.inner.create(game, tokens, status)
    }
    fn append(&self, game: &str, row: &JournalRow, status: &str) -> Stored<()> {
        self.hook.before(Call::Append(row))?;
        self.inner.append(game, row, status)
    }
    fn journal(&self, game: &str, after: u64) -> Stored<Vec<JournalRow>> {
        self.hook.before(Call::Journal)?;
        self.inner.journal(game, after)
    }
    fn game(&self, id: &str) -> Stored<Option<GameRow>> {
        self.hook.before(Call::Game)?;
        self.inner.game(id)
    }
    fn token(&self, token: &str) -> Stored<Option<(String, Role)>> {
        self.hook.before(Call::Token)?;
        self.inner.token(token)
    }
    fn list_public(&self, limit: usize) -> Stored<Vec<Listing>> {
        self.inner.list_public(limit)
    }
    fn listing(&self, id: &str) -> Stored<Option<Listing>> {
        self.inner.listing(id)
    }
    fn put_snapshot(&self, game: &str, version: u64, snapshot: &str) -> Stored<()> {
        self.inner.put_snapshot(game, version, snapshot)
    }
    fn snapshot(&self, game: &str) -> Stored<Option<(u64, String)>> {
        self.inner.snapshot(game)
    }
    fn claim(&self, invite: &str, game: &str, token: &str, role: &Role, at: i64) -> Stored<Result<(), i64>> {
        self.inner.claim(invite, game, token, role, at)
    }
    fn claimed(&self, invite: &str) -> Stored<Option<i64>> {
        self.inner.claimed(invite)
    }
    fn reissue(&self, game: &str, drop: &[Role], invite: &str, role: &Role) -> Stored<()> {
        self.inner.reissue(game, drop, invite, role)
    }
    fn set_mail(&self, game: &str, seat: &str, mail: Option<(&str, &str)>) -> Stored<()> {
        self.inner.set_mail(game, seat, mail)
    }
    fn mails(&self, game: &str) -> Stored<Vec<SeatMail>> {
        self.inner.mails(game)
    }
}
