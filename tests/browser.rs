//! The `regula serve` page in a real browser: headless Chromium driven by chromedriver over
//! the WebDriver protocol. It plays the opening of the WCF 2009 game 1 by clicking squares,
//! checks the pieces drawn and the move list, and that a refused move shows its explanation.
//!
//! Without /usr/bin/chromium or /usr/bin/chromedriver the test says so and passes, unless
//! `REGULA_REQUIRE_BROWSER=1` (as in CI), where a missing browser fails it.

use std::io::{BufRead, BufReader};
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use serde_json::{Value, json};

use crate::serve::http;

const CHROMIUM: &str = "/usr/bin/chromium";
const CHROMEDRIVER: &str = "/usr/bin/chromedriver";

/// The plies of the record played by clicks: the first six moves of each side.
const PLIES: usize = 12;

/// Processes and the browser session, ended when the test ends (also on failure).
struct Browser {
    driver: Child,
    servers: Vec<Child>,
    base: String,
    session: String,
    profile: std::path::PathBuf,
}

impl Drop for Browser {
    fn drop(&mut self) {
        if !self.session.is_empty() {
            let _ = http(
                &self.base,
                "DELETE",
                &format!("/session/{}", self.session),
                None,
            );
        }
        let _ = self.driver.kill();
        let _ = self.driver.wait();
        for s in &mut self.servers {
            let _ = s.kill();
            let _ = s.wait();
        }
        let _ = std::fs::remove_dir_all(&self.profile);
    }
}

impl Browser {
    fn cmd(&self, method: &str, path: &str, body: Option<Value>) -> Value {
        let b = body.map(|b| b.to_string());
        let (status, text) = http(
            &self.base,
            method,
            &format!("/session/{}{path}", self.session),
            b.as_deref(),
        );
        let v: Value = serde_json::from_str(&text).unwrap_or(Value::Null);
        assert_eq!(status, 200, "{method} {path}: {text}");
        v["value"].clone()
    }

    /// Opens a page and waits for its board.
    fn go(&self, url: &str) {
        self.cmd("POST", "/url", Some(json!({ "url": url })));
        self.wait_for(
            "return document.querySelector('#board rect[data-square]') !== null;",
            "the board",
        );
    }

    /// Runs a script in the page and returns its value.
    fn script(&self, js: &str) -> Value {
        self.cmd(
            "POST",
            "/execute/sync",
            Some(json!({ "script": js, "args": [] })),
        )
    }

    /// Waits until a script returns true (bounded).
    fn wait_for(&self, js: &str, what: &str) {
        let t0 = Instant::now();
        while t0.elapsed() < Duration::from_secs(30) {
            if self.script(js) == json!(true) {
                return;
            }
            std::thread::sleep(Duration::from_millis(50));
        }
        panic!("timed out waiting for {what}");
    }

    /// Clicks on a square of the board, as a person would (WebDriver element click). The
    /// board is redrawn from every state the server sends, so a square found just before a
    /// redraw may be gone by the click ("stale element"): then it is found again.
    fn click_square(&self, label: &str) {
        for _ in 0..5 {
            let el = self.cmd(
                "POST",
                "/element",
                Some(json!({
                    "using": "css selector",
                    "value": format!("#board rect[data-square=\"{label}\"]"),
                })),
            );
            let id = el
                .as_object()
                .and_then(|o| o.values().next())
                .and_then(Value::as_str)
                .expect("an element id")
                .to_string();
            let (status, text) = http(
                &self.base,
                "POST",
                &format!("/session/{}/element/{id}/click", self.session),
                Some("{}"),
            );
            if status == 200 {
                return;
            }
            assert!(text.contains("stale element"), "click on {label}: {text}");
            std::thread::sleep(Duration::from_millis(50));
        }
        panic!("{label} stays stale");
    }

    /// The moves shown in the move list, in order.
    fn moves_shown(&self) -> Vec<String> {
        let v = self.script(
            "return [...document.querySelectorAll('#moves li')].flatMap(li => li.textContent.split(' ').filter(Boolean));",
        );
        serde_json::from_value(v).unwrap()
    }
}

