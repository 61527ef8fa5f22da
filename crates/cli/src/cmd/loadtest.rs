//! `sandtable loadtest`: a bounded load benchmark of the server, on loopback.
//!
//! The real server (`sandtable_server::start`, as `serve` runs it) listens on
//! 127.0.0.1 on a free port in this process; N games are created through
//! `POST /api/games`, and M client tasks, each with its own HTTP connection
//! and one seat link, play them through the public API: `GET /api/t/{token}`,
//! and when their seat is to act, a random legal action to
//! `POST /api/t/{token}/act`. It ends at K submitted actions or S seconds,
//! whichever comes first, and reports actions/s and latency quantiles with
//! the storage and its durability named.

use super::serve::DurabilityArg;
use super::{Fail, Result};
use crate::Lang;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use reqwest::StatusCode;
use sandtable::latency::{Histogram, Summary};
use sandtable::setup::SetupArgs;
use sandtable_server::{Config, Durability};
use serde::de::IgnoredAny;
use serde::{Deserialize, Serialize};
use serde_json::{json, Value};
use std::path::PathBuf;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// Most clients: each is one connection, two file descriptors in this
/// process (its end and the server's); checked against the process's
/// descriptor limit before the run ([`descriptors_suffice`]).
const MAX_CLIENTS: u32 = 4096;
/// Most games at once.
const MAX_GAMES: u32 = 2048;
/// Longest run. Every game played stays in the server's memory, so time
/// bounds memory too.
const MAX_SECONDS: f64 = 600.0;
/// Most actions.
const MAX_ACTIONS: u64 = 1_000_000;
/// Requests per second allowed per link during the run. The server's
/// default (20/s) is for people; under it the benchmark would measure the
/// limiter, not the server.
const RATE: u32 = 1_000_000;
/// How long a client whose seat is not to act waits before asking again,
/// with up to [`WAIT_CLIENTS`] clients: often enough to follow the game,
/// rarely enough that the waiting clients do not crowd out the acting ones
/// on a small machine. With more clients each waits proportionally longer
/// ([`wait_for`]), so the polling load stays that of [`WAIT_CLIENTS`] — as a
/// page waits for a push rather than asking without end.
const WAIT: Duration = Duration::from_millis(5);
/// Clients that may each ask every [`WAIT`].
const WAIT_CLIENTS: usize = 64;
/// Longest a single request may take before it counts as an error.
const REQUEST_TIMEOUT: Duration = Duration::from_secs(30);
/// How long after the deadline the clients get to finish the requests in
/// flight before they are cut off (and counted as errors).
const GRACE: Duration = Duration::from_secs(35);
/// Error messages kept for the report (the count is kept in full).
const ERROR_SAMPLES: usize = 5;

#[derive(clap::Args)]
pub struct Args {
    /// Games played at once / Партий одновременно
    #[arg(long, default_value_t = 8, value_parser = clap::value_parser!(u32).range(1..=MAX_GAMES as i64))]
    pub games: u32,
    /// HTTP clients in all, spread over the games' seats (at least games × seats) / Клиентов всего
    #[arg(long, default_value_t = 16, value_parser = clap::value_parser!(u32).range(1..=MAX_CLIENTS as i64))]
    pub clients: u32,
    /// Stop after this many submitted actions / Остановиться после стольких ходов
    #[arg(long, default_value_t = 2000, value_parser = clap::value_parser!(u64).range(1..=MAX_ACTIONS))]
    pub actions: u64,
    /// Stop after this many seconds (at most 600) / Остановиться через столько секунд
    #[arg(long, default_value_t = 10.0)]
    pub seconds: f64,
    /// Game id / Игра
    #[arg(long, default_value = "totensonntag")]
    pub game: String,
    #[command(flatten)]
    pub setup: SetupArgs,
    /// sqlite:PATH or postgres://… on this machine (default: a fresh SQLite file, removed after) / База данных
    #[arg(long)]
    pub database: Option<String>,
    /// SQLite durability / Надёжность SQLite
    #[arg(long, value_enum, default_value_t = DurabilityArg::Full)]
    pub durability: DurabilityArg,
    /// Seed of the first game (game i: seed + i) and of the clients' choices / Зерно
    #[arg(long, default_value_t = 0)]
    pub seed: u64,
    /// Print the report as JSON / Отчёт в JSON
    #[arg(long)]
    pub json: bool,
}

