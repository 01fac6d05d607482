//! Embeds every Fluent message file of `i18n/` in the binary, so that a new language is a new
//! `i18n/<code>.ftl` file and no Rust; lists the grammar's keywords, so that the language
//! server's completion and hover cannot fall behind the grammar; and writes the shapes of the
//! parse tree (`shapes.rs`, see [`shapes`]), so that a new alternative in the grammar is a
//! compile error in the lowering until it is lowered; and what the language server's
//! completion reads from the grammar (`completion.rs`, see [`completion`]); and finds the
//! programs outside the project that some tests need (see [`tools`]), so that a test whose
//! oracle, browser or editor is missing is reported as ignored, with what to install, rather
//! than passing.

use std::fmt::Write;

fn main() {
    println!("cargo:rerun-if-changed=i18n");
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("i18n");
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .map(|r| r.filter_map(|e| e.ok()).map(|e| e.path()).collect())
        .unwrap_or_default();
    files.retain(|p| p.extension().is_some_and(|e| e == "ftl"));
    files.sort();
    let mut out = String::from("/// (language code, Fluent source) for every `i18n/*.ftl`.\n");
    out.push_str("pub const LANGUAGES: &[(&str, &str)] = &[\n");
    for p in &files {
        println!("cargo:rerun-if-changed={}", p.display());
        let code = p.file_stem().unwrap().to_string_lossy();
        let _ = writeln!(
            out,
            "    ({code:?}, include_str!({:?})),",
            p.display().to_string()
        );
    }
    out.push_str("];\n");
    let dest = std::path::Path::new(&std::env::var("OUT_DIR").unwrap()).join("languages.rs");
    std::fs::write(dest, out).unwrap();
    keywords();
    shapes();
    completion();
    tools();
}

