//! `regula serve`'s JSON API, driven over HTTP without a browser: a server on a free port in
//! a thread, a small HTTP client, and the answers checked against the library and the CLI.
//!
//! Over 800 lines: one test per endpoint and refusal, side by side with the small HTTP client;
//! each test is short and stands alone, so the file is a list rather than one long function.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::path::{Path, PathBuf};
use std::time::Duration;

use serde_json::{Value, json};

/// One HTTP/1.1 request with `Connection: close`: the status and the body (read by its
/// `Content-Length`, chunks, or to the end; some servers keep the connection open).
pub fn http(addr: &str, method: &str, path: &str, body: Option<&str>) -> (u16, String) {
    http_with(
        addr,
        method,
        path,
        &[("Host", addr), ("Content-Type", "application/json")],
        body,
    )
}

/// [`http`] with the headers given (no `Host` unless given).
pub fn http_with(
    addr: &str,
    method: &str,
    path: &str,
    headers: &[(&str, &str)],
    body: Option<&str>,
) -> (u16, String) {
    let mut s = TcpStream::connect(addr).expect("the server answers");
    s.set_read_timeout(Some(Duration::from_secs(60))).unwrap();
    let body = body.unwrap_or("");
    let headers: String = headers
        .iter()
        .map(|(k, v)| format!("{k}: {v}\r\n"))
        .collect();
    let req = format!(
        "{method} {path} HTTP/1.1\r\n{headers}Connection: close\r\nContent-Length: {}\r\n\r\n{body}",
        body.len()
    );
    s.write_all(req.as_bytes()).unwrap();
    let mut r = BufReader::new(s);
    let mut line = String::new();
    r.read_line(&mut line).unwrap();
    let status: u16 = line
        .split(' ')
        .nth(1)
        .and_then(|c| c.parse().ok())
        .unwrap_or_else(|| panic!("a status line: {line:?}"));
    let (mut length, mut chunked) = (None, false);
    loop {
        line.clear();
        r.read_line(&mut line).unwrap();
        let l = line.trim_end().to_ascii_lowercase();
        if l.is_empty() {
            break;
        }
        if let Some(v) = l.strip_prefix("content-length:") {
            length = v.trim().parse::<usize>().ok();
        }
        if l.starts_with("transfer-encoding:") && l.contains("chunked") {
            chunked = true;
        }
    }
    let mut out = Vec::new();
    if chunked {
        loop {
            line.clear();
            r.read_line(&mut line).unwrap();
            let n = usize::from_str_radix(line.trim(), 16).expect("a chunk size");
            if n == 0 {
                break;
            }
            let mut chunk = vec![0; n + 2];
            r.read_exact(&mut chunk).unwrap();
            out.extend_from_slice(&chunk[..n]);
        }
    } else if let Some(n) = length {
        out.resize(n, 0);
        r.read_exact(&mut out).unwrap();
    } else {
        r.read_to_end(&mut out).unwrap();
    }
    (status, String::from_utf8(out).expect("UTF-8 answer"))
}

/// A `regula serve` on a free port, killed when the test ends.
struct Api {
    addr: String,
    child: std::process::Child,
}

impl Drop for Api {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

impl Api {
    fn start(file: &Path, params: &[(&str, &str)]) -> Api {
        Api::launch(file, params, &[], None)
    }

    /// [`Api::start`] with more arguments, and at most `files` open descriptors if given.
    fn launch(file: &Path, params: &[(&str, &str)], args: &[&str], files: Option<u32>) -> Api {
        let bin = crate::binary::PATH;
        let mut cmd = match files {
            Some(n) => {
                let mut c = std::process::Command::new("sh");
                c.args(["-c", &format!("ulimit -n {n} && exec \"$0\" \"$@\""), bin]);
                c
            }
            None => std::process::Command::new(bin),
        };
        cmd.arg("serve").arg(file).args(["--port", "0"]).args(args);
        for (a, b) in params {
            cmd.arg("--param").arg(format!("{a}={b}"));
        }
        let mut child = cmd
            .stdout(std::process::Stdio::piped())
            .stderr(std::process::Stdio::null())
            .spawn()
            .expect("regula serve starts");
        let mut line = String::new();
        BufReader::new(child.stdout.take().expect("stdout"))
            .read_line(&mut line)
            .expect("the URL line");
        let addr = line
            .trim()
            .strip_prefix("regula serve: http://")
            .and_then(|r| r.strip_suffix('/'))
            .unwrap_or_else(|| panic!("no URL in {line:?}"))
            .to_string();
        assert!(addr.starts_with("127.0.0.1:"), "{addr}");
        Api { addr, child }
    }

    fn get(&self) -> Value {
        let (status, body) = http(&self.addr, "GET", "/api/state", None);
        assert_eq!(status, 200, "{body}");
        serde_json::from_str(&body).expect("JSON")
    }

    fn post(&self, path: &str, body: Value) -> Value {
        let (status, text) = http(&self.addr, "POST", path, Some(&body.to_string()));
        assert_eq!(status, 200, "{text}");
        serde_json::from_str(&text).expect("JSON")
    }

