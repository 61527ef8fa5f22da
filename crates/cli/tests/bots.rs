//! Bots through the binary and the engine protocol (issue 13): `bots`, the
//! arena with shards, merge, JSON and the HTML report, `play --vs` with a
//! level, and the engine's `bots` and `bot` commands.

mod common;

use common::{ok, run_in, stderr, TempDir};
use sandtable::engine::Engine;
use serde_json::{json, Value};

fn ask(e: &mut Engine, request: Value) -> Value {
    let line = e.handle_line(&request.to_string());
    serde_json::from_str(&line).unwrap_or_else(|err| panic!("reply is not JSON ({err}): {line}"))
}

#[test]
fn bots_lists_each_bot_name_first() {
    let dir = TempDir::new("bots-list");
    let out = ok(&run_in(&dir.0, &["bots"], ""));
    let names: Vec<&str> = out.lines().map(|l| l.split_whitespace().next().unwrap_or("")).collect();
    assert_eq!(names, ["random", "greedy", "mcts:easy", "mcts:normal", "mcts:hard"], "{out}");
    let ru = ok(&run_in(&dir.0, &["--lang", "ru", "bots"], ""));
    assert!(ru.contains("поиск по дереву"), "{ru}");
}

#[test]
fn arena_shards_merge_into_the_whole_run_with_json_and_a_report() {
    let dir = TempDir::new("arena");
    let base = ["arena", "connect-four", "--bots", "mcts:40,random", "--games", "12", "--seed", "3", "--threads", "2"];
    let whole: Value =
        serde_json::from_str(&ok(&run_in(&dir.0, &[&base[..], &["--json"]].concat(), ""))).expect("JSON");
    assert_eq!(whole["bots"][0]["name"], "mcts:40");
    assert_eq!(whole["bots"][0]["games"], 12);
    assert!(whole["bots"][0]["wins"].as_u64().expect("wins") >= 9, "search beats random at Connect Four: {whole}");
    assert_eq!(whole["sides"].as_array().expect("sides").len(), 2);
    for i in 1..=2 {
        let shard = format!("{i}/2");
        let out = format!("part{i}.json");
        ok(&run_in(&dir.0, &[&base[..], &["--shard", &shard, "--out", &out, "--json"]].concat(), ""));
    }
    let merged = ok(&run_in(&dir.0, &["arena", "merge", "part2.json", "part1.json", "--json", "--report", "rep"], ""));
    let merged: Value = serde_json::from_str(&merged).expect("JSON");
    for key in ["wins", "games", "draws"] {
        assert_eq!(merged["bots"][0][key], whole["bots"][0][key], "{key}");
    }
    assert_eq!(merged["shards"], json!(["1/2", "2/2"]));
    let page = std::fs::read_to_string(dir.path("rep/index.html")).expect("the report page");
    assert!(page.contains("bots.svg") && page.contains("mcts:40"), "{page}");
    let chart = std::fs::read_to_string(dir.path("rep/bots.svg")).expect("a chart");
    assert!(chart.starts_with("<svg") && chart.contains("Win rate by bot"), "{}", &chart[..200.min(chart.len())]);
    // Text output names the figures; a bad bot or shard says why.
    let text = ok(&run_in(&dir.0, &base, ""));
    assert!(text.contains("95% interval") && text.contains("Elo"), "{text}");
    let bad = run_in(&dir.0, &["arena", "connect-four", "--bots", "wizard", "--games", "2"], "");
    assert_eq!(bad.status.code(), Some(1));
    assert!(stderr(&bad).contains("no bot \"wizard\""), "{}", stderr(&bad));
    let bad = run_in(&dir.0, &["arena", "connect-four", "--bots", "random", "--shard", "3/2"], "");
    assert!(stderr(&bad).contains("1 ≤ i ≤ n"), "{}", stderr(&bad));
    let twice = run_in(&dir.0, &["arena", "merge", "part1.json", "part1.json"], "");
    assert!(stderr(&twice).contains("given twice"), "{}", stderr(&twice));
}

