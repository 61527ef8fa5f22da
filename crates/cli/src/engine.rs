//! The engine protocol: JSON lines on stdin/stdout, so a bot in any language
//! can play any game of the catalog. One request object per line in, one
//! reply object per line out; the reference is `docs/protocol.md`.
//!
//! Every reply has `"ok"`; a failed request gets
//! `{"ok":false,"error":{"kind":…,"en":…,"ru":…}}` (and `"rule"` when the
//! rules refused an action) and changes nothing. A request's `"rid"`, if any,
//! is echoed back.

use sandtable_ai::{BotSpec, Level};
use sandtable_core::{
    events_seen_by, Chance, DataError, DataErrors, Forecast, Refusal, ScenarioFile, Seat, Session, Setup, Text, ToAct,
    Viewer,
};
use serde::Serialize;
use serde_json::{json, Map, Value};
use std::collections::BTreeMap;
use std::io::{self, BufRead, Write};

/// Longest request line accepted, in bytes (1 MiB). Longer lines are skipped
/// without being held in memory, and answered with a `too_long` error.
pub const MAX_LINE: usize = 1 << 20;

/// The protocol state: the open games, by id.
#[derive(Default)]
pub struct Engine {
    sessions: BTreeMap<String, Box<dyn Session>>,
    next_id: u64,
    quit: bool,
}

/// A failed request: the error object of the reply.
struct Fail {
    kind: &'static str,
    rule: Option<String>,
    text: Text,
    problems: Vec<DataError>,
}

impl Fail {
    fn new(kind: &'static str, text: Text) -> Fail {
        Fail { kind, rule: None, text, problems: Vec::new() }
    }
    /// A scenario file refused: kind `scenario`, every problem listed.
    fn scenario(e: DataErrors) -> Fail {
        let lines = |lang: &str| e.lines_in(lang).join("\n");
        Fail {
            kind: "scenario",
            rule: None,
            text: Text::new(
                format!("the scenario file is not playable:\n{}", lines("en")),
                format!("файл сценария непригоден для игры:\n{}", lines("ru")),
            ),
            problems: e.0,
        }
    }
}

/// A reply line. Structs (not maps) so the keys come out in this order:
/// `ok`, `rid`, then the rest.
#[derive(Serialize)]
struct Reply<'a> {
    ok: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    rid: Option<&'a Value>,
    #[serde(skip_serializing_if = "Option::is_none")]
    error: Option<ErrorBody>,
    #[serde(flatten)]
    body: Map<String, Value>,
}

#[derive(Serialize)]
struct ErrorBody {
    kind: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    rule: Option<String>,
    en: String,
    ru: String,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    problems: Vec<DataError>,
}

type Answer = Result<Map<String, Value>, Fail>;

impl Engine {
    /// An engine with no game open.
    pub fn new() -> Engine {
        Engine::default()
    }

    /// Whether a `quit` request was answered: the caller stops reading.
    pub fn quit_requested(&self) -> bool {
        self.quit
    }

    /// Answers one request line (without or with its line break). Never
    /// panics on any input. Cost: that of the command (an `apply` is one
    /// rules application; `load` replays the whole log).
    pub fn handle_line(&mut self, line: &str) -> String {
        if line.len() > MAX_LINE {
            return too_long();
        }
        let request: Value = match serde_json::from_str(line.trim()) {
            Ok(v) => v,
            Err(e) => {
                return render(
                    None,
                    Err(Fail::new("json", Text::new(format!("malformed JSON: {e}"), format!("неверный JSON: {e}")))),
                )
            }
        };
        let Some(req) = request.as_object() else {
            return render(
                None,
                Err(Fail::new("json", Text::fixed("a request is a JSON object", "запрос — это объект JSON"))),
            );
        };
        let answer = self.dispatch(req);
        render(req.get("rid"), answer)
    }

