//! Finding the place in a text that a problem is about, for inputs whose parsers do not say:
//! a YAML error's location, the first meaningful line, a token by whole-word search.

use miette::SourceSpan;

/// Where a YAML error is: its location, or (for errors the parser does not place, such as
/// "more than one document") a line starting `---`, or the first line.
pub fn yaml_error_span(text: &str, e: &serde_yaml::Error) -> Option<SourceSpan> {
    e.location()
        .map(|l| (l.index().min(text.len()), 1).into())
        .or_else(|| {
            let mut at = 0;
            for line in text.split_inclusive('\n') {
                if at > 0 && line.starts_with("---") {
                    return Some((at, 3).into());
                }
                at += line.len();
            }
            None
        })
        .or_else(|| first_line(text))
}

/// For serde's "unknown field `inclde`, expected one of `a`, `b`": the span of the key in
/// the text (from the error's location) and "did you mean `includes`?" among the keys the
/// message lists. `None` for any other error.
pub fn yaml_unknown_key(text: &str, e: &serde_yaml::Error) -> Option<(SourceSpan, Option<String>)> {
    let msg = e.to_string();
    let rest = msg
        .split_once("unknown field `")
        .or_else(|| msg.split_once("unknown variant `"))?
        .1;
    let (key, expected) = rest.split_once('`')?;
    let candidates: Vec<&str> = expected.split('`').skip(1).step_by(2).collect();
    let at = e.location().map_or(0, |l| l.index().min(text.len()));
    let span = text[at..]
        .find(key)
        .filter(|&d| !text[at..at + d].contains('\n'))
        .map_or_else(|| (at, 1).into(), |d| (at + d, key.len()).into());
    Some((span, crate::base::suggest::suggest(key, candidates)))
}

/// The first line that is neither blank nor a comment (or else the start), to locate a
/// problem that has no place of its own.
pub fn first_line(text: &str) -> Option<SourceSpan> {
    let mut at = 0;
    for line in text.split_inclusive('\n') {
        let t = line.trim_end();
        if !t.trim().is_empty() && !t.trim_start().starts_with('#') {
            return Some((at, t.len()).into());
        }
        at += line.len();
    }
    Some((0, 0).into())
}

/// The span of the first whole-word occurrence of `token` in a text.
pub fn find_token(text: &str, token: &str) -> Option<SourceSpan> {
    if token.is_empty() {
        return None;
    }
    let mut from = 0;
    while let Some(i) = text[from..].find(token) {
        let s = from + i;
        let e = s + token.len();
        let before = text[..s]
            .chars()
            .next_back()
            .is_none_or(|c| !c.is_alphanumeric());
        let after = text[e..]
            .chars()
            .next()
            .is_none_or(|c| !c.is_alphanumeric());
        if before && after {
            return Some((s, token.len()).into());
        }
        from = e;
    }
    None
}
