//! Embeds every Fluent message file of `i18n/` in the binary, so that a new language is a new
//! `i18n/<code>.ftl` file and no Rust.

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
}
