//! The architecture, checked: every `crate::` path in the library names a layer at or below
//! its own file's, the two middle layers (`lang`, `engine`) never import each other, the
//! modules form no cycle, and `docs/design.md` holds the module graph drawn from the code.
//!
//! Layers, lowest first: `base` < `model` < `lang`, `engine` < `tools`; the applications in
//! `src/app/` belong to the binary and import the library as `regula::`. A module is a layer
//! and its first path segment (`lang::validate`, `tools::docgen`); test modules
//! (`#[cfg(test)]` to the end of a file) and comments are not imports. Regenerate the
//! drawing with `UPDATE_DESIGN=1 cargo test --test integration layers`.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// The layers and their rank; siblings share a rank and may not import each other.
const LAYERS: [(&str, u8); 5] = [
    ("base", 0),
    ("model", 1),
    ("lang", 2),
    ("engine", 2),
    ("tools", 3),
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

/// The code of a file that counts: no comment lines, nothing from `#[cfg(test)]` on.
fn code(text: &str) -> String {
    let mut out = String::new();
    for line in text.lines() {
        let t = line.trim_start();
        if t.starts_with("#[cfg(test)]") {
            break;
        }
        if t.starts_with("//") {
            continue;
        }
        out.push_str(line);
        out.push('\n');
    }
    out
}

/// Every path after `prefix` in `code`, as its `::`-separated identifier segments.
fn paths<'a>(code: &'a str, prefix: &str) -> Vec<Vec<&'a str>> {
    let mut out = Vec::new();
    let mut from = 0;
    while let Some(i) = code[from..].find(prefix) {
        let s = from + i;
        from = s + prefix.len();
        if code[..s]
            .chars()
            .next_back()
            .is_some_and(|c| c.is_alphanumeric() || c == '_')
        {
            continue;
        }
        let rest = &code[from..];
        let end = rest
            .find(|c: char| !(c.is_alphanumeric() || c == '_' || c == ':'))
            .unwrap_or(rest.len());
        let segs: Vec<&str> = rest[..end].split("::").filter(|s| !s.is_empty()).collect();
        out.push(segs);
    }
    out
}

/// A library file's module (`layer::first`), from its path under `src/`.
fn unit_of(rel: &Path) -> (String, String) {
    let parts: Vec<String> = rel
        .components()
        .map(|c| c.as_os_str().to_string_lossy().into_owned())
        .collect();
    let layer = parts[0].clone();
    let module = match parts.get(1) {
        Some(m) => m.trim_end_matches(".rs").to_string(),
        None => "mod".into(),
    };
    (layer, module)
}

struct Graph {
    /// module → the modules it imports (other than itself).
    edges: BTreeMap<String, BTreeSet<String>>,
    /// Every import that breaks a rule: file, path, why.
    violations: Vec<String>,
}

fn graph() -> Graph {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    rust_files(&src, &mut files);
    let mut g = Graph {
        edges: BTreeMap::new(),
        violations: Vec::new(),
    };
    for f in files {
        let rel = f.strip_prefix(&src).expect("under src").to_path_buf();
        let text = std::fs::read_to_string(&f).expect("readable");
        let code = code(&text);
        let shown = rel.display().to_string();
        if rel.starts_with("app") || shown == "main.rs" {
            // The binary: `crate::` is the binary's own, so it may only name `app`.
            for p in paths(&code, "crate::") {
                if p.first() != Some(&"app") {
                    g.violations.push(format!(
                        "{shown}: crate::{} (the binary names only app)",
                        p.join("::")
                    ));
                }
            }
            continue;
        }
        if shown == "lib.rs" {
            continue;
        }
        for p in paths(&code, "regula::") {
            // Diagnostic codes (`code(regula::bad_move)`, `"regula::unused"`) are names.
            let name = p.join("::");
            if !code.contains(&format!("code(regula::{name}"))
                && !code.contains(&format!("\"regula::{name}"))
            {
                g.violations.push(format!(
                    "{shown}: regula::{} (the library says crate::)",
                    p.join("::")
                ));
            }
        }
        let (layer, module) = unit_of(&rel);
        let Some(own) = rank(&layer) else {
            g.violations.push(format!("{shown}: in no layer"));
            continue;
        };
        let me = format!("{layer}::{module}");
        g.edges.entry(me.clone()).or_default();
        for p in paths(&code, "crate::") {
            let Some(target) = p.first() else { continue };
            let Some(r) = rank(target) else {
                g.violations.push(format!(
                    "{shown}: crate::{} names no layer (base, model, lang, engine, tools)",
                    p.join("::")
                ));
                continue;
            };
            if r > own || (r == own && *target != layer) {
                g.violations.push(format!(
                    "{shown}: crate::{} runs from {layer} to {target}",
                    p.join("::")
                ));
            }
            let module = p.get(1).copied().unwrap_or("mod");
            // `crate::lang::LoadError` and other items of a layer's own mod.rs.
            let module = if module.chars().next().is_some_and(char::is_uppercase)
                || p.len() == 2 && !is_module(target, module)
            {
                "mod"
            } else {
                module
            };
            let to = format!("{target}::{module}");
            if to != me {
                g.edges.entry(me.clone()).or_default().insert(to);
            }
        }
    }
    g
}

/// Whether `layer/module.rs` or `layer/module/` exists.
fn is_module(layer: &str, module: &str) -> bool {
    let src = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("src")
        .join(layer);
    src.join(format!("{module}.rs")).exists() || src.join(module).is_dir()
}

/// Every cycle's modules (strongly connected components of more than one module).
fn cycles(edges: &BTreeMap<String, BTreeSet<String>>) -> Vec<Vec<String>> {
    // Tarjan's algorithm, recursive: the graph has a few dozen modules.
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

/// The module graph as a Mermaid flowchart, one subgraph per layer.
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
fn no_import_runs_up_a_layer_or_closes_a_cycle() {
    let g = graph();
    assert!(
        g.edges.len() >= 20,
        "the scan found only {} modules: is src/ laid out in layers?",
        g.edges.len()
    );
    assert!(
        g.violations.is_empty(),
        "imports against the layers:\n{}",
        g.violations.join("\n")
    );
    let c = cycles(&g.edges);
    assert!(c.is_empty(), "import cycles: {c:?}");
}

#[test]
fn the_checker_sees_an_upward_import_and_a_cycle() {
    // The scanner itself: a made-up upward path and a made-up cycle are caught.
    let p = paths(
        "use crate::tools::cases::run;\nlet x = regula::load;",
        "crate::",
    );
    assert_eq!(p, vec![vec!["tools", "cases", "run"]]);
    let mut e: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    e.entry("a".into()).or_default().insert("b".into());
    e.entry("b".into()).or_default().insert("c".into());
    e.entry("c".into()).or_default().insert("a".into());
    e.entry("d".into()).or_default().insert("a".into());
    assert_eq!(
        cycles(&e),
        vec![vec!["a".to_string(), "b".into(), "c".into()]]
    );
    assert!(code("use crate::x;\n// crate::y\n#[cfg(test)]\nuse crate::z;").contains("crate::x"));
    assert!(!code("// crate::y\n#[cfg(test)]\nuse crate::z;").contains("crate::"));
}

#[test]
fn design_notes_draw_the_module_graph_of_the_code() {
    let g = graph();
    let want = drawing(&g.edges);
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
