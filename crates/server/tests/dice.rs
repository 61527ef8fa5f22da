//! Issue 14, provable dice (docs/dice.md): a game made without a chosen seed
//! commits to a secret, shows every page the commitment, waits for each
//! person's share before anything is set up, and reveals the secret with
//! the game file once the game is over, so that the proof checks out
//! against the commitment shown at the start and the file replays.

mod common;

use common::{databases, kind, start};
use reqwest::StatusCode;
use sandtable_core::provable::Secret;
use serde_json::{json, Value};
use std::time::{Duration, Instant};

fn share(byte: u8) -> Value {
    json!({"entropy": format!("{byte:02x}").repeat(32)})
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn nothing_is_set_up_or_played_before_every_person_has_given_a_share() {
    for db in databases() {
        let s = start(&db).await;
        let g = s.create_unsealed(json!({"game": "totensonntag"})).await;
        let (axis, allies) = (g["seats"]["axis"].as_str().expect("t"), g["seats"]["allies"].as_str().expect("t"));
        let (admin, spectator) = (g["admin"].as_str().expect("t"), g["spectator"].as_str().expect("t"));
        // Every page shows the commitment before anything is rolled, and no board.
        let t = s.table(spectator).await;
        let commitment = t["dice"]["commitment"].as_str().expect("a commitment").to_owned();
        assert_eq!(commitment.len(), 64, "{t}");
        assert_eq!(t["dice"]["sealed"], false);
        assert_eq!(t["dice"]["waiting"], json!(["axis", "allies"]));
        assert_eq!(t["gathering"], json!(["axis", "allies"]));
        assert!(t["view"].is_null() && t["dice"].get("secret").is_none(), "{t}");
        let t = s.table(axis).await;
        assert!(t["view"].is_null() && t["legal"] == json!([]) && t["to_act"].is_null(), "{t}");
        // No action, replay or game file before the seal; each refusal says why.
        let (status, v) = s.act(axis, 0, "end").await;
        assert_eq!((status, kind(&v)), (StatusCode::CONFLICT, "gathering"), "{v}");
        assert!(v["error"]["en"].as_str().expect("en").contains("axis, allies"), "{v}");
        assert!(v["error"]["ru"].as_str().expect("ru").contains("кубики ещё не запечатаны"), "{v}");
        let (status, v) = s.get(&format!("/api/t/{axis}/replay?at=0")).await;
        assert_eq!((status, kind(&v)), (StatusCode::CONFLICT, "gathering"), "{v}");
        let (status, v) = s.get(&format!("/api/t/{axis}/record")).await;
        assert_eq!((status, kind(&v)), (StatusCode::CONFLICT, "not_over"), "{v}");
        // Only a seat's link gives a share, of 64 hex digits, once.
        for token in [admin, spectator] {
            let (status, v) = s.post(&format!("/api/t/{token}/share"), &share(1)).await;
            assert_eq!((status, kind(&v)), (StatusCode::FORBIDDEN, "forbidden"), "{v}");
        }
        for bad in [json!({"entropy": "ab".repeat(31)}), json!({"entropy": "zz".repeat(32)})] {
            let (status, v) = s.post(&format!("/api/t/{axis}/share"), &bad).await;
            assert_eq!((status, kind(&v)), (StatusCode::BAD_REQUEST, "share"), "{v}");
        }
        let (status, v) = s.post(&format!("/api/t/{axis}/share"), &json!({"entropy": "ab", "seed": 1})).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "an unknown field is refused: {v}");
        let (status, v) = s.post(&format!("/api/t/{axis}/share"), &share(1)).await;
        assert_eq!(status, StatusCode::OK, "{v}");
        let (status, v) = s.post(&format!("/api/t/{axis}/share"), &share(2)).await;
        assert_eq!((status, kind(&v)), (StatusCode::CONFLICT, "share_given"), "{v}");
        let t = s.table(spectator).await;
        assert_eq!(t["dice"]["waiting"], json!(["allies"]));
        assert_eq!(t["dice"]["shares"], json!([{"seat": "axis", "entropy": "01".repeat(32)}]));
        assert!(t["view"].is_null(), "one share of two seals nothing: {t}");
        // The last share seals the dice: the game is set up and play begins.
        let (status, v) = s.post(&format!("/api/t/{allies}/share"), &share(3)).await;
        assert_eq!(status, StatusCode::OK, "{v}");
        let t = s.table(axis).await;
        assert_eq!(t["dice"]["sealed"], true);
        assert_eq!(t["dice"]["commitment"], json!(commitment), "the commitment never changes");
        assert!(t["view"].is_object() && t["to_act"].is_array() && t.get("gathering").is_none(), "{t}");
        assert!(t["dice"].get("secret").is_none() && t["setup"].get("seed").is_none(), "nothing reveals the seed: {t}");
        let (status, v) = s.post(&format!("/api/t/{allies}/share"), &share(4)).await;
        assert_eq!((status, kind(&v)), (StatusCode::CONFLICT, "sealed"), "{v}");
        // Played on, the sealed game reloads the same on another server
        // instance over the same database (shares replayed from the journal).
        let before = s.play_first_legal(&g["seats"], 3).await;
        let again = start(&db).await;
        let t2 = again.table(axis).await;
        assert_eq!(t2["version"].as_u64(), Some(before));
        assert_eq!(t2["view"], s.table(axis).await["view"]);
        assert_eq!(t2["dice"], s.table(axis).await["dice"]);
        again.stop();
        s.stop();
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_seed_the_creator_chose_and_a_game_of_bots_only_gather_no_share() {
    let s = start(&databases()[0]).await;
    let chosen = s.create_unsealed(json!({"game": "totensonntag", "seed": 5})).await;
    let t = s.table(chosen["spectator"].as_str().expect("t")).await;
    assert_eq!(t["dice"], json!({"chosen": true}), "every page says these dice cannot be checked");
    assert!(t["view"].is_object() && t["to_act"].is_array(), "{t}");
    let axis = chosen["seats"]["axis"].as_str().expect("t");
    let (status, v) = s.post(&format!("/api/t/{axis}/share"), &share(1)).await;
    assert_eq!((status, kind(&v)), (StatusCode::CONFLICT, "sealed"), "{v}");
    // No person to wait for: sealed at once, from the secret alone.
    let bots = s.create_unsealed(json!({"game": "totensonntag", "seats": {"axis": "bot", "allies": "bot"}})).await;
    let t = s.table(bots["spectator"].as_str().expect("t")).await;
    assert_eq!((t["dice"]["sealed"].clone(), t["dice"]["shares"].clone()), (json!(true), json!([])), "{t}");
    s.stop();
}

/// The whole chain: shares, a seat handed to the bot, the game to its end,
/// the secret revealed, the proof checked against the commitment shown
/// before the first roll, and the file replayed to its hash.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn after_the_game_the_secret_proves_the_dice_against_the_commitment_shown_first() {
    let s = start(&databases()[0]).await;
    let g = s
        .create_unsealed(json!({"game": "colditz", "options": {"players": 3, "rounds": 10},
            "seats": {"german": "human", "british": "human", "american": "bot"}}))
        .await;
    let (german, british) = (g["seats"]["german"].as_str().expect("t"), g["seats"]["british"].as_str().expect("t"));
    let (admin, spectator) = (g["admin"].as_str().expect("t"), g["spectator"].as_str().expect("t"));
    let shown = s.table(spectator).await["dice"]["commitment"].as_str().expect("commitment").to_owned();
    assert_eq!(s.post(&format!("/api/t/{german}/share"), &share(7)).await.0, StatusCode::OK);
    // The British seat's holder never comes: its creator hands it to the bot,
    // and with no person's share awaited the dice seal.
    let (status, v) = s.post(&format!("/api/t/{admin}/seat"), &json!({"seat": "british", "kind": "bot"})).await;
    assert_eq!(status, StatusCode::OK, "{v}");
    let t = s.table(spectator).await;
    assert_eq!(t["dice"]["sealed"], true, "{t}");
    // A seat the bot plays gives no share.
    let (status, v) = s.post(&format!("/api/t/{british}/share"), &share(8)).await;
    assert_eq!((status, kind(&v)), (StatusCode::FORBIDDEN, "forbidden"), "{v}");
    let (status, v) = s.post(&format!("/api/t/{admin}/seat"), &json!({"seat": "german", "kind": "bot"})).await;
    assert_eq!(status, StatusCode::OK, "{v}");
    let clock = Instant::now();
    let mut t = s.table(spectator).await;
    while t.get("over").is_none() && clock.elapsed() < Duration::from_secs(240) {
        tokio::time::sleep(Duration::from_millis(250)).await;
        t = s.table(spectator).await;
    }
    assert!(t.get("over").is_some(), "the bots did not finish: version {}", t["version"]);
    let secret = t["dice"]["secret"].as_str().expect("the secret, once over").to_owned();
    assert_eq!(Secret::from_hex(&secret).expect("hex").commitment(), shown);
    let (status, file) = s.get(&format!("/api/t/{german}/record")).await;
    assert_eq!(status, StatusCode::OK, "{file}");
    let record: sandtable_core::GameRecord = serde_json::from_value(file).expect("a game file");
    let proof = record.dice.clone().expect("the dice proof");
    assert_eq!((proof.commitment.as_str(), proof.secret.as_str()), (shown.as_str(), secret.as_str()));
    assert_eq!(proof.shares.iter().map(|s| s.seat.as_str()).collect::<Vec<_>>(), ["german"]);
    assert_eq!(proof.check(record.setup.seed, &["german", "british", "american"]), Ok(()));
    assert_eq!(t["setup"]["seed"], json!(record.setup.seed));
    sandtable_catalog::open(&record).expect("the file replays to its hash");
    // A seed other than the proof's is caught.
    let forged = sandtable_core::GameRecord {
        setup: sandtable_core::Setup { seed: record.setup.seed ^ 1, ..record.setup.clone() },
        ..record
    };
    assert!(forged.dice.as_ref().expect("proof").check(forged.setup.seed, &["german"]).is_err());
    s.stop();
}