    fn play(&self, text: &str) -> Value {
        self.post("/api/move", json!({ "text": text }))
    }
}

fn strings(v: &Value) -> Vec<String> {
    v.as_array()
        .expect("an array")
        .iter()
        .map(|s| s.as_str().expect("a string").to_string())
        .collect()
}

/// The distinct moves among the legal entries (one move may have several paths).
fn distinct_moves(state: &Value) -> Vec<String> {
    let mut v: Vec<String> = state["legal"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e["move"].as_str().unwrap().to_string())
        .collect();
    v.sort();
    v.dedup();
    v
}

/// What `regula::explain` says of `mv` after `record`, as the page shows it.
pub fn explained(rules: &str, record: &str, mv: &str) -> String {
    let src = regula::SourceFile::read(std::path::Path::new(rules)).unwrap();
    let game = regula::load(&src, &[]).unwrap();
    let res = regula::lang::inherit::resolve(&src).unwrap();
    let tokens = regula::formats::record::tokenize(record).unwrap();
    let mut line = regula::formats::record::replay(&game, &game.start(), &tokens).unwrap();
    let pos = line.pop().unwrap();
    match regula::analysis::explain::explain(&res, &[], &game, &pos, &line, mv) {
        regula::analysis::explain::Verdict::Refused(r) => {
            let (text, help) = r.plain();
            match help {
                Some(h) => format!("{text}\n{h}"),
                None => text,
            }
        }
        regula::analysis::explain::Verdict::Legal(m) => panic!("{mv} is legal ({m})"),
    }
}

fn message(state: &Value) -> String {
    let m = &state["message"];
    assert!(!m.is_null(), "a message is shown");
    let mut s = m["text"].as_str().unwrap().to_string();
    if let Some(h) = m["help"].as_str() {
        s.push('\n');
        s.push_str(h);
    }
    s
}

fn temp_dir(tag: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("regula-serve-{tag}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

#[test]
fn the_page_and_its_files_are_served_from_the_binary() {
    let api = Api::start(Path::new("rules/camelot.rules"), &[]);
    let (status, page) = http(&api.addr, "GET", "/", None);
    assert_eq!(status, 200);
    assert!(page.contains("<script src=\"/page.js\">"), "{page}");
    // Nothing is fetched from elsewhere: no absolute URLs in the page, script or style.
    for path in ["/", "/page.js", "/page.css"] {
        let (status, text) = http(&api.addr, "GET", path, None);
        assert_eq!(status, 200, "{path}");
        assert!(
            !text.contains("http://") && !text.contains("https://") && !text.contains("//cdn"),
            "{path}"
        );
    }
    assert_eq!(http(&api.addr, "GET", "/nothing", None).0, 404);
}

#[test]
fn moves_are_played_refused_with_their_explanation_and_undone() {
    let api = Api::start(Path::new("rules/camelot.rules"), &[]);
    let s = api.get();
    assert_eq!(s["name"], "Camelot");
    assert_eq!(s["to_move"], "White");
    assert_eq!(s["over"], false);
    // The start position of Camelot has 100 legal moves (the perft tests' depth-1 figure).
    assert_eq!(distinct_moves(&s).len(), 100);
    // Every square is clickable: the board's squares carry their labels.
    let svg = s["svg"].as_str().unwrap();
    assert_eq!(
        svg.matches("<rect x=").count(),
        160,
        "Camelot's 160 squares"
    );
    assert!(svg.contains("data-square=\"D6\" data-owner=\"White\" data-kind=\"Man\""));

    // Each entry lists the squares the page clicks.
    let entry = s["legal"]
        .as_array()
        .unwrap()
        .iter()
        .find(|e| e["text"] == "D6-F8")
        .expect("D6-F8 is legal");
    assert_eq!(strings(&entry["squares"]), ["D6", "F8"]);

    let s = api.play("D6-F8");
    assert!(s["message"].is_null(), "{}", s["message"]);
    assert_eq!(strings(&s["played"]), ["D6-F8"]);
    assert_eq!(s["to_move"], "Black");
    assert!(
        s["svg"]
            .as_str()
            .unwrap()
            .contains("data-square=\"F8\" data-owner=\"White\"")
    );
    assert!(
        !s["svg"]
            .as_str()
            .unwrap()
            .contains("data-square=\"D6\" data-owner")
    );

    // A refused move: the words of `regula moves --explain`.
    let s = api.play("H11-H8");
    assert_eq!(s["message"]["error"], true);
    let shown = message(&s);
    let after = temp_dir("explain").join("after.txt");
    std::fs::write(&after, "1.D6-F8").unwrap();
    let cli = crate::binary::command()
        .args(["moves", "rules/camelot.rules", "--after"])
        .arg(&after)
        .args(["--explain", "H11-H8"])
        .output()
        .unwrap();
    assert_eq!(cli.status.code(), Some(1));
    let cli_text = String::from_utf8(cli.stderr).unwrap();
    assert!(
        cli_text.contains("H11-H8 is not a legal move here"),
        "{cli_text}"
    );
    assert_eq!(shown, explained("rules/camelot.rules", "1.D6-F8", "H11-H8"));
    assert!(
        shown.starts_with("H11-H8 is not a legal move here\n- the Black Man on H11 cannot move"),
        "{shown}"
    );
    assert_eq!(
        strings(&s["played"]),
        ["D6-F8"],
        "a refused move changes nothing"
    );

    let s = api.play("H11-F9");
    assert_eq!(strings(&s["played"]), ["D6-F8", "H11-F9"]);
    assert_eq!(s["rounds"], json!([["D6-F8", "H11-F9"]]));
    let s = api.post("/api/undo", json!({}));
    assert_eq!(strings(&s["played"]), ["D6-F8"]);
    assert_eq!(s["to_move"], "Black");
    let s = api.post("/api/undo", json!({}));
    assert!(s["played"].as_array().unwrap().is_empty());
    assert_eq!(distinct_moves(&s).len(), 100);
    let s = api.post("/api/undo", json!({}));
    assert_eq!(message(&s), "nothing to undo");
}

#[test]
fn a_record_and_a_position_load_and_a_bad_one_is_refused() {
    let api = Api::start(Path::new("rules/camelot.rules"), &[]);
    let s = api.post(
        "/api/record",
        json!({ "text": "1.D6-F8 H11-F9  2.C6-E8-G8 J11-H11  3.H6-H8 E11-G9" }),
    );
    assert_eq!(message(&s), "record loaded: 6 moves");
    assert_eq!(s["rounds"].as_array().unwrap().len(), 3);
    assert_eq!(s["to_move"], "White");
    let s = api.post("/api/record", json!({ "text": "1.D6-F8 D6-D7" }));
    assert!(
        message(&s).starts_with("illegal move D6-D7 at ply 2 (Black to move)"),
        "{}",
        message(&s)
    );
    assert_eq!(s["rounds"].as_array().unwrap().len(), 3, "unchanged");

    let yaml =
        "to-move: Black\npieces:\n  White: { Man: [F6] }\n  Black: { Knight: [F10], Man: [G11] }\n";
    let s = api.post("/api/position", json!({ "text": yaml }));
    assert_eq!(message(&s), "position loaded");
    assert_eq!(s["to_move"], "Black");
    assert!(s["played"].as_array().unwrap().is_empty());
    assert!(
        s["position_yaml"]
            .as_str()
            .unwrap()
            .contains("Knight: [F10]")
    );
    // Restart goes back to the loaded position, not to the game's start.
    api.play(distinct_moves(&s)[0].as_str());
    let s = api.post("/api/restart", json!({}));
    assert_eq!(s["to_move"], "Black");
    assert!(
        s["position_yaml"]
            .as_str()
            .unwrap()
            .contains("Knight: [F10]")
    );

    let s = api.post(
        "/api/position",
        json!({ "text": "to-move: Purple\npieces: {}\n" }),
    );
    assert!(
        message(&s).starts_with("the position is refused: unknown player `Purple`"),
        "{}",
        message(&s)
    );
    assert_eq!(s["to_move"], "Black", "unchanged");
}

#[test]
fn a_parameter_change_restarts_the_game_with_that_value() {
    let api = Api::start(Path::new("rules/camelot.rules"), &[]);
    api.play("D6-F8");
    let s = api.get();
    let p = |s: &Value, name: &str| -> Value {
        s["params"]
            .as_array()
            .unwrap()
            .iter()
            .find(|p| p["name"] == name)
            .cloned()
            .expect("the parameter")
    };
    assert_eq!(p(&s, "own-castle-entry")["chosen"], "continue");
    assert_eq!(
        strings(&p(&s, "own-castle-entry")["values"]),
        ["continue", "stop"]
    );
    let s = api.post(
        "/api/param",
        json!({ "name": "own-castle-entry", "value": "stop" }),
    );
    assert_eq!(p(&s, "own-castle-entry")["chosen"], "stop");
    assert!(s["played"].as_array().unwrap().is_empty());
    assert!(s["diagnostics"].is_null());
    let s = api.post(
        "/api/param",
        json!({ "name": "own-castle-entry", "value": "sideways" }),
    );
    assert_eq!(s["message"]["error"], true);
    assert!(message(&s).contains("sideways"), "{}", message(&s));
    assert_eq!(p(&s, "own-castle-entry")["chosen"], "stop", "unchanged");
}

#[test]
fn the_opponent_answers() {
    let api = Api::start(Path::new("rules/camelot.rules"), &[]);
    let s = api.post(
        "/api/opponent",
        json!({ "mode": "first", "players": ["Black"] }),
    );
    assert!(
        s["played"].as_array().unwrap().is_empty(),
        "White is to move"
    );
    let s = api.play("D6-F8");
    let played = strings(&s["played"]);
    assert_eq!(played.len(), 2);
    assert_eq!(s["to_move"], "White");
    // The first legal move in the notation's order, as `regula moves` sorts them.
    let after = temp_dir("first").join("after.txt");
    std::fs::write(&after, "1.D6-F8").unwrap();
    let cli = crate::binary::command()
        .args(["moves", "rules/camelot.rules", "--after"])
        .arg(&after)
        .output()
        .unwrap();
    let first = String::from_utf8(cli.stdout)
        .unwrap()
        .lines()
        .next()
        .unwrap()
        .to_string();
    assert_eq!(played[1], first);
    // Undo takes back both the answer and the move.
    let s = api.post("/api/undo", json!({}));
    assert!(s["played"].as_array().unwrap().is_empty());
    // Random with a seed: the same seed answers the same.
    let answers: Vec<String> = (0..2)
        .map(|_| {
            api.post(
                "/api/opponent",
                json!({ "mode": "random", "players": ["Black"], "seed": 7 }),
            );
            let s = api.play("D6-F8");
            let a = strings(&s["played"])[1].clone();
            api.post("/api/undo", json!({}));
            a
        })
        .collect();
    assert_eq!(answers[0], answers[1]);
    let s = api.post("/api/opponent", json!({ "mode": "sideways" }));
    assert!(message(&s).starts_with("unknown opponent"));
    // A search agent as the opponent, its strength in its budget: the state names it as
    // written, and the same seed answers the same.
    let answers: Vec<String> = (0..2)
        .map(|_| {
            let s = api.post(
                "/api/opponent",
                json!({ "mode": "alphabeta:nodes=2000", "players": ["Black"], "seed": 3 }),
            );
            assert_eq!(s["opponent"]["mode"], "alphabeta:nodes=2000");
            let s = api.play("D6-F8");
            let a = strings(&s["played"])[1].clone();
            api.post("/api/undo", json!({}));
            a
        })
        .collect();
    assert_eq!(answers[0], answers[1]);
    let s = api.post(
        "/api/opponent",
        json!({ "mode": "alphabeta:nodes=0", "players": ["Black"] }),
    );
    assert!(
        message(&s).starts_with("unknown opponent"),
        "{}",
        message(&s)
    );
}

#[test]
fn editing_the_file_reloads_it_and_a_broken_file_shows_its_diagnostics() {
    let dir = temp_dir("reload");
    let parent = dir.join("camelot.rules");
    let variant = dir.join("camette.rules");
    let parent_text = std::fs::read_to_string("rules/camelot.rules").unwrap();
    std::fs::write(&parent, &parent_text).unwrap();
    std::fs::copy("rules/camette.rules", &variant).unwrap();
    let api = Api::start(&variant, &[]);
    let s = api.get();
    assert!(s["diagnostics"].is_null(), "{}", s["diagnostics"]);
    let first = distinct_moves(&s)[0].clone();
    let s = api.play(&first);
    assert_eq!(strings(&s["played"]), vec![first.clone()]);

    // Break the parent file: the page shows the diagnostics, the last good game stays.
    std::fs::write(&parent, parent_text.replacen("players {", "players }{", 1)).unwrap();
    let s = api.get();
    let d = &s["diagnostics"];
    assert!(!d.is_null(), "the broken parent is noticed");
    let text = d["text"].as_str().unwrap();
    assert!(text.contains("camelot.rules"), "{text}");
    assert!(!text.contains('\u{1b}'), "plain text, no colour codes");
    let objects = d["json"].as_array().unwrap();
    assert!(!objects.is_empty());
    assert_eq!(objects[0]["severity"], "error");
    assert!(
        objects[0]["file"]
            .as_str()
            .unwrap()
            .ends_with("camelot.rules"),
        "{}",
        objects[0]
    );
    assert_eq!(s["stale"], true);
    assert_eq!(
        strings(&s["played"]),
        vec![first.clone()],
        "the last good game stays"
    );
    let reply = distinct_moves(&s)[0].clone();
    let s = api.play(&reply);
    assert_eq!(
        strings(&s["played"]),
        [first.clone(), reply.clone()],
        "and is playable"
    );

    // Fixed again: reloaded, the moves replayed.
    std::fs::write(&parent, &parent_text).unwrap();
    let s = api.get();
    assert!(s["diagnostics"].is_null());
    assert_eq!(s["stale"], false);
    assert_eq!(strings(&s["played"]), [first, reply]);
    assert!(message(&s).contains("2 moves replayed"), "{}", message(&s));

    // A rule file that does not check from the start: diagnostics and no board.
    let broken = dir.join("broken.rules");
    std::fs::write(&broken, "game \"x\"\nboard {").unwrap();
    let api = Api::start(&broken, &[]);
    let s = api.get();
    assert!(!s["diagnostics"].is_null());
    assert!(s["svg"].is_null());
    let s = api.play("A1-A2");
    assert_eq!(message(&s), "the rule file does not check; fix it first");
}

/// Every bundled rule file loads on the page and a few moves are played through the
/// entries the page clicks (paths, drops, passes).
#[test]
fn every_bundled_rule_file_is_playable() {
    let mut files: Vec<PathBuf> = std::fs::read_dir("rules")
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "rules"))
        .collect();
    files.sort();
    assert!(files.len() >= 12);
    let mut drops = 0;
    for f in &files {
        let api = Api::start(f, &[]);
        let s = api.get();
        assert!(
            s["diagnostics"].is_null(),
            "{}: {}",
            f.display(),
            s["diagnostics"]
        );
        for ply in 0..8 {
            let s = api.get();
            if s["over"] == true {
                // Some walks end early (a piece in a castle); the outcome says who won.
                assert!(ply >= 2, "{} over after {ply} plies", f.display());
                assert_ne!(s["outcome"], "ongoing");
                assert!(s_legal(&s).is_empty());
                break;
            }
            let legal = s_legal(&s);
            assert!(!legal.is_empty(), "{} ply {ply}", f.display());
            // Cycle through the entries so that different pieces move.
            let e = &legal[(ply * 7) % legal.len()];
            if e.get("drop").is_some() {
                drops += 1;
            }
            let s = api.play(e["text"].as_str().unwrap());
            assert!(
                s["message"].is_null(),
                "{} {}: {}",
                f.display(),
                e["text"],
                s["message"]
            );
            assert_eq!(s["played"].as_array().unwrap().len(), ply + 1);
        }
    }
    assert!(
        drops >= 6,
        "the river variant places its trees by drops ({drops})"
    );

    // A pass: Green walled in (tests/cases/grand-cam/passing.yaml).
    let api = Api::start(Path::new("rules/grand-cam.rules"), &[]);
    let yaml = "to-move: Green\npieces:\n  Red: { Man: [E3, C4, D4, E4, F3, D5, F5] }\n  Green: { Man: [D3] }\n  Yellow: { Man: [L7] }\n";
    let s = api.post("/api/position", json!({ "text": yaml }));
    assert_eq!(
        s["legal"],
        json!([{ "text": "pass", "move": "pass", "pass": true }])
    );
    let s = api.play("pass");
    assert_eq!(s["to_move"], "Blue");
    assert_eq!(s["rounds"], json!([["pass"]]));
}

fn s_legal(s: &Value) -> Vec<Value> {
    s["legal"].as_array().unwrap().clone()
}

/// Cross-site and rebinding requests are refused before they reach the game: a `Host` that
/// is not this server, an `Origin` of another page, a change without a JSON body (what a
/// form of another site sends); the game is as it was after each.
#[test]
fn requests_from_other_sites_are_refused_and_change_nothing() {
    let api = Api::start(Path::new("rules/english-draughts.rules"), &[]);
    let first = distinct_moves(&api.get())[0].clone();
    let before = api.play(&first);
    assert_eq!(strings(&before["played"]), vec![first.clone()]);
    let a = api.addr.as_str();
    let port = a.rsplit(':').next().unwrap().to_string();
    let rebound = format!("evil.example:{port}");
    let json = ("Content-Type", "application/json");
    let form = ("Content-Type", "application/x-www-form-urlencoded");
    type Refused<'a> = (
        &'a str,
        &'a str,
        Vec<(&'a str, &'a str)>,
        Option<&'a str>,
        u16,
    );
    let refused: Vec<Refused> = vec![
        // DNS rebinding: the page of another name reads or changes the game.
        ("GET", "/api/state", vec![("Host", &rebound)], None, 403),
        (
            "POST",
            "/api/undo",
            vec![("Host", &rebound), json],
            Some("{}"),
            403,
        ),
        ("GET", "/api/state", vec![], None, 403),
        // A form post from another page, with and without an Origin.
        (
            "POST",
            "/api/undo",
            vec![("Host", a), form],
            Some("x=1"),
            415,
        ),
        ("POST", "/api/restart", vec![("Host", a)], Some(""), 415),
        (
            "POST",
            "/api/undo",
            vec![("Host", a), json, ("Origin", "http://evil.example")],
            Some("{}"),
            403,
        ),
        (
            "POST",
            "/api/restart",
            vec![("Host", a), json, ("Origin", "null")],
            Some("{}"),
            403,
        ),
        (
            "POST",
            "/api/undo",
            vec![("Host", a), json, ("Sec-Fetch-Site", "cross-site")],
            Some("{}"),
            403,
        ),
    ];
    for (method, path, headers, body, want) in &refused {
        let (status, text) = http_with(a, method, path, headers, *body);
        assert_eq!(status, *want, "{method} {path} {headers:?}: {text}");
        assert!(text.contains("error"), "{text}");
    }
    let after = api.get();
    assert_eq!(strings(&after["played"]), vec![first]);
    assert_eq!(after["generation"], before["generation"]);
    // The page's own requests pass: its Origin, `localhost` as the host.
    let own = format!("http://{a}");
    let (status, _) = http_with(
        a,
        "POST",
        "/api/undo",
        &[("Host", a), json, ("Origin", &own)],
        Some("{}"),
    );
    assert_eq!(status, 200);
    let local = format!("localhost:{port}");
    let (status, _) = http_with(a, "GET", "/api/state", &[("Host", &local)], None);
    assert_eq!(status, 200);
}

