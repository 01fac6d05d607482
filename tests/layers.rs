//! The architecture, checked file by file: every `crate::` and `super::` path in `src/` names a
//! room on its own floor or below, siblings on one floor never import each other, the files
//! form no circle (inside a room too), the core never names the applications, and
//! `docs/design.md` holds the module graph drawn from the code.
//!
//! Rooms and floors, lowest first (`LAYERS`): `base` < `model` < `lang`, `engine` < `load` <
//! `formats` < `analysis`, `play` < `suites` < `books` < `app`. A file is read whole, less its
//! comments, string and character literals, and the items under `#[cfg(test)]` (a test module
//! may reach up: it tests, it is not imported); a file mounted by `#[cfg(test)] mod x;` is
//! test code as a whole. A parent module's `mod child;` is not an import; a child's path to
//! its parent is. Regenerate the drawing with `UPDATE_DESIGN=1 cargo test --test integration
//! layers`.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// The rooms and their floors; rooms on one floor are siblings and may not import each other.
const LAYERS: [(&str, u8); 11] = [
    ("base", 0),
    ("model", 1),
    ("lang", 2),
    ("engine", 2),
    ("load", 3),
    ("formats", 4),
    ("analysis", 5),
    ("play", 5),
    ("suites", 6),
    ("books", 7),
    ("app", 8),
];

/// The crates only the applications may bring in: `cargo tree` of the core names none.
const FRONT_END_CRATES: [&str; 10] = [
    "axum",
    "hyper",
    "tokio",
    "rustyline",
    "lsp-server",
    "lsp-types",
    "resvg",
    "tiny-skia",
    "clap",
    "indicatif",
];

fn rank(layer: &str) -> Option<u8> {
    LAYERS.iter().find(|(l, _)| *l == layer).map(|(_, r)| *r)
}

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let mut entries: Vec<PathBuf> = std::fs::read_dir(dir)
        .expect("src/ readable")
        .map(|e| e.expect("entry").path())
        .collect();
    entries.sort();
    for p in entries {
        if p.is_dir() {
            rust_files(&p, out);
        } else if p.extension().is_some_and(|e| e == "rs") {
            out.push(p);
        }
    }
}

/// Every `.rs` file under `src/`: (path relative to `src/` with `/`, text).
fn source_tree() -> Vec<(String, String)> {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    rust_files(&src, &mut files);
    files
        .into_iter()
        .map(|f| {
            let rel = f.strip_prefix(&src).expect("under src");
            let rel = rel
                .components()
                .map(|c| c.as_os_str().to_string_lossy().into_owned())
                .collect::<Vec<_>>()
                .join("/");
            (rel, std::fs::read_to_string(&f).expect("readable"))
        })
        .collect()
}

/// The text less comments, string literals (kept as `""`) and character literals, so that
/// braces and paths that remain are code.
fn strip(text: &str) -> String {
    let b = text.as_bytes();
    let mut out = String::with_capacity(text.len());
    let mut i = 0;
    while i < b.len() {
        let c = b[i];
        if c == b'/' && b.get(i + 1) == Some(&b'/') {
            while i < b.len() && b[i] != b'\n' {
                i += 1;
            }
        } else if c == b'/' && b.get(i + 1) == Some(&b'*') {
            let mut depth = 0;
            while i < b.len() {
                if b[i] == b'/' && b.get(i + 1) == Some(&b'*') {
                    depth += 1;
                    i += 2;
                } else if b[i] == b'*' && b.get(i + 1) == Some(&b'/') {
                    depth -= 1;
                    i += 2;
                    if depth == 0 {
                        break;
                    }
                } else {
                    if b[i] == b'\n' {
                        out.push('\n');
                    }
                    i += 1;
                }
            }
        } else if c == b'r'
            && matches!(b.get(i + 1), Some(b'"' | b'#'))
            && !(i > 0 && (b[i - 1].is_ascii_alphanumeric() || b[i - 1] == b'_'))
        {
            // A raw string r"..." or r#"..."#.
            let mut j = i + 1;
            let mut hashes = 0;
            while b.get(j) == Some(&b'#') {
                hashes += 1;
                j += 1;
            }
            if b.get(j) != Some(&b'"') {
                out.push('r');
                i += 1;
                continue;
            }
            j += 1;
            let close: Vec<u8> = std::iter::once(b'"')
                .chain(std::iter::repeat_n(b'#', hashes))
                .collect();
            while j < b.len() && !b[j..].starts_with(&close) {
                j += 1;
            }
            out.push_str("\"\"");
            i = j + close.len();
        } else if c == b'"' {
            let mut j = i + 1;
            while j < b.len() && b[j] != b'"' {
                if b[j] == b'\\' {
                    j += 1;
                }
                j += 1;
            }
            out.push_str("\"\"");
            i = j + 1;
        } else if c == b'\'' {
            // A character literal ('x', '\n', '\u{..}'), or a lifetime ('a), kept.
            if b.get(i + 1) == Some(&b'\\') {
                let mut j = i + 2;
                while j < b.len() && b[j] != b'\'' {
                    j += 1;
                }
                out.push_str("' '");
                i = j + 1;
            } else if let Some(ch) = text[i + 1..].chars().next()
                && text[i + 1 + ch.len_utf8()..].starts_with('\'')
            {
                out.push_str("' '");
                i += 2 + ch.len_utf8();
            } else {
                out.push('\'');
                i += 1;
            }
        } else {
            let ch = text[i..].chars().next().expect("in bounds");
            out.push(ch);
            i += ch.len_utf8();
        }
    }
    out
}

