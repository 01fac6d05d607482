//! The language server (compiled here from `src/app/lsp.rs`) includes the grammar's keywords
//! from `OUT_DIR`, as the main crate's build script writes them: the same list, made the same
//! way from `grammar/regula.pest`.

use std::fmt::Write;

fn main() {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../grammar/regula.pest");
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