/// A position nested 100,000 deep is refused at once, and while one request is busy the
/// others are answered.
#[test]
fn a_deep_position_is_refused_quickly() {
    let api = Api::start(Path::new("rules/english-draughts.rules"), &[]);
    let n = 100_000;
    let yaml = format!(
        "to-move: White\npieces: {}{}\n",
        "[".repeat(n),
        "]".repeat(n)
    );
    let t0 = std::time::Instant::now();
    let s = api.post("/api/position", json!({ "text": yaml }));
    assert!(t0.elapsed() < Duration::from_secs(5), "{:?}", t0.elapsed());
    assert!(
        message(&s).contains("nested more than 64 levels"),
        "{}",
        message(&s)
    );
    assert!(api.get()["played"].as_array().unwrap().is_empty());
}

/// A 1 MB position of aliases of a 500 KB text (85 GB expanded) is refused at once, where it
/// aborted the server (issue 40).
#[test]
fn a_position_of_aliases_is_refused() {
    let api = Api::start(Path::new("rules/english-draughts.rules"), &[]);
    let yaml = crate::nothing_lost::alias_bomb("to-move: White\npieces:\n  White: { Man: [");
    let t0 = std::time::Instant::now();
    let s = api.post("/api/position", json!({ "text": yaml }));
    assert!(t0.elapsed() < Duration::from_secs(5), "{:?}", t0.elapsed());
    assert!(message(&s).contains("a YAML alias"), "{}", message(&s));
    assert!(api.get()["played"].as_array().unwrap().is_empty());
}