/// What the run measured; `--json` prints it as is.
#[derive(Serialize)]
struct Report {
    /// The storage as the server describes it.
    storage: String,
    /// `sqlite` or `postgres`.
    backend: &'static str,
    /// `full` or `normal` (SQLite), or PostgreSQL's `synchronous_commit=…`.
    durability: String,
    machine: Machine,
    game: String,
    scenario: Option<String>,
    options: std::collections::BTreeMap<String, String>,
    games: u32,
    seats_per_game: usize,
    clients: u32,
    bound_actions: u64,
    bound_seconds: f64,
    /// `actions` or `seconds`: which bound ended the run.
    ended_by: &'static str,
    rate_per_link: u32,
    accepted: u64,
    stale: u64,
    errors: u64,
    error_samples: Vec<String>,
    games_finished: u64,
    games_created: u64,
    wall_seconds: f64,
    actions_per_second: f64,
    /// `POST /act` answered OK: the action was committed.
    act: Summary,
    /// `GET /api/t/{token}` answered OK.
    table: Summary,
    /// The SQLite file made for the run, already removed.
    temporary_database: Option<String>,
    /// This process's resident memory (the server and its clients).
    memory: Memory,
}

/// Resident memory of this process (server and clients together), in MiB:
/// once the games are made, at the end, and the peak.
#[derive(Serialize)]
struct Memory {
    after_creation_mib: f64,
    end_mib: f64,
    peak_mib: f64,
}

/// `VmRSS` or `VmHWM` of this process from /proc, in MiB (0 where /proc is missing).
fn resident_mib(field: &str) -> f64 {
    std::fs::read_to_string("/proc/self/status")
        .ok()
        .and_then(|s| {
            s.lines()
                .find_map(|l| l.strip_prefix(field))
                .and_then(|v| v.split_whitespace().next())
                .and_then(|v| v.parse::<f64>().ok())
        })
        .map_or(0.0, |kb| kb / 1024.0)
}

/// Whether this process may open the descriptors `clients` need (two a
/// client, and some for the storage and the runtime), from /proc's limits
/// (assumed fine where it is missing).
fn descriptors_suffice(clients: u32) -> std::result::Result<(), (u64, u64)> {
    let need = 2 * u64::from(clients) + 256;
    let limit = std::fs::read_to_string("/proc/self/limits").ok().and_then(|s| {
        s.lines()
            .find(|l| l.starts_with("Max open files"))
            .and_then(|l| l.split_whitespace().nth(3))
            .and_then(|v| v.parse::<u64>().ok())
    });
    match limit {
        Some(have) if have < need => Err((need, have)),
        _ => Ok(()),
    }
}

#[derive(Serialize)]
struct Machine {
    cpus: usize,
    cpu_model: String,
    os: &'static str,
    build: &'static str,
}

/// A fresh directory for the default database (a random name `tempfile`
/// creates exclusively, so no earlier run's database can be in it), removed
/// with the WAL files when dropped, whether the run succeeded or not.
struct TempDb(tempfile::TempDir);

impl TempDb {
    fn new() -> std::io::Result<TempDb> {
        Ok(TempDb(tempfile::Builder::new().prefix("sandtable-loadtest-").tempdir()?))
    }
    fn file(&self) -> PathBuf {
        self.0.path().join("games.sqlite")
    }
}

