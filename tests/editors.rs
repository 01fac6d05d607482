//! The editor files of `editors/` cannot fall behind the grammar: the TextMate grammar and the
//! Vim syntax file highlight exactly the keywords of `grammar/regula.pest` (the language
//! server's completion takes the same list, made by build.rs), and the TextMate grammar is
//! JSON. Where Vim is installed, the Vim files are loaded and `:RegulaFmt` is run.

use std::collections::BTreeSet;
use std::path::PathBuf;

use serde_json::Value;

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn read(path: &str) -> String {
    std::fs::read_to_string(root().join(path)).unwrap_or_else(|e| panic!("{path}: {e}"))
}

/// Every quoted word of the grammar (lower-case letters and `-`), as build.rs takes them for
/// the language server.
fn grammar_words() -> BTreeSet<String> {
    let mut words = BTreeSet::new();
    for line in read("grammar/regula.pest").lines() {
        let code = line.split("//").next().unwrap_or("");
        for (i, part) in code.split('"').enumerate() {
            if i % 2 == 1
                && part.len() > 1
                && part.starts_with(|c: char| c.is_ascii_lowercase())
                && part.chars().all(|c| c.is_ascii_lowercase() || c == '-')
            {
                words.insert(part.to_string());
            }
        }
    }
    assert!(words.len() > 80, "{} keywords", words.len());
    words
}

/// The words of every `(?:a|b|c)` group of keywords in the grammar's `match` patterns.
fn textmate_words(v: &Value, out: &mut BTreeSet<String>) {
    match v {
        Value::Object(o) => {
            if let Some(Value::String(m)) = o.get("match") {
                for group in m.split("(?:").skip(1) {
                    let body = group.split(')').next().unwrap_or("");
                    if body
                        .chars()
                        .all(|c| c.is_ascii_lowercase() || c == '-' || c == '|')
                    {
                        out.extend(body.split('|').map(str::to_string));
                    }
                }
            }
            o.values().for_each(|x| textmate_words(x, out));
        }
        Value::Array(a) => a.iter().for_each(|x| textmate_words(x, out)),
        _ => {}
    }
}

#[test]
fn the_textmate_grammar_is_json_and_has_every_keyword() {
    let g: Value = serde_json::from_str(&read("editors/textmate/regula.tmLanguage.json"))
        .expect("the TextMate grammar is JSON");
    assert_eq!(g["scopeName"], "source.regula");
    assert_eq!(g["fileTypes"], serde_json::json!(["rules"]));
    // Every `#name` included is in the repository.
    let repo = g["repository"].as_object().expect("a repository");
    for p in g["patterns"].as_array().expect("patterns") {
        let name = p["include"].as_str().expect("an include");
        assert!(
            repo.contains_key(&name[1..]),
            "{name} is not in the repository"
        );
    }
    let mut words = BTreeSet::new();
    textmate_words(&g, &mut words);
    let grammar = grammar_words();
    let missing: Vec<_> = grammar.difference(&words).collect();
    let stale: Vec<_> = words.difference(&grammar).collect();
    assert!(missing.is_empty(), "keywords not highlighted: {missing:?}");
    assert!(stale.is_empty(), "not keywords of the grammar: {stale:?}");
}

#[test]
fn the_vim_syntax_file_has_every_keyword() {
    let text = read("editors/vim/syntax/regula.vim");
    let mut words = BTreeSet::new();
    for line in text.lines() {
        let Some(rest) = line.strip_prefix("syntax keyword ") else {
            continue;
        };
        let mut parts = rest.split_whitespace();
        let group = parts.next().unwrap_or("");
        let parts: Vec<&str> = parts.collect();
        if group == "regulaTodo" {
            continue;
        }
        assert!(!parts.contains(&"contained"), "{line}");
        words.extend(parts.iter().map(|s| s.to_string()));
    }
    let grammar = grammar_words();
    let missing: Vec<_> = grammar.difference(&words).collect();
    let stale: Vec<_> = words.difference(&grammar).collect();
    assert!(missing.is_empty(), "keywords not highlighted: {missing:?}");
    assert!(stale.is_empty(), "not keywords of the grammar: {stale:?}");
    assert!(text.contains("let b:current_syntax = \"regula\""));
    let detect = read("editors/vim/ftdetect/regula.vim");
    assert!(detect.contains("*.rules") && detect.contains("filetype=regula"));
}

/// Vim (where installed) takes a `.rules` file as regula, highlights its keywords, and
/// `:RegulaFmt` formats the buffer as `regula fmt` does.
#[test]
fn vim_loads_the_files_and_formats() {
    let vim = PathBuf::from("/usr/bin/vim");
    if !vim.exists() {
        eprintln!("vim_loads_the_files_and_formats: skipped, no /usr/bin/vim");
        return;
    }
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("editors");
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let good = read("rules/english-draughts.rules");
    let spoiled = good.replace("\n  ", "\n").replace("{ Man }", "{Man}");
    let (file, out, log) = (
        dir.join("english.rules"),
        dir.join("out.rules"),
        dir.join("log"),
    );
    std::fs::write(&file, &spoiled).unwrap();
    let bin = PathBuf::from(env!("CARGO_BIN_EXE_regula"));
    let path = format!(
        "{}:{}",
        bin.parent().unwrap().display(),
        std::env::var("PATH").unwrap_or_default()
    );
    let status = std::process::Command::new(&vim)
        .env("PATH", path)
        .args(["-N", "-u", "NONE", "-i", "NONE", "-es"])
        .arg("--cmd")
        .arg(format!("set rtp^={}", root().join("editors/vim").display()))
        .args(["--cmd", "filetype plugin on", "--cmd", "syntax on"])
        .arg("-c")
        .arg(format!("redir! > {}", log.display()))
        .args([
            "-c",
            "echo &filetype",
            "-c",
            "echo synIDattr(synID(search('^leg'), 1, 1), 'name')",
            "-c",
            "RegulaFmt",
            "-c",
            "redir END",
        ])
        .arg("-c")
        .arg(format!("w! {}", out.display()))
        .args(["-c", "qa!"])
        .arg(&file)
        .status()
        .unwrap();
    let log = std::fs::read_to_string(&log).unwrap_or_default();
    assert!(status.success(), "vim failed: {log}");
    let words: Vec<&str> = log.split_whitespace().collect();
    assert_eq!(words, ["regula", "regulaDeclaration"], "{log}");
    assert_eq!(std::fs::read_to_string(&out).unwrap(), good);
}

/// The VS Code extension's manifest is JSON and names the TextMate grammar, which it reaches
/// through a link to `editors/textmate/`.
#[test]
fn the_vscode_extension_names_the_grammar() {
    let m: Value = serde_json::from_str(&read("editors/vscode/package.json")).unwrap();
    let g = &m["contributes"]["grammars"][0];
    assert_eq!(g["scopeName"], "source.regula");
    let path = root()
        .join("editors/vscode")
        .join(g["path"].as_str().unwrap());
    assert_eq!(
        std::fs::read_to_string(&path).unwrap(),
        read("editors/textmate/regula.tmLanguage.json")
    );
    assert_eq!(
        m["contributes"]["languages"][0]["extensions"],
        serde_json::json!([".rules"])
    );
    let conf = m["contributes"]["languages"][0]["configuration"]
        .as_str()
        .unwrap();
    let _: Value = serde_json::from_str(&read(&format!("editors/vscode/{conf}"))).unwrap();
}