/// The rule file replaced by a pipe, or by a link to an endless device, is reported (not a
/// regular file) and the server goes on answering; the last good game stays.
#[test]
fn a_rule_file_replaced_by_a_pipe_or_a_device_does_not_freeze_the_server() {
    let dir = temp_dir("serve-fifo");
    let file = dir.join("game.rules");
    std::fs::copy("rules/english-draughts.rules", &file).unwrap();
    let api = Api::start(&file, &[]);
    let first = distinct_moves(&api.get())[0].clone();
    api.play(&first);
    std::fs::remove_file(&file).unwrap();
    let ok = std::process::Command::new("mkfifo")
        .arg(&file)
        .status()
        .unwrap()
        .success();
    assert!(ok);
    let s = api.get();
    let text = s["diagnostics"]["text"]
        .as_str()
        .unwrap_or_default()
        .to_string();
    assert!(text.contains("not a regular file"), "{s}");
    assert_eq!(
        strings(&s["played"]),
        vec![first.clone()],
        "the last good game stays"
    );
    std::fs::remove_file(&file).unwrap();
    std::os::unix::fs::symlink("/dev/zero", &file).unwrap();
    let s = api.get();
    let text = s["diagnostics"]["text"]
        .as_str()
        .unwrap_or_default()
        .to_string();
    assert!(text.contains("not a regular file"), "{s}");
    // Back to the file: reloaded, the move replayed.
    std::fs::remove_file(&file).unwrap();
    std::fs::copy("rules/english-draughts.rules", &file).unwrap();
    let s = api.get();
    assert!(s["diagnostics"].is_null(), "{s}");
    assert_eq!(strings(&s["played"]), vec![first]);
    let _ = std::fs::remove_dir_all(dir);
}

