//! The `regula serve` page in a real browser: headless Chromium driven by chromedriver over
//! the WebDriver protocol. It plays the opening of the WCF 2009 game 1 by clicks on squares,
//! checks the pieces drawn and the move list, and that a refused move shows its explanation;
//! then the last move's path and captures, the goal regions, the pieces captured, flipping
//! and resizing the board, stepping through the game (clicks on the move list, arrow keys),
//! playing from an earlier position (the confirmation refused, then accepted), copying and
//! downloading the record and the position (a move list and YAML for Camelot, PDN and FEN
//! for English draughts), and the opponent control.
//!
//! Without /usr/bin/chromium or /usr/bin/chromedriver the test says so and passes, unless
//! `REGULA_REQUIRE_BROWSER=1` (as in CI), where a missing browser fails it.
//!
//! Over 800 lines: one scripted session of the page, each feature a step of it, with the small
//! WebDriver client it needs; split, the steps would each start a browser again.

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
    /// Where the browser saves downloads.
    downloads: std::path::PathBuf,
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
        // The test may read what the page copied, as a person would paste it (a permission
        // of the page's origin).
        for name in ["clipboard-read", "clipboard-write"] {
            self.cmd(
                "POST",
                "/permissions",
                Some(json!({ "descriptor": { "name": name }, "state": "granted" })),
            );
        }
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

    /// The id of the element a CSS selector finds first.
    fn element(&self, css: &str) -> String {
        let el = self.cmd(
            "POST",
            "/element",
            Some(json!({ "using": "css selector", "value": css })),
        );
        el.as_object()
            .and_then(|o| o.values().next())
            .and_then(Value::as_str)
            .unwrap_or_else(|| panic!("no element {css}"))
            .to_string()
    }

    /// Clicks on the element a CSS selector finds (found again when a redraw made it stale).
    fn click(&self, css: &str) {
        for _ in 0..5 {
            let id = self.element(css);
            let (status, text) = http(
                &self.base,
                "POST",
                &format!("/session/{}/element/{id}/click", self.session),
                Some("{}"),
            );
            if status == 200 {
                return;
            }
            assert!(text.contains("stale element"), "click on {css}: {text}");
            std::thread::sleep(Duration::from_millis(50));
        }
        panic!("{css} stays stale");
    }

    /// Presses and releases a key (a WebDriver key code such as `\u{E012}`, the left arrow)
    /// on whatever has the focus.
    fn press(&self, key: &str) {
        self.cmd(
            "POST",
            "/actions",
            Some(
                json!({ "actions": [{ "type": "key", "id": "keyboard", "actions": [
                    { "type": "keyDown", "value": key }, { "type": "keyUp", "value": key },
                ]}]}),
            ),
        );
    }

    /// Waits for a confirmation box, checks its text and accepts or dismisses it.
    fn answer_confirm(&self, contains: &str, accept: bool) {
        let t0 = Instant::now();
        loop {
            let (status, text) = http(
                &self.base,
                "GET",
                &format!("/session/{}/alert/text", self.session),
                None,
            );
            if status == 200 {
                assert!(text.contains(contains), "the confirmation: {text}");
                break;
            }
            assert!(
                t0.elapsed() < Duration::from_secs(30),
                "no confirmation box: {text}"
            );
            std::thread::sleep(Duration::from_millis(50));
        }
        let what = if accept { "accept" } else { "dismiss" };
        self.cmd("POST", &format!("/alert/{what}"), Some(json!({})));
    }

    /// The squares of the board's rectangles that have a class, sorted.
    fn squares_with(&self, class: &str) -> Vec<String> {
        let v = self.script(&format!(
            "return [...document.querySelectorAll('#board rect[data-square].{class}')].map(r => r.dataset.square).sort();"
        ));
        serde_json::from_value(v).unwrap()
    }

    /// The message shown under the board.
    fn message(&self) -> String {
        self.script("return document.getElementById('message').textContent;")
            .as_str()
            .unwrap()
            .to_string()
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
    let mut server = crate::binary::command()
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
    let downloads = profile.join("downloads");
    std::fs::create_dir_all(&downloads).unwrap();
    let mut b = Browser {
        driver,
        servers: vec![server],
        base: format!("127.0.0.1:{port}"),
        session: String::new(),
        profile,
        downloads,
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
            "prefs": {
                "download.default_directory": b.downloads.display().to_string(),
                "download.prompt_for_download": false,
            },
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
        "return [...document.querySelectorAll('#board .piece')].map(c => [c.dataset.square, c.dataset.owner, c.dataset.kind]);",
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
#[cfg_attr(
    not(all(tool = "chromium", tool = "chromedriver")),
    ignore = "needs Chromium and ChromeDriver (apt-get install chromium chromium-driver); then `touch build.rs`"
)]
fn the_page_plays_the_wcf_game_by_clicks_in_chromium() {
    if !browser_available() {
        return;
    }
    let record = std::fs::read_to_string("tests/games/camelot/wcf-2009-game1.txt").unwrap();
    let tokens: Vec<String> = regula::formats::record::tokenize(&record)
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
    let mut line = vec![pos.clone()];
    let mut mvs = Vec::new();
    for (i, t) in tokens.iter().enumerate() {
        let (squares, _) = regula::formats::notation::parse_path(&game.def, t).unwrap();
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
        let mv = regula::formats::notation::find(&game, &pos, t, false).unwrap();
        pos = game.play_unchecked(&pos, &mv);
        line.push(pos.clone());
        mvs.push(mv);
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
    last_move_goals_and_captures(&b, &game, &line, &mvs);

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
        b.click_square("G8");
    }
    assert_eq!(b.squares_with("from"), Vec::<String>::new());

    flip_and_resize(&b);
    step_through(&b, &game, &tokens, &line);
    save_camelot(&b, &game, &tokens, &line);
    play_from_the_past(&b, &game, &tokens, &line);

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
        .map(|m| regula::formats::notation::format(&rgame.def, m))
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
    let first_drop = regula::formats::notation::find(&rgame, &start, &drops[0], false).unwrap();
    let after = rgame.play_unchecked(&start, &first_drop);
    let typed = regula::formats::notation::sorted_texts(&rgame.def, &rgame.legal_moves(&after))
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

    draughts_saves_pdn_and_the_opponent_control(&mut b);
}

