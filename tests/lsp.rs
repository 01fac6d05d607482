//! The language server, driven as an editor drives it: JSON-RPC over stdio.

use std::io::{BufRead, BufReader, Read, Write};
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};

use serde_json::{Value, json};

struct Client {
    child: Child,
    stdin: ChildStdin,
    stdout: BufReader<ChildStdout>,
    next: i64,
}

impl Client {
    fn start() -> Client {
        let mut c = Client::spawn();
        c.request("initialize", json!({ "capabilities": {} }));
        c.notify("initialized", json!({}));
        c
    }

    /// The server started, not initialized.
    fn spawn() -> Client {
        let mut child = crate::binary::command()
            .arg("lsp")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .expect("the server starts");
        let stdin = child.stdin.take().unwrap();
        let stdout = BufReader::new(child.stdout.take().unwrap());
        Client {
            child,
            stdin,
            stdout,
            next: 1,
        }
    }

    /// Sends bytes as they are.
    fn raw(&mut self, bytes: &[u8]) {
        self.stdin.write_all(bytes).unwrap();
        self.stdin.flush().unwrap();
    }

    /// A framed body of any bytes.
    fn framed(&mut self, body: &[u8]) {
        self.raw(format!("Content-Length: {}\r\n\r\n", body.len()).as_bytes());
        self.raw(body);
    }

    /// The next message's error code and its id.
    fn error_code(&mut self) -> (i64, Value) {
        let m = self.read();
        let code = m["error"]["code"].as_i64();
        (
            code.unwrap_or_else(|| panic!("not an error: {m}")),
            m["id"].clone(),
        )
    }

    /// Closes the stream and returns the exit code.
    fn close(self) -> i32 {
        let Client {
            mut child, stdin, ..
        } = self;
        drop(stdin);
        child.wait().unwrap().code().unwrap_or(-1)
    }

    fn send(&mut self, v: Value) {
        let body = v.to_string();
        write!(self.stdin, "Content-Length: {}\r\n\r\n{body}", body.len()).unwrap();
        self.stdin.flush().unwrap();
    }

    fn read(&mut self) -> Value {
        let mut len = 0;
        loop {
            let mut line = String::new();
            self.stdout.read_line(&mut line).unwrap();
            let line = line.trim();
            if line.is_empty() {
                break;
            }
            if let Some(n) = line.strip_prefix("Content-Length: ") {
                len = n.parse().unwrap();
            }
        }
        let mut buf = vec![0; len];
        self.stdout.read_exact(&mut buf).unwrap();
        serde_json::from_slice(&buf).unwrap()
    }

    fn notify(&mut self, method: &str, params: Value) {
        self.send(json!({ "jsonrpc": "2.0", "method": method, "params": params }));
    }

    /// Sends a request and returns its result (notifications in between are skipped).
    fn request(&mut self, method: &str, params: Value) -> Value {
        let id = self.next;
        self.next += 1;
        self.send(json!({ "jsonrpc": "2.0", "id": id, "method": method, "params": params }));
        loop {
            let m = self.read();
            if m.get("id") == Some(&json!(id)) {
                return m.get("result").cloned().unwrap_or(Value::Null);
            }
        }
    }

    /// Opens a document and returns the diagnostics published for it.
    fn open(&mut self, uri: &str, text: &str) -> Value {
        self.notify(
            "textDocument/didOpen",
            json!({ "textDocument": { "uri": uri, "languageId": "regula", "version": 1, "text": text } }),
        );
        loop {
            let m = self.read();
            if m.get("method") == Some(&json!("textDocument/publishDiagnostics")) {
                return m["params"]["diagnostics"].clone();
            }
        }
    }

    fn stop(mut self) {
        self.request("shutdown", Value::Null);
        self.notify("exit", Value::Null);
        assert!(self.child.wait().unwrap().success());
    }
}

fn root() -> String {
    std::fs::canonicalize(".").unwrap().display().to_string()
}

/// Replaces the machine's path with `$ROOT`, so that snapshots are stable.
fn stable(v: &Value) -> String {
    serde_json::to_string_pretty(v)
        .unwrap()
        .replace(&root(), "$ROOT")
}

fn at(uri: &str, line: u32, character: u32) -> Value {
    json!({ "textDocument": { "uri": uri }, "position": { "line": line, "character": character } })
}