/// A request that computes for seconds (a long record) does not hold up the others: the
/// session is locked only to copy it and to store the result (issue #26). The record is
/// sized from a short one so that it takes about three seconds here; a state asked for
/// while it is replayed answers with the game as it was before it, and before it ends.
#[test]
fn a_slow_request_does_not_hold_up_the_state() {
    let api = Api::start(Path::new("rules/camelot.rules"), &[]);
    // Four moves back and forth: a record as long as wanted, every move legal.
    let record = |n: usize| -> String {
        ["C6-B5", "C11-B10", "B5-C6", "B10-C11"]
            .iter()
            .cycle()
            .take(n)
            .copied()
            .collect::<Vec<_>>()
            .join(" ")
    };
    let short = 400;
    let t0 = std::time::Instant::now();
    let s = api.post("/api/record", json!({ "text": record(short) }));
    let per_move = t0.elapsed().as_secs_f64() / short as f64;
    assert_eq!(s["played"].as_array().unwrap().len(), short, "{s}");
    let most = regula::app::serve::session::MAX_PLIES;
    let long = ((3.0 / per_move) as usize).clamp(4 * short, most) / 4 * 4;
    let done = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(false));
    let slow = {
        let (addr, done, text) = (api.addr.clone(), done.clone(), record(long));
        std::thread::spawn(move || {
            let body = json!({ "text": text }).to_string();
            let answer = http(&addr, "POST", "/api/record", Some(&body));
            done.store(true, std::sync::atomic::Ordering::SeqCst);
            answer
        })
    };
    // Ask for the state again and again while the record is replayed: some answer must come
    // back while it is still in flight, with the game as it was before it.
    let mut answered_in_flight = 0;
    while !done.load(std::sync::atomic::Ordering::SeqCst) {
        std::thread::sleep(Duration::from_millis(20));
        let s = api.get();
        if !done.load(std::sync::atomic::Ordering::SeqCst) {
            answered_in_flight += 1;
            assert_eq!(s["played"].as_array().unwrap().len(), short);
        }
    }
    let (status, body) = slow.join().unwrap();
    assert_eq!(status, 200, "{body}");
    let after: Value = serde_json::from_str(&body).unwrap();
    assert_eq!(after["played"].as_array().unwrap().len(), long);
    assert!(
        answered_in_flight > 0,
        "the state waited for the record of {long} moves ({per_move:.6} s a move)"
    );
    // The record was stored: the state now shows it.
    assert_eq!(api.get()["played"].as_array().unwrap().len(), long);
}

/// `?ply=N` shows an earlier position of the game (its board, legal moves, last move and
/// pieces captured) with the whole move list; a ply the game does not have, or a query that
/// does not read, is a JSON error (400) that changes nothing.
#[test]
fn an_earlier_position_is_shown_and_a_bad_ply_is_a_json_error() {
    let api = Api::start(Path::new("rules/english-draughts.rules"), &[]);
    for m in ["11-15", "22-18", "15x22"] {
        api.play(m);
    }
    let live = api.get();
    assert_eq!(live["ply"], 3);
    assert_eq!(live["plies"], 3);
    // 15x22 jumps from e5 to c3 over d4, a White Man.
    assert_eq!(
        live["last"],
        json!({ "move": "15x22", "player": "Black", "squares": ["e5", "c3"], "captured": ["d4"] })
    );
    assert_eq!(
        live["captured"],
        json!([{ "owner": "White", "kind": "Man", "count": 1 }])
    );
    let (status, body) = http(&api.addr, "GET", "/api/state?ply=1", None);
    assert_eq!(status, 200, "{body}");
    let one: Value = serde_json::from_str(&body).unwrap();
    assert_eq!(one["ply"], 1);
    assert_eq!(one["plies"], 3);
    assert_eq!(one["to_move"], "White");
    assert_eq!(strings(&one["played"]), ["11-15", "22-18", "15x22"]);
    assert_eq!(one["last"]["squares"], json!(["f6", "e5"]));
    assert_eq!(one["captured"], json!([]));
    assert!(distinct_moves(&one).contains(&"22-18".to_string()));
    let (_, start) = http(&api.addr, "GET", "/api/state?ply=0", None);
    let start: Value = serde_json::from_str(&start).unwrap();
    assert!(start["last"].is_null());
    for bad in [
        "ply=4",
        "ply=x",
        "ply=-1",
        "ply=",
        "ply",
        "ply=1&ply=2",
        "side=1",
        "ply=99999999999999999999999",
    ] {
        let (status, body) = http(&api.addr, "GET", &format!("/api/state?{bad}"), None);
        assert_eq!(status, 400, "{bad}: {body}");
        let v: Value = serde_json::from_str(&body).expect("a JSON error");
        assert!(v["error"].is_string(), "{bad}: {body}");
    }
    assert_eq!(api.get()["generation"], live["generation"]);
}