fn sorted<S: ToString>(v: impl IntoIterator<Item = S>) -> Vec<String> {
    let mut v: Vec<String> = v.into_iter().map(|s| s.to_string()).collect();
    v.sort();
    v
}

/// The squares a move passed (start, then every landing), as labels.
fn path_of(game: &regula::Game, mv: &regula::Move) -> Vec<String> {
    std::iter::once(mv.from)
        .chain(mv.landings().iter().copied())
        .map(|s| game.def.board.labels[s as usize].clone())
        .collect()
}

/// After 6...D10-D8xD6: the last move marked square by square with the piece it captured,
/// the castles shaded (the regions Camelot's win rule counts), and the pieces captured so far.
fn last_move_goals_and_captures(
    b: &Browser,
    game: &regula::Game,
    line: &[regula::Position],
    mvs: &[regula::Move],
) {
    let last = mvs.last().unwrap();
    assert_eq!(
        path_of(game, last),
        ["D10", "D8", "D6"],
        "the record's move"
    );
    assert_eq!(b.squares_with("last"), sorted(["D10", "D8", "D6"]));
    assert_eq!(b.squares_with("last-from"), ["D10"]);
    assert_eq!(
        b.script("return document.querySelector('#board polyline.last-path').dataset.squares;"),
        json!("D10 D8 D6")
    );
    // The Knight captured on D7 (read off the record: D8xD6 jumps D7).
    assert_eq!(b.squares_with("last-captured"), ["D7"]);
    assert_eq!(
        b.script(
            "return [...document.querySelectorAll('#board path.captured-mark')].map(p => p.dataset.square);"
        ),
        json!(["D7"])
    );
    // The castles, both parts: `castle-win` counts pieces in the opponent's castle.
    let castle = game
        .def
        .regions
        .iter()
        .find(|r| r.name == "castle")
        .unwrap();
    let squares = castle
        .all
        .iter()
        .map(|s| game.def.board.labels[s as usize].clone());
    assert_eq!(b.squares_with("goal"), sorted(squares));
    assert_eq!(b.squares_with("goal"), sorted(["F1", "G1", "F16", "G16"]));
    assert_eq!(
        b.script("return [...document.querySelectorAll('#legend li')].map(li => li.textContent);"),
        json!([
            "castle (White's part): counted by the end rules",
            "castle (Black's part): counted by the end rules"
        ])
    );
    assert_eq!(
        b.script("return document.querySelectorAll('#board rect.goal-shade').length;"),
        json!(4)
    );
    // The pieces captured: counted from the engine's moves, by owner and kind.
    let mut expected = std::collections::BTreeMap::<(String, String), u64>::new();
    for (mv, before) in mvs.iter().zip(line) {
        for sq in mv.captures.iter() {
            let c = before.cells[sq as usize];
            *expected
                .entry((
                    game.def.owner_name(regula::engine::owner(c)).to_string(),
                    game.def.kinds[regula::engine::kind(c) as usize].clone(),
                ))
                .or_default() += 1;
        }
    }
    assert!(expected.contains_key(&("White".into(), "Knight".into())));
    let shown: Vec<(String, String, String)> = serde_json::from_value(b.script(
        "return [...document.querySelectorAll('#captured .captured-count')].map(s => [s.dataset.owner, s.dataset.kind, s.dataset.count]);",
    ))
    .unwrap();
    let shown: std::collections::BTreeMap<(String, String), u64> = shown
        .into_iter()
        .map(|(o, k, n)| ((o, k), n.parse().unwrap()))
        .collect();
    assert_eq!(shown, expected);
}

