//! The editor files of `editors/` cannot fall behind the grammar: the TextMate grammar and the
//! Vim syntax file highlight exactly the keywords of `grammar/regula.pest` (the language
//! server's completion takes the same list, made by build.rs), and the TextMate grammar is
//! JSON. Where Vim is installed, the Vim files are loaded and `:RegulaFmt` is run; where a
//! Neovim of 0.11 or newer is, the README's Neovim setup is run against `regula lsp`.

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
#[cfg_attr(
    not(tool = "vim"),
    ignore = "needs vim (apt-get install vim); then `touch build.rs`"
)]
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
    let bin = PathBuf::from(crate::binary::PATH);
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

/// The Neovim lines of the manual's language-server section (docs/manual/editors.md), as a
/// user copies them: the Lua inside their backquotes.
fn readme_neovim_setup() -> Vec<String> {
    let readme = read("docs/manual/editors.md");
    let start = readme
        .find("- Neovim (0.11+):")
        .expect("the manual gives a Neovim setup");
    let bullet = &readme[start..];
    let end = bullet[2..].find("\n- ").map_or(bullet.len(), |i| i + 2);
    bullet[..end]
        .split('`')
        .skip(1)
        .step_by(2)
        .map(str::to_string)
        .collect()
}

/// A Neovim of 0.11 or newer on the PATH (`.ci/run` installs one from PyPI), or why not.
fn neovim() -> Result<PathBuf, String> {
    let out = std::process::Command::new("nvim")
        .arg("--version")
        .output()
        .map_err(|e| format!("no nvim on the PATH ({e})"))?;
    let text = String::from_utf8_lossy(&out.stdout);
    let version = text
        .lines()
        .next()
        .and_then(|l| l.strip_prefix("NVIM v"))
        .ok_or_else(|| format!("nvim --version said {text:?}"))?;
    let mut parts = version.split('.').map(|p| p.parse::<u32>().unwrap_or(0));
    let (major, minor) = (parts.next().unwrap_or(0), parts.next().unwrap_or(0));
    if (major, minor) < (0, 11) {
        return Err(format!("nvim {version} is older than 0.11"));
    }
    Ok(PathBuf::from("nvim"))
}

