//! `sandtable serve`: the server with its browser client.

use super::Fail;
use clap::ValueEnum;
use sandtable_server::{Config, Durability};
use std::net::SocketAddr;
use std::time::Duration;

/// How hard to keep each acknowledged action / Надёжность записи
#[derive(Copy, Clone, Debug, PartialEq, Eq, ValueEnum)]
pub enum DurabilityArg {
    /// fsync every commit: survives a power cut / fsync при каждой записи
    Full,
    /// survives a killed server, not a power cut / переживает сбой процесса, но не питания
    Normal,
}

#[derive(clap::Args)]
pub struct Args {
    /// Address to listen on; 0.0.0.0:8080 to let other machines in / Адрес
    #[arg(long, default_value = "127.0.0.1:8080")]
    pub addr: SocketAddr,
    /// sqlite:PATH (created on first run) or postgres://user:pass@host/db / База данных
    #[arg(long, default_value = "sqlite:sandtable.db")]
    pub database: String,
    /// SQLite durability / Надёжность SQLite
    #[arg(long, value_enum, default_value_t = DurabilityArg::Full)]
    pub durability: DurabilityArg,
    /// The bot a seat gets when the lobby says only "bot" (`sandtable bots` lists them) / Бот по умолчанию
    #[arg(long, default_value = "mcts:normal", value_parser = parse_bot)]
    pub bot: sandtable_ai::BotSpec,
    /// Milliseconds a bot waits before each move, so people can follow / Пауза бота, мс
    #[arg(long, default_value_t = 400)]
    pub bot_delay_ms: u64,
    /// Requests per second allowed per link / Запросов в секунду на ссылку
    #[arg(long, default_value_t = sandtable_server::limits::PER_SECOND)]
    pub rate: u32,
    /// Send turn notices by e-mail through this SMTP server: smtp://host:port (a local relay), smtp://user:pass@host?tls=required (STARTTLS) or smtps://user:pass@host / SMTP для писем о ходе
    #[arg(long, value_name = "URL")]
    pub smtp: Option<String>,
    /// The sender of turn notices / Отправитель писем
    #[arg(long, default_value = "sandtable <sandtable@localhost>", requires = "smtp")]
    pub mail_from: String,
    /// The server's address as players reach it, for the links in turn notices (default: http://ADDR) / Адрес сервера для ссылок в письмах
    #[arg(long, value_name = "URL", requires = "smtp")]
    pub public_url: Option<String>,
}

/// A bot by name, for `--bot`.
fn parse_bot(name: &str) -> Result<sandtable_ai::BotSpec, String> {
    sandtable_ai::BotSpec::parse(name).map_err(|t| format!("{} / {}", t.en, t.ru))
}

impl Args {
    pub fn config(&self) -> Result<Config, Fail> {
        let mailer = match &self.smtp {
            None => None,
            Some(url) => {
                let public = self.public_url.clone().unwrap_or_else(|| format!("http://{}", self.addr));
                Some(sandtable_server::mail::Mailer::new(url, &self.mail_from, &public).map_err(|e| Fail::new(2, e))?)
            }
        };
        Ok(Config {
            addr: self.addr,
            database: self.database.clone(),
            durability: match self.durability {
                DurabilityArg::Full => Durability::Full,
                DurabilityArg::Normal => Durability::Normal,
            },
            bot_delay: Duration::from_millis(self.bot_delay_ms),
            rate: self.rate,
            caps: Default::default(),
            mailer,
        })
    }
}

pub fn run(args: &Args) -> Result<(), Fail> {
    let runtime = tokio::runtime::Runtime::new().map_err(|e| Fail::new(1, e))?;
    runtime.block_on(async {
        let running = sandtable_server::start_with_bot(&args.config()?, args.bot).await.map_err(|e| Fail::new(1, e))?;
        println!(
            "sandtable: open http://{}/ in a browser / откройте http://{}/ в браузере\nstorage: {}",
            running.addr, running.addr, running.storage
        );
        tokio::select! {
            r = running.task => match r {
                Ok(Ok(())) => Ok(()),
                Ok(Err(e)) => Err(Fail::new(1, e)),
                Err(e) => Err(Fail::new(1, e)),
            },
            _ = tokio::signal::ctrl_c() => {
                // Every acknowledged action is already committed: nothing to flush.
                println!("sandtable: stopped / остановлен");
                Ok(())
            }
        }
    })
}