/// The outside programs the integration tests use, each named by a `tool = "..."` cfg when
/// it is found: python3 modules (the oracles python-chess, pyffish, OpenSpiel, pydraughts),
/// py-draughts in its virtual environment, Chromium, ChromeDriver, poppler's tools,
/// Neovim, vim and `script`. A test that needs one is `#[cfg_attr(not(tool = "..."),
/// ignore = "...")]`, so that without it `cargo test` says `ignored` and why, never `ok`.
///
/// The script runs again when a found tool's file changes or goes; a tool installed later
/// is seen after `touch build.rs` (the ignore reason says so), since watching where it might
/// appear would run the probe on every build. Only the application's build (feature `app`,
/// which the tests need) probes: the core library alone, as the Python package builds it,
/// asks for nothing.
fn tools() {
    const TOOLS: &[&str] = &[
        "python-chess",
        "pyffish",
        "open-spiel",
        "pydraughts",
        "py-draughts",
        "chromium",
        "chromedriver",
        "poppler",
        "neovim",
        "vim",
        "script",
    ];
    let values: Vec<String> = TOOLS.iter().map(|t| format!("\"{t}\"")).collect();
    println!(
        "cargo:rustc-check-cfg=cfg(tool, values({}))",
        values.join(", ")
    );
    if std::env::var_os("CARGO_FEATURE_APP").is_none() {
        return;
    }
    println!("cargo:rerun-if-env-changed=REGULA_PY_DRAUGHTS_PYTHON");
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let found = |tool: &str, file: &std::path::Path| {
        println!("cargo:rerun-if-changed={}", file.display());
        println!("cargo:rustc-cfg=tool=\"{tool}\"");
    };
    // Where each module would be imported from, without importing it (fast, no side effects).
    let modules = |python: &std::path::Path, names: &[&str]| -> Vec<Option<std::path::PathBuf>> {
        let script = format!(
            "import importlib.util as u\nfor m in {names:?}:\n    s = u.find_spec(m)\n    print(s.origin if s and s.origin else '')"
        );
        let out = std::process::Command::new(python)
            .args(["-c", &script])
            .output();
        let text = out
            .ok()
            .filter(|o| o.status.success())
            .map(|o| String::from_utf8_lossy(&o.stdout).into_owned())
            .unwrap_or_default();
        let mut lines = text.lines();
        names
            .iter()
            .map(|_| {
                lines
                    .next()
                    .filter(|l| !l.is_empty())
                    .map(std::path::PathBuf::from)
            })
            .collect()
    };
    let python3 = std::path::Path::new("python3");
    let system = modules(python3, &["chess", "pyffish", "pyspiel", "draughts"]);
    for (tool, file) in ["python-chess", "pyffish", "open-spiel", "pydraughts"]
        .iter()
        .zip(&system)
    {
        if let Some(f) = file {
            found(tool, f);
        }
    }
    let venv = std::env::var_os("REGULA_PY_DRAUGHTS_PYTHON")
        .map(std::path::PathBuf::from)
        .unwrap_or_else(|| root.join("target/oracles/py-draughts/bin/python3"));
    if venv.exists()
        && let Some(Some(f)) = modules(&venv, &["draughts"]).first()
    {
        found("py-draughts", f);
    }
    let file = |p: &str| Some(std::path::PathBuf::from(p)).filter(|p| p.exists());
    let on_path = |name: &str| {
        std::env::var_os("PATH").and_then(|path| {
            std::env::split_paths(&path)
                .map(|d| d.join(name))
                .find(|p| p.is_file())
        })
    };
    // Chromium as the book printer finds it (`REGULA_CHROMIUM`, then the usual names).
    println!("cargo:rerun-if-env-changed=REGULA_CHROMIUM");
    let chromium = std::env::var_os("REGULA_CHROMIUM")
        .map(std::path::PathBuf::from)
        .or_else(|| file("/usr/bin/chromium"))
        .or_else(|| {
            [
                "chromium",
                "chromium-browser",
                "google-chrome",
                "google-chrome-stable",
            ]
            .iter()
            .find_map(|n| on_path(n))
        });
    if let Some(c) = chromium {
        found("chromium", &c);
    }
    if let Some(d) = file("/usr/bin/chromedriver") {
        found("chromedriver", &d);
    }
    if let (Some(a), Some(b)) = (on_path("pdftoppm"), on_path("pdftotext")) {
        println!("cargo:rerun-if-changed={}", b.display());
        found("poppler", &a);
    }
    // `.ci/run` puts its Neovim on the path of `cargo test` only, so look there too.
    if let Some(n) = on_path("nvim")
        .or_else(|| Some(root.join("target/editors/bin/nvim")).filter(|p| p.exists()))
    {
        found("neovim", &n);
    }
    if let Some(v) = file("/usr/bin/vim") {
        found("vim", &v);
    }
    if let Some(s) = on_path("script") {
        found("script", &s);
    }
}

/// Every quoted word of `grammar/regula.pest` (letters and `-`), sorted, as `GRAMMAR_WORDS`.
fn keywords() {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("grammar/regula.pest");
    println!("cargo:rerun-if-changed={}", path.display());
    let text = std::fs::read_to_string(&path).unwrap_or_default();
    let mut words = std::collections::BTreeSet::new();
    for line in text.lines() {
        let code = line.split("//").next().unwrap_or("");
        for (i, part) in code.split('"').enumerate() {
            let word = i % 2 == 1
                && part.len() > 1
                && part.chars().all(|c| c.is_ascii_lowercase() || c == '-')
                && part.chars().next().is_some_and(|c| c.is_ascii_lowercase());
            if word {
                words.insert(part.to_string());
            }
        }
    }
    let mut out = String::from("/// The keywords of the grammar, sorted (made by build.rs).\n");
    out.push_str("pub const GRAMMAR_WORDS: &[&str] = &[\n");
    for w in &words {
        let _ = writeln!(out, "    {w:?},");
    }
    out.push_str("];\n");
    let dest = std::path::Path::new(&std::env::var("OUT_DIR").unwrap()).join("keywords.rs");
    std::fs::write(dest, out).unwrap();
}

