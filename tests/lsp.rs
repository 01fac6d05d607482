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
        let mut child = Command::new(env!("CARGO_BIN_EXE_regula"))
            .arg("lsp")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .expect("the server starts");
        let stdin = child.stdin.take().unwrap();
        let stdout = BufReader::new(child.stdout.take().unwrap());
        let mut c = Client {
            child,
            stdin,
            stdout,
            next: 1,
        };
        c.request("initialize", json!({ "capabilities": {} }));
        c.notify("initialized", json!({}));
        c
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
    let completion = c.request("textDocument/completion", at(&uri, 0, 0));
    let labels: Vec<&str> = completion
        .as_array()
        .unwrap()
        .iter()
        .map(|i| i["label"].as_str().unwrap())
        .collect();
    for want in [
        "Knight",
        "castle",
        "canter",
        "charge",
        "knight-canter-check",
        "extends",
        "amend",
    ] {
        assert!(labels.contains(&want), "{want} in {labels:?}");
    }
    c.stop();
}