/// The code less every item under `#[cfg(test)]`, and the names of the test modules it
/// mounts from files of their own (`#[cfg(test)] mod tests;`).
fn without_tests(code: &str) -> (String, Vec<String>) {
    const MARK: &str = "#[cfg(test)]";
    let mut out = String::new();
    let mut mounted = Vec::new();
    let mut rest = code;
    while let Some(at) = rest.find(MARK) {
        out.push_str(&rest[..at]);
        let item = &rest[at + MARK.len()..];
        // The item ends at its first `;` outside braces, or where its first brace closes.
        let mut depth = 0usize;
        let mut end = item.len();
        for (k, ch) in item.char_indices() {
            match ch {
                '{' => depth += 1,
                '}' => {
                    depth = depth.saturating_sub(1);
                    if depth == 0 {
                        end = k + 1;
                        break;
                    }
                }
                ';' if depth == 0 => {
                    end = k + 1;
                    let words: Vec<&str> = item[..k].split_whitespace().collect();
                    if let [.., "mod", name] = words.as_slice() {
                        mounted.push((*name).to_string());
                    }
                    break;
                }
                _ => {}
            }
        }
        // Keep the line count, so that nothing after it moves.
        out.extend(item[..end].chars().filter(|&c| c == '\n'));
        rest = &item[end..];
    }
    out.push_str(rest);
    (out, mounted)
}

/// Every path after `prefix` in `code`, as its `::`-separated identifier segments; a group
/// (`super::{book, text::Cx}`) gives one path per member.
fn paths(code: &str, prefix: &str) -> Vec<Vec<String>> {
    let mut out = Vec::new();
    let mut from = 0;
    while let Some(i) = code[from..].find(prefix) {
        let s = from + i;
        from = s + prefix.len();
        if code[..s]
            .chars()
            .next_back()
            .is_some_and(|c| c.is_alphanumeric() || c == '_' || c == ':')
        {
            continue;
        }
        path_at(&code[from..], Vec::new(), &mut out);
    }
    out
}

/// The path (or group of paths) at the start of `rest`, after the segments `head`.
fn path_at(rest: &str, head: Vec<String>, out: &mut Vec<Vec<String>>) {
    let end = rest
        .find(|c: char| !(c.is_alphanumeric() || c == '_' || c == ':'))
        .unwrap_or(rest.len());
    let mut segs = head;
    segs.extend(
        rest[..end]
            .split("::")
            .filter(|s| !s.is_empty())
            .map(str::to_string),
    );
    if (end == 0 || rest[..end].ends_with("::")) && rest[end..].starts_with('{') {
        let body = &rest[end + 1..];
        let mut depth = 0usize;
        let mut start = 0;
        for (k, ch) in body.char_indices() {
            match ch {
                '{' => depth += 1,
                '}' if depth == 0 => {
                    path_at(body[start..k].trim_start(), segs.clone(), out);
                    return;
                }
                '}' => depth -= 1,
                ',' if depth == 0 => {
                    path_at(body[start..k].trim_start(), segs.clone(), out);
                    start = k + 1;
                }
                _ => {}
            }
        }
        return;
    }
    // `self` in a group names the group's own module.
    if segs.last().is_some_and(|s| s == "self") {
        segs.pop();
    }
    out.push(segs);
}