/// The top of a square on the page.
fn top_of(b: &Browser, sq: &str) -> f64 {
    b.script(&format!(
        "return document.querySelector('#board rect[data-square=\"{sq}\"]').getBoundingClientRect().top;"
    ))
    .as_f64()
    .unwrap()
}

fn board_width(b: &Browser) -> f64 {
    b.script("return document.querySelector('#board svg').getBoundingClientRect().width;")
        .as_f64()
        .unwrap()
}

/// The board turned around (and still played by clicks), and grown with the window.
fn flip_and_resize(b: &Browser) {
    assert!(top_of(b, "F1") > top_of(b, "F16"), "White's castle below");
    b.click("#flip");
    b.wait_for(
        "const t = q => document.querySelector(`#board rect[data-square=\"${q}\"]`).getBoundingClientRect().top; \
         return document.getElementById('board').classList.contains('flipped') && t('F1') < t('F16') - 300;",
        "the board turned around",
    );
    // A click on the turned board reaches the square under the pointer.
    b.click_square("E7");
    assert_eq!(b.squares_with("from"), ["E7"]);
    assert_eq!(b.squares_with("target"), ["C5"]);
    b.click_square("E7");
    assert_eq!(b.squares_with("from"), Vec::<String>::new());
    b.click("#flip");
    b.wait_for(
        "const t = q => document.querySelector(`#board rect[data-square=\"${q}\"]`).getBoundingClientRect().top; \
         return !document.getElementById('board').classList.contains('flipped') && t('F1') > t('F16') + 300;",
        "the board the right way up",
    );
    // The window as the test opened it, set again through WebDriver (whose size may count
    // differently from `--window-size`), then larger, then as it was.
    let window = json!({ "width": 1200, "height": 900 });
    b.cmd("POST", "/window/rect", Some(window.clone()));
    std::thread::sleep(Duration::from_millis(300));
    let small = board_width(b);
    b.cmd(
        "POST",
        "/window/rect",
        Some(json!({ "width": 1600, "height": 1300 })),
    );
    b.wait_for(
        &format!(
            "return document.querySelector('#board svg').getBoundingClientRect().width > {};",
            small * 1.2
        ),
        "a larger board in a larger window",
    );
    let large = board_width(b);
    b.cmd("POST", "/window/rect", Some(window));
    b.wait_for(
        &format!(
            "return Math.abs(document.querySelector('#board svg').getBoundingClientRect().width - {small}) < 2;"
        ),
        &format!(
            "the board as it was ({small} wide; {large} in the larger window, {} now)",
            board_width(b)
        ),
    );
}

