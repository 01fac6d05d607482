//! Game records: move-list text such as `1.D6-F8 H11-F9 2.C6-E8-G8 J11-H11 ...`.
//!
//! Move numbers (`12.`, `12...`), annotation marks (`!`, `?`), comments in braces and a
//! final result (`1-0`, `0-1`, `1/2-1/2`, `*`) are allowed and skipped.

/// One move token with its byte range in the record.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Token {
    /// The move text without annotation marks.
    pub text: String,
    /// Byte range in the record.
    pub start: usize,
    /// One past the last byte.
    pub end: usize,
}

/// A record that cannot be read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RecordError {
    /// What is wrong.
    pub message: String,
    /// Byte offset.
    pub at: usize,
}

/// Splits a record into move tokens.
///
/// # Errors
/// An unclosed comment.
pub fn tokenize(text: &str) -> Result<Vec<Token>, RecordError> {
    let mut out = Vec::new();
    let bytes = text.as_bytes();
    let mut i = 0;
    while i < bytes.len() {
        let c = bytes[i];
        if c == b'{' {
            match text[i..].find('}') {
                Some(j) => {
                    i += j + 1;
                    continue;
                }
                None => {
                    return Err(RecordError {
                        message: "comment `{` is never closed".into(),
                        at: i,
                    });
                }
            }
        }
        if c.is_ascii_whitespace() {
            i += 1;
            continue;
        }
        let start = i;
        while i < bytes.len() && !bytes[i].is_ascii_whitespace() && bytes[i] != b'{' {
            i += 1;
        }
        let mut word = &text[start..i];
        let mut wstart = start;
        // Strip a move number: digits followed by dots.
        let digits = word.bytes().take_while(u8::is_ascii_digit).count();
        if digits > 0 && word[digits..].starts_with('.') {
            let dots = word[digits..].bytes().take_while(|&b| b == b'.').count();
            wstart += digits + dots;
            word = &word[digits + dots..];
        }
        if word.is_empty() || matches!(word, "1-0" | "0-1" | "1/2-1/2" | "½-½" | "*" | "..." | "…")
        {
            continue;
        }
        let trimmed = word.trim_end_matches(['!', '?']);
        if trimmed.is_empty() {
            continue;
        }
        out.push(Token {
            text: trimmed.to_string(),
            start: wstart,
            end: wstart + trimmed.len(),
        });
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_marks_comments_and_results_are_skipped() {
        let t = tokenize("1.D6-F8 H11-F9 {a comment} 2.C6-E8-G8! 2...J11-H11?! 1/2-1/2").unwrap();
        let texts: Vec<&str> = t.iter().map(|t| t.text.as_str()).collect();
        assert_eq!(texts, vec!["D6-F8", "H11-F9", "C6-E8-G8", "J11-H11"]);
        assert_eq!(&"1.D6-F8"[t[0].start..t[0].end], "D6-F8");
    }

    #[test]
    fn an_unclosed_comment_is_an_error() {
        assert!(tokenize("1.D6-F8 {oops").is_err());
    }
}

/// A record move that cannot be played.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ReplayError {
    /// The offending token.
    pub token: Token,
    /// Its ply number (1-based, passes included).
    pub ply: usize,
    /// The player to move there.
    pub player: String,
    /// Why the move is refused.
    pub message: String,
    /// A hint from the explanation.
    pub help: Option<String>,
}

/// Plays a record's moves from `start`, and returns every position reached (the start first,
/// the final position last). A player whose only legal move is to pass (`turn { blocked
/// pass }`) passes without a `pass` token, as game records of such games leave them out.
///
/// # Errors
/// The first token that names no legal move.
pub fn replay(
    game: &crate::Game,
    start: &crate::Position,
    tokens: &[Token],
) -> Result<Vec<crate::Position>, ReplayError> {
    let mut line = Vec::new();
    let last = replay_each(game, start, tokens, |p| line.push(p.clone()))?;
    line.push(last);
    Ok(line)
}

/// [`replay`] without keeping the line: `each` sees every position before the last, in
/// order, and the last is returned, so that memory does not grow with the record.
///
/// # Errors
/// As [`replay`].
pub fn replay_each(
    game: &crate::Game,
    start: &crate::Position,
    tokens: &[Token],
    mut each: impl FnMut(&crate::Position),
) -> Result<crate::Position, ReplayError> {
    let mut pos = start.clone();
    let mut ply = 1;
    for t in tokens {
        loop {
            match crate::notation::find(game, &pos, &t.text, false) {
                Ok(mv) => {
                    let next = game.play_unchecked(&pos, &mv);
                    each(&pos);
                    pos = next;
                    ply += 1;
                    break;
                }
                Err(e) => {
                    let legal = game.legal_moves(&pos);
                    if let [only] = legal.as_slice()
                        && only.is_pass()
                    {
                        let next = game.play_unchecked(&pos, only);
                        each(&pos);
                        pos = next;
                        ply += 1;
                        continue;
                    }
                    return Err(ReplayError {
                        token: t.clone(),
                        ply,
                        player: game.def.players[pos.to_move as usize].clone(),
                        message: e.message,
                        help: e.help,
                    });
                }
            }
        }
    }
    Ok(pos)
}
