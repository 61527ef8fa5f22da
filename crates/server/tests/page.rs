//! Plays the opening of each game through the page in headless Chromium
//! (WebDriver), on a server on loopback, and checks what the page shows.

mod common;

use common::browser::Browser;
use serde_json::Value;

/// The token at the end of a link `…/t/{token}`.
fn token_of(href: &str) -> String {
    href.rsplit('/').next().expect("a token").to_owned()
}

async fn created_link(b: &Browser, css: &str) -> String {
    b.wait(css).await.attr("href").await.expect("href").expect("a link")
}

/// Creates a game through the lobby form; returns the links by seat id.
async fn create_through_lobby(
    b: &Browser,
    base: &str,
    game: &str,
    options: &[(&str, &str)],
    bots: &[&str],
    seats: &[&str],
) -> Vec<(String, String)> {
    b.goto(&format!("{base}/")).await;
    b.wait("#create-game select[name=game]").await.select_by_value(game).await.expect("game chosen");
    b.until(
        "the form for the game",
        &format!("return document.querySelector('#create-game').dataset.game === {game:?};"),
    )
    .await;
    for (k, v) in options {
        b.wait(&format!("#create-game select[name=\"opt-{k}\"]")).await.select_by_value(v).await.expect("option set");
    }
    for bot in bots {
        b.wait(&format!("#create-game select[name=\"seat-{bot}\"]"))
            .await
            .select_by_value("bot")
            .await
            .expect("bot seat");
    }
    b.wait("#create-game input[name=seed]").await.send_keys("7").await.expect("seed typed");
    b.click("#create-game button[type=submit]").await;
    let mut links = Vec::new();
    for seat in seats {
        links.push((seat.to_string(), created_link(b, &format!("#links a[data-seat=\"{seat}\"]")).await));
    }
    links.push(("spectator".into(), created_link(b, "#links a[data-role=spectator]").await));
    links
}

async fn version(b: &Browser) -> u64 {
    b.text("#version").await.trim().parse().expect("a version number")
}

async fn wait_version_above(b: &Browser, v: u64) {
    b.until("the version to move on", &format!("return +document.querySelector('#version').textContent > {v};")).await;
}

/// The first legal action of `token`'s seat that points at a piece and a place.
async fn board_action(s: &common::Server, token: &str) -> Option<(String, String, String)> {
    let t = s.table(token).await;
    t["legal"].as_array()?.iter().find(|a| a["piece"].is_string() && a["place"].is_string()).map(|a| {
        let f = |k: &str| a[k].as_str().unwrap_or_default().to_owned();
        (f("action"), f("piece"), f("place"))
    })
}