/// The README's Neovim setup, pasted into an empty configuration of a current Neovim
/// (0.11+), attaches `regula lsp` to a `.rules` file: the editor receives the diagnostics of
/// a misspelt name with their "did you mean", hover and go to definition answer, semantic
/// tokens arrive, and formatting gives `regula fmt`'s layout. Skipped with a message where
/// no such Neovim is installed, unless REGULA_REQUIRE_EDITORS=1.
#[test]
#[cfg_attr(
    not(tool = "neovim"),
    ignore = "needs Neovim 0.11 or later (see .ci/run); then `touch build.rs`"
)]
fn neovim_runs_the_language_server_with_the_readme_setup() {
    let nvim = match neovim() {
        Ok(n) => n,
        Err(why) if std::env::var_os("REGULA_REQUIRE_EDITORS").is_some_and(|v| v == "1") => {
            panic!("REGULA_REQUIRE_EDITORS=1 but {why}")
        }
        Err(why) => {
            eprintln!("neovim_runs_the_language_server_with_the_readme_setup: skipped, {why}");
            return;
        }
    };
    let setup = readme_neovim_setup();
    assert_eq!(setup.len(), 3, "the README's Neovim lines: {setup:?}");
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("neovim");
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    // A variant of camelot.rules beside the bundled ones, so that nothing else differs.
    let good = read("rules/camelot.rules");
    let broken = good.replacen("players { White Black }", "players { White Blakc }", 1);
    assert_ne!(broken, good);
    let spoiled = read("rules/english-draughts.rules").replace("\n  ", "\n");
    let (broken_file, spoiled_file) = (dir.join("camelot.rules"), dir.join("english.rules"));
    std::fs::write(&broken_file, &broken).unwrap();
    std::fs::write(&spoiled_file, &spoiled).unwrap();
    let out = dir.join("out.txt");
    // The setup is the configuration (init.lua); the rest runs once Neovim has started, as
    // a user opening a file would.
    let init = dir.join("init.lua");
    std::fs::write(&init, setup.join("\n")).unwrap();
    let script = format!(
        r#"local out = {{}}
local function say(s) table.insert(out, s) end
local function finish()
  vim.fn.writefile(out, {out:?})
  vim.cmd('qa!')
end
vim.cmd.edit({broken:?})
say('filetype ' .. vim.bo.filetype)
local ok = vim.wait(30000, function() return #vim.diagnostic.get(0) > 0 end, 50)
say('attached ' .. #vim.lsp.get_clients({{ bufnr = 0 }}))
for _, d in ipairs(vim.diagnostic.get(0)) do
  say('diagnostic ' .. (d.lnum + 1) .. ' ' .. d.message:gsub('\n', ' '))
end
local line, col
for i, l in ipairs(vim.api.nvim_buf_get_lines(0, 0, -1, false)) do
  local c = l:find('in own castle', 1, true)
  if c and not l:find('^%s*//') then line, col = i - 1, c + 6; break end
end
local params = {{ textDocument = {{ uri = vim.uri_from_bufnr(0) }}, position = {{ line = line, character = col }} }}
for _, r in pairs(vim.lsp.buf_request_sync(0, 'textDocument/hover', params, 10000) or {{}}) do
  if r.result then say('hover ' .. r.result.contents.value:gsub('\n', ' ')) end
end
for _, r in pairs(vim.lsp.buf_request_sync(0, 'textDocument/definition', params, 10000) or {{}}) do
  local loc = r.result and (r.result[1] or r.result)
  if loc and loc.range then
    local l = vim.api.nvim_buf_get_lines(0, loc.range.start.line, loc.range.start.line + 1, false)[1]
    say('definition ' .. l)
  end
end
local tokens = {{ textDocument = {{ uri = vim.uri_from_bufnr(0) }} }}
for _, r in pairs(vim.lsp.buf_request_sync(0, 'textDocument/semanticTokens/full', tokens, 10000) or {{}}) do
  if r.result then say('tokens ' .. #r.result.data) end
end
vim.cmd.edit({spoiled:?})
vim.wait(30000, function() return #vim.lsp.get_clients({{ bufnr = 0 }}) > 0 end, 50)
vim.lsp.buf.format({{ timeout_ms = 10000 }})
vim.cmd('silent write')
say('formatted')
if not ok then say('no diagnostics in time') end
finish()
"#,
        out = out.display().to_string(),
        broken = broken_file.display().to_string(),
        spoiled = spoiled_file.display().to_string(),
    );
    let actions = dir.join("actions.lua");
    std::fs::write(&actions, script).unwrap();
    let bin = PathBuf::from(crate::binary::PATH);
    let path = format!(
        "{}:{}",
        bin.parent().unwrap().display(),
        std::env::var("PATH").unwrap_or_default()
    );
    // The rules' `extends` and the bundled parents are found from the file's folder: the
    // broken file sits beside a copy of nothing, so it is a game of its own.
    let mut child = std::process::Command::new(&nvim)
        .env("PATH", path)
        .env("XDG_CONFIG_HOME", dir.join("config"))
        .env("XDG_DATA_HOME", dir.join("data"))
        .env("XDG_STATE_HOME", dir.join("state"))
        .args(["--headless", "-i", "NONE", "-u"])
        .arg(&init)
        .arg("-c")
        .arg(format!("luafile {}", actions.display()))
        .stdin(std::process::Stdio::null())
        .stdout(std::process::Stdio::null())
        .spawn()
        .unwrap();
    // Neovim quits itself; a hang fails the test rather than the suite.
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(120);
    let status = loop {
        if let Some(s) = child.try_wait().unwrap() {
            break s;
        }
        if std::time::Instant::now() > deadline {
            let _ = child.kill();
            panic!("nvim did not finish in 120 s");
        }
        std::thread::sleep(std::time::Duration::from_millis(100));
    };
    let said = std::fs::read_to_string(&out).unwrap_or_default();
    assert!(status.success(), "nvim failed: {said}");
    let lines: Vec<&str> = said.lines().collect();
    assert!(lines.contains(&"filetype regula"), "{said}");
    assert!(lines.contains(&"attached 1"), "{said}");
    assert!(
        lines
            .iter()
            .any(|l| l.starts_with("diagnostic ") && l.contains("Blakc")),
        "{said}"
    );
    assert!(
        lines
            .iter()
            .any(|l| l.starts_with("hover ") && l.contains("castle")),
        "{said}"
    );
    assert!(
        lines.contains(&"definition region castle { White: F1 G1  Black: F16 G16 }"),
        "{said}"
    );
    assert!(
        lines.iter().any(|l| l
            .strip_prefix("tokens ")
            .and_then(|n| n.parse::<usize>().ok())
            .is_some_and(|n| n > 100)),
        "{said}"
    );
    assert!(lines.contains(&"formatted"), "{said}");
    assert_eq!(
        std::fs::read_to_string(&spoiled_file).unwrap(),
        read("rules/english-draughts.rules"),
        "Neovim's formatting through the server is `regula fmt`'s layout"
    );
}