/// Waits until the position after `ply` moves is shown (as the current move of the list).
fn wait_shown(b: &Browser, ply: usize) {
    b.wait_for(
        &format!(
            "const c = document.querySelector('#moves .move.current'); \
             return c !== null && c.dataset.ply === '{ply}' && !document.getElementById('viewing').hidden;"
        ),
        &format!("the position after move {ply}"),
    );
}

/// Stepping through the game: arrow keys, a click on a move, Home, and back to the game.
fn step_through(b: &Browser, game: &regula::Game, tokens: &[String], line: &[regula::Position]) {
    let n = tokens.len();
    b.press("\u{E012}"); // the left arrow
    wait_shown(b, n - 1);
    assert_eq!(pieces_drawn(b), pieces_of(game, &line[n - 1]));
    let mv = regula::formats::notation::find(game, &line[n - 2], &tokens[n - 2], false).unwrap();
    assert_eq!(b.squares_with("last"), sorted(path_of(game, &mv)));
    assert_eq!(b.moves_shown(), tokens, "the whole game stays listed");
    // A click on 2.C6-E8-G8: its two landings marked.
    b.click("#moves .move[data-ply=\"3\"]");
    wait_shown(b, 3);
    assert_eq!(pieces_drawn(b), pieces_of(game, &line[3]));
    assert_eq!(
        b.script("return document.querySelector('#board polyline.last-path').dataset.squares;"),
        json!("C6 E8 G8")
    );
    assert_eq!(b.squares_with("last-captured"), Vec::<String>::new());
    assert_eq!(
        b.script("return document.getElementById('to-move').textContent;"),
        json!("Black to move")
    );
    b.press("\u{E014}"); // the right arrow
    wait_shown(b, 4);
    assert_eq!(pieces_drawn(b), pieces_of(game, &line[4]));
    b.press("\u{E011}"); // Home: the start
    b.wait_for(
        "return document.getElementById('nav-where').textContent === 'move 0 of 12' && \
         document.querySelector('#moves .move.current') === null;",
        "the start position",
    );
    assert_eq!(pieces_drawn(b), pieces_of(game, &line[0]));
    assert_eq!(b.squares_with("last"), Vec::<String>::new());
    b.press("\u{E012}"); // no move before the start
    std::thread::sleep(Duration::from_millis(300));
    assert_eq!(pieces_drawn(b), pieces_of(game, &line[0]));
    b.click("#back-live");
    b.wait_for(
        "return document.getElementById('viewing').hidden && document.getElementById('nav-where').textContent === 'move 12 (now)';",
        "the game as it is",
    );
    assert_eq!(pieces_drawn(b), pieces_of(game, &line[n]));
    assert_eq!(b.squares_with("last"), sorted(["D10", "D8", "D6"]));
}

/// Runs a script that calls back with its value (`arguments[0]`).
fn async_script(b: &Browser, js: &str) -> Value {
    b.cmd(
        "POST",
        "/execute/async",
        Some(json!({ "script": js, "args": [] })),
    )
}

/// What the page put on the clipboard.
fn clipboard(b: &Browser) -> String {
    let v = async_script(
        b,
        "const done = arguments[0]; navigator.clipboard.readText().then(done, e => done('ERROR ' + e));",
    );
    let text = v.as_str().unwrap().to_string();
    assert!(!text.starts_with("ERROR"), "{text}");
    text
}

/// Waits for a file the browser downloads and returns its text.
fn downloaded(b: &Browser, name: &str) -> String {
    let path = b.downloads.join(name);
    let t0 = Instant::now();
    while t0.elapsed() < Duration::from_secs(30) {
        if let Ok(text) = std::fs::read_to_string(&path)
            && !text.is_empty()
        {
            return text;
        }
        std::thread::sleep(Duration::from_millis(100));
    }
    let there: Vec<_> = std::fs::read_dir(&b.downloads)
        .map(|d| d.filter_map(|e| e.ok()).map(|e| e.file_name()).collect())
        .unwrap_or_default();
    panic!("{name} is not downloaded; the folder has {there:?}");
}