pub fn run(a: &Args, lang: Lang) -> Result {
    let t = |en: &str, ru: &str| Fail::text(1, en, ru);
    if !(a.seconds > 0.0 && a.seconds <= MAX_SECONDS) {
        return Err(t("--seconds must be above 0 and at most 600", "--seconds: больше 0 и не больше 600"));
    }
    let driver = sandtable_catalog::find(&a.game)?;
    let setup = a.setup.setup(a.seed);
    // Refuse a bad set-up once, here, rather than as N refused creations.
    let session = driver.game().start(&setup)?;
    let info = session.info();
    let all_seats: Vec<String> = info.seats.iter().map(|s| s.id.clone()).collect();
    let playing: Vec<String> = session.seats().iter().map(|s| info.seat_id(s).to_owned()).collect();
    let needed = a.games as usize * playing.len();
    if (a.clients as usize) < needed {
        return Err(Fail::text(
            1,
            format!(
                "--clients {} is fewer than games × seats = {} × {} = {needed}: a seat without a client would stall its game",
                a.clients,
                a.games,
                playing.len()
            ),
            format!(
                "--clients {} меньше, чем партий × мест = {} × {} = {needed}: партия с местом без клиента встанет",
                a.clients,
                a.games,
                playing.len()
            ),
        ));
    }
    if let Err((need, have)) = descriptors_suffice(a.clients) {
        return Err(Fail::text(
            1,
            format!("--clients {} needs {need} open files, this process may open {have} (ulimit -n)", a.clients),
            format!("--clients {} нужно {need} открытых файлов, а процессу можно {have} (ulimit -n)", a.clients),
        ));
    }
    let temp = match &a.database {
        Some(_) => None,
        None => Some(TempDb::new()?),
    };
    let database = match (&a.database, &temp) {
        (Some(d), _) => {
            local_only(d)?;
            d.clone()
        }
        (None, Some(tmp)) => format!("sqlite:{}", tmp.file().display()),
        (None, None) => unreachable!("a temporary database is made when none is given"),
    };
    let durability = match a.durability {
        DurabilityArg::Full => Durability::Full,
        DurabilityArg::Normal => Durability::Normal,
    };
    let config = Config {
        // Loopback, any free port: nothing outside this machine can reach
        // the server, and nothing here talks to anything else.
        addr: "127.0.0.1:0".parse().expect("a loopback address"),
        database,
        durability,
        bot_delay: Duration::ZERO,
        rate: RATE,
        caps: Default::default(),
        mailer: None,
    };
    let request = json!({
        "game": a.game,
        "scenario": setup.scenario,
        "options": setup.options,
        "seats": all_seats.iter().map(|s| (s.clone(), json!("human"))).collect::<serde_json::Map<_, _>>(),
    });
    let seats_per_game = playing.len();
    let plan = Plan { games: a.games as usize, clients: a.clients as usize, seats: playing, request, seed: a.seed };
    let runtime = tokio::runtime::Runtime::new().map_err(|e| Fail::new(1, e))?;
    let measured = runtime
        .block_on(drive(&config, plan, a.actions, Duration::from_secs_f64(a.seconds)))
        .map_err(|e| Fail::new(1, e))?;
    // Stop the server (and its storage) before the temporary file goes.
    drop(runtime);
    let temporary_database = temp.as_ref().map(|t| t.file().display().to_string());
    drop(temp);

    let postgres = config.database.starts_with("postgres");
    let durability = if postgres {
        measured
            .storage
            .split("synchronous_commit=")
            .nth(1)
            .and_then(|s| s.split([',', ')']).next())
            .map_or_else(|| "postgres server setting".to_owned(), |v| format!("synchronous_commit={v}"))
    } else {
        match a.durability {
            DurabilityArg::Full => "full".into(),
            DurabilityArg::Normal => "normal".into(),
        }
    };
    let wall = measured.wall.as_secs_f64();
    let report = Report {
        storage: measured.storage,
        backend: if postgres { "postgres" } else { "sqlite" },
        durability,
        machine: Machine {
            cpus: std::thread::available_parallelism().map_or(1, usize::from),
            cpu_model: super::bench::cpu_model(),
            os: std::env::consts::OS,
            build: if cfg!(debug_assertions) { "debug" } else { "release" },
        },
        game: a.game.clone(),
        scenario: setup.scenario.clone(),
        options: setup.options.clone(),
        games: a.games,
        seats_per_game,
        clients: a.clients,
        bound_actions: a.actions,
        bound_seconds: a.seconds,
        ended_by: if measured.submitted >= a.actions { "actions" } else { "seconds" },
        rate_per_link: RATE,
        accepted: measured.accepted,
        stale: measured.stale,
        errors: measured.errors,
        error_samples: measured.error_samples,
        games_finished: measured.finished,
        games_created: measured.created,
        wall_seconds: wall,
        actions_per_second: if wall > 0.0 { measured.accepted as f64 / wall } else { 0.0 },
        act: measured.act.summary(),
        table: measured.table.summary(),
        temporary_database,
        memory: Memory {
            after_creation_mib: measured.rss_after_creation_mib,
            end_mib: measured.rss_end_mib,
            peak_mib: resident_mib("VmHWM:"),
        },
    };
    if a.json {
        println!("{}", serde_json::to_string_pretty(&report).expect("reports serialise"));
    } else {
        print_text(&report, lang);
    }
    if report.errors > 0 {
        return Err(Fail::text(
            1,
            format!("{} requests failed (see the report)", report.errors),
            format!("{} запросов не удались (см. отчёт)", report.errors),
        ));
    }
    Ok(())
}