/// A file's module path: `books/write.rs` is `[books, write]`, `books/mod.rs` is `[books]`.
fn module_of(rel: &str) -> Vec<String> {
    let mut segs: Vec<String> = rel.split('/').map(str::to_string).collect();
    let last = segs.pop().expect("a file name");
    let stem = last.trim_end_matches(".rs");
    if stem != "mod" {
        segs.push(stem.to_string());
    }
    segs
}

struct Graph {
    /// File (module path) → the files it imports.
    files: BTreeMap<String, BTreeSet<String>>,
    /// `layer::first` → the modules it imports (other than itself), for the drawing.
    modules: BTreeMap<String, BTreeSet<String>>,
    /// Every import that breaks a rule: file, path, why.
    violations: Vec<String>,
}

/// Scans a source tree (paths relative to `src/`, texts): the real one, or one with a planted
/// import for the test of the checker itself.
fn scan(tree: &[(String, String)]) -> Graph {
    let modules: BTreeSet<Vec<String>> = tree.iter().map(|(rel, _)| module_of(rel)).collect();
    // The longest prefix of `segs` that is a module of the tree.
    let resolve = |segs: &[String]| -> Option<Vec<String>> {
        (1..=segs.len())
            .rev()
            .map(|n| segs[..n].to_vec())
            .find(|m| modules.contains(m))
    };
    let mut g = Graph {
        files: BTreeMap::new(),
        modules: BTreeMap::new(),
        violations: Vec::new(),
    };
    // Code first, to know every file that is a test module.
    let mut codes = BTreeMap::new();
    let mut test_files = BTreeSet::new();
    for (rel, text) in tree {
        let (code, mounted) = without_tests(&strip(text));
        let me = module_of(rel);
        for m in mounted {
            let mut child = me.clone();
            if rel.ends_with("lib.rs") || rel.ends_with("main.rs") {
                child.clear();
            }
            child.push(m);
            test_files.insert(child);
        }
        codes.insert(rel.clone(), (me, code));
    }
    for (rel, (me, code)) in &codes {
        if test_files.iter().any(|t| me.starts_with(t)) {
            continue;
        }
        if rel == "main.rs" {
            // The binary: it names only the applications, as `regula::app`.
            for p in paths(code, "crate::") {
                g.violations.push(format!(
                    "main.rs: crate::{} (the binary has no modules)",
                    p.join("::")
                ));
            }
            for p in paths(code, "regula::") {
                if p.first().map(String::as_str) != Some("app") {
                    g.violations.push(format!(
                        "main.rs: regula::{} (the binary runs the applications only)",
                        p.join("::")
                    ));
                }
            }
            continue;
        }
        if rel == "lib.rs" {
            continue;
        }
        for p in paths(code, "regula::") {
            // Diagnostic codes (`code(regula::bad_move)`) are names.
            let name = p.join("::");
            if !code.contains(&format!("code(regula::{name}")) {
                g.violations
                    .push(format!("{rel}: regula::{name} (the library says crate::)"));
            }
        }
        let layer = me[0].clone();
        let Some(own) = rank(&layer) else {
            g.violations.push(format!("{rel}: in no room of LAYERS"));
            continue;
        };
        let key = me.join("::");
        let unit = |m: &[String]| match m.get(1) {
            Some(f) => format!("{}::{f}", m[0]),
            None => format!("{}::mod", m[0]),
        };
        g.files.entry(key.clone()).or_default();
        g.modules.entry(unit(me)).or_default();
        let mut targets = Vec::new();
        for p in paths(code, "crate::") {
            let segs = p.clone();
            let Some(target) = segs.first() else { continue };
            if rank(target).is_none() {
                g.violations.push(format!(
                    "{rel}: crate::{} names no room (say its layer: crate::engine::Game)",
                    p.join("::")
                ));
                continue;
            }
            targets.push((format!("crate::{}", p.join("::")), segs));
        }
        for p in paths(code, "super::") {
            // `super::super::x` from `a::b::c` is `a::x`.
            let ups = 1 + p.iter().take_while(|s| *s == "super").count();
            let rest: Vec<String> = p.iter().skip(ups - 1).cloned().collect();
            if ups > me.len() {
                continue;
            }
            let mut segs = me[..me.len() - ups].to_vec();
            segs.extend(rest);
            targets.push((format!("super::{}", p.join("::")), segs));
        }
        for (shown, segs) in targets {
            let target = &segs[0];
            let Some(r) = rank(target) else {
                g.violations
                    .push(format!("{rel}: {shown} leaves the rooms of LAYERS"));
                continue;
            };
            if r > own || (r == own && *target != layer) {
                g.violations
                    .push(format!("{rel}: {shown} runs from {layer} up to {target}"));
            }
            let Some(to) = resolve(&segs) else { continue };
            // A parent's path to its own child is the module tree, not an import.
            if to.starts_with(me) {
                continue;
            }
            g.files
                .entry(key.clone())
                .or_default()
                .insert(to.join("::"));
            let u = unit(&to);
            if u != unit(me) {
                g.modules.entry(unit(me)).or_default().insert(u);
            }
        }
    }
    g
}