/// The regions the page shades, read off the end and promotion rules.
#[test]
fn goal_regions_come_from_the_end_and_promotion_rules() {
    let camelot = Api::start(Path::new("rules/camelot.rules"), &[]).get();
    assert_eq!(
        camelot["goals"],
        json!([
            { "region": "castle", "player": "White", "why": "end", "squares": ["F1", "G1"] },
            { "region": "castle", "player": "Black", "why": "end", "squares": ["F16", "G16"] },
        ])
    );
    let draughts = Api::start(Path::new("rules/english-draughts.rules"), &[]).get();
    let goals = draughts["goals"].as_array().unwrap();
    assert_eq!(goals.len(), 2);
    for g in goals {
        assert_eq!(g["region"], "far-row");
        assert_eq!(g["why"], "promotion");
        assert_eq!(g["squares"].as_array().unwrap().len(), 4);
    }
    // A game won by reaching a king (no region in its end rules) shades its promotion rows.
    let bt = Api::start(Path::new("rules/breakthrough-draughts.rules"), &[]).get();
    assert!(
        bt["goals"]
            .as_array()
            .unwrap()
            .iter()
            .all(|g| g["why"] == "promotion"),
        "{}",
        bt["goals"]
    );
}

fn export(api: &Api, query: &str) -> (u16, Value) {
    let (status, body) = http(&api.addr, "GET", &format!("/api/export?{query}"), None);
    (status, serde_json::from_str(&body).expect("JSON"))
}

/// The record and the position to save: PDN and FEN for a game PDN can write, a move list and
/// YAML otherwise, each read back by the library to the same game and position.
#[test]
fn the_record_and_the_position_are_exported_in_the_formats_the_cli_reads() {
    let api = Api::start(Path::new("rules/english-draughts.rules"), &[]);
    for m in ["11-15", "22-18", "15x22"] {
        api.play(m);
    }
    let src = regula::SourceFile::read(Path::new("rules/english-draughts.rules")).unwrap();
    let game = regula::load(&src, &[]).unwrap();
    let tokens = regula::formats::record::tokenize("11-15 22-18 15x22").unwrap();
    let line = regula::formats::record::replay(&game, &game.start(), &tokens).unwrap();
    let mut mvs = Vec::new();
    for (w, t) in line.windows(2).zip(&tokens) {
        mvs.push(regula::formats::notation::find(&game, &w[0], &t.text, false).unwrap());
    }
    let (status, rec) = export(&api, "what=record");
    assert_eq!(status, 200);
    assert_eq!(rec["format"], "PDN");
    assert_eq!(rec["file"], "english-draughts.pdn");
    assert_eq!(
        rec["text"],
        json!(
            regula::formats::pdn::write_game(
                &game,
                &game.start(),
                &mvs,
                "English draughts",
                None,
                None
            )
            .unwrap()
        )
    );
    let (_, pos) = export(&api, "what=position&ply=1");
    assert_eq!(pos["format"], "FEN");
    assert_eq!(pos["file"], "english-draughts-1.fen");
    let fen = pos["text"].as_str().unwrap().trim();
    assert!(
        regula::formats::pdn::read(&game, fen).ok() == Some(line[1].clone()),
        "{fen}"
    );

    let api = Api::start(Path::new("rules/camelot.rules"), &[]);
    let moves = ["D6-F8", "H11-F9", "C6-E8-G8"];
    for m in moves {
        api.play(m);
    }
    let (_, rec) = export(&api, "what=record");
    assert_eq!(rec["format"], "move list");
    assert_eq!(rec["file"], "camelot.txt");
    assert_eq!(rec["text"], "1.D6-F8 H11-F9 2.C6-E8-G8\n");
    let (_, pos) = export(&api, "what=position");
    assert_eq!(pos["format"], "YAML");
    assert_eq!(pos["text"], api.get()["position_yaml"]);
    // What `regula replay --position` reads, from the file saved.
    let dir = temp_dir("export");
    std::fs::write(dir.join("pos.yaml"), pos["text"].as_str().unwrap()).unwrap();
    let (_, one) = export(&api, "what=position&ply=1");
    std::fs::write(dir.join("one.yaml"), one["text"].as_str().unwrap()).unwrap();
    std::fs::write(dir.join("rest.txt"), "1...H11-F9 2.C6-E8-G8").unwrap();
    let out = crate::binary::command()
        .args(["replay", "rules/camelot.rules"])
        .arg(dir.join("rest.txt"))
        .arg("--position")
        .arg(dir.join("one.yaml"))
        .arg("--show")
        .output()
        .unwrap();
    let shown = String::from_utf8(out.stdout).unwrap();
    assert!(out.status.success(), "{shown}");
    assert!(shown.contains(pos["text"].as_str().unwrap()), "{shown}");
    for (bad, why) in [
        ("", "say what"),
        ("what=moves", "unknown export"),
        ("what=position&ply=4", "no position after 4"),
        ("what=record&x=1", "unknown query parameter"),
        ("what=%2e%2e", "a number or a word"),
    ] {
        let (status, v) = export(&api, bad);
        assert_eq!(status, 400, "{bad}: {v}");
        assert!(v["error"].as_str().unwrap().contains(why), "{bad}: {v}");
    }
    // Only this server's page may read it.
    let (status, _) = http_with(
        &api.addr,
        "GET",
        "/api/export?what=record",
        &[("Host", "evil.example")],
        None,
    );
    assert_eq!(status, 403);
    let (status, _) = http_with(
        &api.addr,
        "GET",
        "/api/export?what=record",
        &[("Host", &api.addr), ("Sec-Fetch-Site", "cross-site")],
        None,
    );
    assert_eq!(status, 403);
}