#[test]
fn arena_rotates_the_bots_over_the_seats_taking_part_only() {
    // A two-player Colditz uses 2 of the 6 seats: every game is one bot's
    // German against the other's British, and the report has two sides.
    let dir = TempDir::new("arena-players");
    let args = [
        "arena",
        "colditz",
        "--players",
        "2",
        "--bots",
        "greedy,random",
        "--games",
        "4",
        "--json",
        "--records",
        "games",
    ];
    let report: Value = serde_json::from_str(&ok(&run_in(&dir.0, &args, ""))).expect("JSON");
    // `--records`: every game is a game file that `show` replays (its hash
    // checked) to the end the report gives.
    for (i, game) in report["played"].as_array().expect("played").iter().enumerate() {
        let file = format!("games/game-{i:04}.json");
        let record: Value =
            serde_json::from_str(&std::fs::read_to_string(dir.path(&file)).expect("a game file")).expect("JSON");
        assert_eq!(
            record["log"].as_array().expect("log").len(),
            game["decisions"].as_u64().expect("decisions") as usize
        );
        let shown = ok(&run_in(&dir.0, &["show", &file], ""));
        let result = game["result"].as_str().expect("result");
        assert!(shown.contains(result), "{file} shows the end, {result:?}: {shown}");
    }
    assert!(report["played"][0].get("record").is_none(), "the report itself carries no game files");
    let merge = run_in(&dir.0, &["arena", "merge", "x.json", "--records", "games"], "");
    assert!(stderr(&merge).contains("not with merge"), "{}", stderr(&merge));
    let sides: Vec<&str> =
        report["sides"].as_array().expect("sides").iter().map(|s| s["seat"].as_str().unwrap()).collect();
    assert_eq!(sides, ["german", "british"], "{report}");
    for bot in 0..2 {
        assert_eq!(report["bots"][bot]["games"], 4, "one seat per game each: {report}");
    }
    for side in report["sides"].as_array().expect("sides") {
        assert_eq!(side["by_bot"]["greedy"][0], 2, "seats rotated: {side}");
    }
}

#[test]
fn the_reference_game_stays_out_of_the_games_list() {
    let dir = TempDir::new("reference");
    let games = ok(&run_in(&dir.0, &["games"], ""));
    assert!(!games.contains("connect-four"), "{games}");
    let play = run_in(&dir.0, &["play", "connect-four"], "");
    assert!(!play.status.success(), "not a players' game");
}

#[test]
fn play_against_the_search_bot_at_a_level() {
    let dir = TempDir::new("play-vs-mcts");
    let out = run_in(&dir.0, &["play", "totensonntag", "--seed", "2", "--seat", "axis", "--vs", "mcts:easy"], "quit\n");
    assert!(out.status.success(), "{}", stderr(&out));
    let bad = run_in(&dir.0, &["play", "totensonntag", "--vs", "mcts:wizard"], "");
    assert!(!bad.status.success());
    assert!(stderr(&bad).contains("is not a level"), "{}", stderr(&bad));
}

#[test]
fn engine_bot_decides_reproducibly_from_the_seats_knowledge_and_can_apply() {
    let mut e = Engine::new();
    let bots = ask(&mut e, json!({"cmd": "bots"}));
    assert_eq!(bots["bots"][4]["name"], "mcts:hard", "{bots}");
    let new = ask(&mut e, json!({"cmd": "new", "game": "colditz", "seed": 4, "options": {"players": 3}}));
    assert_eq!(new["ok"], true, "{new}");
    let id = new["id"].as_str().expect("id").to_owned();
    let seat = new["to_act"][0].as_str().expect("a seat to act").to_owned();
    let ask_bot = |e: &mut Engine, apply: bool| {
        ask(e, json!({"cmd": "bot", "id": id, "seat": seat, "bot": "mcts:30", "seed": 9, "apply": apply}))
    };
    let a = ask_bot(&mut e, false);
    let b = ask_bot(&mut e, false);
    assert_eq!(a["ok"], true, "{a}");
    assert_eq!(a["action"], b["action"], "the same seed and iterations give the same decision");
    assert_eq!(a["bot"], "mcts:30");
    let legal = ask(&mut e, json!({"cmd": "legal", "id": id, "seat": seat}));
    assert!(legal["actions"].as_array().expect("list").contains(&a["action"]), "{a} in {legal}");
    let applied = ask_bot(&mut e, true);
    assert_eq!(applied["action"], a["action"], "{applied}");
    assert!(applied["events"].is_array() && applied["ms"].is_number(), "{applied}");
    // A seat owing nothing (Totensonntag opens with the Allied surprise
    // pick, CCT 2.2), and a bad spec, are clear errors.
    let tot = ask(&mut e, json!({"cmd": "new", "game": "totensonntag", "seed": 3}));
    assert_eq!(tot["to_act"], json!(["allies"]), "{tot}");
    let idle = ask(&mut e, json!({"cmd": "bot", "id": tot["id"], "seat": "axis", "bot": "random"}));
    assert_eq!(idle["error"]["kind"], "no_decision", "{idle}");
    let bad = ask(&mut e, json!({"cmd": "bot", "id": id, "seat": seat, "bot": "mcts:fast"}));
    assert_eq!(bad["error"]["kind"], "bad_field", "{bad}");
    assert!(bad["error"]["ru"].as_str().expect("ru").contains("не уровень"), "{bad}");
}

#[test]
fn serve_refuses_an_unknown_default_bot_before_starting() {
    let dir = TempDir::new("serve-bot");
    let out = run_in(&dir.0, &["serve", "--bot", "wizard", "--database", "sqlite:x.db"], "");
    assert!(!out.status.success());
    assert!(stderr(&out).contains("no bot \"wizard\""), "{}", stderr(&out));
    assert!(!dir.path("x.db").exists(), "nothing was started");
}