    fn dispatch(&mut self, req: &Map<String, Value>) -> Answer {
        let cmd = string(req, "cmd")?;
        match cmd {
            "games" => Ok(body([(
                "games",
                Value::Array(sandtable_catalog::catalog().iter().map(|d| to_value(d.game().info())).collect()),
            )])),
            "new" => self.new_game(req),
            "validate" => {
                let driver =
                    sandtable_catalog::find(string(req, "game")?).map_err(|e| Fail::new("unknown_game", e.text()))?;
                let file = scenario_file(req)?.ok_or_else(|| missing("scenario_text"))?;
                let info = driver.game().validate_scenario(&file).map_err(Fail::scenario)?;
                Ok(body([("scenario", to_value(&info))]))
            }
            "load" => self.load(req),
            "to_act" => Ok(status(self.session(req)?)),
            "legal" => {
                let s = self.session(req)?;
                let seat = seat(s, req)?;
                Ok(body([("actions", json!(s.legal(seat)))]))
            }
            "apply" => self.apply(req),
            "forecast" => {
                let s = self.session(req)?;
                let seat = seat(s, req)?;
                forecast(s.forecast(seat, string(req, "action")?).map_err(refused)?)
            }
            "bots" => Ok(body([(
                "bots",
                Value::Array(
                    BotSpec::listed()
                        .into_iter()
                        .map(|b| json!({"name": b.name(), "about": to_value(&b.about())}))
                        .collect(),
                ),
            )])),
            "bot" => self.bot(req),
            "undo" => {
                let s = self.session_mut(req)?;
                let seat = seat(s.as_ref(), req)?;
                s.undo(seat).map_err(|t| Fail::new("undo", t))?;
                Ok(status(s.as_ref()))
            }
            "view" => {
                let s = self.session(req)?;
                let viewer = viewer(s, req)?;
                Ok(body([("view", s.view(viewer))]))
            }
            "render" => {
                let s = self.session(req)?;
                let viewer = viewer(s, req)?;
                let lang = optional_string(req, "lang")?.unwrap_or("en");
                Ok(body([("text", Value::String(s.render(viewer, lang)))]))
            }
            "log" => {
                // As the asking seat may read it (a spectator without `seat`).
                let s = self.session(req)?;
                let viewer = viewer(s, req)?;
                Ok(body([("log", to_value(&s.log_for(viewer)))]))
            }
            "record" => Ok(body([("record", to_value(&self.session(req)?.record()))])),
            "position" => Ok(body([("position", self.session(req)?.position())])),
            "close" => {
                let id = string(req, "id")?;
                self.sessions.remove(id).ok_or_else(|| unknown_id(id))?;
                Ok(Map::new())
            }
            "quit" => {
                self.quit = true;
                Ok(body([("bye", Value::Bool(true))]))
            }
            other => Err(Fail::new(
                "unknown_cmd",
                Text::new(
                    format!("unknown cmd {other:?}; commands: {COMMANDS}"),
                    format!("нет команды {other:?}; команды: {COMMANDS}"),
                ),
            )),
        }
    }

    /// `{"cmd":"bot","id","seat","bot","seed"}`: the named bot's decision
    /// for the seat, as notation, applied only if `"apply": true`.
    fn bot(&mut self, req: &Map<String, Value>) -> Answer {
        let spec = match optional_string(req, "bot")? {
            None => BotSpec::mcts(Level::Normal),
            Some(name) => BotSpec::parse(name).map_err(|t| Fail::new("bad_field", t))?,
        };
        let seed = match req.get("seed") {
            None | Some(Value::Null) => 0,
            Some(v) => {
                v.as_u64().ok_or_else(|| bad_field("seed", "a whole number 0 … 2^64-1", "целое число 0 … 2^64-1"))?
            }
        };
        let apply = match req.get("apply") {
            None | Some(Value::Null) => false,
            Some(v) => v.as_bool().ok_or_else(|| bad_field("apply", "true or false", "true или false"))?,
        };
        let s = self.session(req)?;
        let seat = seat(s, req)?;
        let driver = sandtable_catalog::find(&s.info().id).map_err(|e| Fail::new("unknown_game", e.text()))?;
        let start = std::time::Instant::now();
        let action = driver.bot_move(spec, s, seat, seed).ok_or_else(|| {
            Fail::new(
                "no_decision",
                Text::new(
                    format!("{} owes no decision now", s.info().seat_id(seat)),
                    format!("{} сейчас ничего не решает", s.info().seat_id(seat)),
                ),
            )
        })?;
        let ms = start.elapsed().as_secs_f64() * 1000.0;
        if apply {
            let mut answer = self.apply_text(req, seat, &action)?;
            answer.insert("bot".into(), Value::String(spec.name()));
            answer.insert("ms".into(), json!(ms));
            return Ok(answer);
        }
        Ok(body([("action", Value::String(action)), ("bot", Value::String(spec.name())), ("ms", json!(ms))]))
    }