/// Refuses a database that is not on this machine: the benchmark promises
/// to touch loopback only.
fn local_only(database: &str) -> Result {
    if !(database.starts_with("postgres://") || database.starts_with("postgresql://")) {
        return Ok(()); // an SQLite file
    }
    match sandtable_server::postgres::is_local(database) {
        Ok(true) => Ok(()),
        Ok(false) => Err(Fail::text(
            1,
            "loadtest runs on loopback only: the PostgreSQL host must be localhost, a loopback address or a Unix socket",
            "loadtest работает только через loopback: хост PostgreSQL — localhost, адрес loopback или Unix-сокет",
        )),
        Err(e) => Err(Fail::text(1, format!("bad PostgreSQL URL: {e}"), format!("неверный URL PostgreSQL: {e}"))),
    }
}

fn print_text(r: &Report, lang: Lang) {
    let ru = lang == Lang::Ru;
    let t = |en: &'static str, ru_: &'static str| if ru { ru_ } else { en };
    let m = &r.machine;
    println!("{}: {}, {} {}", t("machine", "машина"), m.cpu_model, m.cpus, t("cores", "ядер"));
    println!("{}: {}", t("build", "сборка"), m.build);
    println!("{}: {}", t("storage", "хранилище"), r.storage);
    println!("{}: {}", t("durability", "надёжность"), r.durability);
    println!(
        "{}: {}, {} {} × {} {}, {} {} ({})",
        t("load", "нагрузка"),
        r.game,
        r.games,
        t("games", "партий"),
        r.seats_per_game,
        t("seats", "мест"),
        r.clients,
        t("clients", "клиентов"),
        t("loopback", "loopback"),
    );
    println!(
        "{}: {} {} {} s, {}: {}",
        t("bounds", "пределы"),
        r.bound_actions,
        t("actions or", "ходов или"),
        r.bound_seconds,
        t("ended by", "остановлено по"),
        r.ended_by
    );
    println!("{}: {}", t("accepted actions", "принятых ходов"), r.accepted);
    println!("{}: {}", t("stale refusals", "отказов stale"), r.stale);
    println!("{}: {}", t("other errors", "прочих ошибок"), r.errors);
    for e in &r.error_samples {
        println!("  {e}");
    }
    println!(
        "{}: {} / {}",
        t("games finished / created", "партий окончено / создано"),
        r.games_finished,
        r.games_created
    );
    println!("{}: {:.2} s", t("wall time", "время"), r.wall_seconds);
    println!("actions/s: {:.1}", r.actions_per_second);
    let line = |name: &str, s: &Summary| {
        println!(
            "{name}: p50 {:.2}  p90 {:.2}  p99 {:.2}  max {:.2}  mean {:.2} ms  (n = {})",
            s.p50_ms, s.p90_ms, s.p99_ms, s.max_ms, s.mean_ms, s.count
        );
    };
    line(t("act latency (committed)", "задержка хода (записан)"), &r.act);
    line(t("table GET latency", "задержка GET стола"), &r.table);
    println!(
        "{}: {:.1} MiB {}, {:.1} MiB {}, {:.1} MiB {}",
        t("memory (server and clients)", "память (сервер и клиенты)"),
        r.memory.after_creation_mib,
        t("after creating the games", "после создания партий"),
        r.memory.end_mib,
        t("at the end", "в конце"),
        r.memory.peak_mib,
        t("peak", "пик")
    );
}

