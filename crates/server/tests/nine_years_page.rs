//! Nine Years through the page in headless Chromium: the lobby, the opening
//! decisions by buttons, then an action round on the map — a card played from
//! the hand, a Campaign led by a leader, a corps taken along, the army moved by
//! clicking spaces, and a battle with its dice in the log.
//!
//! The game is created with seed 7, so the deal and the dice are known: the
//! Alliance holds three 2-action cards, the Bourbons show a 1, the Alliance
//! goes first; Gastañaga's Spaniards march Brussels → Namur → Dinant and lose
//! the battle there (dice 1 and 4).

mod common;

use common::browser::Browser;
use common::token_of;
use serde_json::Value;

/// Waits until the page shows `seat` to act (alone).
async fn wait_to_act(b: &Browser, seat: &str) {
    b.until(
        &format!("{seat} to act"),
        &format!("const e = document.querySelector('#to-act'); return e && e.dataset.seats === {seat:?};"),
    )
    .await;
}

/// Presses the shell's button for `action` (an action with nothing to click on the map).
async fn press(b: &Browser, action: &str) {
    let before = b.version().await;
    b.click(&format!("#legal button[data-action=\"{action}\"]")).await;
    roll_if_asked(b, before).await;
    b.wait_version_above(before).await;
}

/// An action that rolls, chosen among others, shows its odds first and
/// sends nothing (issue 14); then the test rolls deliberately with #roll.
async fn roll_if_asked(b: &Browser, before: u64) {
    let asked = js(b, "return !document.querySelector('#odds').hidden;").await;
    if asked == Value::Bool(true) {
        assert!(b.text("#odds").await.contains('%'), "the odds show");
        assert_eq!(b.version().await, before, "choosing a roll sends nothing");
        b.click("#roll").await;
    }
}

/// Where the screenshots go: target/tmp/.
fn shot_path(name: &str) -> String {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../target/tmp");
    let _ = std::fs::create_dir_all(&dir);
    dir.join(name).to_string_lossy().into_owned()
}

async fn js(b: &Browser, script: &str) -> Value {
    b.js(script).await
}

/// The legal actions of `token`'s seat, as the server lists them.
async fn legal(s: &common::Server, token: &str) -> Vec<String> {
    let t = s.table(token).await;
    t["legal"]
        .as_array()
        .map_or_else(Vec::new, |a| a.iter().filter_map(|x| x["action"].as_str().map(str::to_owned)).collect())
}

/// Who is to act, as the server says.
async fn to_act(s: &common::Server, token: &str) -> Vec<String> {
    let t = s.table(token).await;
    t["to_act"].as_array().map_or_else(Vec::new, |a| a.iter().filter_map(|x| x.as_str().map(str::to_owned)).collect())
}

/// The seat's page presses `done` while the seat is the only one to act and may.
async fn done_while_mine(b: &Browser, s: &common::Server, token: &str, seat: &str) {
    loop {
        if to_act(s, token).await != [seat] || !legal(s, token).await.iter().any(|a| a == "done") {
            return;
        }
        wait_to_act(b, seat).await;
        press(b, "done").await;
    }
}

/// Plays `action` for `token`'s seat through the API.
async fn api_act(s: &common::Server, token: &str, action: &str) {
    let t = s.table(token).await;
    let (status, v) = s.act(token, t["version"].as_u64().expect("version"), action).await;
    assert!(status.is_success(), "{action}: {v}");
}

/// `done` through the API while the seat is the only one to act and may.
async fn api_done_while_mine(s: &common::Server, token: &str, seat: &str) {
    while to_act(s, token).await == [seat] && legal(s, token).await.iter().any(|a| a == "done") {
        api_act(s, token, "done").await;
    }
}

/// Clicks a piece on the map and waits until the shell shows it selected.
async fn select_piece(b: &Browser, piece: &str) {
    b.js_click(&format!("#board [data-piece=\"{piece}\"]")).await;
    b.until(
        &format!("{piece} selected"),
        &format!("const e = document.querySelector('#legal b'); return e && e.textContent === {piece:?};"),
    )
    .await;
}