/// Camelot's record as a move list (`regula replay` reads it back to the same game) and a
/// position shown as YAML (`--position` reads it back to the same position).
fn save_camelot(b: &Browser, game: &regula::Game, tokens: &[String], line: &[regula::Position]) {
    b.click("#copy-record");
    b.wait_for(
        "return document.getElementById('message').textContent === 'game record copied (move list)';",
        "the record copied",
    );
    let record = clipboard(b);
    assert!(record.starts_with("1.D6-F8 H11-F9 2.C6-E8-G8"), "{record}");
    let read: Vec<String> = regula::formats::record::tokenize(&record)
        .unwrap()
        .into_iter()
        .map(|t| t.text)
        .collect();
    assert_eq!(read, tokens);
    let replayed = regula::formats::record::replay(
        game,
        &game.start(),
        &regula::formats::record::tokenize(&record).unwrap(),
    )
    .unwrap();
    assert!(
        replayed.last() == line.last(),
        "the record replays to the game"
    );
    b.click("#download-record");
    assert_eq!(downloaded(b, "camelot.txt"), record);
    // The position after move 3, shown and saved.
    b.click("#moves .move[data-ply=\"3\"]");
    wait_shown(b, 3);
    assert_eq!(
        b.script("return document.getElementById('position-format').textContent;"),
        json!("(YAML)")
    );
    b.click("#download-position");
    let yaml = downloaded(b, "camelot-3.yaml");
    let src = regula::SourceFile::new("position", yaml.clone());
    let pos = regula::formats::input::read_position(game, &src).unwrap();
    assert_eq!(pieces_of(game, &pos), pieces_of(game, &line[3]));
    assert_eq!(pos.to_move, line[3].to_move);
    b.click("#copy-position");
    b.wait_for(
        "return document.getElementById('message').textContent === 'position copied (YAML)';",
        "the position copied",
    );
    assert_eq!(clipboard(b), yaml);
    b.click("#nav-live");
    b.wait_for(
        "return document.getElementById('viewing').hidden;",
        "the game as it is",
    );
}

/// A move played on an earlier position: refused at the confirmation (nothing changes), then
/// accepted (the later moves are discarded).
fn play_from_the_past(
    b: &Browser,
    game: &regula::Game,
    tokens: &[String],
    line: &[regula::Position],
) {
    let at = 10;
    // A move of one step, whole at its second click, other than the record's.
    let legal = game.legal_moves(&line[at]);
    let alt = legal
        .iter()
        .find(|m| {
            m.len == 1
                && !m.is_drop()
                && regula::formats::notation::format(&game.def, m) != tokens[at]
                && !legal
                    .iter()
                    .any(|o| o.from == m.from && o.len > 1 && o.path[0] == m.path[0])
        })
        .expect("a one-step move");
    let text = regula::formats::notation::format(&game.def, alt);
    let [from, to] = [alt.from, alt.path[0]].map(|s| game.def.board.labels[s as usize].clone());
    b.click(&format!("#moves .move[data-ply=\"{at}\"]"));
    wait_shown(b, at);
    b.click_square(&from);
    b.click_square(&to);
    b.answer_confirm("The 2 later moves will be discarded", false);
    b.wait_for(
        &format!(
            "return document.getElementById('message').textContent === '{text} is not played: the game is as it was';"
        ),
        "the refusal",
    );
    assert_eq!(b.moves_shown(), tokens);
    assert_eq!(pieces_drawn(b), pieces_of(game, &line[at]));
    b.click_square(&from);
    b.click_square(&to);
    b.answer_confirm(&format!("Play {text} after move {at}?"), true);
    b.wait_for(
        &format!(
            "return [...document.querySelectorAll('#moves .move')].length === {};",
            at + 1
        ),
        "the game from move 10 on",
    );
    let mut expected = tokens[..at].to_vec();
    expected.push(text.clone());
    assert_eq!(b.moves_shown(), expected);
    assert_eq!(
        b.message(),
        "played after move 10; the 2 later moves were discarded"
    );
    assert_eq!(
        pieces_drawn(b),
        pieces_of(game, &game.play_unchecked(&line[at], alt))
    );
    assert!(
        b.script("return document.getElementById('viewing').hidden;")
            .as_bool()
            .unwrap()
    );
}