    fn new_game(&mut self, req: &Map<String, Value>) -> Answer {
        let driver = sandtable_catalog::find(string(req, "game")?).map_err(|e| Fail::new("unknown_game", e.text()))?;
        let seed = match req.get("seed") {
            None | Some(Value::Null) => 0,
            Some(v) => {
                v.as_u64().ok_or_else(|| bad_field("seed", "a whole number 0 … 2^64-1", "целое число 0 … 2^64-1"))?
            }
        };
        let scenario = optional_string(req, "scenario")?.map(str::to_owned);
        let file = scenario_file(req)?;
        if let Some(f) = &file {
            driver.game().validate_scenario(f).map_err(Fail::scenario)?;
        }
        let mut options = BTreeMap::new();
        match req.get("options") {
            None | Some(Value::Null) => {}
            Some(Value::Object(o)) => {
                for (k, v) in o {
                    // Numbers and booleans are accepted for convenience: `"impulse-pairs": 4`.
                    let v = match v {
                        Value::String(s) => s.clone(),
                        Value::Number(n) => n.to_string(),
                        Value::Bool(b) => b.to_string(),
                        _ => return Err(bad_field("options", "an object of strings", "объект строк")),
                    };
                    options.insert(k.clone(), v);
                }
            }
            Some(_) => return Err(bad_field("options", "an object of strings", "объект строк")),
        }
        // A position (a state as JSON, as `position` answers) starts the game there.
        let position = req.get("position").filter(|p| !p.is_null()).cloned();
        let session = driver
            .game()
            .start(&Setup { scenario, options, seed, scenario_file: file, position, ..Setup::default() })
            .map_err(|e| Fail::new("setup", e.text))?;
        Ok(self.open(session))
    }

    fn load(&mut self, req: &Map<String, Value>) -> Answer {
        let record = req.get("record").ok_or_else(|| missing("record"))?;
        let record: sandtable_core::GameRecord = serde_json::from_value(record.clone()).map_err(|e| {
            Fail::new("load", Text::new(format!("not a game file: {e}"), format!("не файл партии: {e}")))
        })?;
        let (_, session) = sandtable_catalog::open(&record).map_err(|e| {
            let s = e.to_string();
            Fail::new("load", Text::new(s.clone(), s))
        })?;
        Ok(self.open(session))
    }

    /// Registers a session under a fresh id; ids are never reused.
    fn open(&mut self, session: Box<dyn Session>) -> Map<String, Value> {
        self.next_id += 1;
        let id = format!("g{}", self.next_id);
        let mut out = body([
            ("id", Value::String(id.clone())),
            ("game", Value::String(session.info().id.clone())),
            ("setup", to_value(session.setup())),
        ]);
        out.extend(status(session.as_ref()));
        self.sessions.insert(id, session);
        out
    }

    fn apply(&mut self, req: &Map<String, Value>) -> Answer {
        let seat = seat(self.session(req)?, req)?;
        self.apply_text(req, seat, string(req, "action")?)
    }

    /// Applies `action` for `seat` in the request's game: the `apply` answer.
    fn apply_text(&mut self, req: &Map<String, Value>, seat: Seat, action: &str) -> Answer {
        let s = self.session_mut(req)?;
        match s.apply(seat, action) {
            Ok(applied) => {
                let mut out = body([
                    ("action", Value::String(applied.action)),
                    ("events", to_value(&events_seen_by(&applied.events, Viewer::Seat(seat)))),
                    ("barrier", Value::Bool(applied.barrier)),
                ]);
                out.extend(status(s.as_ref()));
                Ok(out)
            }
            Err(refusal) => Err(refused(refusal)),
        }
    }

