//! Translations carried inside a rule file's `///` documentation.
//!
//! A rule file is written in English. A doc line that starts with a language tag gives that
//! language's text instead: `/// [nl] De thuisrij van elke speler.` translates the item's doc,
//! and `/// [uk word King] король; gen короля; pl королі` gives the name `King` in that
//! language with its grammatical forms (the first form is the basic one; the others are
//! labelled with the form names the language's message file asks for). Lines without a tag
//! are the English text. No grammar change is needed: the tags live in the doc text.

use std::collections::BTreeMap;

/// One item's documentation, split by language.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct DocText {
    /// The untagged (English) lines.
    pub english: Vec<String>,
    /// Translated lines per language code.
    pub translations: BTreeMap<String, Vec<String>>,
    /// Words: (language, identifier) → forms, the first labelled `""`.
    pub words: Vec<Word>,
}

/// A name of the rule file in one language, with its forms.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Word {
    /// Language code.
    pub lang: String,
    /// The identifier in the rule file (`King`, `home-row`, `White`).
    pub ident: String,
    /// (form label, text); the first has the empty label.
    pub forms: Vec<(String, String)>,
}

/// A tag `[xx]` or `[xx word Ident]` at the start of a line, and the rest of the line.
fn tag(line: &str) -> Option<(&str, Option<&str>, &str)> {
    let rest = line.trim_start().strip_prefix('[')?;
    let end = rest.find(']')?;
    let inside = &rest[..end];
    let (lang, rest_of_tag) = inside.split_once(' ').unwrap_or((inside, ""));
    if !(2..=3).contains(&lang.len()) || !lang.chars().all(|c| c.is_ascii_lowercase()) {
        return None;
    }
    // `[xx word Ident]`; the identifier may contain spaces (a game's name).
    let word = match rest_of_tag.trim() {
        "" => None,
        w => Some(w.strip_prefix("word ")?.trim()).filter(|id| !id.is_empty()),
    };
    if !rest_of_tag.trim().is_empty() && word.is_none() {
        return None;
    }
    Some((lang, word, rest[end + 1..].trim()))
}

/// Splits doc lines into the English text, translations and words.
pub fn parse(lines: &[String]) -> DocText {
    let mut d = DocText::default();
    for l in lines {
        match tag(l) {
            None => d.english.push(l.clone()),
            Some((lang, None, text)) => d
                .translations
                .entry(lang.to_string())
                .or_default()
                .push(text.to_string()),
            Some((lang, Some(ident), text)) => {
                let mut forms = Vec::new();
                for (i, f) in text.split(';').map(str::trim).enumerate() {
                    if i == 0 {
                        forms.push((String::new(), f.to_string()));
                    } else if let Some((label, value)) = f.split_once(' ') {
                        forms.push((label.to_string(), value.trim().to_string()));
                    }
                }
                d.words.push(Word {
                    lang: lang.to_string(),
                    ident: ident.to_string(),
                    forms,
                });
            }
        }
    }
    d
}

/// The English lines of a doc comment (the lines without a language tag).
pub fn english(lines: &[String]) -> Vec<String> {
    parse(lines).english
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn splits_languages_and_words() {
        let lines: Vec<String> = [
            "Each player's home row (X-1).",
            "[nl] De thuisrij van elke speler (X-1).",
            "[uk word home-row] домашній ряд; loc домашньому ряду; gender m",
            "[see the rules] stays English",
            "[cs word Grand game] Velká hra",
        ]
        .iter()
        .map(|s| s.to_string())
        .collect();
        let d = parse(&lines);
        assert_eq!(
            d.english,
            vec![
                "Each player's home row (X-1).",
                "[see the rules] stays English"
            ]
        );
        assert_eq!(
            d.translations["nl"],
            vec!["De thuisrij van elke speler (X-1)."]
        );
        assert_eq!(d.words.len(), 2);
        assert_eq!(d.words[1].ident, "Grand game");
        assert_eq!(d.words[0].ident, "home-row");
        assert_eq!(
            d.words[0].forms,
            vec![
                (String::new(), "домашній ряд".to_string()),
                ("loc".to_string(), "домашньому ряду".to_string()),
                ("gender".to_string(), "m".to_string())
            ]
        );
    }
}

/// Clause ids cited in a text, with their byte offsets: words like `C-JU-2`, `T-C5`, `NL-3`
/// (an upper-case prefix, dashes, and a last part that ends in a digit).
pub fn clause_ids_at(text: &str) -> Vec<(usize, &str)> {
    let mut out = Vec::new();
    let is_word = |c: char| c.is_ascii_alphanumeric() || c == '-';
    let mut start = None;
    for (i, c) in text
        .char_indices()
        .chain(std::iter::once((text.len(), ' ')))
    {
        match (start, is_word(c)) {
            (None, true) => start = Some(i),
            (Some(s), false) => {
                let w = text[s..i].trim_end_matches('-');
                if is_clause_id(w) {
                    out.push((s, w));
                }
                start = None;
            }
            _ => {}
        }
    }
    out
}

/// Clause ids cited in a text, in order, without repeats.
pub fn clause_ids(text: &str) -> Vec<String> {
    let mut v: Vec<String> = Vec::new();
    for (_, id) in clause_ids_at(text) {
        if !v.iter().any(|x| x == id) {
            v.push(id.to_string());
        }
    }
    v
}

/// Whether a word has the shape of a clause id (`C-JU-2`, `T-C5`, `RU-13`).
pub fn is_clause_id(w: &str) -> bool {
    let parts: Vec<&str> = w.split('-').collect();
    parts.len() >= 2
        && parts.iter().all(|p| {
            !p.is_empty()
                && p.chars()
                    .all(|c| c.is_ascii_uppercase() || c.is_ascii_digit())
        })
        && parts[0].chars().all(|c| c.is_ascii_uppercase())
        && parts
            .last()
            .is_some_and(|p| p.ends_with(|c: char| c.is_ascii_digit()))
}

#[cfg(test)]
mod clause_tests {
    use super::clause_ids;

    #[test]
    fn finds_clause_ids() {
        assert_eq!(
            clause_ids(
                "files A-L, ranks 1-16 (C-BD-1, C-BD-2); T-M1, T-3 and UTF8, F1..G1, C-BD-1."
            ),
            vec!["C-BD-1", "C-BD-2", "T-M1", "T-3"]
        );
    }
}