/// What to play.
struct Plan {
    games: usize,
    clients: usize,
    /// The seats taking part, in the game's order; client i plays game
    /// i mod games, seat (i div games) mod seats.
    seats: Vec<String>,
    /// The `POST /api/games` body, without the seed.
    request: Value,
    seed: u64,
}

/// The seat links of one game, replaced when it ends.
struct Links {
    generation: u64,
    tokens: Vec<String>,
}

/// What every client task shares: the bounds, the counters, the histograms.
/// Memory: two histograms (58 KiB each), a few counters, the links.
struct Shared {
    base: String,
    plan: Plan,
    deadline: Instant,
    budget: u64,
    submitted: AtomicU64,
    accepted: AtomicU64,
    stale: AtomicU64,
    errors: AtomicU64,
    error_samples: Mutex<Vec<String>>,
    finished: AtomicU64,
    created: AtomicU64,
    next_game: AtomicU64,
    act: Mutex<Histogram>,
    table: Mutex<Histogram>,
    games: Vec<tokio::sync::Mutex<Links>>,
}

impl Shared {
    fn error(&self, what: String) {
        self.errors.fetch_add(1, Ordering::Relaxed);
        let mut samples = self.error_samples.lock().expect("error list");
        if samples.len() < ERROR_SAMPLES {
            samples.push(what);
        }
    }
    /// Whether a bound is reached: the deadline, or the action budget spent.
    fn done(&self) -> bool {
        Instant::now() >= self.deadline || self.submitted.load(Ordering::Relaxed) >= self.budget
    }
}

/// The run's raw results.
struct Measured {
    storage: String,
    submitted: u64,
    accepted: u64,
    stale: u64,
    errors: u64,
    error_samples: Vec<String>,
    finished: u64,
    created: u64,
    wall: Duration,
    act: Histogram,
    table: Histogram,
    rss_after_creation_mib: f64,
    rss_end_mib: f64,
}

/// Clients sharing one source address: the server caps connections per
/// address (`sandtable_server::connections::PER_ADDRESS`), as it must
/// against one hostile client, so the players come from as many loopback
/// addresses (127.0.0.0/8 is all loopback on Linux) as people would from
/// their own.
const CLIENTS_PER_ADDRESS: usize = 16;

/// The loopback source address of client `i` (127.0.1.x, 127.0.2.x, …).
fn source_address(i: usize) -> std::net::IpAddr {
    let n = i / CLIENTS_PER_ADDRESS;
    std::net::IpAddr::V4(std::net::Ipv4Addr::new(127, 0, (1 + n / 250) as u8, (1 + n % 250) as u8))
}

/// An HTTP client with one connection of its own from `source`, that never
/// goes through a proxy (`HTTP_PROXY` in the environment would send
/// loopback traffic elsewhere) and never follows a redirect.
fn http_client(source: std::net::IpAddr) -> std::result::Result<reqwest::Client, String> {
    reqwest::Client::builder()
        .local_address(source)
        .no_proxy()
        .redirect(reqwest::redirect::Policy::none())
        .timeout(REQUEST_TIMEOUT)
        .pool_max_idle_per_host(1)
        .build()
        .map_err(|e| e.to_string())
}

/// One request: its status and whole body. The time measured around it
/// includes reading the body, as a client must before it can act.
async fn send(request: reqwest::RequestBuilder) -> std::result::Result<(StatusCode, Vec<u8>), String> {
    let r = request.send().await.map_err(|e| e.to_string())?;
    let status = r.status();
    let body = r.bytes().await.map_err(|e| e.to_string())?;
    Ok((status, body.to_vec()))
}

/// Creates one game through the API; its seat tokens in the plan's seat order.
async fn create(http: &reqwest::Client, shared: &Shared) -> std::result::Result<Vec<String>, String> {
    let plan = &shared.plan;
    let mut body = plan.request.clone();
    body["seed"] = json!(plan.seed.wrapping_add(shared.next_game.fetch_add(1, Ordering::Relaxed)));
    let (status, bytes) = send(http.post(format!("{}/api/games", shared.base)).body(body.to_string()))
        .await
        .map_err(|e| format!("create: {e}"))?;
    let created: Value = serde_json::from_slice(&bytes).map_err(|e| format!("create: {e}"))?;
    if status != StatusCode::CREATED {
        return Err(format!("create: {status} {created}"));
    }
    shared.created.fetch_add(1, Ordering::Relaxed);
    plan.seats
        .iter()
        .map(|s| created["seats"][s].as_str().map(str::to_owned).ok_or_else(|| format!("create: no token for {s}")))
        .collect()
}