/// The shapes of the parse tree, read from `grammar/regula.pest` with pest's own grammar
/// reader, as `shapes.rs` (included by `src/lang/syntax/shape.rs`):
///
/// - `alt::X`, for every silent rule `x = _{ ... }`: one variant per rule whose pair can stand
///   in the tree where `x` is called (`leg_stmt = _{ leg_step | leg_slide | ... }` gives
///   `alt::LegStmt::{LegStep, LegSlide, ...}`), each holding that pair;
/// - `inner::X`, for every rule `x` whose pairs hold pairs: one variant per rule whose pair
///   can stand directly inside an `x` pair (`counter` gives `inner::Counter::{Ident,
///   PerPlayer, SamePiece, Int, CounterWhile}`);
/// - `kw::X`, for every rule `x` that is a choice of two or more literals
///   (`over = { "friend" | "enemy" | ... }` gives `kw::Over::{Friend, Enemy, ...}`);
/// - the lists `ALTS`, `INNERS` and `WORD_RULES`, for the test that parses every variant.
///
/// The lowering matches these enums exhaustively, so an alternative added to the grammar
/// fails to compile there until it is lowered. A grammar that this function cannot read
/// (a construct it does not know, two rules with one Rust name) fails the build here.
fn shapes() {
    use pest_meta::ast::RuleType;
    let rules = grammar_rules();
    let by_name: std::collections::HashMap<&str, &pest_meta::ast::Rule> =
        rules.iter().map(|r| (r.name.as_str(), r)).collect();

    let mut out = String::from(
        "// The shapes of the parse tree, made by build.rs from grammar/regula.pest.\n\n",
    );
    let mut alts = String::from("pub mod alt {\n    use super::*;\n");
    let mut inners = String::from("pub mod inner {\n    use super::*;\n");
    let mut kws = String::from("pub mod kw {\n    use super::*;\n");
    let mut word_list = String::new();
    let mut inner_list = String::new();
    let mut names = std::collections::BTreeSet::new();
    for r in &rules {
        let atomic = matches!(r.ty, RuleType::Atomic);
        let silent = matches!(r.ty, RuleType::Silent);
        let kids = if atomic {
            Vec::new()
        } else {
            let mut v = Vec::new();
            let mut seen = std::collections::HashSet::new();
            pairs_of(&r.expr, &by_name, &mut seen, true, &mut v);
            v
        };
        // The rules that stand in `r` written there, not through a silent rule: the test
        // needs each inside `r` (what stands through a silent rule is lowered by that rule's
        // shape, which `ALTS` covers).
        let direct: Vec<String> = kids.iter().filter(|k| k.1).map(|k| k.0.clone()).collect();
        let kids: Vec<String> = kids.into_iter().map(|k| k.0).collect();
        let name = camel(&r.name);
        if !kids.is_empty() && !names.insert((silent, name.clone())) {
            panic!("grammar/regula.pest: two rules are named {name} in Rust");
        }
        if !kids.is_empty() {
            let (module, doc) = if silent {
                let doc = format!(
                    "What stands in the tree where `{}` is called: one of its alternatives' pairs.",
                    r.name
                );
                (&mut alts, doc)
            } else {
                (
                    &mut inners,
                    format!("A pair directly inside a `{}` pair.", r.name),
                )
            };
            let _ = writeln!(module, "    /// {doc}");
            let _ = writeln!(module, "    #[derive(Debug, Clone)]");
            let _ = writeln!(module, "    pub enum {name}<'i> {{");
            for k in &kids {
                let _ = writeln!(module, "        {}(P<'i>),", camel(k));
            }
            let _ = writeln!(module, "    }}");
            let _ = writeln!(module, "    impl<'i> {name}<'i> {{");
            let rules_of: Vec<String> = kids.iter().map(|k| format!("Rule::{k}")).collect();
            let _ = writeln!(
                module,
                "        /// The rules of the variants, in the grammar's order.\n        pub const RULES: &'static [Rule] = &[{}];",
                rules_of.join(", ")
            );
            let _ = writeln!(
                module,
                "        /// The variant of `p`, a pair that the grammar puts at this place.\n        pub fn of(p: P<'i>) -> Self {{\n            match p.as_rule() {{"
            );
            for k in &kids {
                let _ = writeln!(
                    module,
                    "                Rule::{k} => Self::{}(p),",
                    camel(k)
                );
            }
            let _ = writeln!(
                module,
                "                r => misplaced({:?}, r),\n            }}\n        }}",
                r.name
            );
            if !silent {
                let _ = writeln!(
                    module,
                    "        /// The pairs inside `p`, a `{0}` pair.\n        pub fn all(p: P<'i>) -> impl Iterator<Item = Self> + use<'i> {{\n            debug_assert_eq!(p.as_rule(), Rule::{0});\n            p.into_inner().map(Self::of)\n        }}",
                    r.name
                );
            }
            let _ = writeln!(module, "    }}");
            if !silent && !direct.is_empty() {
                let direct: Vec<String> = direct.iter().map(|k| format!("Rule::{k}")).collect();
                let _ = writeln!(
                    inner_list,
                    "    (Rule::{}, &[{}]),",
                    r.name,
                    direct.join(", ")
                );
            }
        }
        if let Some(words) = literals(&r.expr).filter(|w| w.len() > 1 && !silent && !atomic) {
            let _ = writeln!(
                kws,
                "    /// `{}`: one of its literals.\n    #[derive(Debug, Clone, Copy, PartialEq, Eq)]\n    pub enum {name} {{",
                r.name
            );
            for w in &words {
                let _ = writeln!(kws, "        /// `{w}`\n        {},", word_name(w));
            }
            let _ = writeln!(kws, "    }}\n    impl {name} {{");
            let quoted: Vec<String> = words.iter().map(|w| format!("{w:?}")).collect();
            let _ = writeln!(
                kws,
                "        /// The literals, in the grammar's order.\n        pub const WORDS: &'static [&'static str] = &[{}];",
                quoted.join(", ")
            );
            let _ = writeln!(
                kws,
                "        /// The variant written `w`, if one is.\n        pub fn from_word(w: &str) -> Option<Self> {{\n            Some(match w {{"
            );
            for w in &words {
                let _ = writeln!(kws, "                {w:?} => Self::{},", word_name(w));
            }
            let _ = writeln!(
                kws,
                "                _ => return None,\n            }})\n        }}\n        /// The variant of `p`, a `{0}` pair (whose text is one of the literals).\n        pub fn of(p: &P<'_>) -> Self {{\n            debug_assert_eq!(p.as_rule(), Rule::{0});\n            Self::from_word(p.as_str()).unwrap_or_else(|| misplaced({0:?}, p.as_rule()))\n        }}\n    }}",
                r.name
            );
            let _ = writeln!(word_list, "    (Rule::{}, kw::{name}::WORDS),", r.name);
        }
    }
    out.push_str(&alts);
    out.push_str("}\n\n");
    out.push_str(&inners);
    out.push_str("}\n\n");
    out.push_str(&kws);
    out.push_str("}\n\n");
    out.push_str("/// Every silent rule with its alternatives' rules.\n");
    out.push_str("pub const ALTS: &[(&str, &[Rule])] = &[\n");
    for r in rules.iter().filter(|r| matches!(r.ty, RuleType::Silent)) {
        if names.contains(&(true, camel(&r.name))) {
            let _ = writeln!(out, "    ({:?}, alt::{}::RULES),", r.name, camel(&r.name));
        }
    }
    out.push_str(
        "];\n/// Every rule whose pairs hold pairs, with the rules written in it (not through a\n",
    );
    out.push_str("/// silent rule) whose pairs may stand directly inside its pairs.\n");
    out.push_str("pub const INNERS: &[(Rule, &[Rule])] = &[\n");
    out.push_str(&inner_list);
    out.push_str("];\n/// Every choice of literals, with its literals.\n");
    out.push_str("pub const WORD_RULES: &[(Rule, &[&str])] = &[\n");
    out.push_str(&word_list);
    out.push_str("];\n");
    let dest = std::path::Path::new(&std::env::var("OUT_DIR").unwrap()).join("shapes.rs");
    std::fs::write(dest, out).unwrap();
}