    fn session(&self, req: &Map<String, Value>) -> Result<&dyn Session, Fail> {
        let id = string(req, "id")?;
        self.sessions.get(id).map(Box::as_ref).ok_or_else(|| unknown_id(id))
    }

    fn session_mut(&mut self, req: &Map<String, Value>) -> Result<&mut Box<dyn Session>, Fail> {
        let id = string(req, "id")?;
        self.sessions.get_mut(id).ok_or_else(|| unknown_id(id))
    }
}

const COMMANDS: &str =
    "games, bots, new, validate, load, to_act, legal, forecast, apply, bot, undo, view, render, log, record, position, close, quit";

/// Reads request lines from `input` and writes one reply line each to
/// `output` until end of input or `quit`. Blank lines are skipped; lines over
/// [`MAX_LINE`] are answered with an error without being buffered whole.
///
/// # Errors
/// Only I/O errors of `input` or `output`.
pub fn serve(mut input: impl BufRead, mut output: impl Write) -> io::Result<()> {
    let mut engine = Engine::new();
    let mut buf = Vec::new();
    loop {
        buf.clear();
        let n = io::Read::take(input.by_ref(), MAX_LINE as u64 + 1).read_until(b'\n', &mut buf)?;
        if n == 0 {
            return Ok(());
        }
        let reply = if buf.len() > MAX_LINE && buf.last() != Some(&b'\n') {
            skip_line(&mut input)?;
            too_long()
        } else {
            match std::str::from_utf8(&buf) {
                Ok(line) if line.trim().is_empty() => continue,
                Ok(line) => engine.handle_line(line),
                Err(_) => {
                    render(None, Err(Fail::new("json", Text::fixed("the line is not UTF-8", "строка не в UTF-8"))))
                }
            }
        };
        output.write_all(reply.as_bytes())?;
        output.write_all(b"\n")?;
        output.flush()?;
        if engine.quit_requested() {
            return Ok(());
        }
    }
}

/// Discards input up to and including the next line break.
fn skip_line(input: &mut impl BufRead) -> io::Result<()> {
    loop {
        let chunk = input.fill_buf()?;
        if chunk.is_empty() {
            return Ok(());
        }
        if let Some(i) = chunk.iter().position(|&b| b == b'\n') {
            input.consume(i + 1);
            return Ok(());
        }
        let len = chunk.len();
        input.consume(len);
    }
}

fn too_long() -> String {
    render(
        None,
        Err(Fail::new(
            "too_long",
            Text::new(format!("the line is longer than {MAX_LINE} bytes"), format!("строка длиннее {MAX_LINE} байт")),
        )),
    )
}

fn render(rid: Option<&Value>, answer: Answer) -> String {
    let reply = match answer {
        Ok(body) => Reply { ok: true, rid, error: None, body },
        Err(f) => Reply {
            ok: false,
            rid,
            error: Some(ErrorBody {
                kind: f.kind,
                rule: f.rule,
                en: f.text.en.into_owned(),
                ru: f.text.ru.into_owned(),
                problems: f.problems,
            }),
            body: Map::new(),
        },
    };
    serde_json::to_string(&reply).unwrap_or_else(|_| {
        r#"{"ok":false,"error":{"kind":"internal","en":"reply not serialisable","ru":"ответ не сериализуется"}}"#.into()
    })
}

fn body<const N: usize>(fields: [(&str, Value); N]) -> Map<String, Value> {
    fields.into_iter().map(|(k, v)| (k.to_owned(), v)).collect()
}

fn to_value<T: Serialize + ?Sized>(v: &T) -> Value {
    serde_json::to_value(v).unwrap_or(Value::Null)
}