/// English draughts: the promotion rows shaded, the opponent control (no side ticked while
/// it is off), and the record and position saved as PDN and FEN.
fn draughts_saves_pdn_and_the_opponent_control(b: &mut Browser) {
    let file = "rules/english-draughts.rules";
    let (server, url) = serve(file);
    b.servers.push(server);
    b.go(&url);
    let src = regula::SourceFile::read(Path::new(file)).unwrap();
    let game = regula::load(&src, &[]).unwrap();
    let def = &game.def;
    let promotion: Vec<String> = def
        .promotions
        .iter()
        .flat_map(|p| match p.region {
            regula::model::RegionSel::Own(r) => def.regions[r as usize].all.iter(),
            other => panic!("{other:?}"),
        })
        .map(|s| def.board.labels[s as usize].clone())
        .collect();
    assert_eq!(promotion.len(), 8);
    assert_eq!(b.squares_with("goal"), sorted(promotion));
    // The opponent is off and no side is ticked.
    let ticked = "return [...document.querySelectorAll('#opponent-players input:checked')].map(i => i.value);";
    assert_eq!(b.script(ticked), json!([]));
    assert_eq!(
        b.script("return document.getElementById('opponent-status').textContent;"),
        json!("off: every side is played by hand")
    );
    // The computer takes White (the second to move): it answers the first move.
    b.click("#opponent-players input[value=\"White\"]");
    b.wait_for(
        "return document.getElementById('opponent-status').textContent.startsWith('White: random');",
        "the opponent on",
    );
    assert_eq!(b.script(ticked), json!(["White"]));
    let first = regula::formats::notation::sorted_texts(def, &game.legal_moves(&game.start()))
        .pop()
        .unwrap();
    let (squares, _) = regula::formats::notation::parse_path(def, &first).unwrap();
    for &sq in &squares {
        b.click_square(&def.board.labels[sq as usize]);
    }
    b.wait_for(
        "return document.querySelectorAll('#moves .move').length === 2;",
        "the opponent's answer",
    );
    let played = b.moves_shown();
    assert_eq!(played[0], first);
    // Unticked: off again.
    b.click("#opponent-players input[value=\"White\"]");
    b.wait_for(
        "return document.getElementById('opponent-status').textContent.startsWith('off');",
        "the opponent off",
    );
    assert_eq!(b.script(ticked), json!([]));
    let mut pos = game.start();
    let mut mvs = Vec::new();
    for t in &played {
        let mv = regula::formats::notation::find(&game, &pos, t, false).unwrap();
        pos = game.play_unchecked(&pos, &mv);
        mvs.push(mv);
    }
    b.click("#copy-record");
    b.wait_for(
        "return document.getElementById('message').textContent === 'game record copied (PDN)';",
        "the PDN copied",
    );
    let pdn = regula::formats::pdn::write_game(&game, &game.start(), &mvs, &def.name, None, None)
        .unwrap();
    assert_eq!(clipboard(b), pdn);
    let record = regula::formats::record::parse(&pdn).unwrap();
    assert_eq!(
        record
            .moves
            .iter()
            .map(|t| t.text.clone())
            .collect::<Vec<_>>(),
        played
    );
    b.click("#download-position");
    let fen = downloaded(b, "english-draughts-2.fen");
    assert_eq!(
        fen,
        format!("{}\n", regula::formats::pdn::write(&game, &pos).unwrap())
    );
    assert!(
        regula::formats::pdn::read(&game, fen.trim()).ok() == Some(pos),
        "{fen}"
    );
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