/// A move on an earlier position (`at`) discards the later moves; a refused one, or a ply
/// the game does not have, changes nothing but the message.
#[test]
fn a_move_on_an_earlier_position_truncates_the_game() {
    let api = Api::start(Path::new("rules/english-draughts.rules"), &[]);
    for m in ["11-15", "22-18", "15x22"] {
        api.play(m);
    }
    let s = api.post("/api/move", json!({ "text": "9-13", "at": 7 }));
    assert_eq!(strings(&s["played"]), ["11-15", "22-18", "15x22"]);
    assert!(message(&s).contains("no position after 7 moves"), "{s}");
    // After 11-15 White is to move: 11-16 is not White's, so nothing is discarded.
    let s = api.post("/api/move", json!({ "text": "11-16", "at": 1 }));
    assert_eq!(strings(&s["played"]), ["11-15", "22-18", "15x22"]);
    assert_eq!(s["message"]["error"], true);
    let s = api.post("/api/move", json!({ "text": "21-17", "at": 1 }));
    assert_eq!(strings(&s["played"]), ["11-15", "21-17"]);
    assert_eq!(
        message(&s),
        "played after move 1; the 2 later moves were discarded"
    );
    assert_eq!(s["last"]["move"], "21-17");
    // `at` equal to the moves played is the live position.
    let s = api.post("/api/move", json!({ "text": "9-13", "at": 2 }));
    assert_eq!(strings(&s["played"]), ["11-15", "21-17", "9-13"]);
    assert_eq!(s["message"], Value::Null);
}