/// The browser binaries, or why the test does not run.
fn browser_available() -> bool {
    let found = Path::new(CHROMIUM).exists() && Path::new(CHROMEDRIVER).exists();
    if !found {
        assert!(
            std::env::var("REGULA_REQUIRE_BROWSER").as_deref() != Ok("1"),
            "REGULA_REQUIRE_BROWSER=1 but {CHROMIUM} or {CHROMEDRIVER} is missing \
             (apt-get install chromium chromium-driver)"
        );
        eprintln!(
            "SKIPPED browser test: {CHROMIUM} or {CHROMEDRIVER} is missing \
             (apt-get install chromium chromium-driver; REGULA_REQUIRE_BROWSER=1 makes this a failure)"
        );
    }
    found
}

fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port()
}

/// Starts `regula serve FILE --port 0`: the process and the URL it prints.
fn serve(file: &str) -> (Child, String) {
    let mut server = Command::new(env!("CARGO_BIN_EXE_regula"))
        .args(["serve", file, "--port", "0"])
        .stdout(Stdio::piped())
        .spawn()
        .expect("regula serve starts");
    let mut line = String::new();
    BufReader::new(server.stdout.take().unwrap())
        .read_line(&mut line)
        .unwrap();
    let url = line
        .trim()
        .strip_prefix("regula serve: ")
        .unwrap_or_else(|| panic!("the URL is printed: {line}"))
        .to_string();
    assert!(url.starts_with("http://127.0.0.1:"), "{url}");
    (server, url)
}

/// Starts `regula serve FILE`, chromedriver and a headless Chromium session on the page.
fn open(file: &str) -> Browser {
    let (server, url) = serve(file);
    let port = free_port();
    let driver = Command::new(CHROMEDRIVER)
        .arg(format!("--port={port}"))
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("chromedriver starts");
    let profile =
        std::env::temp_dir().join(format!("regula-chromium-{}-{port}", std::process::id()));
    let mut b = Browser {
        driver,
        servers: vec![server],
        base: format!("127.0.0.1:{port}"),
        session: String::new(),
        profile,
    };
    let t0 = Instant::now();
    loop {
        if std::net::TcpStream::connect(&b.base).is_ok() {
            let (_, status) = http(&b.base, "GET", "/status", None);
            if status.contains("\"ready\":true") {
                break;
            }
        }
        assert!(
            t0.elapsed() < Duration::from_secs(20),
            "chromedriver does not start"
        );
        std::thread::sleep(Duration::from_millis(50));
    }
    let caps = json!({ "capabilities": { "alwaysMatch": {
        "browserName": "chrome",
        "goog:chromeOptions": {
            "binary": CHROMIUM,
            "args": [
                "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                "--disable-background-networking", "--disable-component-update", "--disable-sync",
                "--window-size=1200,900",
                format!("--user-data-dir={}", b.profile.display()),
            ],
        },
    }}});
    let (status, text) = http(&b.base, "POST", "/session", Some(&caps.to_string()));
    assert_eq!(status, 200, "a browser session: {text}");
    let v: Value = serde_json::from_str(&text).unwrap();
    b.session = v["value"]["sessionId"].as_str().unwrap().to_string();
    b.go(&url);
    b
}

/// The pieces drawn on the board: (square, owner, kind), sorted.
fn pieces_drawn(b: &Browser) -> Vec<(String, String, String)> {
    let v = b.script(
        "return [...document.querySelectorAll('#board circle.piece')].map(c => [c.dataset.square, c.dataset.owner, c.dataset.kind]);",
    );
    let mut v: Vec<(String, String, String)> = serde_json::from_value(v).unwrap();
    v.sort();
    v
}

/// The pieces of a position, as [`pieces_drawn`] lists them.
fn pieces_of(game: &regula::Game, pos: &regula::Position) -> Vec<(String, String, String)> {
    let def = &game.def;
    let mut v = Vec::new();
    for sq in 0..def.board.len() {
        let c = pos.cells[sq];
        if c != 0 {
            v.push((
                def.board.labels[sq].clone(),
                def.owner_name(regula::engine::owner(c)).to_string(),
                def.kinds[regula::engine::kind(c) as usize].clone(),
            ));
        }
    }
    v.sort();
    v
}