/// `to_act` while the game runs, `over` when it has ended.
fn status(s: &dyn Session) -> Map<String, Value> {
    let info = s.info();
    match s.to_act() {
        ToAct::Seats(seats) => body([("to_act", json!(seats.iter().map(|x| info.seat_id(x)).collect::<Vec<_>>()))]),
        ToAct::Over(o) => body([(
            "over",
            json!({
                "winners": o.winners.iter().map(|x| info.seat_id(x)).collect::<Vec<_>>(),
                "text": o.text,
            }),
        )]),
    }
}

/// Why the rules refuse an action, or why it is no action: kinds `illegal`
/// (with its rule) and `parse`.
fn refused(refusal: Refusal) -> Fail {
    match refusal {
        Refusal::Illegal(i) => {
            Fail { kind: "illegal", rule: Some(i.rule.into_owned()), text: i.text, problems: Vec::new() }
        }
        Refusal::Parse(p) => Fail::new("parse", p.text),
    }
}

/// The `forecast` answer: `rolls`, `outcomes` (probabilities summing to 1)
/// and `basis`. An action that rolls no die has one certain outcome.
fn forecast(f: Option<Forecast>) -> Answer {
    let rolls = f.is_some();
    let f = f.unwrap_or_else(|| Forecast {
        basis: Vec::new(),
        outcomes: vec![Chance {
            p: 1.0,
            text: Text::fixed(
                "no die is rolled: the action does what it says",
                "кубики не бросаются: действие выполняется как есть",
            ),
        }],
    });
    Ok(body([("rolls", Value::Bool(rolls)), ("outcomes", to_value(&f.outcomes)), ("basis", to_value(&f.basis))]))
}

fn missing(field: &str) -> Fail {
    Fail::new("missing_field", Text::new(format!("missing field {field:?}"), format!("нет поля {field:?}")))
}

fn bad_field(field: &str, en: &str, ru: &str) -> Fail {
    Fail::new(
        "bad_field",
        Text::new(format!("field {field:?} must be {en}"), format!("поле {field:?} должно быть: {ru}")),
    )
}

fn unknown_id(id: &str) -> Fail {
    Fail::new("unknown_id", Text::new(format!("no open game {id:?}"), format!("нет открытой партии {id:?}")))
}

fn string<'a>(req: &'a Map<String, Value>, field: &str) -> Result<&'a str, Fail> {
    match req.get(field) {
        None | Some(Value::Null) => Err(missing(field)),
        Some(Value::String(s)) => Ok(s),
        Some(_) => Err(bad_field(field, "a string", "строка")),
    }
}

/// `scenario_text` (a scenario file's text) and `scenario_name` (the name
/// problems are reported under; default `scenario`), when given.
fn scenario_file(req: &Map<String, Value>) -> Result<Option<ScenarioFile>, Fail> {
    let Some(text) = optional_string(req, "scenario_text")? else { return Ok(None) };
    let name = optional_string(req, "scenario_name")?.unwrap_or("scenario");
    Ok(Some(ScenarioFile::new(name, text)))
}

fn optional_string<'a>(req: &'a Map<String, Value>, field: &str) -> Result<Option<&'a str>, Fail> {
    match req.get(field) {
        None | Some(Value::Null) => Ok(None),
        Some(_) => string(req, field).map(Some),
    }
}

fn find_seat(s: &dyn Session, id: &str) -> Result<Seat, Fail> {
    s.info().seat(id).ok_or_else(|| {
        let seats = s.info().seats.iter().map(|x| x.id.as_str()).collect::<Vec<_>>().join(", ");
        Fail::new(
            "unknown_seat",
            Text::new(format!("no seat {id:?}; seats: {seats}"), format!("нет места {id:?}; места: {seats}")),
        )
    })
}

fn seat(s: &dyn Session, req: &Map<String, Value>) -> Result<Seat, Fail> {
    find_seat(s, string(req, "seat")?)
}

/// The `seat` field as a viewer: absent or null is a spectator.
fn viewer(s: &dyn Session, req: &Map<String, Value>) -> Result<Viewer, Fail> {
    Ok(match optional_string(req, "seat")? {
        None => Viewer::Spectator,
        Some(id) => Viewer::Seat(find_seat(s, id)?),
    })
}