/// The rules whose pairs `e` can put in the tree, in order of first appearance, each with
/// whether it is written in `e` itself (`direct`) rather than reached through a silent rule,
/// which stands for what it can put there; a predicate puts nothing.
fn pairs_of(
    e: &pest_meta::ast::Expr,
    rules: &std::collections::HashMap<&str, &pest_meta::ast::Rule>,
    seen: &mut std::collections::HashSet<String>,
    direct: bool,
    out: &mut Vec<(String, bool)>,
) {
    use pest_meta::ast::{Expr, RuleType};
    let mut push = |name: &str| match out.iter_mut().find(|o| o.0 == name) {
        Some(o) => o.1 |= direct,
        None => out.push((name.to_string(), direct)),
    };
    match e {
        Expr::Str(_) | Expr::Insens(_) | Expr::Range(..) | Expr::PeekSlice(..) => {}
        Expr::PosPred(_) | Expr::NegPred(_) | Expr::Skip(_) => {}
        Expr::Ident(name) => match rules.get(name.as_str()) {
            Some(r) if matches!(r.ty, RuleType::Silent) && !seen.contains(name) => {
                seen.insert(name.clone());
                pairs_of(&r.expr, rules, seen, false, out);
            }
            // A silent rule met again adds nothing new.
            Some(r) if matches!(r.ty, RuleType::Silent) => {}
            Some(_) => push(name),
            // pest's built-in rules: only EOI makes a pair.
            None if name == "EOI" => push(name),
            None => {}
        },
        Expr::Seq(a, b) | Expr::Choice(a, b) => {
            pairs_of(a, rules, seen, direct, out);
            pairs_of(b, rules, seen, direct, out);
        }
        Expr::Opt(a)
        | Expr::Rep(a)
        | Expr::RepOnce(a)
        | Expr::RepExact(a, _)
        | Expr::RepMin(a, _)
        | Expr::RepMax(a, _)
        | Expr::RepMinMax(a, _, _)
        | Expr::Push(a) => pairs_of(a, rules, seen, direct, out),
        #[allow(unreachable_patterns)]
        other => panic!("grammar/regula.pest: build.rs does not know {other:?}"),
    }
}

