//! Headless Chromium driven over WebDriver (ChromeDriver), for the tests
//! that play through the page.
#![allow(dead_code)]

use fantoccini::{Client, ClientBuilder, Locator};
use serde_json::{json, Value};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

/// A browser session and the ChromeDriver process behind it.
pub struct Browser {
    pub client: Client,
    driver: Child,
    /// Chromium's profile, removed when the browser is dropped or closed.
    profile: tempfile::TempDir,
}

/// Where ChromeDriver and Chromium are: `SANDTABLE_CHROMEDRIVER` /
/// `SANDTABLE_CHROMIUM` (scripts/test-deps.sh sets them), else the Debian
/// paths. Under CI a missing browser fails the test; elsewhere it is skipped
/// with a message.
fn tools() -> Option<(String, String)> {
    let driver = std::env::var("SANDTABLE_CHROMEDRIVER").unwrap_or_else(|_| "/usr/bin/chromedriver".into());
    let chromium = std::env::var("SANDTABLE_CHROMIUM").unwrap_or_else(|_| "/usr/bin/chromium".into());
    if std::path::Path::new(&driver).exists() && std::path::Path::new(&chromium).exists() {
        return Some((driver, chromium));
    }
    assert!(std::env::var("CI").is_err(), "no Chromium/ChromeDriver: .ci/run must install them (scripts/test-deps.sh)");
    eprintln!("Chromium or ChromeDriver missing: browser test skipped (run scripts/test-deps.sh)");
    None
}

fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0").and_then(|l| l.local_addr()).map(|a| a.port()).expect("a free port")
}

impl Browser {
    /// A new headless browser with a window of `width`×`height`, or `None`
    /// when the tools are missing outside CI.
    pub async fn open(width: u32, height: u32) -> Option<Browser> {
        let (driver_path, chromium) = tools()?;
        let port = free_port();
        let driver = Command::new(driver_path)
            .arg(format!("--port={port}"))
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("chromedriver starts");
        let profile = tempfile::Builder::new().prefix("sandtable-chrome-").tempdir().expect("profile dir");
        let caps = json!({
            "goog:chromeOptions": {
                "binary": chromium,
                // Without the networking flags Chromium keeps trying hosts this
                // machine cannot reach.
                "args": [
                    "--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                    "--disable-background-networking", "--disable-component-update", "--disable-sync",
                    "--no-first-run", "--disable-extensions", "--disable-quic",
                    format!("--window-size={width},{height}"),
                    format!("--user-data-dir={}", profile.path().display()),
                ],
            }
        });
        let mut caps = caps;
        if width < 500 {
            // Desktop Chromium will not make a window that narrow: emulate the phone.
            caps["goog:chromeOptions"]["mobileEmulation"] =
                json!({"deviceMetrics": {"width": width, "height": height, "pixelRatio": 2.0, "touch": true}});
        }
        let Value::Object(caps) = caps else { unreachable!("an object literal") };
        let url = format!("http://127.0.0.1:{port}");
        let start = Instant::now();
        let client = loop {
            let connector = hyper_util::client::legacy::connect::HttpConnector::new();
            match ClientBuilder::new(connector).capabilities(caps.clone()).connect(&url).await {
                Ok(c) => break c,
                Err(e) if start.elapsed() < Duration::from_secs(20) => {
                    let _ = e;
                    tokio::time::sleep(Duration::from_millis(200)).await;
                }
                Err(e) => panic!("no WebDriver session: {e}"),
            }
        };
        Some(Browser { client, driver, profile })
    }

    pub async fn goto(&self, url: &str) {
        self.client.goto(url).await.expect("page loads");
    }

    /// Waits (up to 15 s) for an element matching `css`.
    pub async fn wait(&self, css: &str) -> fantoccini::elements::Element {
        self.client
            .wait()
            .at_most(Duration::from_secs(15))
            .for_element(Locator::Css(css))
            .await
            .unwrap_or_else(|e| panic!("no element {css:?}: {e}"))
    }