#[test]
fn language_server_answers_an_editor() {
    let mut c = Client::start();
    let path = format!("{}/rules/cam.rules", root());
    let uri = format!("file://{path}");
    let text = std::fs::read_to_string(&path).unwrap();
    // A valid variant: no diagnostics.
    let diags = c.open(&uri, &text);
    assert_eq!(diags, json!([]), "{diags}");

    // A typo: an error with a quick fix, and the inherited item's place as related information.
    let broken = text.replace("remove move castle-move", "remove move castle-mvoe");
    let diags = c.open(&uri, &broken);
    insta::assert_snapshot!("lsp_diagnostics", stable(&diags));
    let actions = c.request(
        "textDocument/codeAction",
        json!({ "textDocument": { "uri": uri }, "range": diags[0]["range"], "context": { "diagnostics": diags } }),
    );
    assert_eq!(
        actions[0]["edit"]["changes"][&uri][0]["newText"],
        json!("castle-move")
    );

    let diags = c.open(&uri, &text);
    assert_eq!(diags, json!([]));
    let line_of = |needle: &str| text.lines().position(|l| l.contains(needle)).unwrap() as u32;
    // Hover over `castle` in `region castle`: the docs and the compiled squares.
    let l = line_of("region castle");
    let hover = c.request("textDocument/hover", at(&uri, l, 9));
    insta::assert_snapshot!("lsp_hover_region", stable(&hover));
    // Definition of `castle-moves` (removed here, declared in the parent) jumps to camelot.rules.
    let l = line_of("remove counter castle-moves");
    let def = c.request("textDocument/definition", at(&uri, l, 17));
    assert_eq!(
        def,
        json!(null),
        "a removed counter has no definition in the merged game"
    );
    // Definition of `castle` goes to this file's region; references reach into the parent.
    let l = line_of("region castle");
    let def = c.request("textDocument/definition", at(&uri, l, 9));
    insta::assert_snapshot!("lsp_definition", stable(&def));
    let refs = c.request(
        "textDocument/references",
        json!({ "textDocument": { "uri": uri }, "position": { "line": l, "character": 9 }, "context": { "includeDeclaration": true } }),
    );
    let files: std::collections::BTreeSet<String> = refs
        .as_array()
        .unwrap()
        .iter()
        .map(|r| {
            r["uri"]
                .as_str()
                .unwrap()
                .rsplit('/')
                .next()
                .unwrap()
                .to_string()
        })
        .collect();
    assert_eq!(
        files.into_iter().collect::<Vec<_>>(),
        ["cam.rules", "camelot.rules"]
    );
    let symbols = c.request(
        "textDocument/documentSymbol",
        json!({ "textDocument": { "uri": uri } }),
    );
    insta::assert_snapshot!("lsp_symbols", stable(&symbols));
    // At the start of a line at top level: the items' keywords only.
    let completion = c.request("textDocument/completion", at(&uri, 0, 0));
    let labels: Vec<&str> = completion
        .as_array()
        .unwrap()
        .iter()
        .map(|i| i["label"].as_str().unwrap())
        .collect();
    for want in ["extends", "amend", "leg", "move"] {
        assert!(labels.contains(&want), "{want} in {labels:?}");
    }
    assert!(!labels.contains(&"Knight") && !labels.contains(&"capturing"));
    c.stop();
}