/// The literals of `e` if it is a choice of literals and nothing else.
fn literals(e: &pest_meta::ast::Expr) -> Option<Vec<String>> {
    use pest_meta::ast::Expr;
    match e {
        Expr::Str(s) => Some(vec![s.clone()]),
        Expr::Choice(a, b) => {
            let mut v = literals(a)?;
            v.extend(literals(b)?);
            Some(v)
        }
        _ => None,
    }
}

/// `leg_step` -> `LegStep`, `EOI` -> `Eoi`.
fn camel(rule: &str) -> String {
    rule.split('_')
        .map(|part| {
            let mut c = part.chars();
            c.next().map_or(String::new(), |f| {
                f.to_ascii_uppercase().to_string() + &c.as_str().to_ascii_lowercase()
            })
        })
        .collect()
}

/// A literal's variant name: `at-end` -> `AtEnd`, `>=` -> `GtEq`, `+!` -> `PlusBang`.
fn word_name(w: &str) -> String {
    if w == "-" {
        return "Minus".into();
    }
    let mut out = String::new();
    for part in w.split('-') {
        if part.chars().all(|c| c.is_ascii_alphanumeric()) {
            out.push_str(&camel(part));
            continue;
        }
        for c in part.chars() {
            out.push_str(match c {
                '>' => "Gt",
                '<' => "Lt",
                '=' => "Eq",
                '!' => "Bang",
                '+' => "Plus",
                _ => panic!("grammar/regula.pest: build.rs has no name for `{c}` in `{w}`"),
            });
        }
    }
    out
}

/// The grammar's rules read with pest's own grammar reader.
fn grammar_rules() -> Vec<pest_meta::ast::Rule> {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("grammar/regula.pest");
    let text = std::fs::read_to_string(&path).expect("grammar/regula.pest is readable");
    let pairs = pest_meta::parser::parse(pest_meta::parser::Rule::grammar_rules, &text)
        .unwrap_or_else(|e| panic!("grammar/regula.pest: {e}"));
    pest_meta::parser::consume_rules(pairs).unwrap_or_else(|e| panic!("grammar/regula.pest: {e:?}"))
}

