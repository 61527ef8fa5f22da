//! Scenario files through the server: a game created from a scenario's
//! text plays on it, its drawing is its own (cached per scenario hash), a
//! bad file is refused listing every problem with its line, and the game
//! survives a reload from storage.

mod common;

use common::{databases, kind, start};
use reqwest::StatusCode;
use serde_json::{json, Value};

const SMALL: &str = include_str!("../../../games/totensonntag/scenarios/border-skirmish.toml");

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_game_created_from_a_scenario_text_plays_on_it_and_draws_its_own_map() {
    for db in databases() {
        let s = start(&db).await;
        let g = s
            .create(json!({"game": "totensonntag", "seed": 4, "scenario_text": SMALL, "scenario_name": "border.toml"}))
            .await;
        let spectator = g["spectator"].as_str().expect("spectator");
        let (status, drawing) = s.get(&format!("/api/t/{spectator}/drawing")).await;
        assert_eq!(status, StatusCode::OK, "{drawing}");
        let text = drawing.to_string();
        assert!(text.contains("\"E1\"") && !text.contains("Gambut"), "the scenario file's map");
        // A built-in game draws the built-in map, from the same cache.
        let b = s.create(json!({"game": "totensonntag", "seed": 4})).await;
        let (_, built_in) = s.get(&format!("/api/t/{}/drawing", b["spectator"].as_str().expect("t"))).await;
        assert!(built_in.to_string().contains("Gambut"));
        let (_, by_game) = s.get("/api/drawing/totensonntag").await;
        assert_eq!(by_game, built_in);
        let table = s.table(spectator).await;
        assert_eq!(table["setup"]["scenario"], json!("border-skirmish"), "{}", table["setup"]);
        // Another instance on the same database loads it from storage, scenario and all.
        let other = start(&db).await;
        let table = other.table(spectator).await;
        assert_eq!(table["setup"]["scenario"], json!("border-skirmish"));
        let (_, again) = other.get(&format!("/api/t/{spectator}/drawing")).await;
        assert_eq!(again, drawing);
        other.stop();
        s.stop();
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_bad_scenario_text_is_refused_with_every_problem_and_its_line() {
    let s = start(&databases()[0]).await;
    let broken = SMALL.replacen("setup = \"C5\"", "setup = \"C9\"", 1).replacen("turns = 1", "turns = 0", 1);
    let line = |needle: &str| broken[..broken.find(needle).expect("there")].matches('\n').count() + 1;
    let (status, v) = s
        .post("/api/games", &json!({"game": "totensonntag", "scenario_text": broken, "scenario_name": "b.toml"}))
        .await;
    assert_eq!((status, kind(&v)), (StatusCode::BAD_REQUEST, "scenario"), "{v}");
    let problems = v["error"]["problems"].as_array().expect("problems");
    let got: Vec<(Value, Value)> = problems.iter().map(|p| (p["line"].clone(), p["key"].clone())).collect();
    assert_eq!(
        got,
        vec![(json!(line("turns = 0")), json!("turns")), (json!(line("\"C9\"")), json!("unit[sa2].setup"))]
    );
    assert!(problems.iter().all(|p| p["file"] == json!("b.toml") && p["text"]["ru"].is_string()));
    // Colditz takes no scenario files yet: one typed problem says so.
    let (status, v) = s.post("/api/games", &json!({"game": "colditz", "scenario_text": SMALL})).await;
    assert_eq!((status, kind(&v)), (StatusCode::BAD_REQUEST, "scenario"), "{v}");
    // A scenario file of the built-in's size (tens of KB) is under the creation limit.
    let big = format!("{SMALL}\n# {}\n", "x".repeat(40_000));
    let (status, v) = s.post("/api/games", &json!({"game": "totensonntag", "scenario_text": big})).await;
    assert_eq!(status, StatusCode::CREATED, "{v}");
    s.stop();
}

/// The lobby checks a pasted file before making a game of it: the game's card
/// on that file (an SCS file names its own sides, so its seats are the
/// file's), or every problem with its line; nothing is stored either way.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_scenario_check_gives_the_files_own_seats_or_its_problems() {
    let s = start(&databases()[0]).await;
    let scs = include_str!("scs_opening.toml");
    let (status, v) = s.post("/api/scenario", &json!({"game": "scs", "scenario_text": scs})).await;
    assert_eq!(status, StatusCode::OK, "{v}");
    let seats: Vec<&str> = v["seats"].as_array().expect("seats").iter().filter_map(|x| x["id"].as_str()).collect();
    assert_eq!(seats, ["commonwealth", "italian"], "the file's own sides, not the built-in's");
    assert_eq!(v["scenarios"].as_array().expect("scenarios").len(), 1, "the file's scenario only");
    let broken = scs.replacen("turns = 2", "turns = 0", 1);
    let (status, v) =
        s.post("/api/scenario", &json!({"game": "scs", "scenario_text": broken, "scenario_name": "mine.toml"})).await;
    assert_eq!((status, kind(&v)), (StatusCode::BAD_REQUEST, "scenario"), "{v}");
    let problem = &v["error"]["problems"][0];
    assert_eq!(problem["file"], json!("mine.toml"), "{v}");
    assert!(problem["line"].as_u64().is_some_and(|l| l > 1), "the problem names its line: {v}");
    let (status, v) = s.post("/api/scenario", &json!({"game": "chess", "scenario_text": scs})).await;
    assert_eq!((status, kind(&v)), (StatusCode::NOT_FOUND, "unknown_game"), "{v}");
    let (_, games) = s.get("/api/games").await;
    assert_eq!(games["games"].as_array().map(Vec::len), Some(0), "a check stores no game");
    s.stop();
}
