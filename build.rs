//! Embeds every Fluent message file of `i18n/` in the binary, so that a new language is a new
//! `i18n/<code>.ftl` file and no Rust; and lists the grammar's keywords, so that the language
//! server's completion and hover cannot fall behind the grammar.

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