/// Plays one board move through the page: click the piece, check its place
/// lights up, click the place (or pick from the menu when several actions share it).
async fn move_on_the_board(b: &Browser, s: &common::Server, token: &str) -> String {
    let (action, piece, place) = board_action(s, token).await.expect("a move on the board");
    let before = version(b).await;
    b.js_click(&format!("#board [data-piece=\"{piece}\"]")).await;
    b.until(
        "the piece's places to light up",
        &format!("return document.querySelector('#legal b') && document.querySelector('#legal b').textContent === {piece:?};"),
    )
    .await;
    b.js_click(&format!("#board [data-place=\"{place}\"]")).await;
    let menu = b
        .client
        .execute("return document.querySelectorAll('#choices button[data-action]').length;", vec![])
        .await
        .expect("js");
    if menu.as_u64().unwrap_or(0) > 0 {
        b.click(&format!("#choices button[data-action=\"{action}\"]")).await;
    }
    wait_version_above(b, before).await;
    piece
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn colditz_opening_through_the_page() {
    let Some(b) = Browser::open(1280, 1000).await else { return };
    let s = common::start(&common::databases()[0]).await;
    let links = create_through_lobby(&b, &s.base, "colditz", &[("players", "2")], &["german"], &["british"]).await;
    let british = links[0].1.clone();
    b.goto(&british).await;
    // The German bot posts its guards; then the British roll.
    b.until(
        "the British to act",
        "const e = document.querySelector('#to-act'); return e && e.dataset.seats === 'british';",
    )
    .await;
    assert!(b.text("#panel").await.contains("Your hand"), "the seat sees its hand");
    let before = version(&b).await;
    b.click("#legal button[data-action=\"roll\"]").await;
    wait_version_above(&b, before).await;
    // The roll shows in the log with its dice and rule.
    let log = b.text("#log").await;
    assert!(log.contains("Colditz:"), "the log cites the rules: {log}");
    move_on_the_board(&b, &s, &token_of(&british)).await;
    // The spectator sees the board but no hand and no actions.
    b.goto(&links[1].1).await;
    b.wait("#board [data-piece]").await;
    b.until("the spectator's table", "return document.querySelector('#role').textContent.length > 0;").await;
    let n = b
        .client
        .execute("return document.querySelectorAll('#legal button[data-action]').length;", vec![])
        .await
        .expect("js");
    assert_eq!(n, Value::from(0), "a spectator has no actions");
    assert!(!b.text("#panel").await.contains("Your hand"));
    // Russian, switched on the page.
    b.click("#lang").await;
    b.until(
        "Russian labels",
        "const e = document.querySelector('#to-act'); return e && e.textContent.indexOf('Ходит') === 0;",
    )
    .await;
    b.close().await;
    s.stop();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_invited_player_takes_the_seat_through_the_page() {
    let Some(b) = Browser::open(1280, 1000).await else { return };
    let s = common::start(&common::databases()[0]).await;
    b.goto(&format!("{}/", s.base)).await;
    b.wait("#create-game select[name=game]").await.select_by_value("colditz").await.expect("game chosen");
    b.until("the Colditz form", "return document.querySelector('#create-game').dataset.game === 'colditz';").await;
    b.wait("#create-game select[name=\"opt-players\"]").await.select_by_value("2").await.expect("players");
    b.wait("#create-game select[name=\"seat-german\"]").await.select_by_value("bot").await.expect("bot seat");
    b.wait("#create-game select[name=\"seat-british\"]").await.select_by_value("invite").await.expect("invite seat");
    b.click("#create-game button[type=submit]").await;
    let invite = created_link(&b, "#links a[data-invite=\"british\"]").await;
    let admin = created_link(&b, "#links a[data-role=admin]").await;
    let seat_links =
        b.client.execute("return document.querySelectorAll('#links a[data-seat]').length;", vec![]).await.expect("js");
    assert_eq!(seat_links, Value::from(1), "only the bot's seat has a seat link");
    // The invite: the table as a spectator sees it, and the button to take the seat.
    b.goto(&invite).await;
    b.wait("#board [data-piece]").await;
    let claim = b.wait("#claim").await.text().await.expect("text");
    assert!(claim.contains("Take the seat"), "{claim}");
    assert!(!b.text("#panel").await.contains("Your hand"), "an invite sees no hand");
    b.click("#claim").await;
    b.until("the seat's own link", &format!("return location.pathname !== {:?};", format!("/t/{}", token_of(&invite))))
        .await;
    b.until(
        "the seat's hand",
        "const p = document.querySelector('#panel'); return p && p.textContent.indexOf('Your hand') >= 0;",
    )
    .await;
    assert!(b.text("#role").await.contains("(you)"), "the page holds the seat");
    let seat_link = b.client.execute("return location.href;", vec![]).await.expect("js");
    let seat_link = seat_link.as_str().expect("href").to_owned();
    // The invite, opened again, says its seat was taken.
    b.goto(&invite).await;
    b.wait("#claimed").await;
    // The creator re-issues the seat's invite (after a confirm): a new link shows,
    // the claimed seat's link stops working and the new invite takes the seat.
    b.goto(&admin).await;
    b.wait("#seats button[data-reissue=\"british\"]").await;
    b.client.execute("window.confirm = function () { return true; };", vec![]).await.expect("js");
    b.click("#seats button[data-reissue=\"british\"]").await;
    let fresh = created_link(&b, "#seats a[data-invite=\"british\"]").await;
    assert_ne!(token_of(&fresh), token_of(&invite));
    b.goto(&seat_link).await;
    b.until(
        "the revoked link's notice",
        "const m = document.querySelector('#main'); return m && m.textContent.indexOf('opens no game') >= 0;",
    )
    .await;
    b.goto(&fresh).await;
    b.wait("#claim").await;
    b.close().await;
    s.stop();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn totensonntag_opening_through_the_page() {
    let Some(b) = Browser::open(1280, 1000).await else { return };
    let s = common::start(&common::databases()[0]).await;
    let links = create_through_lobby(&b, &s.base, "totensonntag", &[], &["axis"], &["allies", "axis"]).await;
    let allies = links[0].1.clone();
    b.goto(&allies).await;
    b.until(
        "the Allies to pick",
        "const e = document.querySelector('#to-act'); return e && e.dataset.seats === 'allies';",
    )
    .await;
    // The map: every hex a place; the panel: the turn track and the victory points.
    let hexes = b.client.execute("return document.querySelectorAll('#board [data-place]').length;", vec![]).await;
    assert_eq!(hexes.expect("js"), Value::from(18 * 17), "every hex of the map is drawn");
    assert!(b.text("#panel").await.contains("Victory points"), "the panel shows the VP");
    // 2.2: the Allies' secret initiative pick is a button.
    b.click("#legal button[data-action=\"pick 3\"]").await;
    wait_version_above(&b, 0).await;
    let log = b.text("#log").await;
    assert!(log.contains("CCT 2.1"), "the log cites the rule: {log}");
    // The Axis initiative roll shows in the panel with its die.
    assert!(b.text("#tt-dice").await.contains("[CCT 2.1]"), "the latest dice in the panel");
    // The bot plays the Axis impulse; then the Allies move on the board.
    b.until(
        "the Allies' impulse",
        "const e = document.querySelector('#to-act'); return e && e.dataset.seats === 'allies';",
    )
    .await;
    let piece = move_on_the_board(&b, &s, &token_of(&allies)).await;
    // A unit with something left to do stays selected for its next step;
    // one that is done is deselected.
    let t = s.table(&token_of(&allies)).await;
    let still = t["legal"].as_array().expect("legal").iter().any(|a| a["piece"] == piece.as_str());
    let js = format!(
        "const e = document.querySelector('#legal b'); return (e ? e.textContent : '') === {:?};",
        if still { piece.as_str() } else { "" }
    );
    b.until(&format!("the selection to follow {piece} (still acting: {still})"), &js).await;
    // Undo the move through the page.
    b.wait("#undo:not([hidden])").await;
    let before = version(&b).await;
    b.click("#undo").await;
    wait_version_above(&b, before).await;
    // The page's log, grown by the entries each push lacked and cut by the
    // undo, is the server's whole log.
    let whole = s.table(&token_of(&allies)).await["log"].as_array().expect("log").len();
    b.until(
        &format!("the page's log to have the server's {whole} entries"),
        &format!("return document.querySelectorAll('#log > li').length === {whole};"),
    )
    .await;
    // Russian: the panel in the rule texts' terms.
    b.click("#lang").await;
    b.until("Russian panel", "return document.querySelector('#panel').textContent.indexOf('Победные очки') >= 0;")
        .await;
    assert!(b.text("#panel").await.contains("УИ"), "the initiative level as УИ");
    b.close().await;
    s.stop();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_pages_fit_a_phone_screen() {
    let Some(b) = Browser::open(375, 800).await else { return };
    let s = common::start(&common::databases()[0]).await;
    let fits = "return document.documentElement.scrollWidth <= window.innerWidth + 1;";
    for (game, options, seat) in [("colditz", &[("players", "3")][..], "german"), ("totensonntag", &[][..], "allies")] {
        let links = create_through_lobby(&b, &s.base, game, options, &[], &[seat]).await;
        assert_eq!(b.client.execute(fits, vec![]).await.expect("js"), Value::Bool(true), "the lobby fits 375 px");
        b.goto(&links[0].1).await;
        b.wait("#board [data-place]").await;
        b.until("the table", "return document.querySelectorAll('#all-legal button[data-action]').length > 0;").await;
        assert_eq!(
            b.client.execute(fits, vec![]).await.expect("js"),
            Value::Bool(true),
            "{game}: the table fits 375 px"
        );
        // The board comes first, full width.
        let w = b
            .client
            .execute("return document.querySelector('#board').getBoundingClientRect().width;", vec![])
            .await
            .expect("js");
        assert!(w.as_f64().unwrap_or(0.0) > 300.0, "{game}: the board takes the width: {w}");
        // The whole board is too small to aim at: a tap zooms in and plays nothing.
        let view_box = "return document.querySelector('#board svg').getAttribute('viewBox');";
        let whole = b.client.execute(view_box, vec![]).await.expect("js");
        let version_before = version(&b).await;
        b.js_click("#board [data-place]").await;
        let zoomed = b.client.execute(view_box, vec![]).await.expect("js");
        assert_ne!(whole, zoomed, "{game}: a tap on the whole board zooms in");
        assert_eq!(version(&b).await, version_before, "{game}: and changes nothing");
        b.screenshot(&format!("/tmp/sandtable-phone-{game}.png")).await;
    }
    b.close().await;
    s.stop();
}
