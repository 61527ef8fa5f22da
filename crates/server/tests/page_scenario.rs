//! The lobby with a user's scenario file, in headless Chromium: a broken
//! file's problems are listed each with its line; a good one starts a game
//! whose board is the file's own map.

mod common;

use common::browser::Browser;
use serde_json::{json, Value};

const SMALL: &str = include_str!("../../../games/totensonntag/scenarios/border-skirmish.toml");

async fn submit_scenario(b: &Browser, text: &str) {
    b.client
        .execute(
            "document.querySelector('#create-game textarea[name=\"scenario-text\"]').value = arguments[0];",
            vec![json!(text)],
        )
        .await
        .expect("js");
    b.click("#create-game button[type=submit]").await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_scenario_file_pasted_in_the_lobby_lists_its_problems_or_is_played_on_its_own_map() {
    let Some(b) = Browser::open(1280, 1000).await else { return };
    let s = common::start(&common::databases()[0]).await;
    b.goto(&format!("{}/", s.base)).await;
    b.wait("#create-game textarea[name=\"scenario-text\"]").await;
    let broken = SMALL.replacen("setup = \"C5\"", "setup = \"C9\"", 1).replacen("turns = 1", "turns = 0", 1);
    submit_scenario(&b, &broken).await;
    b.until("the problems", "return document.querySelectorAll('#error li').length === 2;").await;
    let line = broken[..broken.find("\"C9\"").expect("there")].matches('\n').count() + 1;
    let errors = b.text("#error").await;
    assert!(errors.contains(&format!("scenario.toml:{line}: unit[sa2].setup:")), "{errors}");

    submit_scenario(&b, SMALL).await;
    let allies = b.href("#links a[data-seat=\"allies\"]").await;
    b.goto(&allies).await;
    b.wait("#board [data-place=\"E1\"]").await;
    let off_map = b.js("return document.querySelectorAll('#board [data-place=\"M7\"]').length;").await;
    assert_eq!(off_map, Value::from(0), "the built-in map's hexes are not drawn");
    b.close().await;
    s.stop();
}
