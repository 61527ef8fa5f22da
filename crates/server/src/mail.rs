//! Turn notices by e-mail: a seat's holder who gave an address (opt-in, per
//! seat, changeable, never shown to anyone else) is written to when the
//! seat comes to owe a decision. Sent over SMTP by `lettre`, off the request
//! path; a failure is logged and costs nothing else (the game never waits on
//! mail).

use lettre::message::header::{ContentTransferEncoding, ContentType};
use lettre::message::{Body, Mailbox};
use lettre::{AsyncSmtpTransport, AsyncTransport, Message, Tokio1Executor};
use sandtable_core::Text;

/// The longest address taken (RFC 5321's path limit).
pub const MAX_ADDRESS: usize = 254;

/// Where and how to send.
#[derive(Clone)]
pub struct Mailer {
    transport: AsyncSmtpTransport<Tokio1Executor>,
    from: Mailbox,
    /// The server's address as players reach it (`https://play.example.org`),
    /// for the seat link in each message.
    public_url: String,
}

impl std::fmt::Debug for Mailer {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Mailer(from {}, links {})", self.from, self.public_url)
    }
}

impl Mailer {
    /// A mailer sending through `smtp` (`smtp://host:port` in the clear, as
    /// to a local relay; `smtp://host?tls=required` for STARTTLS;
    /// `smtps://user:pass@host` for TLS from the start: `lettre`'s URL
    /// forms), from `from` (`sandtable <games@example.org>`), linking to
    /// seats under `public_url`.
    ///
    /// # Errors
    /// The URL or the sender cannot be read.
    pub fn new(smtp: &str, from: &str, public_url: &str) -> Result<Mailer, String> {
        let transport = AsyncSmtpTransport::<Tokio1Executor>::from_url(smtp)
            .map_err(|e| format!("SMTP URL {smtp:?}: {e}"))?
            .build();
        let from = from.parse().map_err(|e| format!("sender {from:?}: {e}"))?;
        Ok(Mailer { transport, from, public_url: public_url.trim_end_matches('/').to_owned() })
    }

    /// Writes to `to` that `seat` of `game` must decide, with the seat's
    /// link, in English and Russian. Cost: one SMTP session.
    ///
    /// # Errors
    /// The address, the message or the SMTP exchange failed.
    pub async fn your_turn(&self, to: &str, game: &Text, seat: &Text, token: &str) -> Result<(), String> {
        let link = format!("{}/t/{token}", self.public_url);
        let message = Message::builder()
            .from(self.from.clone())
            .to(to.parse().map_err(|e| format!("address {to:?}: {e}"))?)
            .subject(format!("Your turn: {} ({}) / Ваш ход: {} ({})", game.en, seat.en, game.ru, seat.ru))
            .singlepart(
                lettre::message::SinglePart::builder().header(ContentType::TEXT_PLAIN).body(
                    Body::new_with_encoding(
                        format!(
                            "It is your turn in {} ({}):\n{link}\n\nВаш ход в партии «{}» ({}):\n{link}\n\n\
                 You get this because you asked for it on the game's page; untick it there to stop.\n\
                 Это письмо пришло, потому что вы попросили о нём на странице партии; там же можно отказаться.\n",
                            game.en, seat.en, game.ru, seat.ru
                        ),
                        // Quoted-printable keeps the link readable in the raw message
                        // (the Russian lines are escaped, the ASCII ones are not).
                        ContentTransferEncoding::QuotedPrintable,
                    )
                    .map_err(|_| "the message cannot be quoted-printable".to_owned())?,
                ),
            )
            .map_err(|e| e.to_string())?;
        self.transport.send(message).await.map(|_| ()).map_err(|e| e.to_string())
    }
}

/// Whether `address` is one to write to: a single mailbox address (no
/// display name), at most [`MAX_ADDRESS`] bytes.
pub fn is_address(address: &str) -> bool {
    address.len() <= MAX_ADDRESS
        && !address.contains(['<', '>', ',', ' '])
        && address.parse::<lettre::Address>().is_ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn addresses_are_single_mailboxes_of_bounded_length() {
        assert!(is_address("player@example.org"));
        assert!(is_address("a.b+games@mail.example.org"));
        for bad in ["", "player", "@example.org", "a@b@c", "Player <p@example.org>", "a@example.org, b@example.org"] {
            assert!(!is_address(bad), "{bad:?}");
        }
        let long = format!("{}@example.org", "a".repeat(MAX_ADDRESS));
        assert!(!is_address(&long));
    }

    #[test]
    fn a_bad_url_or_sender_is_refused() {
        assert!(Mailer::new("smtp://127.0.0.1:2525", "sandtable <games@example.org>", "http://x/").is_ok());
        assert!(Mailer::new("not a url", "games@example.org", "http://x").is_err());
        assert!(Mailer::new("smtp://127.0.0.1:2525", "not an address", "http://x").is_err());
    }
}