    /// Waits (up to 15 s) until the script `js` (a function body returning a
    /// value) returns something truthy; returns it. A script that throws
    /// counts as "not yet": the page redraws its table on every version, so an
    /// element the script reads may be missing for a moment. The last error is
    /// in the timeout's message, so a wrong selector still reads plainly.
    pub async fn until(&self, what: &str, js: &str) -> Value {
        let start = Instant::now();
        let mut last_error = None;
        loop {
            match self.client.execute(js, vec![]).await {
                Ok(v) => {
                    let truthy = !matches!(v, Value::Null | Value::Bool(false)) && v != json!(0) && v != json!("");
                    if truthy {
                        return v;
                    }
                }
                Err(e) if e.is_javascript_error() => last_error = Some(e.to_string()),
                Err(e) => panic!("script runs: {e:?}"),
            }
            assert!(
                start.elapsed() < Duration::from_secs(15),
                "timed out waiting for {what} (the script's last error: {last_error:?})"
            );
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
    }

    /// Runs the script `js` (a function body) and returns its value. A script
    /// that throws is run again (up to 15 s): the page may be between two
    /// drawings (a push re-renders, hot seat follows the turn to another
    /// page), so an element it reads may be missing for a moment.
    pub async fn js(&self, js: &str) -> Value {
        self.js_with(js, vec![]).await
    }

    /// [`Browser::js`] with `arguments` for the script.
    pub async fn js_with(&self, js: &str, args: Vec<Value>) -> Value {
        let start = Instant::now();
        loop {
            match self.client.execute(js, args.clone()).await {
                Ok(v) => return v,
                Err(e) if e.is_javascript_error() && start.elapsed() < Duration::from_secs(15) => {
                    tokio::time::sleep(Duration::from_millis(100)).await;
                }
                Err(e) => panic!("script runs: {e}"),
            }
        }
    }

    /// The table's version as the page shows it, once it shows one (a switch
    /// of language draws the page anew).
    pub async fn version(&self) -> u64 {
        let shown = self
            .until(
                "the version shown",
                "const e = document.querySelector('#version'); return e && e.textContent.trim() !== '' ? e.textContent.trim() : false;",
            )
            .await;
        shown.as_str().and_then(|v| v.parse().ok()).expect("a version number")
    }

    /// Waits until the page shows a table version above `v`.
    pub async fn wait_version_above(&self, v: u64) {
        self.until(
            "the version to move on",
            &format!("const e = document.querySelector('#version'); return !!e && +e.textContent > {v};"),
        )
        .await;
    }

    /// Clicks the first element matching `css`, waiting (up to 15 s) for
    /// one; when the page redraws it between finding and clicking (a stale
    /// element), finds it again.
    pub async fn click(&self, css: &str) {
        let start = Instant::now();
        loop {
            match self.wait(css).await.click().await {
                Ok(_) => return,
                Err(e) if e.is_stale_element_reference() && start.elapsed() < Duration::from_secs(15) => {}
                Err(e) => panic!("cannot click {css:?}: {e}"),
            }
        }
    }

    /// Clicks through JavaScript (SVG elements that WebDriver's pointer
    /// model may call not interactable), waiting (up to 15 s) for an element
    /// matching `css`. Found and clicked in one script, so a page that
    /// redraws between the two cannot make the click miss.
    pub async fn js_click(&self, css: &str) {
        let js = format!(
            "const e = document.querySelector({css:?}); if (!e) return false; e.dispatchEvent(new MouseEvent('click', {{bubbles: true}})); return true;"
        );
        self.until(&format!("an element {css:?} to click"), &js).await;
    }

    /// The rendered text of the first element matching `css`, waiting (up
    /// to 15 s) for one. Read in one script, so a page that redraws the
    /// element between finding and reading it (a push re-renders the panel)
    /// cannot leave the test holding a stale element.
    pub async fn text(&self, css: &str) -> String {
        let js = format!("const e = document.querySelector({css:?}); return e ? [e.innerText] : null;");
        match self.until(&format!("an element {css:?} to read"), &js).await {
            Value::Array(mut v) if v.len() == 1 => match v.remove(0) {
                Value::String(s) => s,
                other => panic!("{css:?} gave no text: {other}"),
            },
            other => panic!("{css:?} gave no text: {other}"),
        }
    }

    /// The `href` attribute of the first element matching `css`, waiting (up
    /// to 15 s) for one; read in one script, like [`Browser::text`].
    pub async fn href(&self, css: &str) -> String {
        let js = format!("const e = document.querySelector({css:?}); return e ? [e.getAttribute('href')] : null;");
        match self.until(&format!("a link {css:?}"), &js).await {
            Value::Array(v) if v.len() == 1 && v[0].is_string() => v[0].as_str().unwrap_or_default().to_owned(),
            other => panic!("{css:?} has no href: {other}"),
        }
    }

    /// Saves a screenshot (for a person to look at when a test fails).
    pub async fn screenshot(&self, path: &str) {
        if let Ok(png) = self.client.screenshot().await {
            let _ = std::fs::write(path, png);
        }
    }

    pub async fn close(mut self) {
        let _ = self.client.clone().close().await;
        let _ = self.driver.kill();
        let _ = self.driver.wait();
    }
}