/// What completion reads from the grammar, as `completion.rs` (included by
/// `src/lang/syntax/mod.rs` as `syntax::grammar`):
///
/// - `first_words(rule)`: the keywords a rule's text may start with (`measure`: `captures`,
///   `value`, `earliest`), and `starts_with_name(rule)`, so that the language server offers
///   what the grammar takes where pest says which rules come next;
/// - `NameList` and `NAME_LISTS`: every list of names in braces (`"{" ~ ident+ ~ "}"`) with
///   the words written just before its `{` (`by {`, `over enemy {`), so that the language
///   server names each list's namespace in one exhaustive match;
/// - `NAME_SLOTS`: every word that a single name may follow (`step N`, `in castle`), which
///   the language server's tests look for in the rule files, each completed with the
///   namespace of the name written there.
///
/// A list whose opening words this function cannot tell fails the build here.
fn completion() {
    let rules = grammar_rules();
    let by_name: std::collections::HashMap<&str, &pest_meta::ast::Rule> =
        rules.iter().map(|r| (r.name.as_str(), r)).collect();
    let mut out = String::from("// What completion reads from the grammar, made by build.rs.\n\n");
    out.push_str(
        "/// The keywords the text of `rule` may start with (through the rules it starts with).\n",
    );
    out.push_str(
        "pub const fn first_words(rule: Rule) -> &'static [&'static str] {\n    match rule {\n",
    );
    let mut all: Vec<&str> = rules.iter().map(|r| r.name.as_str()).collect();
    all.push("EOI");
    let mut named = Vec::new();
    for rule in all {
        let mut words = Vec::new();
        let mut name = rule == "ident";
        if let Some(r) = by_name.get(rule) {
            let mut visiting = std::collections::HashSet::new();
            first(&r.expr, &by_name, &mut visiting, &mut words, &mut name);
        }
        if name {
            named.push(format!("Rule::{rule}"));
        }
        let quoted: Vec<String> = words.iter().map(|w| format!("{w:?}")).collect();
        let _ = writeln!(out, "        Rule::{rule} => &[{}],", quoted.join(", "));
    }
    out.push_str("    }\n}\n\n");
    out.push_str("/// Whether the text of `rule` may start with a name (an `ident`).\n");
    let _ = writeln!(
        out,
        "pub const fn starts_with_name(rule: Rule) -> bool {{\n    matches!(\n        rule,\n        {}\n    )\n}}\n",
        named.join("\n            | ")
    );

    // Lists of names in braces, with the words before their `{`.
    let mut lists: Vec<(String, Vec<Vec<String>>)> = Vec::new();
    for r in &rules {
        let seq = flatten(&r.expr);
        for i in 0..seq.len() {
            if !is_name_list(&seq[i..]) {
                continue;
            }
            let before = if i > 0 {
                vec![words_before(&seq[..i], &by_name)]
            } else {
                // The list is the whole rule (`over_kinds = { "{" ~ ident+ ~ "}" }`): what
                // its callers write before it.
                callers_words(&r.name, &rules, &by_name)
            };
            if before.iter().any(|b| b.is_empty()) || before.is_empty() {
                panic!(
                    "grammar/regula.pest: build.rs cannot tell the words before the list of names in `{}`",
                    r.name
                );
            }
            lists.push((r.name.clone(), before));
        }
    }
    out.push_str(
        "/// A list of names in braces, one variant for each rule of the grammar that has one.\n",
    );
    out.push_str("#[derive(Debug, Clone, Copy, PartialEq, Eq)]\npub enum NameList {\n");
    for (name, _) in &lists {
        let _ = writeln!(out, "    /// In `{name}`.\n    {},", camel(name));
    }
    out.push_str("}\n\n");
    out.push_str(
        "/// Every list of names in braces with the words that may be written just before its\n",
    );
    out.push_str("/// `{`, one row per way to open it, each a list of word sets, nearest last\n");
    out.push_str(
        "/// (`over enemy {`: `[[\"over\"], [\"friend\", \"enemy\", \"any\", \"own\"]]`).\n",
    );
    out.push_str("pub const NAME_LISTS: &[(NameList, &[&[&str]])] = &[\n");
    for (name, befores) in &lists {
        for b in befores {
            let _ = writeln!(out, "    (NameList::{}, &[{}]),", camel(name), b_text(b));
        }
    }
    out.push_str("];\n\n");

    // Single names after a word: `step N`, `sequence jump`, `in castle`, `c(White)`.
    let mut slots: Vec<(Vec<String>, Vec<String>, bool)> = Vec::new();
    for r in &rules {
        let mut found = Vec::new();
        name_slots(&r.expr, &by_name, &mut found);
        for (words, only) in found {
            match slots.iter_mut().find(|s| s.0 == words) {
                Some(s) => {
                    if !s.1.contains(&r.name) {
                        s.1.push(r.name.clone());
                    }
                    s.2 |= only;
                }
                None => slots.push((words, vec![r.name.clone()], only)),
            }
        }
    }
    out.push_str(concat!(
        "/// Every place of the grammar where a single name follows a word (`step N`, `sequence\n",
        "/// jump`, `in castle`, `c(White)`): the words, the rules that have such a place, and\n",
        "/// whether in one of them only a name may follow (`step N`; after `when` comes `not`\n",
        "/// as well as a counter's name).\n",
        "pub const NAME_SLOTS: &[(&[&str], &[&str], bool)] = &[\n",
    ));
    for (words, in_rules, only) in &slots {
        let w: Vec<String> = words.iter().map(|w| format!("{w:?}")).collect();
        let r: Vec<String> = in_rules.iter().map(|r| format!("{r:?}")).collect();
        let _ = writeln!(
            out,
            "    (&[{}], &[{}], {only}),",
            w.join(", "),
            r.join(", ")
        );
    }
    out.push_str("];\n");
    let dest = std::path::Path::new(&std::env::var("OUT_DIR").unwrap()).join("completion.rs");
    std::fs::write(dest, out).unwrap();
}

