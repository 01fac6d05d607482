//! A variant's players' book (a rule file that `extends` another) states the whole game, article
//! by article as its parent's book does, and opens with what changed from the parent: a short
//! list, each change said in words (an end rule by its sentence, a removed parameter by what
//! it settled), never a bare kind of item (identifiers are looked for by
//! `players_books_hold_every_doc_and_nothing_of_the_engine`, the parent's too).

use std::path::Path;

use super::{books, generated};

/// The bundled variants: (stem, parent's stem).
fn variants() -> Vec<(String, String)> {
    let mut out = Vec::new();
    for (file, lang) in books() {
        if lang != "en" {
            continue;
        }
        let text = std::fs::read_to_string(&file).unwrap();
        if let Some(parent) = text.lines().find_map(|l| {
            l.strip_prefix("extends \"")?
                .strip_suffix(".rules\"")
                .map(str::to_string)
        }) {
            let stem = file.file_stem().unwrap().to_string_lossy().into_owned();
            out.push((stem, parent));
        }
    }
    out
}

/// The level-2 headings of a Markdown book.
fn headings(md: &str) -> Vec<&str> {
    md.lines().filter_map(|l| l.strip_prefix("## ")).collect()
}

/// The numbered articles' titles ("4. The moves" gives "The moves").
fn articles(md: &str) -> Vec<String> {
    headings(md)
        .into_iter()
        .filter_map(|h| {
            let (n, title) = h.split_once(". ")?;
            n.chars()
                .all(|c| c.is_ascii_digit())
                .then(|| title.to_string())
        })
        .collect()
}

#[test]
fn a_variants_book_states_the_whole_game_and_its_changes_in_words() {
    let g = generated();
    let vs = variants();
    assert!(vs.len() >= 20, "only {} variants", vs.len());
    let mut wrong = Vec::new();
    for (stem, parent) in &vs {
        assert!(
            Path::new(&format!("rules/{parent}.rules")).exists(),
            "{stem}"
        );
        let md = &g[&format!("{stem}.md")];
        let parent_md = &g[&format!("{parent}.md")];
        // The whole game: the parent's articles on the board, the pieces, the moves and the
        // end are all there, each with its text, not a pointer to the parent's book.
        let mine = articles(md);
        for a in articles(parent_md) {
            if !mine.contains(&a) && a != "Promotion" && a != "Compulsory moves" {
                wrong.push(format!(
                    "{stem}: no article {a:?} (its parent {parent} has one)"
                ));
            }
        }
        // The changes: a short list, each in words.
        let Some(start) = md.find("\n## Changes from ") else {
            wrong.push(format!("{stem}: no list of changes"));
            continue;
        };
        let section = &md[start + 1..];
        let section = &section[..section[3..].find("\n## ").map_or(section.len(), |i| i + 3)];
        let items: Vec<&str> = section
            .lines()
            .filter_map(|l| l.strip_prefix("- "))
            .collect();
        let same = section.contains("The rules are those of");
        if (items.is_empty() && !same) || items.len() > 20 {
            wrong.push(format!("{stem}: {} changes listed", items.len()));
        }
        for item in items {
            let words = item.split_whitespace().count();
            // A bare kind ("Changed: an end rule (article 6.2).") says nothing of the change.
            let bare = item.split_once(": ").is_some_and(|(_, w)| {
                let w = match (w.find(" (article"), w.find(')')) {
                    (Some(a), Some(b)) if a < b => format!("{}{}", &w[..a], &w[b + 1..]),
                    _ => w.to_string(),
                };
                [
                    "an end rule",
                    "a rule not covered",
                    "a compulsory move",
                    "a draw that may be claimed",
                ]
                .contains(&w.trim().trim_end_matches('.'))
            });
            if bare || words > 80 {
                wrong.push(format!("{stem}: the change {item:?}"));
            }
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}