/// Starts the server, creates the games, runs the clients to a bound.
async fn drive(config: &Config, plan: Plan, budget: u64, seconds: Duration) -> std::result::Result<Measured, String> {
    let running = sandtable_server::start(config).await?;
    if !running.addr.ip().is_loopback() {
        running.task.abort();
        return Err(format!("the server listens on {}, not on loopback", running.addr));
    }
    let mut shared = Shared {
        base: format!("http://{}", running.addr),
        plan,
        deadline: Instant::now(), // set when the clients start
        budget,
        submitted: AtomicU64::new(0),
        accepted: AtomicU64::new(0),
        stale: AtomicU64::new(0),
        errors: AtomicU64::new(0),
        error_samples: Mutex::new(Vec::new()),
        finished: AtomicU64::new(0),
        created: AtomicU64::new(0),
        next_game: AtomicU64::new(0),
        act: Mutex::new(Histogram::new()),
        table: Mutex::new(Histogram::new()),
        games: Vec::new(),
    };
    // The games are made before the clock starts: creation is not the load.
    let http = http_client(source_address(0))?;
    for _ in 0..shared.plan.games {
        let tokens = create(&http, &shared).await?;
        shared.games.push(tokio::sync::Mutex::new(Links { generation: 0, tokens }));
    }
    let rss_after_creation_mib = resident_mib("VmRSS:");
    let start = Instant::now();
    shared.deadline = start + seconds;
    let shared = Arc::new(shared);
    let mut clients = tokio::task::JoinSet::new();
    for i in 0..shared.plan.clients {
        let (game, seat) = (i % shared.plan.games, (i / shared.plan.games) % shared.plan.seats.len());
        let http = http_client(source_address(i))?;
        let rng = ChaCha8Rng::seed_from_u64(shared.plan.seed ^ (0x9e37_79b9_7f4a_7c15_u64.wrapping_mul(i as u64 + 1)));
        clients.spawn(client(shared.clone(), http, game, seat, rng));
    }
    let all_done = async {
        while let Some(done) = clients.join_next().await {
            if let Err(e) = done {
                shared.error(format!("client task: {e}"));
            }
        }
    };
    if tokio::time::timeout(seconds + GRACE, all_done).await.is_err() {
        let left = clients.len();
        clients.abort_all();
        shared.error(format!("{left} clients still waiting {GRACE:?} after the deadline, cut off"));
    }
    let wall = start.elapsed();
    let rss_end_mib = resident_mib("VmRSS:");
    running.task.abort();
    let take = |h: &Mutex<Histogram>| h.lock().expect("histogram").clone();
    let error_samples = shared.error_samples.lock().expect("error list").clone();
    Ok(Measured {
        storage: running.storage,
        submitted: shared.submitted.load(Ordering::Relaxed),
        accepted: shared.accepted.load(Ordering::Relaxed),
        stale: shared.stale.load(Ordering::Relaxed),
        errors: shared.errors.load(Ordering::Relaxed),
        error_samples,
        finished: shared.finished.load(Ordering::Relaxed),
        created: shared.created.load(Ordering::Relaxed),
        wall,
        act: take(&shared.act),
        table: take(&shared.table),
        rss_after_creation_mib,
        rss_end_mib,
    })
}

/// The part of a table (docs/server.md) a client acts on. Read without
/// building the rest (view, log) as values: the client shares the machine
/// with the server, and what it spends is not spent serving.
#[derive(Deserialize)]
struct Head {
    version: u64,
    #[serde(default)]
    to_act: Vec<String>,
    #[serde(default)]
    legal: Vec<Legal>,
    over: Option<IgnoredAny>,
    /// Entries in the whole log (the table carries only those the client lacks).
    #[serde(default)]
    log_len: usize,
}

#[derive(Deserialize)]
struct Legal {
    action: String,
}