/// The words before each single name in `e`: a literal or a choice of literals followed by
/// `ident` or by a rule that starts with one (`"sequence" ~ segment`), in every sequence of
/// `e`. A list of names (`ident+`) is no single name; see `NAME_LISTS`.
fn name_slots(
    e: &pest_meta::ast::Expr,
    rules: &std::collections::HashMap<&str, &pest_meta::ast::Rule>,
    out: &mut Vec<(Vec<String>, bool)>,
) {
    use pest_meta::ast::Expr;
    let starts_with_name = |e: &Expr| match e {
        Expr::Ident(n) if n == "ident" => true,
        Expr::Ident(n) => rules.get(n.as_str()).is_some_and(|r| {
            let mut name = false;
            first(
                &r.expr,
                rules,
                &mut Default::default(),
                &mut Vec::new(),
                &mut name,
            );
            name && literals(&r.expr).is_none()
        }),
        _ => false,
    };
    let seq = flatten(e);
    for pair in seq.windows(2) {
        let words = match pair[0] {
            Expr::Str(w) => Some(vec![w.clone()]),
            Expr::Ident(n) => rules.get(n.as_str()).and_then(|r| literals(&r.expr)),
            _ => None,
        };
        if let Some(words) = words.filter(|_| starts_with_name(pair[1])) {
            // Only a name may come (`step N`), or a name or a keyword (`when c(P) > 0`).
            let only = match pair[1] {
                Expr::Ident(n) => rules.get(n.as_str()).is_none_or(|r| {
                    let mut words = Vec::new();
                    first(
                        &r.expr,
                        rules,
                        &mut Default::default(),
                        &mut words,
                        &mut false,
                    );
                    words.is_empty()
                }),
                _ => false,
            };
            match out.iter_mut().find(|o| o.0 == words) {
                Some(o) => o.1 |= only,
                None => out.push((words, only)),
            }
        }
    }
    for part in seq {
        match part {
            Expr::Seq(..) => {}
            Expr::Choice(a, b) => {
                name_slots(a, rules, out);
                name_slots(b, rules, out);
            }
            Expr::Opt(a)
            | Expr::Rep(a)
            | Expr::RepOnce(a)
            | Expr::RepExact(a, _)
            | Expr::RepMin(a, _)
            | Expr::RepMax(a, _)
            | Expr::RepMinMax(a, _, _)
            | Expr::Push(a) => name_slots(a, rules, out),
            _ => {}
        }
    }
}

/// A row of word sets, as Rust.
fn b_text(sets: &[String]) -> String {
    sets.join(", ")
}