/// A body that does not read is answered with a JSON error, and the game is as it was.
#[test]
fn a_body_that_does_not_read_is_a_json_error() {
    let api = Api::start(Path::new("rules/english-draughts.rules"), &[]);
    let before = api.get();
    for (path, body) in [
        ("/api/move", "not json"),
        ("/api/move", "{}"),
        ("/api/move", r#"{"text": 5}"#),
        ("/api/move", r#"{"text": "11-15", "at": -1}"#),
        ("/api/move", r#"{"text": "11-15", "at": "one"}"#),
        ("/api/param", r#"{"name": "x"}"#),
        ("/api/opponent", r#"{"players": ["White"]}"#),
        ("/api/position", "[1, 2"),
    ] {
        let (status, text) = http(&api.addr, "POST", path, Some(body));
        assert!((400..500).contains(&status), "{path} {body}: {status}");
        let v: Value = serde_json::from_str(&text).expect("a JSON error");
        assert!(v["error"].is_string(), "{path} {body}: {text}");
    }
    assert_eq!(api.get()["generation"], before["generation"]);
}

/// The opponent is `off` exactly when it moves nobody; an unknown player changes nothing.
#[test]
fn the_opponent_is_off_exactly_when_it_moves_nobody() {
    let api = Api::start(Path::new("rules/english-draughts.rules"), &[]);
    let s = api.post("/api/opponent", json!({ "mode": "random", "players": [] }));
    assert_eq!(s["opponent"]["mode"], "off");
    let s = api.post(
        "/api/opponent",
        json!({ "mode": "off", "players": ["White"] }),
    );
    assert_eq!(
        s["opponent"],
        json!({ "mode": "off", "players": [], "seed": 1 })
    );
    let s = api.post(
        "/api/opponent",
        json!({ "mode": "first", "players": ["White", "White"] }),
    );
    assert_eq!(s["opponent"]["mode"], "first");
    assert_eq!(s["opponent"]["players"], json!(["White"]));
    let s = api.post(
        "/api/opponent",
        json!({ "mode": "random", "players": ["Nobody"] }),
    );
    assert!(message(&s).starts_with("unknown player"));
    assert_eq!(s["opponent"]["mode"], "first", "unchanged");
    assert_eq!(s["opponent"]["players"], json!(["White"]));
}

/// Reads a connection until the server closes it (an end or a reset), within `limit`;
/// what arrived, and whether it was closed.
fn closed_within(s: &mut TcpStream, limit: Duration) -> (String, bool) {
    s.set_read_timeout(Some(limit)).unwrap();
    let mut out = Vec::new();
    let mut buf = [0u8; 4096];
    loop {
        match s.read(&mut buf) {
            Ok(0) => return (String::from_utf8_lossy(&out).into_owned(), true),
            Ok(n) => out.extend_from_slice(&buf[..n]),
            Err(e)
                if matches!(
                    e.kind(),
                    std::io::ErrorKind::WouldBlock | std::io::ErrorKind::TimedOut
                ) =>
            {
                return (String::from_utf8_lossy(&out).into_owned(), false);
            }
            Err(_) => return (String::from_utf8_lossy(&out).into_owned(), true),
        }
    }
}

/// A connection that sends nothing, one that sends half a request's head, and one kept
/// alive after its answer are closed by the server after `--timeout` (issue 40: they were
/// kept forever, so a few clients held every descriptor).
#[test]
fn idle_and_half_sent_connections_are_closed_after_the_timeout() {
    let api = Api::launch(
        Path::new("rules/english-draughts.rules"),
        &[],
        &["--timeout", "1"],
        None,
    );
    let a = api.addr.as_str();
    let t0 = std::time::Instant::now();
    let mut silent = TcpStream::connect(a).unwrap();
    let mut half = TcpStream::connect(a).unwrap();
    half.write_all(format!("GET /api/state HTTP/1.1\r\nHost: {a}\r\nX-Slow: ").as_bytes())
        .unwrap();
    let mut kept = TcpStream::connect(a).unwrap();
    kept.write_all(format!("GET /api/state HTTP/1.1\r\nHost: {a}\r\n\r\n").as_bytes())
        .unwrap();
    for (what, s) in [("silent", &mut silent), ("half-sent", &mut half)] {
        let (text, closed) = closed_within(s, Duration::from_secs(8));
        assert!(
            closed,
            "the {what} connection is still open after {:?}",
            t0.elapsed()
        );
        assert!(!text.contains("200 OK"), "{what}: {text}");
    }
    let (text, closed) = closed_within(&mut kept, Duration::from_secs(8));
    assert!(text.starts_with("HTTP/1.1 200 OK"), "{text}");
    assert!(
        closed,
        "the kept-alive connection is still open after {:?}",
        t0.elapsed()
    );
    let took = t0.elapsed();
    assert!(
        took >= Duration::from_millis(900) && took < Duration::from_secs(6),
        "closed after {took:?}, with a timeout of 1 s"
    );
    // The server goes on answering.
    assert!(api.get()["legal"].as_array().is_some_and(|l| !l.is_empty()));
}

/// A change whose body never arrives is refused (408, JSON) after `--timeout`, and changes
/// nothing.
#[test]
fn a_body_that_never_arrives_is_refused_after_the_timeout() {
    let api = Api::launch(
        Path::new("rules/english-draughts.rules"),
        &[],
        &["--timeout", "1"],
        None,
    );
    let a = api.addr.as_str();
    let before = api.get();
    let mut s = TcpStream::connect(a).unwrap();
    let t0 = std::time::Instant::now();
    s.write_all(
        format!(
            "POST /api/move HTTP/1.1\r\nHost: {a}\r\nContent-Type: application/json\r\n\
             Content-Length: 100\r\n\r\n{{\"text\":"
        )
        .as_bytes(),
    )
    .unwrap();
    let (text, closed) = closed_within(&mut s, Duration::from_secs(8));
    assert!(closed || text.contains("error"), "{text}");
    assert!(text.starts_with("HTTP/1.1 408"), "{text}");
    assert!(text.contains("did not arrive within 1 s"), "{text}");
    assert!(t0.elapsed() < Duration::from_secs(6), "{:?}", t0.elapsed());
    assert_eq!(api.get()["generation"], before["generation"]);
}

/// At the descriptor limit the server waits for descriptors to come back instead of
/// panicking (axum's accept back-off slept on a runtime without timers: "timers are
/// disabled", issue 40); the connections that held them are closed after the timeout and
/// the server answers again.
#[test]
fn the_server_outlives_the_descriptor_limit() {
    let mut api = Api::launch(
        Path::new("rules/english-draughts.rules"),
        &[],
        &["--timeout", "1"],
        Some(40),
    );
    let a = api.addr.clone();
    let held: Vec<TcpStream> = (0..100)
        .map_while(|_| TcpStream::connect(&a).ok())
        .collect();
    assert!(held.len() > 40, "only {} connections", held.len());
    std::thread::sleep(Duration::from_millis(2500));
    assert!(
        api.child.try_wait().unwrap().is_none(),
        "the server ended at the descriptor limit"
    );
    drop(held);
    let t0 = std::time::Instant::now();
    loop {
        let answered = std::panic::catch_unwind(|| http(&a, "GET", "/api/state", None).0);
        if answered.is_ok_and(|status| status == 200) {
            break;
        }
        assert!(
            t0.elapsed() < Duration::from_secs(20),
            "no answer after the connections closed"
        );
        std::thread::sleep(Duration::from_millis(200));
    }
    assert!(api.child.try_wait().unwrap().is_none());
}

/// Two `Host` headers (ours and another, in either order), or a target in absolute form
/// naming another host, are refused like a foreign `Host` (they passed the check of the
/// first `Host` alone, issue 40); the game is as it was. Our own absolute target passes.
#[test]
fn two_hosts_or_a_foreign_target_are_refused() {
    let api = Api::start(Path::new("rules/english-draughts.rules"), &[]);
    let before = api.get();
    let a = api.addr.as_str();
    let port = a.rsplit(':').next().unwrap().to_string();
    let evil = format!("evil.example:{port}");
    let json = ("Content-Type", "application/json");
    let foreign = format!("http://{evil}/api/undo");
    let cases: Vec<(&str, Vec<(&str, &str)>)> = vec![
        ("/api/restart", vec![("Host", a), ("Host", &evil), json]),
        ("/api/restart", vec![("Host", &evil), ("Host", a), json]),
        ("/api/restart", vec![("Host", a), ("Host", a), json]),
        (&foreign, vec![("Host", a), json]),
    ];
    for (path, headers) in &cases {
        let (status, text) = http_with(a, "POST", path, headers, Some("{}"));
        assert_eq!(status, 403, "{path} {headers:?}: {text}");
        assert!(text.contains("error"), "{text}");
    }
    let (status, text) = http_with(
        a,
        "GET",
        &format!("http://{evil}/api/state"),
        &[("Host", a)],
        None,
    );
    assert_eq!(status, 403, "{text}");
    assert!(text.contains("target"), "{text}");
    assert_eq!(api.get()["generation"], before["generation"]);
    let (status, text) = http_with(
        a,
        "GET",
        &format!("http://{a}/api/state"),
        &[("Host", a)],
        None,
    );
    assert_eq!(status, 200, "{text}");
}

/// The peak resident memory of a process, in KB.
fn peak_kb(pid: u32) -> u64 {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap();
    status
        .lines()
        .find_map(|l| l.strip_prefix("VmHWM:"))
        .and_then(|v| v.trim().trim_end_matches("kB").trim().parse().ok())
        .expect("VmHWM")
}

/// A served game has at most `MAX_PLIES` moves (a longer record is refused before it is
/// replayed, a move past it is refused), and polls of the state share the game instead of
/// copying it: 16 polls at once of a game of that length raise the server's peak memory by
/// less than five times what the game costs (each poll copied the whole line, so 8 polls of
/// an 80,000-ply game took 800 MB, issue 40).
#[test]
fn a_game_is_bounded_and_polls_share_it() {
    let most = regula::app::serve::session::MAX_PLIES;
    let api = Api::start(Path::new("rules/camelot.rules"), &[]);
    let record = |n: usize| -> String {
        ["C6-B5", "C11-B10", "B5-C6", "B10-C11"]
            .iter()
            .cycle()
            .take(n)
            .copied()
            .collect::<Vec<_>>()
            .join(" ")
    };
    let s = api.post("/api/record", json!({ "text": record(most + 1) }));
    assert!(
        message(&s).contains(&format!("a game here has at most {most}")),
        "{}",
        message(&s)
    );
    assert!(s["played"].as_array().unwrap().is_empty());
    let pid = api.child.id();
    let start = peak_kb(pid);
    let s = api.post("/api/record", json!({ "text": record(most) }));
    assert_eq!(
        s["played"].as_array().unwrap().len(),
        most,
        "{}",
        message(&s)
    );
    let game = peak_kb(pid).saturating_sub(start).max(1);
    let s = api.play("C6-B5");
    assert!(
        message(&s).contains(&format!("at most {most} moves")),
        "{}",
        message(&s)
    );
    assert_eq!(s["played"].as_array().unwrap().len(), most);
    let before = peak_kb(pid);
    let polls: Vec<_> = (0..16)
        .map(|_| {
            let a = api.addr.clone();
            std::thread::spawn(move || http(&a, "GET", "/api/state", None).0)
        })
        .collect();
    for p in polls {
        assert_eq!(p.join().unwrap(), 200);
    }
    let grown = peak_kb(pid).saturating_sub(before);
    assert!(
        grown < 5 * game,
        "16 polls raised the peak by {grown} KB; the game of {most} moves costs {game} KB"
    );
}