/// One player: reads its table, and when its seat is to act submits a
/// random legal action against the version it read, until a bound is hit.
async fn client(shared: Arc<Shared>, http: reqwest::Client, game: usize, seat: usize, mut rng: ChaCha8Rng) {
    let seat_id = shared.plan.seats[seat].clone();
    let wait = wait_for(shared.plan.clients);
    // What this client holds of its game's log, as a page does: its tables
    // then carry only the entries it lacks (docs/server.md, The log).
    let mut held: Option<(u64, u64, usize)> = None; // (game generation, version, log entries)
    while !shared.done() {
        let (generation, token) = {
            let links = shared.games[game].lock().await;
            (links.generation, links.tokens[seat].clone())
        };
        let query = match held {
            Some((g, since, have)) if g == generation => format!("?since={since}&have={have}"),
            _ => String::new(),
        };
        let began = Instant::now();
        let table = match send(http.get(format!("{}/api/t/{token}{query}", shared.base))).await {
            Ok((StatusCode::OK, body)) => {
                shared.table.lock().expect("histogram").record(began.elapsed());
                match serde_json::from_slice::<Head>(&body) {
                    Ok(v) => v,
                    Err(e) => {
                        shared.error(format!("table: {e}"));
                        tokio::time::sleep(wait).await;
                        continue;
                    }
                }
            }
            Ok((status, body)) => {
                shared.error(format!("table: {status} {}", String::from_utf8_lossy(&body)));
                tokio::time::sleep(wait).await;
                continue;
            }
            Err(e) => {
                shared.error(format!("table: {e}"));
                tokio::time::sleep(wait).await;
                continue;
            }
        };
        held = Some((generation, table.version, table.log_len));
        if table.over.is_some() {
            replace(&shared, &http, game, generation).await;
            continue;
        }
        let to_act = table.to_act.contains(&seat_id);
        let legal = &table.legal;
        if !to_act || legal.is_empty() {
            tokio::time::sleep(wait).await;
            continue;
        }
        // Reserve one action of the budget before sending it, so that the
        // clients together never submit more than the bound.
        if shared.submitted.fetch_add(1, Ordering::Relaxed) >= shared.budget {
            break;
        }
        let action = &legal[rng.gen_range(0..legal.len())].action;
        let body = json!({"version": table.version, "action": action}).to_string();
        let began = Instant::now();
        match send(http.post(format!("{}/api/t/{token}/act", shared.base)).body(body)).await {
            Ok((StatusCode::OK, _)) => {
                shared.act.lock().expect("histogram").record(began.elapsed());
                shared.accepted.fetch_add(1, Ordering::Relaxed);
            }
            // Another client of the game (the same seat, or another seat of
            // a simultaneous choice) got there first: the race the version
            // guards against, not a failure.
            Ok((StatusCode::CONFLICT, body)) if stale(&body) => {
                shared.stale.fetch_add(1, Ordering::Relaxed);
            }
            Ok((status, body)) => shared.error(format!("act {action:?}: {status} {}", String::from_utf8_lossy(&body))),
            Err(e) => shared.error(format!("act {action:?}: {e}")),
        }
    }
}

/// How long each of `clients` waits between asks (see [`WAIT`]).
fn wait_for(clients: usize) -> Duration {
    WAIT * u32::try_from(clients.div_ceil(WAIT_CLIENTS).max(1)).unwrap_or(u32::MAX)
}

fn stale(body: &[u8]) -> bool {
    serde_json::from_slice::<Value>(body).is_ok_and(|v| v["error"]["kind"] == "stale")
}

/// Replaces a finished game with a fresh one, once: the first of its
/// clients to see the end creates it, the others find the new links.
async fn replace(shared: &Shared, http: &reqwest::Client, game: usize, generation: u64) {
    let mut links = shared.games[game].lock().await;
    if links.generation != generation || shared.done() {
        return;
    }
    match create(http, shared).await {
        Ok(tokens) => {
            shared.finished.fetch_add(1, Ordering::Relaxed);
            links.tokens = tokens;
            links.generation += 1;
        }
        Err(e) => {
            shared.error(e);
            drop(links);
            tokio::time::sleep(wait_for(shared.plan.clients)).await;
        }
    }
}