/// The keywords `e` may start with, added to `out`, and whether it may start with a name
/// (`ident`), set in `name`; returns whether `e` may match nothing.
fn first(
    e: &pest_meta::ast::Expr,
    rules: &std::collections::HashMap<&str, &pest_meta::ast::Rule>,
    visiting: &mut std::collections::HashSet<String>,
    out: &mut Vec<String>,
    name: &mut bool,
) -> bool {
    use pest_meta::ast::Expr;
    let mut go = |e: &Expr, visiting: &mut std::collections::HashSet<String>| {
        first(e, rules, visiting, out, name)
    };
    match e {
        Expr::Str(w) | Expr::Insens(w) => {
            let word = w.len() > 1
                && w.chars().all(|c| c.is_ascii_lowercase() || c == '-')
                && !out.contains(w);
            if word {
                out.push(w.clone());
            }
            false
        }
        Expr::Range(..) | Expr::Skip(_) => false,
        Expr::PeekSlice(..) | Expr::PosPred(_) | Expr::NegPred(_) => true,
        Expr::Ident(n) if n == "ident" => {
            *name = true;
            false
        }
        Expr::Ident(n) => match rules.get(n.as_str()) {
            Some(r) => {
                if !visiting.insert(n.clone()) {
                    return false;
                }
                let empty = go(&r.expr, visiting);
                visiting.remove(n);
                empty
            }
            None => matches!(n.as_str(), "SOI" | "EOI"),
        },
        Expr::Seq(a, b) => go(a, visiting) && go(b, visiting),
        Expr::Choice(a, b) => {
            let ea = go(a, visiting);
            go(b, visiting) || ea
        }
        Expr::Opt(a) | Expr::Rep(a) | Expr::RepMax(a, _) => {
            go(a, visiting);
            true
        }
        Expr::RepOnce(a) | Expr::RepExact(a, _) | Expr::RepMin(a, _) | Expr::RepMinMax(a, _, _) => {
            go(a, visiting)
        }
        Expr::Push(a) => go(a, visiting),
        #[allow(unreachable_patterns)]
        other => panic!("grammar/regula.pest: build.rs does not know {other:?}"),
    }
}

/// A sequence's parts, in order.
fn flatten(e: &pest_meta::ast::Expr) -> Vec<&pest_meta::ast::Expr> {
    match e {
        pest_meta::ast::Expr::Seq(a, b) => {
            let mut v = flatten(a);
            v.extend(flatten(b));
            v
        }
        other => vec![other],
    }
}

/// Whether `seq` starts with `"{" ~ ident+ ~ "}"`.
fn is_name_list(seq: &[&pest_meta::ast::Expr]) -> bool {
    use pest_meta::ast::Expr;
    matches!(
        seq,
        [Expr::Str(open), Expr::RepOnce(name), Expr::Str(close), ..]
            if open == "{" && close == "}" && matches!(&**name, Expr::Ident(n) if n == "ident")
    )
}

/// The word sets of the last (at most two) parts of `seq`, nearest last, as Rust; a part that
/// is no literal and no choice of literals ends the row.
fn words_before(
    seq: &[&pest_meta::ast::Expr],
    rules: &std::collections::HashMap<&str, &pest_meta::ast::Rule>,
) -> Vec<String> {
    use pest_meta::ast::Expr;
    let mut sets = Vec::new();
    for part in seq.iter().rev().take(2) {
        let words = match part {
            Expr::Str(w) => Some(vec![w.clone()]),
            Expr::Ident(n) => rules.get(n.as_str()).and_then(|r| literals(&r.expr)),
            _ => None,
        };
        match words {
            Some(w) => {
                let quoted: Vec<String> = w.iter().map(|w| format!("{w:?}")).collect();
                sets.push(format!("&[{}]", quoted.join(", ")));
            }
            None => break,
        }
    }
    sets.reverse();
    sets
}

/// For a rule that is a list of names: the words before it where other rules call it.
fn callers_words(
    list: &str,
    rules: &[pest_meta::ast::Rule],
    by_name: &std::collections::HashMap<&str, &pest_meta::ast::Rule>,
) -> Vec<Vec<String>> {
    use pest_meta::ast::Expr;
    let mut out = Vec::new();
    for r in rules {
        let seq = flatten(&r.expr);
        for (i, part) in seq.iter().enumerate() {
            let calls = match part {
                Expr::Ident(n) => n == list,
                Expr::Opt(a) => matches!(&**a, Expr::Ident(n) if n == list),
                _ => false,
            };
            if calls {
                out.push(words_before(&seq[..i], by_name));
            }
        }
    }
    out
}