/// Clicks a space lit on the map and waits for the table to move on.
async fn click_lit_space(b: &Browser, space: &str) {
    b.until(
        &format!("{space} lit"),
        &format!("return !!document.querySelector('#board [data-place=\"{space}\"] .ny-hot');"),
    )
    .await;
    let before = b.version().await;
    b.js_click(&format!("#board [data-place=\"{space}\"]")).await;
    roll_if_asked(b, before).await;
    b.wait_version_above(before).await;
}

/// The number of corps a stack chip on the map shows (0: no such chip).
async fn chip_count(b: &Browser, key: &str) -> u64 {
    let v = js(
        b,
        &format!("const e = document.querySelector('#board [data-piece=\"{key}\"]'); return e ? +e.dataset.count : 0;"),
    )
    .await;
    v.as_u64().unwrap_or(0)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn nine_years_campaign_through_the_page() {
    let Some(b) = Browser::open(1440, 900).await else { return };
    let s = common::start(&common::databases()[0]).await;

    // The lobby: Nine Years, both seats played on this screen, seed 7.
    b.goto(&format!("{}/", s.base)).await;
    b.wait("#create-game select[name=game]").await.select_by_value("nine-years").await.expect("game chosen");
    b.until("the Nine Years form", "return document.querySelector('#create-game').dataset.game === 'nine-years';")
        .await;
    let shown = js(&b, "return document.querySelector('#create-game').dataset.seats;").await;
    assert_eq!(shown, Value::from("alliance bourbon"), "the game's two seats");
    b.wait("#create-game input[name=seed]").await.send_keys("7").await.expect("seed typed");
    b.click("#create-game button[type=submit]").await;
    let alliance = b.href("#links a[data-seat=\"alliance\"]").await;
    let bourbon = b.href("#links a[data-seat=\"bourbon\"]").await;
    let (al, bo) = (token_of(&alliance), token_of(&bourbon));

    // 1688 has no Event phase: the Reinforcement phase, the Bourbons (initiative) choose who goes first.
    b.goto(&bourbon).await;
    wait_to_act(&b, "bourbon").await;
    let (_, drawing) = s.get(&format!("/api/t/{bo}/drawing")).await;
    let spaces = drawing["spaces"].as_array().expect("spaces").len();
    let red = drawing["links"].as_array().expect("links").iter().filter(|l| l["red"] == true).count();
    b.wait("#board [data-place]").await;
    let drawn = js(&b, "return document.querySelectorAll('#board [data-place]').length;").await;
    assert_eq!(drawn, Value::from(spaces), "every space of the map is drawn");
    let dashed = js(&b, "return document.querySelectorAll('#board .ny-red-link[stroke-dasharray]').length;").await;
    assert_eq!(dashed, Value::from(red), "the Allied-only links are dashed red");
    assert!(red > 0, "the map has Allied-only links");
    let phase = b.text("#ny-phase .ny-now").await;
    assert_eq!(phase, "Reinforcement phase");
    assert_eq!(js(&b, "return +document.querySelector('#ny-vp').dataset.vp;").await, Value::from(22), "the VP track");
    assert!(b.text("#ny-years").await.contains("1697"), "the year track runs to 1697");
    assert!(b.text("#ny-seas").await.contains("Mediterranean: controlled by the Bourbons"), "the sea zones");
    // Fortresses show their strength on the map (Namur: 3).
    let namur = js(&b, "return document.querySelector('#board [data-place=\"namur\"] .ny-fort').textContent;").await;
    assert_eq!(namur, Value::from("3"));
    press(&b, "first bourbon").await;
    assert!(b.text("#log").await.contains("first bourbon"), "the choice is logged");
    // The Bourbons spend, place and move leaders: nothing this time.
    done_while_mine(&b, &s, &bo, "bourbon").await;

    // The Alliance's reinforcement steps, on its own page.
    b.goto(&alliance).await;
    wait_to_act(&b, "alliance").await;
    done_while_mine(&b, &s, &al, "alliance").await;

    // 13.2.1: both choose a card face down; from the hand in the panel.
    b.until(
        "both to choose a card",
        "const e = document.querySelector('#to-act'); return e && e.dataset.seats === 'alliance bourbon';",
    )
    .await;
    let hand = s.table(&al).await["view"]["hand"].clone();
    assert_eq!(hand, serde_json::json!([0, 3, 0]), "seed 7 deals the Alliance three 2-action cards");
    b.until("the hand of three", "const h = document.querySelector('#ny-hand'); return h && h.dataset.total === '3';")
        .await;
    let before = b.version().await;
    b.click("#ny-hand button[data-card=\"2\"]").await;
    b.wait_version_above(before).await;
    b.goto(&bourbon).await;
    b.until("the Bourbon hand", "return !!document.querySelector('#ny-hand button[data-card=\"1\"]:not([disabled])');")
        .await;
    let before = b.version().await;
    b.click("#ny-hand button[data-card=\"1\"]").await;
    b.wait_version_above(before).await;

    // The Alliance's action round: it showed the higher card and must play it.
    b.goto(&alliance).await;
    wait_to_act(&b, "alliance").await;
    let phase = b.text("#ny-phase .ny-now").await;
    assert_eq!(phase, "Campaign phase");
    b.until("the hand of three", "const h = document.querySelector('#ny-hand'); return h && h.dataset.total === '3';")
        .await;
    let before = b.version().await;
    b.click("#ny-hand button[data-card=\"2\"]").await;
    b.wait_version_above(before).await;
    b.until(
        "the hand down to two",
        "const h = document.querySelector('#ny-hand'); return h && h.dataset.total === '2';",
    )
    .await;
    assert!(b.text("#ny-round").await.contains("2 actions left"), "the card's actions");
    assert!(b.text("#log").await.contains("play 2"), "the card played is logged");

    // A Campaign: Gastañaga (a leader on the map, in Brussels), then his Spanish corps along.
    assert_eq!(chip_count(&b, "corps:brussels:spain:full").await, 1);
    assert_eq!(chip_count(&b, "corps:namur:spain:full").await, 1);
    select_piece(&b, "gastanaga").await;
    press(&b, "campaign gastanaga").await;
    b.until(
        "the force under way",
        "const f = document.querySelector('#ny-force'); return f && f.dataset.kind === 'campaign' && f.dataset.space === 'brussels';",
    )
    .await;
    select_piece(&b, "corps:brussels:spain:full").await;
    press(&b, "add spain full").await;
    assert!(b.text("#ny-force").await.contains("1× Spain"), "the corps joins the force");

    // The army moves along a link: a click on Namur (the corps is still selected; the
    // move needs no piece). The stack leaves Brussels and joins the one in Namur.
    click_lit_space(&b, "namur").await;
    assert!(b.text("#log").await.contains("go namur"), "the move is logged");
    assert_eq!(chip_count(&b, "corps:namur:spain:full").await, 2, "the corps has joined Namur's stack");
    assert_eq!(chip_count(&b, "corps:brussels:spain:full").await, 0, "no Spanish corps left in Brussels");
    let at = js(&b, "return document.querySelector('#board [data-piece=\"gastanaga\"]').dataset.space;").await;
    assert_eq!(at, Value::from("namur"), "the leader goes with his army");
    assert!(b.text("#ny-force").await.contains("MP spent 1/3"), "one MP spent");

    // The Bourbons may intercept from Luxembourg: they do not.
    if to_act(&s, &al).await == ["bourbon"] && legal(&s, &bo).await.iter().any(|a| a == "no-intercept") {
        b.goto(&bourbon).await;
        b.wait("#ny-pending").await;
        assert!(b.text("#ny-pending").await.contains("Namur"), "the decision owed names the space");
        press(&b, "no-intercept").await;
        b.goto(&alliance).await;
    }
    wait_to_act(&b, "alliance").await;

    // On into Dinant, held by a French corps: a battle, its odds shown before the roll.
    click_lit_space(&b, "dinant").await;
    assert_eq!(chip_count(&b, "corps:dinant:spain:full").await, 1, "the stack appears in Dinant");
    assert_eq!(chip_count(&b, "corps:namur:spain:full").await, 1, "and has left Namur");
    if to_act(&s, &al).await == ["bourbon"] {
        // The garrison gives battle rather than withdraw into its fortress.
        b.goto(&bourbon).await;
        wait_to_act(&b, "bourbon").await;
        press(&b, "battle").await;
        b.goto(&alliance).await;
    }
    b.until(
        "the battle in the log",
        "return document.querySelector('#log').textContent.indexOf('battle of Dinant') >= 0;",
    )
    .await;
    let roll = js(
        &b,
        "const li = Array.from(document.querySelectorAll('#log li.ev')).filter(function (e) { \
         return e.textContent.indexOf('battle of Dinant') >= 0; })[0]; \
         const d = li && li.querySelector('.dice'); return d ? d.textContent : '';",
    )
    .await;
    let roll = roll.as_str().unwrap_or_default().to_owned();
    assert!(
        roll.starts_with("⚄ ") && roll.split_whitespace().count() == 3,
        "the battle's two dice are shown: {roll:?}"
    );
    assert!(b.text("#log").await.contains("[NY 16.2]"), "the log cites the battle rule");
    // The page's VP track follows the table's (a Famous Victory moved it).
    let vp = s.table(&al).await["view"]["vp"].as_u64().expect("vp");
    b.until("the VP on the page", &format!("return +document.querySelector('#ny-vp').dataset.vp === {vp};")).await;
    b.until("the hand still two", "const h = document.querySelector('#ny-hand'); return h && h.dataset.total === '2';")
        .await;

    // The names on the map: none overlaps another or a counter, and none is under 9 px.
    let clashes = js(
        &b,
        "const box = function (e) { const r = e.getBoundingClientRect(); return {x0: r.left, y0: r.top, x1: r.right, y1: r.bottom, e: e}; }; \
         const names = Array.from(document.querySelectorAll('#board .ny-name')).map(box); \
         const counters = Array.from(document.querySelectorAll('#board .ny-chip > rect:not(.ny-can), #board .ny-chip > path, #board .ny-leader > rect:not(.ny-can)')).map(box); \
         const hit = function (a, c) { return Math.min(a.x1, c.x1) - Math.max(a.x0, c.x0) > 0.5 && Math.min(a.y1, c.y1) - Math.max(a.y0, c.y0) > 0.5; }; \
         const out = []; \
         names.forEach(function (a, i) { \
           names.slice(i + 1).forEach(function (c) { if (hit(a, c)) out.push(a.e.textContent + ' / ' + c.e.textContent); }); \
           counters.forEach(function (c) { if (hit(a, c)) out.push(a.e.textContent + ' / ' + c.e.parentNode.dataset.piece); }); \
         }); \
         return out.join('; ');",
    )
    .await;
    assert_eq!(clashes, Value::from(""), "overlapping names on the map");
    let smallest = js(
        &b,
        "const k = document.querySelector('#board svg').getScreenCTM().a; \
         return Math.min.apply(null, Array.from(document.querySelectorAll('#board .ny-name')).map(function (t) { \
           return parseFloat(t.getAttribute('font-size')) * k; }));",
    )
    .await;
    assert!(smallest.as_f64().unwrap_or(0.0) >= 9.0, "names of at least 9 px at the default zoom: {smallest}");

    // LOC on demand: the toggle above the map tints every space by its LOC.
    assert_eq!(js(&b, "return document.querySelectorAll('#board .ny-loc circle').length;").await, Value::from(0));
    b.js_click("#board [data-ny-toggle=\"loc\"]").await;
    b.until(
        "the LOC tint",
        &format!("return document.querySelectorAll('#board .ny-loc circle[data-loc]').length === {spaces};"),
    )
    .await;
    b.screenshot(&shot_path("nine-years-desktop-en-loc.png")).await;
    b.js_click("#board [data-ny-toggle=\"loc\"]").await;
    b.until("the LOC tint gone", "return document.querySelectorAll('#board .ny-loc').length === 0;").await;
    b.screenshot(&shot_path("nine-years-desktop-en.png")).await;

    // Russian: the phase, the tracks and the map's words in the rules' terms.
    b.click("#lang").await;
    b.until(
        "Russian phase",
        "const e = document.querySelector('#ny-phase .ny-now'); return e && e.textContent === 'Фаза Кампании';",
    )
    .await;
    let panel = b.text("#panel").await;
    assert!(panel.contains("Победные очки (ПО)") && panel.contains("Очки ресурсов (ОР)"), "{panel}");
    let toggle = js(&b, "return document.querySelector('#board [data-ny-toggle=\"loc\"] text').textContent;").await;
    assert!(toggle.as_str().unwrap_or_default().starts_with("ЛК"), "{toggle}");
    b.screenshot(&shot_path("nine-years-desktop-ru.png")).await;
    b.click("#lang").await;
    b.until(
        "English again",
        "const e = document.querySelector('#to-act'); return e && e.textContent.indexOf('To act') === 0;",
    )
    .await;
    b.close().await;
    s.stop();
}

/// Taps a space's marker where it is on the screen (a tap on the whole map zooms in there).
async fn tap_space(b: &Browser, space: &str) {
    b.wait(&format!("#board [data-place=\"{space}\"] .ny-marker")).await;
    js(
        b,
        &format!(
            "const g = document.querySelector('#board [data-place=\"{space}\"]'); \
             const r = g.querySelector('.ny-marker').getBoundingClientRect(); \
             g.dispatchEvent(new MouseEvent('click', {{bubbles: true, clientX: r.x + r.width / 2, clientY: r.y + r.height / 2}})); \
             return true;"
        ),
    )
    .await;
}

/// The same position on a phone: the page fits the width, the whole map is an
/// overview a tap zooms into; screenshots in both languages.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn nine_years_page_on_a_phone() {
    let Some(b) = Browser::open(390, 844).await else { return };
    let s = common::start(&common::databases()[0]).await;
    let c = s
        .create(
            serde_json::json!({"game": "nine-years", "seats": {"alliance": "human", "bourbon": "human"}, "seed": 7}),
        )
        .await;
    let al = c["seats"]["alliance"].as_str().expect("alliance").to_owned();
    let bo = c["seats"]["bourbon"].as_str().expect("bourbon").to_owned();
    // Through the opening and into a Campaign by the API: Gastañaga's army in Namur.
    api_act(&s, &bo, "first bourbon").await;
    api_done_while_mine(&s, &bo, "bourbon").await;
    api_done_while_mine(&s, &al, "alliance").await;
    for (token, action) in [
        (&al, "show 2"),
        (&bo, "show 1"),
        (&al, "play 2"),
        (&al, "campaign gastanaga"),
        (&al, "add spain full"),
        (&al, "go namur"),
    ] {
        api_act(&s, token, action).await;
    }
    b.goto(&format!("{}/t/{al}", s.base)).await;
    b.wait("#board [data-place]").await;
    b.until("the force", "return !!document.querySelector('#ny-force');").await;
    let fits = "return document.documentElement.scrollWidth <= window.innerWidth + 1;";
    assert_eq!(js(&b, fits).await, Value::Bool(true), "the table fits 390 px");
    b.screenshot(&shot_path("nine-years-phone-en.png")).await;
    // A tap on the whole map zooms in (and plays nothing).
    let view_box = "return document.querySelector('#board svg').getAttribute('viewBox');";
    let whole = js(&b, view_box).await;
    let v0 = b.version().await;
    // (At Namur: the Low Countries fill the screen.)
    tap_space(&b, "namur").await;
    let zoomed = js(&b, view_box).await;
    assert_ne!(whole, zoomed, "a tap on the whole map zooms in");
    assert_eq!(b.version().await, v0, "and changes nothing");
    b.screenshot(&shot_path("nine-years-phone-en-zoomed.png")).await;
    b.click("#lang").await;
    b.until(
        "Russian phase",
        "const e = document.querySelector('#ny-phase .ny-now'); return e && e.textContent === 'Фаза Кампании';",
    )
    .await;
    assert_eq!(js(&b, fits).await, Value::Bool(true), "the Russian table fits 390 px");
    b.screenshot(&shot_path("nine-years-phone-ru.png")).await;
    tap_space(&b, "namur").await;
    b.until("zoomed in", &format!("return document.querySelector('#board svg').getAttribute('viewBox') !== {whole};"))
        .await;
    b.screenshot(&shot_path("nine-years-phone-ru-zoomed.png")).await;
    b.click("#lang").await;
    b.until(
        "English again",
        "const e = document.querySelector('#to-act'); return e && e.textContent.indexOf('To act') === 0;",
    )
    .await;
    b.close().await;
    s.stop();
}
