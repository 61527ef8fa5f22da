//! A game against the search bot through the page in headless Chromium
//! (WebDriver): the level chosen in the lobby, a few turns played from the
//! action list, the bot answering each with its thinking time shown, and
//! the creator changing the bot's level.

mod common;

use common::browser::Browser;
use common::token_of;
use serde_json::Value;

/// The German decisions in the server's log.
async fn german_moves(s: &common::Server, token: &str) -> usize {
    let t = s.table(token).await;
    t["log"].as_array().map_or(0, |l| l.iter().filter(|e| e["seat"] == "german").count())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_game_against_the_search_bot_through_the_page() {
    let Some(b) = Browser::open(1280, 1000).await else { return };
    let s = common::start(&common::databases()[0]).await;
    // The lobby: Colditz for two, the German seat to the search bot at its easy level.
    b.goto(&format!("{}/", s.base)).await;
    b.wait("#create-game select[name=game]").await.select_by_value("colditz").await.expect("game chosen");
    b.until("the Colditz form", "return document.querySelector('#create-game').dataset.game === 'colditz';").await;
    b.wait("#create-game select[name=\"opt-players\"]").await.select_by_value("2").await.expect("players");
    let labels = b.js("return Array.from(document.querySelectorAll('#create-game select[name=\"seat-german\"] option')).map(function (o) { return o.value + '=' + o.textContent; }).join('|');").await;
    let labels = labels.as_str().unwrap_or_default().to_owned();
    for shown in [
        "bot:mcts:easy=Bot — easy",
        "bot:mcts:normal=Bot — normal",
        "bot:mcts:hard=Bot — hard",
        "bot=Bot — random moves",
    ] {
        assert!(labels.contains(shown), "the seat's choices: {labels}");
    }
    let german = b.wait("#create-game select[name=\"seat-german\"]").await;
    german.select_by_value("bot:mcts:easy").await.expect("the easy bot");
    b.wait("#create-game input[name=seed]").await.send_keys("7").await.expect("seed typed");
    b.click("#create-game button[type=submit]").await;
    let british = b.href("#links a[data-seat=\"british\"]").await;
    let admin = b.href("#links a[data-role=admin]").await;
    let bt = token_of(&british);
    let t = s.table(&bt).await;
    let bot =
        t["seats"].as_array().expect("seats").iter().find(|x| x["id"] == "german").expect("german")["bot"].clone();
    assert_eq!(bot["name"], "mcts:easy", "{t}");

    // The British turns, from the action list (roll, then end the turn); the
    // bot answers each with a German turn.
    b.goto(&british).await;
    let mut answered = 0;
    let mut clicks = 0;
    while answered < 3 {
        assert!(clicks < 60, "{clicks} clicks, the bot answered {answered} times");
        b.until(
            "the British to act",
            "const e = document.querySelector('#to-act'); return e && (e.dataset.seats === 'british' || e.classList.contains('over'));",
        )
        .await;
        let over = b.js("return document.querySelector('#to-act').classList.contains('over');").await;
        assert_eq!(over, Value::Bool(false), "the game ended first");
        let action = b.js("const all = Array.from(document.querySelectorAll('#all-legal button[data-action]')).map(function (e) { return e.dataset.action; }); \
                 return all.indexOf('roll') >= 0 ? 'roll' : all.indexOf('end') >= 0 ? 'end' : (all[0] || '');").await;
        let action = action.as_str().unwrap_or_default().to_owned();
        assert!(!action.is_empty(), "the British have an action");
        let before = b.version().await;
        let bot_before = german_moves(&s, &bt).await;
        let button = format!("#all-legal button[data-action=\"{action}\"]");
        let rolls = b.js(&format!("return document.querySelector({button:?}).hasAttribute('data-rolls');")).await;
        b.js_click(&button).await;
        if rolls == serde_json::Value::Bool(true) {
            // A roll shows its odds first; the second click throws (issue 14).
            b.wait("#odds:not([hidden])").await;
            b.js_click(&button).await;
        }
        clicks += 1;
        b.wait_version_above(before).await;
        if action != "end" {
            continue;
        }
        // The German bot's turn, then the British again, on the page.
        b.until(
            "the bot's answer",
            "const e = document.querySelector('#to-act'); return e && (e.dataset.seats === 'british' || e.classList.contains('over'));",
        )
        .await;
        assert!(german_moves(&s, &bt).await > bot_before, "the bot answered");
        // Its thinking time, on the page.
        let line = b.text("#bots li[data-seat=\"german\"][data-last-ms]").await;
        assert!(line.contains("bot (mcts:easy)") && line.contains("last move"), "{line}");
        answered += 1;
    }
    let ms = b.js("return document.querySelector('#bots li[data-seat=\"german\"]').dataset.lastMs;").await;
    let t = s.table(&bt).await;
    let last = t["seats"].as_array().expect("seats").iter().find(|x| x["id"] == "german").expect("german")["bot"]
        ["last_ms"]
        .clone();
    assert_eq!(ms.as_str().map(str::to_owned), last.as_u64().map(|n| n.to_string()), "the page shows the table's time");

    // The creator raises the bot's level from the seats card.
    b.goto(&admin).await;
    b.until(
        "the bot's level in the seats card",
        "const s = document.querySelector('#seats select[data-bot-for=\"german\"]'); return s && s.value === 'bot:mcts:easy';",
    )
    .await;
    b.wait("#seats select[data-bot-for=\"german\"]").await.select_by_value("bot:mcts:hard").await.expect("hard");
    b.until("the hard bot", "const e = document.querySelector('#bots li[data-seat=\"german\"]'); return e && e.textContent.indexOf('mcts:hard') >= 0;")
        .await;
    b.screenshot("/tmp/sandtable-bots-admin.png").await;
    let t = s.table(&bt).await;
    let name = t["seats"].as_array().expect("seats").iter().find(|x| x["id"] == "german").expect("german")["bot"]
        ["name"]
        .clone();
    assert_eq!(name, "mcts:hard");
    // Russian.
    b.click("#lang").await;
    b.until(
        "the bot's line in Russian",
        "const e = document.querySelector('#bots li[data-seat=\"german\"]'); return e && e.textContent.indexOf('бот (mcts:hard)') >= 0 && e.textContent.indexOf('последний ход') >= 0;",
    )
    .await;
    b.close().await;
    s.stop();
}