/// Every cycle's nodes (strongly connected components of more than one node).
fn cycles(edges: &BTreeMap<String, BTreeSet<String>>) -> Vec<Vec<String>> {
    // Tarjan's algorithm, recursive: the graph has a few hundred files.
    struct T<'a> {
        edges: &'a BTreeMap<String, BTreeSet<String>>,
        index: BTreeMap<&'a str, usize>,
        low: BTreeMap<&'a str, usize>,
        stack: Vec<&'a str>,
        on: BTreeSet<&'a str>,
        out: Vec<Vec<String>>,
    }
    fn visit<'a>(t: &mut T<'a>, v: &'a str) {
        let i = t.index.len();
        t.index.insert(v, i);
        t.low.insert(v, i);
        t.stack.push(v);
        t.on.insert(v);
        if let Some(ws) = t.edges.get(v) {
            for w in ws {
                let w = w.as_str();
                if !t.index.contains_key(w) {
                    visit(t, w);
                    let lw = t.low[w];
                    let lv = t.low.get_mut(v).expect("visited");
                    *lv = (*lv).min(lw);
                } else if t.on.contains(w) {
                    let iw = t.index[w];
                    let lv = t.low.get_mut(v).expect("visited");
                    *lv = (*lv).min(iw);
                }
            }
        }
        if t.low[v] == t.index[v] {
            let mut comp = Vec::new();
            while let Some(w) = t.stack.pop() {
                t.on.remove(w);
                comp.push(w.to_string());
                if w == v {
                    break;
                }
            }
            if comp.len() > 1 {
                comp.sort();
                t.out.push(comp);
            }
        }
    }
    let mut t = T {
        edges,
        index: BTreeMap::new(),
        low: BTreeMap::new(),
        stack: Vec::new(),
        on: BTreeSet::new(),
        out: Vec::new(),
    };
    for v in edges.keys() {
        if !t.index.contains_key(v.as_str()) {
            visit(&mut t, v);
        }
    }
    t.out
}

/// The module graph as a Mermaid flowchart, one subgraph per room.
fn drawing(edges: &BTreeMap<String, BTreeSet<String>>) -> String {
    let id = |m: &str| m.replace("::", "_");
    let mut s = String::from("```mermaid\nflowchart BT\n");
    for (layer, _) in LAYERS {
        s.push_str(&format!("  subgraph {layer}\n"));
        for m in edges
            .keys()
            .filter(|m| m.starts_with(&format!("{layer}::")))
        {
            s.push_str(&format!("    {}[\"{m}\"]\n", id(m)));
        }
        s.push_str("  end\n");
    }
    for (from, tos) in edges {
        for to in tos {
            s.push_str(&format!("  {} --> {}\n", id(from), id(to)));
        }
    }
    s.push_str("```\n");
    s
}

#[test]
fn no_import_runs_up_a_layer_or_closes_a_circle() {
    let g = scan(&source_tree());
    assert!(
        g.files.len() >= 100,
        "the scan found only {} files: is src/ laid out in rooms?",
        g.files.len()
    );
    assert!(
        g.violations.is_empty(),
        "imports against the layers:\n{}",
        g.violations.join("\n")
    );
    let c = cycles(&g.files);
    assert!(c.is_empty(), "import circles between files: {c:?}");
}

