//! The doc comments of the declarations the compiled game keeps none for (`directions`, a
//! direction `set`, `setup`, `promote`, `royal`, `hand`, `neutral`, `teams`, `turn`, `values`, `letters`, the `end`
//! block, and a variant's `remove`, `amend` and `set-param`), read from the rule file's text so
//! that the players' book can quote every doc comment of the file.
//!
//! Only top-level items are read: a `///` block at the start of a line, and the first words of
//! the line after it (skipping blank lines and plain `//` comments).

/// One documented top-level declaration.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DeclDoc {
    /// The declaration's keyword (`directions`, `set`, `setup`, `remove`, ...).
    pub keyword: String,
    /// The word after it, if any (a set's name, the kind of item removed, ...).
    pub name: String,
    /// The word after that (the name of a removed or amended item).
    pub item: String,
    /// The doc lines, without `///` (translations included, as the model keeps them).
    pub lines: Vec<String>,
}

/// The keywords whose docs the compiled game does not keep.
pub const UNKEPT: [&str; 15] = [
    "directions",
    "set",
    "setup",
    "promote",
    "royal",
    "hand",
    "neutral",
    "teams",
    "turn",
    "values",
    "letters",
    "end",
    "remove",
    "amend",
    "set-param",
];

/// Every documented top-level declaration of `source` whose keyword is in [`UNKEPT`], in the
/// file's order.
pub fn decl_docs(source: &str) -> Vec<DeclDoc> {
    let mut out = Vec::new();
    let mut block: Vec<String> = Vec::new();
    for line in source.lines() {
        if let Some(rest) = line.strip_prefix("///") {
            block.push(rest.strip_prefix(' ').unwrap_or(rest).to_string());
            continue;
        }
        let t = line.trim();
        if block.is_empty() || t.is_empty() || (t.starts_with("//") && !t.starts_with("///")) {
            continue;
        }
        let lines = std::mem::take(&mut block);
        if line.starts_with(char::is_whitespace) {
            continue;
        }
        let mut words = t
            .split(|c: char| c.is_whitespace() || c == '{')
            .filter(|w| !w.is_empty());
        let keyword = words.next().unwrap_or_default().to_string();
        if !UNKEPT.contains(&keyword.as_str()) {
            continue;
        }
        out.push(DeclDoc {
            keyword,
            name: words.next().unwrap_or_default().to_string(),
            item: words.next().unwrap_or_default().to_string(),
            lines,
        });
    }
    out
}

/// The docs of a game made of `source` and its parents' texts (nearest first): the variant's
/// own declarations, and for each keyword (and set name) it does not document, the nearest
/// parent's. A variant's changes (`remove`, `amend`, `set-param`) are its own only.
pub fn game_decl_docs(source: &str, parents: &[String]) -> Vec<DeclDoc> {
    let mut out = decl_docs(source);
    for p in parents {
        for d in decl_docs(p) {
            if matches!(d.keyword.as_str(), "remove" | "amend" | "set-param") {
                continue;
            }
            if !out
                .iter()
                .any(|o| o.keyword == d.keyword && (o.keyword != "set" || o.name == d.name))
            {
                out.push(d);
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_the_docs_of_unkept_declarations() {
        let src = "//! The game.\n\n/// Eight ways.\n/// [nl] Acht.\ndirections {\n  N (0, 1)\n}\n\n\
                   /// Kept by the model.\nleg step {\n  /// inner\n  step all\n}\n\
                   /// All of them.\n// a plain comment\nset all { N }\n/// Gone.\nremove move plain\n";
        let d = decl_docs(src);
        assert_eq!(d.len(), 3);
        assert_eq!(d[0].keyword, "directions");
        assert_eq!(d[0].lines, vec!["Eight ways.", "[nl] Acht."]);
        assert_eq!((d[1].keyword.as_str(), d[1].name.as_str()), ("set", "all"));
        assert_eq!(
            (
                d[2].keyword.as_str(),
                d[2].name.as_str(),
                d[2].item.as_str()
            ),
            ("remove", "move", "plain")
        );
        let child = "/// Mine.\nset all { N }\n";
        let all = game_decl_docs(child, &[src.to_string()]);
        assert_eq!(all.len(), 2, "{all:?}");
        assert_eq!(all[0].lines, vec!["Mine."]);
        assert_eq!(all[1].keyword, "directions");
    }
}