/// Every malformed or untimely message is answered with the JSON-RPC error the protocol
/// defines and the server goes on; a huge announced length is refused before any body is
/// read; `exit` without `shutdown` is exit code 1.
#[test]
fn the_language_server_answers_malformed_messages_and_goes_on() {
    let mut c = Client::spawn();
    // Before `initialize`: not initialized.
    c.send(json!({ "jsonrpc": "2.0", "id": 1, "method": "textDocument/hover", "params": {} }));
    assert_eq!(c.error_code(), (-32002, json!(1)));
    c.send(json!({ "jsonrpc": "2.0", "id": 2, "method": "initialize", "params": { "capabilities": {} } }));
    assert!(c.read()["result"]["capabilities"].is_object());
    // Between `initialize` and `initialized`: still not initialized.
    c.send(json!({ "jsonrpc": "2.0", "id": 3, "method": "textDocument/hover", "params": {} }));
    assert_eq!(c.error_code(), (-32002, json!(3)));
    c.notify("initialized", json!({}));
    // Not JSON, not UTF-8, nested past 128: parse errors.
    c.framed(b"{bad}");
    assert_eq!(c.error_code(), (-32700, Value::Null));
    c.framed(b"\"\xff\"");
    assert_eq!(c.error_code(), (-32700, Value::Null));
    c.framed(format!("{}{}", "[".repeat(200), "]".repeat(200)).as_bytes());
    assert_eq!(c.error_code(), (-32700, Value::Null));
    // JSON but not a message: invalid requests.
    c.framed(b"[1,2]");
    assert_eq!(c.error_code(), (-32600, Value::Null));
    c.framed(br#"{"jsonrpc":"2.0","id":7}"#);
    assert_eq!(c.error_code(), (-32600, json!(7)));
    c.framed(br#"{"jsonrpc":"2.0","id":[1],"method":"shutdown"}"#);
    assert_eq!(c.error_code(), (-32600, Value::Null));
    // Bad frames: a negative length, no length, a header line of 100 KB without an end.
    c.raw(b"Content-Length: -3\r\n\r\n");
    assert_eq!(c.error_code(), (-32700, Value::Null));
    c.raw(b"Content-Type: text/plain\r\n\r\n");
    assert_eq!(c.error_code(), (-32700, Value::Null));
    c.raw(&vec![b'x'; 100_000]);
    c.raw(b"\r\n\r\n");
    assert_eq!(c.error_code(), (-32700, Value::Null));
    // An unknown method.
    c.send(json!({ "jsonrpc": "2.0", "id": 8, "method": "no/such", "params": {} }));
    assert_eq!(c.error_code(), (-32601, json!(8)));
    // Still serving.
    let uri = format!("file://{}/rules/anything.rules", root());
    let published = c.open(&uri, "game \"G\"\nplayers {");
    assert!(!published.as_array().unwrap().is_empty(), "{published}");
    // A terabyte announced: refused at once, nothing allocated for it.
    c.raw(b"Content-Length: 1000000000000\r\n\r\n");
    assert_eq!(c.error_code(), (-32700, Value::Null));
    // The stream ends without `shutdown` and `exit`: exit code 1.
    assert_eq!(c.close(), 1);

    // After `shutdown`, requests are invalid; `exit` then ends with 0.
    let mut c = Client::start();
    c.request("shutdown", Value::Null);
    c.send(json!({ "jsonrpc": "2.0", "id": 99, "method": "textDocument/hover", "params": {} }));
    assert_eq!(c.error_code(), (-32600, json!(99)));
    c.notify("exit", Value::Null);
    assert_eq!(c.close(), 0);

    // `exit` without `shutdown`: exit code 1.
    let mut c = Client::start();
    c.notify("exit", Value::Null);
    assert_eq!(c.close(), 1);
}

/// A document that extends a named pipe gets a diagnostic; the server does not wait on the
/// pipe and goes on answering.
#[test]
fn a_document_extending_a_pipe_does_not_freeze_the_language_server() {
    let dir = std::env::temp_dir().join(format!("regula-lsp-fifo-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let ok = Command::new("mkfifo")
        .arg(dir.join("pipe.rules"))
        .status()
        .unwrap()
        .success();
    assert!(ok);
    let mut c = Client::start();
    let uri = format!("file://{}/variant.rules", dir.display());
    let published = c.open(&uri, "extends \"pipe.rules\"\ngame \"V\"\n");
    let text = published.to_string();
    assert!(text.contains("not a regular file"), "{text}");
    c.stop();
    let _ = std::fs::remove_dir_all(dir);
}

/// Applies LSP text edits (lines and UTF-16 columns) to a text, the last edit first.
fn apply(text: &str, edits: &Value) -> String {
    let offset = |p: &Value| {
        let (line, col) = (
            p["line"].as_u64().unwrap(),
            p["character"].as_u64().unwrap(),
        );
        let start: usize = text
            .split_inclusive('\n')
            .take(line as usize)
            .map(str::len)
            .sum();
        let mut units = 0;
        for (i, c) in text[start..].char_indices() {
            if units >= col as usize || c == '\n' {
                return start + i;
            }
            units += c.len_utf16();
        }
        text.len()
    };
    let mut edits: Vec<&Value> = edits.as_array().unwrap().iter().collect();
    edits.sort_by_key(|e| std::cmp::Reverse(offset(&e["range"]["start"])));
    let mut out = text.to_string();
    for e in edits {
        let (s, t) = (offset(&e["range"]["start"]), offset(&e["range"]["end"]));
        out.replace_range(s..t, e["newText"].as_str().unwrap());
    }
    out
}

/// `textDocument/formatting` is advertised and gives `regula fmt`'s layout: an edit of the
/// lines that change, none for a formatted document, `null` for one that does not parse.
#[test]
fn the_language_server_formats_a_document() {
    let mut c = Client::spawn();
    let init = c.request("initialize", json!({ "capabilities": {} }));
    assert_eq!(
        init["capabilities"]["documentFormattingProvider"],
        json!(true),
        "{init}"
    );
    c.notify("initialized", json!({}));
    let path = format!("{}/rules/english-draughts.rules", root());
    let uri = format!("file://{path}");
    let good = std::fs::read_to_string(&path).unwrap();
    // Spoiled below a line of non-ASCII documentation, so that columns count UTF-16.
    let spoiled = good
        .replacen(
            "/// Men and kings.",
            "/// Men and kings — Männer und Könige.",
            1,
        )
        .replace("  by { Man }", "by   {Man}")
        .replace("  step forward\n", "      step   forward  // a comment\n");
    let want = regula::lang::syntax::fmt::format(&regula::SourceFile::new(&*path, spoiled.clone()))
        .unwrap();
    assert!(want.contains("  step forward // a comment\n") && want.contains("  by { Man }\n"));
    c.open(&uri, &spoiled);
    let options = json!({ "tabSize": 8, "insertSpaces": false });
    let edits = c.request(
        "textDocument/formatting",
        json!({ "textDocument": { "uri": uri }, "options": options }),
    );
    let first_change = spoiled
        .lines()
        .zip(want.lines())
        .position(|(a, b)| a != b)
        .unwrap();
    assert_eq!(edits.as_array().map(Vec::len), Some(1), "{edits}");
    assert_eq!(
        edits[0]["range"]["start"],
        json!({ "line": first_change, "character": 0 }),
        "only the lines that change are replaced"
    );
    assert_eq!(apply(&spoiled, &edits), want);

    c.open(&uri, &want);
    let none = c.request(
        "textDocument/formatting",
        json!({ "textDocument": { "uri": uri }, "options": options }),
    );
    assert_eq!(none, json!([]));

    c.open(&uri, "game \"X\"\nplayers { White Black\n");
    let refused = c.request(
        "textDocument/formatting",
        json!({ "textDocument": { "uri": uri }, "options": options }),
    );
    assert_eq!(refused, json!(null));
    c.stop();
}

/// Semantic tokens: the legend is advertised, and a variant's words are coloured by what they
/// name (a parent's piece kind and player, its own region declared here), keywords and comments
/// as such; a document that does not parse still gets its keywords and comments.
#[test]
fn the_language_server_colours_a_document() {
    let mut c = Client::spawn();
    let init = c.request("initialize", json!({ "capabilities": {} }));
    c.notify("initialized", json!({}));
    let legend = &init["capabilities"]["semanticTokensProvider"]["legend"];
    let types: Vec<&str> = legend["tokenTypes"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| t.as_str().unwrap())
        .collect();
    let mods: Vec<&str> = legend["tokenModifiers"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| t.as_str().unwrap())
        .collect();
    let path = format!("{}/rules/cam.rules", root());
    let uri = format!("file://{path}");
    let text = std::fs::read_to_string(&path).unwrap();
    c.open(&uri, &text);
    // (line, column, text, type, modifiers) of every token.
    let decode = |v: &Value, text: &str| -> Vec<(usize, usize, String, String, Vec<String>)> {
        let data: Vec<u64> = v["data"]
            .as_array()
            .unwrap()
            .iter()
            .map(|n| n.as_u64().unwrap())
            .collect();
        let lines: Vec<&str> = text.lines().collect();
        let (mut line, mut col) = (0usize, 0usize);
        data.chunks(5)
            .map(|t| {
                if t[0] > 0 {
                    line += t[0] as usize;
                    col = t[1] as usize;
                } else {
                    col += t[1] as usize;
                }
                let units: Vec<u16> = lines[line].encode_utf16().collect();
                let s = String::from_utf16_lossy(&units[col..col + t[2] as usize]);
                let m = (0..mods.len())
                    .filter(|i| t[4] & (1 << i) != 0)
                    .map(|i| mods[i].to_string())
                    .collect();
                (line, col, s, types[t[3] as usize].to_string(), m)
            })
            .collect()
    };
    let toks = decode(
        &c.request(
            "textDocument/semanticTokens/full",
            json!({ "textDocument": { "uri": uri } }),
        ),
        &text,
    );
    let find = |word: &str, kind: &str| {
        toks.iter()
            .find(|t| t.2 == word && t.3 == kind)
            .unwrap_or_else(|| panic!("no {kind} token {word} in {toks:?}"))
    };
    assert_eq!(find("extends", "keyword").3, "keyword");
    let castle = find("castle", "namespace");
    let castle_line = text
        .lines()
        .position(|l| l.starts_with("region castle"))
        .unwrap();
    assert!(
        toks.iter()
            .any(|t| t.2 == "castle" && t.0 == castle_line && t.4 == ["declaration"]),
        "{castle:?}"
    );
    // `Knight` and `White` are declared in the parent, camelot.rules.
    find("Knight", "type");
    find("White", "enumMember");
    // An end rule of the parent, amended here.
    find("castle-win", "event");
    assert!(
        toks.iter()
            .any(|t| t.3 == "comment" && t.4 == ["documentation"] && t.2.starts_with("//")),
        "a doc comment"
    );
    // A document that does not parse: keywords and comments still come.
    let broken = format!("{text}\nmove {{ by {{ ");
    c.open(&uri, &broken);
    let toks = decode(
        &c.request(
            "textDocument/semanticTokens/full",
            json!({ "textDocument": { "uri": uri } }),
        ),
        &broken,
    );
    assert!(toks.iter().any(|t| t.2 == "extends" && t.3 == "keyword"));
    assert!(toks.iter().filter(|t| t.3 == "comment").count() > 3);
    c.stop();
}

/// The labels of a completion answer, sorted.
fn labels(v: &Value) -> Vec<String> {
    let mut out: Vec<String> = v
        .as_array()
        .unwrap_or_else(|| panic!("not a list: {v}"))
        .iter()
        .map(|i| i["label"].as_str().unwrap().to_string())
        .collect();
    out.sort();
    out
}

/// The end of a text, as an LSP position.
fn end_of(uri: &str, text: &str) -> Value {
    let line = text.matches('\n').count() as u32;
    let col = text.rsplit('\n').next().unwrap().encode_utf16().count() as u32;
    at(uri, line, col)
}

/// Completion offers what the grammar allows where the cursor is, from the names of the
/// variant and its parent: legs after `sequence`, regions after `in`, piece kinds in `by { }`,
/// the parent's moves after `remove move`; the document being typed does not parse, and the
/// names are those of its last version that resolved.
#[test]
fn completion_knows_its_context() {
    let mut c = Client::start();
    let path = format!("{}/rules/cam.rules", root());
    let uri = format!("file://{path}");
    let text = std::fs::read_to_string(&path).unwrap();
    assert_eq!(c.open(&uri, &text), json!([]));
    let mut complete = |tail: &str| {
        let typed = format!("{text}\n{tail}");
        let diags = c.open(&uri, &typed);
        assert!(!diags.as_array().unwrap().is_empty(), "{tail}: broken");
        let items = c.request("textDocument/completion", end_of(&uri, &typed));
        (labels(&items), items)
    };
    let (legs, items) = complete("move m {\n  by { Man }\n  sequence ");
    assert_eq!(legs, ["canter", "jump", "step"]);
    let step = items
        .as_array()
        .unwrap()
        .iter()
        .find(|i| i["label"] == "step")
        .unwrap();
    assert_eq!(step["kind"], json!(3), "a function: {step}");
    assert!(
        step["documentation"]
            .as_str()
            .unwrap()
            .starts_with("A Plain Move"),
        "{step}"
    );
    // After `then`, another leg or the move's second action (`then drop`).
    assert_eq!(
        complete("move m {\n  sequence canter+ then ").0,
        ["canter", "drop", "jump", "remove", "step"]
    );
    assert_eq!(complete("move m {\n  from in ").0, ["castle"]);
    assert_eq!(complete("move m {\n  go to in ").0, ["castle"]);
    let seen = complete("move m {\n  with Man from seen ").0;
    assert!(seen.contains(&"all".to_string()), "{seen:?}");
    assert_eq!(complete("move m {\n  from not in opponent ").0, ["castle"]);
    let (kinds, items) = complete("move m {\n  by { ");
    assert_eq!(kinds, ["Knight", "Man"]);
    assert_eq!(items[0]["kind"], json!(7), "a class: {items}");
    assert_eq!(complete("promote { Man to ").0, ["Knight", "Man"]);
    assert_eq!(
        complete("remove move ").0,
        ["canter", "castle-move", "charge", "jump", "plain"]
    );
    assert_eq!(complete("remove counter ").0, ["castle-moves"]);
    assert_eq!(
        complete("set-param own-castle-entry = ").0,
        ["continue", "stop"]
    );
    let items = complete("end {\n  ").0;
    assert!(items.contains(&"count".to_string()) && items.contains(&"win".to_string()));
    assert!(items.contains(&"in-check".to_string()), "{items:?}");
    assert!(!items.contains(&"Knight".to_string()), "{items:?}");
    assert_eq!(
        complete("leg l {\n  step all\n  onto ").0,
        ["empty", "empty-or-enemy", "enemy"]
    );
    assert_eq!(complete("royal { ").0, ["Knight", "Man"]);
    // Flanking: the statement and the square condition, `along`, then a set of directions.
    let items = complete("move m {\n  drop Man\n  ").0;
    assert!(items.contains(&"flip".to_string()), "{items:?}");
    let items = complete("move m {\n  drop Man\n  to ").0;
    assert!(items.contains(&"flanks".to_string()), "{items:?}");
    assert_eq!(complete("move m {\n  drop Man\n  flip ").0, ["along"]);
    assert_eq!(complete("move m {\n  drop Man\n  to flanks ").0, ["along"]);
    // Custodial capture: the statement, `along`, then its clauses' words and kinds.
    let items = complete("move m {\n  by { Man }\n  ").0;
    assert!(items.contains(&"custodial".to_string()), "{items:?}");
    assert_eq!(
        complete("move m {\n  by { Man }\n  custodial ").0,
        ["along"]
    );
    assert_eq!(
        complete("move m {\n  by { Man }\n  custodial along all partners { ").0,
        ["Knight", "Man"]
    );
    let items = complete("move m {\n  by { Man }\n  to ").0;
    assert!(items.contains(&"empty".to_string()), "{items:?}");
    let sets = complete("move m {\n  drop Man\n  flip along ").0;
    assert!(sets.contains(&"all".to_string()), "{sets:?}");
    // A move's second action: `then` offers `drop` beside the legs, then a kind, `via` a leg.
    let items = complete("move m {\n  by { Man }\n  sequence step\n  then ").0;
    assert!(
        items.contains(&"drop".to_string()) && items.contains(&"step".to_string()),
        "{items:?}"
    );
    assert_eq!(
        complete("move m {\n  by { Man }\n  sequence step\n  then drop ").0,
        ["Knight", "Man"]
    );
    let legs = complete("move m {\n  by { Man }\n  sequence step\n  then drop Man via ").0;
    assert!(legs.contains(&"step".to_string()), "{legs:?}");
    // `then remove`: whose piece, then its clauses; `in-a-row` among the square conditions.
    let items = complete("move m {\n  drop Man\n  then ").0;
    assert!(items.contains(&"remove".to_string()), "{items:?}");
    assert_eq!(
        complete("move m {\n  drop Man\n  then remove ").0,
        ["any", "enemy", "friend", "own"]
    );
    let items = complete("move m {\n  drop Man\n  then remove enemy when ").0;
    assert!(items.contains(&"in-a-row".to_string()), "{items:?}");
    assert_eq!(complete("hand { ").0, ["Knight", "Man"]);
    let items = complete("move m {\n  drop ").0;
    assert!(
        items.contains(&"from".to_string()) && items.contains(&"Man".to_string()),
        "{items:?}"
    );
    assert_eq!(complete("move m {\n  drop from ").0, ["hand"]);
    // `links { ... }` among a board's statements; inside it, no names are offered.
    let items = complete("board {\n  ").0;
    assert!(items.contains(&"links".to_string()), "{items:?}");
    assert_eq!(
        complete("board {\n  links { a1-d1 ").0,
        Vec::<String>::new()
    );
    c.stop();
}

/// The words of a text outside comments.
fn code_words(text: &str) -> Vec<&str> {
    text.lines()
        .flat_map(|l| {
            l.split("//")
                .next()
                .unwrap()
                .split(|c: char| !(c.is_alphanumeric() || c == '-'))
        })
        .filter(|w| !w.is_empty())
        .collect()
}

fn line_of(text: &str, needle: &str) -> (u32, u32) {
    let l = text.lines().position(|l| l.contains(needle)).unwrap();
    let col = text.lines().nth(l).unwrap().find(needle).unwrap();
    (l as u32, col as u32)
}

/// Camelot has a leg and a move both named `jump`: `sequence jump` goes to the leg,
/// `exists move jump` to the move, and references of each stay in their namespace.
#[test]
fn definition_follows_the_namespace_of_the_place() {
    let mut c = Client::start();
    let path = format!("{}/rules/camelot.rules", root());
    let uri = format!("file://{path}");
    let text = std::fs::read_to_string(&path).unwrap();
    assert_eq!(c.open(&uri, &text), json!([]));
    let (leg_line, _) = line_of(&text, "leg jump {");
    let (move_line, _) = line_of(&text, "move jump {");
    let (l, col) = line_of(&text, "sequence jump+!");
    let def = c.request("textDocument/definition", at(&uri, l, col + 10));
    assert_eq!(def[0]["range"]["start"]["line"], json!(leg_line), "{def}");
    assert_eq!(def.as_array().unwrap().len(), 1);
    let (l, col) = line_of(&text, "exists move jump");
    let def = c.request("textDocument/definition", at(&uri, l, col + 13));
    assert_eq!(def[0]["range"]["start"]["line"], json!(move_line), "{def}");
    assert_eq!(def.as_array().unwrap().len(), 1);
    let refs = |c: &mut Client, line: u32, col: u32| {
        let r = c.request(
            "textDocument/references",
            json!({ "textDocument": { "uri": uri }, "position": { "line": line, "character": col }, "context": { "includeDeclaration": true } }),
        );
        let mut lines: Vec<u64> = r
            .as_array()
            .unwrap()
            .iter()
            .map(|l| l["range"]["start"]["line"].as_u64().unwrap())
            .collect();
        lines.sort();
        lines
    };
    let (seq_line, _) = line_of(&text, "sequence jump+!");
    let (charge_line, _) = line_of(&text, "sequence canter+ then jump+!");
    let (exists_line, _) = line_of(&text, "exists move jump");
    let (can_line, _) = line_of(&text, "each landing not (piece Knight and can jump)");
    let (can2_line, _) = line_of(&text, "to not (piece Knight and can jump)");
    assert_eq!(
        refs(&mut c, leg_line, 5),
        [leg_line, seq_line, charge_line].map(u64::from)
    );
    let mut want = [move_line, can_line, can2_line, exists_line].map(u64::from);
    want.sort();
    assert_eq!(refs(&mut c, move_line, 6), want);
    c.stop();
}

/// Rename: a region renamed from the variant edits the variant and its parent (only the
/// region's uses and word forms, not `castle-moves`); a leg named `step` keeps the keyword
/// `step`; a keyword, a name already declared in the namespace and a malformed name are
/// refused. The files are not written.
#[test]
fn rename_edits_the_chain_in_one_namespace() {
    let mut c = Client::start();
    let path = format!("{}/rules/cam.rules", root());
    let parent = format!("{}/rules/camelot.rules", root());
    let uri = format!("file://{path}");
    let puri = format!("file://{parent}");
    let text = std::fs::read_to_string(&path).unwrap();
    let ptext = std::fs::read_to_string(&parent).unwrap();
    assert_eq!(c.open(&uri, &text), json!([]));
    let (l, col) = line_of(&text, "region castle");
    let prep = c.request("textDocument/prepareRename", at(&uri, l, col + 8));
    assert_eq!(prep["placeholder"], json!("castle"), "{prep}");
    let mut params = at(&uri, l, col + 8);
    params["newName"] = json!("fort");
    let edit = c.request("textDocument/rename", params);
    let changes = edit["changes"].as_object().unwrap();
    assert_eq!(changes.len(), 2, "{edit}");
    let renamed = apply(&text, &changes[&uri]);
    assert!(renamed.contains("region fort {") && renamed.contains("in opponent fort)"));
    assert!(!code_words(&renamed).contains(&"castle"));
    assert!(renamed.contains("remove counter castle-moves"));
    let prenamed = apply(&ptext, &changes[&puri]);
    assert!(prenamed.contains("region fort {") && prenamed.contains("land not in own fort\n"));
    assert!(prenamed.contains("effect castle-moves += 1"));
    // The word forms of the name, for the rulebooks, follow it.
    assert!(prenamed.contains("/// [nl word fort] kasteel; gender het\n"));
    assert!(prenamed.contains("/// [nl word castle-move] kasteelzet\n"));
    assert!(!code_words(&prenamed).contains(&"castle"), "{prenamed}");
    assert_eq!(
        std::fs::read_to_string(&parent).unwrap(),
        ptext,
        "nothing written"
    );

    // The leg `step` of the parent, renamed from the parent: `step all` is the keyword.
    assert_eq!(c.open(&puri, &ptext), json!([]));
    let (l, col) = line_of(&ptext, "leg step {");
    let mut params = at(&puri, l, col + 5);
    params["newName"] = json!("walk");
    let edit = c.request("textDocument/rename", params.clone());
    let walked = apply(&ptext, &edit["changes"][&puri]);
    assert!(walked.contains("leg walk {\n  step all\n"), "{walked}");
    assert_eq!(walked.matches("sequence walk\n").count(), 2);
    assert!(
        walked.contains("/// [uk word walk] крок; gen кроку; ins кроком; acc крок\n"),
        "{walked}"
    );

    let refused = |c: &mut Client, params: &Value, new: &str| -> String {
        let mut p = params.clone();
        p["newName"] = json!(new);
        let id = c.next;
        c.next += 1;
        c.send(json!({ "jsonrpc": "2.0", "id": id, "method": "textDocument/rename", "params": p }));
        loop {
            let m = c.read();
            if m["id"] == json!(id) {
                return m["error"]["message"]
                    .as_str()
                    .unwrap_or_else(|| panic!("not refused: {m}"))
                    .to_string();
            }
        }
    };
    assert!(refused(&mut c, &params, "move").contains("keyword"));
    assert!(refused(&mut c, &params, "canter").contains("already declared"));
    assert!(refused(&mut c, &params, "Canter").contains("already declared"));
    assert!(refused(&mut c, &params, "two words").contains("not a name"));
    // A keyword is not renamed.
    let (l, col) = line_of(&ptext, "  step all");
    let mut p = at(&puri, l, col + 3);
    p["newName"] = json!("x");
    assert!(refused(&mut c, &p, "x").contains("not a declared name"));
    c.stop();
}

/// Hover on a document that does not parse: the name's documentation and the compiled
/// meaning come from the last version that loaded, which the hover says.
#[test]
fn hover_keeps_the_last_compiled_meaning() {
    let mut c = Client::start();
    let path = format!("{}/rules/cam.rules", root());
    let uri = format!("file://{path}");
    let text = std::fs::read_to_string(&path).unwrap();
    assert_eq!(c.open(&uri, &text), json!([]));
    let broken = format!("{text}\nmove m {{ by {{ ");
    assert!(!c.open(&uri, &broken).as_array().unwrap().is_empty());
    let (l, col) = line_of(&broken, "region castle");
    let hover = c.request("textDocument/hover", at(&uri, l, col + 8));
    let md = hover["contents"]["value"]
        .as_str()
        .unwrap_or_else(|| panic!("{hover}"));
    assert!(md.contains("**region** `castle`"), "{md}");
    assert!(md.contains("last version that loaded"), "{md}");
    assert!(md.contains("```text\nregion"), "{md}");
    c.stop();
}