#[test]
fn the_page_plays_the_wcf_game_by_clicks_in_chromium() {
    if !browser_available() {
        return;
    }
    let record = std::fs::read_to_string("tests/games/camelot/wcf-2009-game1.txt").unwrap();
    let tokens: Vec<String> = regula::record::tokenize(&record)
        .unwrap()
        .into_iter()
        .map(|t| t.text)
        .take(PLIES)
        .collect();
    assert_eq!(tokens.len(), PLIES);
    assert_eq!(tokens[11], "D10-D8xD6", "the record's 6th black move");
    let src = regula::SourceFile::read(Path::new("rules/camelot.rules")).unwrap();
    let game = regula::load(&src, &[]).unwrap();

    let mut b = open("rules/camelot.rules");
    assert_eq!(pieces_drawn(&b), pieces_of(&game, &game.start()));
    let mut pos = game.start();
    for (i, t) in tokens.iter().enumerate() {
        let (squares, _) = regula::notation::parse_path(&game.def, t).unwrap();
        for &sq in &squares {
            b.click_square(&game.def.board.labels[sq as usize]);
        }
        // A path that is a whole move but could go on (a canter that may continue) waits
        // for the last square to be clicked again: "stop here".
        let last = &game.def.board.labels[*squares.last().unwrap() as usize];
        let stop = format!(
            "return document.querySelector('#board rect.stop[data-square=\"{last}\"]') !== null;"
        );
        if b.script(&stop) == json!(true) {
            b.click_square(last);
        }
        b.wait_for(
            &format!(
                "return document.querySelectorAll('#moves li').length === {} && \
                 [...document.querySelectorAll('#moves li')].flatMap(li => li.textContent.split(' ').filter(Boolean)).length === {};",
                i / 2 + 1,
                i + 1
            ),
            &format!("ply {} ({t}) to be played", i + 1),
        );
        let mv = regula::notation::find(&game, &pos, t, false).unwrap();
        pos = game.play_unchecked(&pos, &mv);
    }
    assert_eq!(
        b.moves_shown(),
        tokens,
        "the move list in the game's notation"
    );
    let drawn = pieces_drawn(&b);
    assert_eq!(drawn, pieces_of(&game, &pos));
    // Spot checks read off the record, independent of the engine: 6...D10-D8xD6 puts a
    // Black Knight on D6 and captures the White Knight on D7; 2.C6-E8-G8, 3.H6-H8 and
    // 6.I8-J9 put White's pieces on G8, H8 and J9.
    let at = |sq: &str| {
        drawn
            .iter()
            .find(|(s, _, _)| s == sq)
            .map(|(_, o, k)| (o.as_str(), k.as_str()))
    };
    assert_eq!(at("D6"), Some(("Black", "Knight")));
    assert_eq!(at("D7"), None);
    assert_eq!(at("D10"), None);
    assert_eq!(at("J9"), Some(("White", "Man")));
    assert_eq!(at("H8"), Some(("White", "Man")));
    assert_eq!(at("G8"), Some(("White", "Knight")));
    assert_eq!(
        b.script("return document.getElementById('to-move').textContent;"),
        json!("White to move")
    );

    // A refused move: the White Man on E7 clicked, then E9 (out of its reach: it must
    // capture, E7xC5).
    assert_eq!(at("E7"), Some(("White", "Man")));
    let from = "E7".to_string();
    b.click_square(&from);
    // The click marks the square and the destinations.
    assert_eq!(
        b.script("return document.querySelector('#board rect.from').dataset.square;"),
        json!(from)
    );
    let targets: Vec<String> = serde_json::from_value(b.script(
        "return [...document.querySelectorAll('#board rect.target')].map(r => r.dataset.square).sort();",
    ))
    .unwrap();
    let mut expected: Vec<String> = game
        .legal_moves(&pos)
        .iter()
        .filter(|m| game.def.board.labels[m.from as usize] == from)
        .map(|m| game.def.board.labels[m.path[0] as usize].clone())
        .collect();
    expected.sort();
    expected.dedup();
    assert_eq!(targets, expected, "the legal destinations are highlighted");
    assert!(!targets.contains(&"E9".to_string()));
    b.click_square("E9");
    // The words of `regula::explain`, with the one legal move of the piece.
    let text = super::serve::explained("rules/camelot.rules", &tokens.join(" "), "E7-E9");
    assert!(
        text.contains("Legal moves of the White Man on E7: E7xC5."),
        "{text}"
    );
    b.wait_for(
        "return document.getElementById('message').textContent.startsWith('E7-E9 is not a legal move');",
        "the explanation",
    );
    assert_eq!(
        b.script("return document.getElementById('message').textContent;"),
        json!(text)
    );
    assert_eq!(
        b.script("return document.getElementById('message').className;"),
        json!("error")
    );
    assert_eq!(b.moves_shown(), tokens, "a refused move changes nothing");

    // `REGULA_SCREENSHOT=FILE.png`: the page with the White Knight on G8 chosen, for the
    // README.
    if let Ok(file) = std::env::var("REGULA_SCREENSHOT") {
        b.click_square("G8");
        let png = b.cmd("GET", "/screenshot", None);
        std::fs::write(&file, base64(png.as_str().unwrap())).unwrap();
    }

    // A variant with neutral pieces placed by drops: a click on an empty square places a
    // Tree there, and a move typed in the text box is played too.
    let (river, url) = serve("rules/river-camelot.rules");
    let src = regula::SourceFile::read(Path::new("rules/river-camelot.rules")).unwrap();
    let rgame = regula::load(&src, &[]).unwrap();
    let start = rgame.start();
    let drops: Vec<String> = rgame
        .legal_moves(&start)
        .iter()
        .filter(|m| m.is_drop())
        .map(|m| regula::notation::format(&rgame.def, m))
        .collect();
    assert!(drops.len() > 1, "{drops:?}");
    b.servers.push(river);
    b.go(&url);
    let (_, first) = drops[0].split_once('@').unwrap();
    assert!(!pieces_drawn(&b).iter().any(|(s, _, _)| s == first));
    b.click_square(first);
    b.wait_for(
        "return document.querySelectorAll('#moves li').length === 1;",
        "the drop",
    );
    assert_eq!(b.moves_shown(), [drops[0].clone()]);
    assert!(drops[0].starts_with("T@"), "{}", drops[0]);
    assert!(
        pieces_drawn(&b).contains(&(first.to_string(), "neutral".into(), "Tree".into())),
        "a Tree on {first}"
    );
    // The answer, typed: the last legal drop after the first.
    let first_drop = regula::notation::find(&rgame, &start, &drops[0], false).unwrap();
    let after = rgame.play_unchecked(&start, &first_drop);
    let typed = regula::notation::sorted_texts(&rgame.def, &rgame.legal_moves(&after))
        .pop()
        .unwrap();
    let input = b.cmd(
        "POST",
        "/element",
        Some(json!({ "using": "css selector", "value": "#move-text" })),
    );
    let id = input
        .as_object()
        .unwrap()
        .values()
        .next()
        .unwrap()
        .as_str()
        .unwrap()
        .to_string();
    b.cmd(
        "POST",
        &format!("/element/{id}/value"),
        Some(json!({ "text": format!("{typed}\u{E007}") })),
    );
    b.wait_for(
        "return document.querySelector('#moves li').textContent.split(' ').length === 2;",
        "the typed move",
    );
    assert_eq!(b.moves_shown(), [drops[0].clone(), typed]);
}

/// Decodes standard base64 (the WebDriver screenshot).
fn base64(text: &str) -> Vec<u8> {
    let value = |c: u8| match c {
        b'A'..=b'Z' => c - b'A',
        b'a'..=b'z' => c - b'a' + 26,
        b'0'..=b'9' => c - b'0' + 52,
        b'+' => 62,
        b'/' => 63,
        _ => panic!("not base64: {c}"),
    };
    let digits: Vec<u8> = text.bytes().filter(|&c| c != b'=').map(value).collect();
    let mut out = Vec::new();
    for chunk in digits.chunks(4) {
        let n = chunk.iter().fold(0u32, |n, &d| n << 6 | d as u32) << (6 * (4 - chunk.len()));
        let bytes = n.to_be_bytes();
        out.extend_from_slice(&bytes[1..chunk.len()]);
    }
    out
}