#[test]
fn the_checker_sees_a_planted_upward_import_and_circle() {
    // An upward import after a test module, in the real tree: the test module is skipped,
    // the code after it is not.
    let mut tree = source_tree();
    let (_, text) = tree
        .iter_mut()
        .find(|(rel, _)| rel == "engine/position.rs")
        .expect("engine/position.rs");
    text.push_str(
        "\n#[cfg(test)]\nmod planted_tests {\n    fn t() { let _ = \"}\"; let _ = '{'; }\n}\n\
         fn planted() { let _ = crate::books::write::files; }\n",
    );
    let g = scan(&tree);
    assert!(
        g.violations.iter().any(|v| v.contains(
            "engine/position.rs: crate::books::write::files runs from engine up to books"
        )),
        "the planted import was not seen: {:?}",
        g.violations
    );
    // A circle between two files of one room.
    let mut tree = source_tree();
    let (_, text) = tree
        .iter_mut()
        .find(|(rel, _)| rel == "books/inputs.rs")
        .expect("books/inputs.rs");
    text.push_str("\nfn planted() { let _ = super::write::files; }\n");
    let c = cycles(&scan(&tree).files);
    assert!(
        c.iter()
            .any(|c| c.contains(&"books::inputs".to_string())
                && c.contains(&"books::write".to_string())),
        "the planted circle was not seen: {c:?}"
    );
    // A sibling import, a path through the root and the core naming the applications.
    let tree = vec![
        (
            "lib.rs".to_string(),
            "pub mod lang; pub mod engine;".to_string(),
        ),
        (
            "lang/mod.rs".into(),
            "use crate::engine::Game; // crate::app\n".into(),
        ),
        (
            "engine/mod.rs".into(),
            "pub struct Game; fn f() { crate::Game; crate::app::x(); }".into(),
        ),
    ];
    let v = scan(&tree).violations;
    assert!(
        v.iter()
            .any(|v| v.contains("lang/mod.rs: crate::engine::Game runs from lang up to engine")),
        "{v:?}"
    );
    assert!(
        v.iter().any(|v| v.contains("crate::Game names no room")),
        "{v:?}"
    );
    assert!(
        v.iter()
            .any(|v| v.contains("crate::app::x runs from engine up to app")),
        "{v:?}"
    );
    assert_eq!(v.len(), 3, "{v:?}");
}

#[test]
fn the_scanner_reads_code_only() {
    assert_eq!(
        strip("a /* b */ c // d\n\"e{\" 'f' '{' 'a x r#\"{\"# g"),
        "a  c \n\"\" ' ' ' ' 'a x \"\" g"
    );
    let (code, mounted) =
        without_tests("a\n#[cfg(test)]\nmod t {\n b { }\n}\nc\n#[cfg(test)]\nmod tests;\nd");
    assert_eq!(code, "a\n\n\n\n\nc\n\n\nd");
    assert_eq!(mounted, vec!["tests".to_string()]);
    assert_eq!(
        paths(
            "use crate::books::write::files;\nlet x = regula::load; a::crate::b",
            "crate::"
        ),
        vec![vec!["books", "write", "files"]]
    );
    assert_eq!(
        paths("use super::{book, text::{Cx, n}, self};", "super::"),
        vec![vec!["book"], vec!["text", "Cx"], vec!["text", "n"], vec![]]
    );
    let mut e: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    e.entry("a".into()).or_default().insert("b".into());
    e.entry("b".into()).or_default().insert("c".into());
    e.entry("c".into()).or_default().insert("a".into());
    e.entry("d".into()).or_default().insert("a".into());
    assert_eq!(
        cycles(&e),
        vec![vec!["a".to_string(), "b".into(), "c".into()]]
    );
}

#[test]
fn rooms_are_small_files_short_and_modules_written_one_way() {
    let tree = source_tree();
    let total: usize = tree.iter().map(|(_, t)| t.lines().count()).sum();
    let mut per_room: BTreeMap<String, usize> = BTreeMap::new();
    let mut long = Vec::new();
    for (rel, text) in &tree {
        let n = text.lines().count();
        *per_room.entry(module_of(rel)[0].clone()).or_default() += n;
        if n > 800 {
            long.push(format!("{rel}: {n} lines"));
        }
    }
    let big: Vec<String> = per_room
        .iter()
        .filter(|(_, n)| **n * 4 > total)
        .map(|(r, n)| format!("{r}: {n} of {total} lines"))
        .collect();
    assert!(big.is_empty(), "rooms over a quarter of src/: {big:?}");
    assert!(long.is_empty(), "files over 800 lines: {long:?}");
    // One module-file convention: a folder's module is its `mod.rs`, never `x.rs` beside `x/`.
    let pairs: Vec<&String> = tree
        .iter()
        .map(|(rel, _)| rel)
        .filter(|rel| {
            let dir = rel.trim_end_matches(".rs");
            tree.iter().any(|(r, _)| r.starts_with(&format!("{dir}/")))
        })
        .collect();
    assert!(
        pairs.is_empty(),
        "modules written as x.rs beside x/: {pairs:?}"
    );
    for bad in ["tools", "util", "utils", "misc", "common", "helpers"] {
        assert!(
            !per_room.contains_key(bad),
            "src/{bad}/ says what it is not"
        );
    }
}

#[test]
fn the_core_library_carries_no_front_end_crate() {
    // `cargo tree` of the library without its default feature `app`: the lockfile and the
    // downloaded sources suffice, nothing is fetched.
    let text = tree_lines(&["--no-default-features", "--edges", "normal,build"]);
    let crates: BTreeSet<&str> = text
        .iter()
        .filter_map(|l| l.split_whitespace().next())
        .collect();
    assert!(
        crates.contains("pest"),
        "the tree lists the core's crates: {crates:?}"
    );
    let found: Vec<&str> = FRONT_END_CRATES
        .iter()
        .copied()
        .filter(|c| crates.contains(c))
        .collect();
    assert!(found.is_empty(), "the core library depends on {found:?}");
}

#[test]
fn design_notes_draw_the_module_graph_of_the_code() {
    let g = scan(&source_tree());
    let want = drawing(&g.modules);
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/design.md");
    let text = std::fs::read_to_string(&path).expect("docs/design.md");
    const START: &str = "<!-- module graph: generated by tests/layers.rs -->\n";
    const END: &str = "<!-- end of module graph -->\n";
    let (Some(a), Some(b)) = (text.find(START), text.find(END)) else {
        panic!("docs/design.md has no generated module graph between {START:?} and {END:?}");
    };
    let have = &text[a + START.len()..b];
    if have != want {
        if std::env::var_os("UPDATE_DESIGN").is_some() {
            let new = format!("{}{START}{want}{}", &text[..a], &text[b..]);
            std::fs::write(&path, new).expect("docs/design.md written");
        } else {
            panic!(
                "docs/design.md's module graph is out of date; run \
                 UPDATE_DESIGN=1 cargo test --test integration layers\n{want}"
            );
        }
    }
}

/// `cargo tree`'s lines (`name vX [features]`) with these arguments, as a set; the lockfile
/// and the downloaded sources suffice, nothing is fetched.
fn tree_lines(args: &[&str]) -> BTreeSet<String> {
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
    let out = std::process::Command::new(cargo)
        .args([
            "tree",
            "--offline",
            "--locked",
            "--prefix",
            "none",
            "--format",
            "{p} [{f}]",
        ])
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .expect("cargo runs");
    assert!(
        out.status.success(),
        "cargo tree failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8_lossy(&out.stdout)
        .lines()
        .map(|l| l.replace(" (*)", "").replace(" (proc-macro)", ""))
        .collect()
}

/// The README's two commands share one build: every crate the main job compiles (`cargo run`:
/// normal and build dependencies) is compiled by `cargo test` with the same features, so the
/// tests compile no crate a second time. When a test dependency turns on a feature of a shared
/// crate, that feature goes into Cargo.toml's unification list (under `app`).
#[test]
fn both_readme_commands_share_one_build() {
    let main_job = tree_lines(&["--edges", "normal,build"]);
    let tests = tree_lines(&["--edges", "normal,build,dev"]);
    let twice: Vec<&String> = main_job.difference(&tests).collect();
    assert!(
        twice.is_empty(),
        "crates `cargo test` would compile again with other features (add the features to \
         Cargo.toml's unification list): {twice:?}"
    );
}
