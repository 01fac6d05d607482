//! Game records: move-list text such as `1.D6-F8 H11-F9 2.C6-E8-G8 J11-H11 ...`, and PDN
//! game files.
//!
//! Move numbers (`12.`, `12...`), annotation marks (`!`, `?`), comments in braces or from `;`
//! to the end of the line, variations in parentheses, NAGs (`$3`), a SAN `e.p.` and a result
//! (`1-0`, `0-1`, `1/2-1/2`, `2-0`, `0-2`, `1-1`, `*`, and `0-0` as the last word, castling
//! elsewhere) are allowed and skipped. Tag pairs
//! (`[Event "..."]`) before the moves are read as the game's tags; a `FEN` tag gives the
//! position the game starts from.

/// A tag pair `[Name "value"]`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Tag {
    pub name: String,
    pub value: String,
    /// Byte range of the value (inside the quotes).
    pub value_at: std::ops::Range<usize>,
}

/// A record: its tags and its moves.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Record {
    pub tags: Vec<Tag>,
    pub moves: Vec<Token>,
}

impl Record {
    /// The value of a tag, with its range.
    pub fn tag(&self, name: &str) -> Option<&Tag> {
        self.tags.iter().find(|t| t.name == name)
    }
}

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
/// An unclosed comment, variation or tag.
pub fn tokenize(text: &str) -> Result<Vec<Token>, RecordError> {
    parse(text).map(|r| r.moves)
}

/// Reads a record or a PDN game: its tags and its move tokens.
///
/// # Errors
/// An unclosed comment, variation or tag, or a second game.
pub fn parse(text: &str) -> Result<Record, RecordError> {
    let mut rec = Record::default();
    let out = &mut rec.moves;
    let bytes = text.as_bytes();
    let mut i = 0;
    let mut depth = 0usize;
    let mut open_at = Vec::new();
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
        if c == b';' {
            i += text[i..].find('\n').unwrap_or(text.len() - i);
            continue;
        }
        if c == b'(' {
            depth += 1;
            open_at.push(i);
            i += 1;
            continue;
        }
        if c == b')' {
            if depth == 0 {
                return Err(RecordError {
                    message: "`)` closes no variation".into(),
                    at: i,
                });
            }
            depth -= 1;
            open_at.pop();
            i += 1;
            continue;
        }
        if c == b'[' && depth == 0 {
            let Some(j) = text[i..].find(']') else {
                return Err(RecordError {
                    message: "tag `[` is never closed".into(),
                    at: i,
                });
            };
            if !out.is_empty() {
                return Err(RecordError {
                    message: "a second game starts here: a record holds one game".into(),
                    at: i,
                });
            }
            let inner = &text[i + 1..i + j];
            let name: String = inner
                .trim_start()
                .chars()
                .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
                .collect();
            let (Some(q1), Some(q2)) = (inner.find('"'), inner.rfind('"')) else {
                return Err(RecordError {
                    message: "a tag is `[Name \"value\"]`".into(),
                    at: i,
                });
            };
            if name.is_empty() || q2 <= q1 {
                return Err(RecordError {
                    message: "a tag is `[Name \"value\"]`".into(),
                    at: i,
                });
            }
            rec.tags.push(Tag {
                name,
                value: inner[q1 + 1..q2].to_string(),
                value_at: i + 1 + q1 + 1..i + 1 + q2,
            });
            i += j + 1;
            continue;
        }
        if c.is_ascii_whitespace() {
            i += 1;
            continue;
        }
        let start = i;
        while i < bytes.len()
            && !bytes[i].is_ascii_whitespace()
            && !matches!(bytes[i], b'{' | b'(' | b')' | b';')
        {
            i += 1;
        }
        if depth > 0 {
            continue;
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
        if word.is_empty()
            || word.starts_with('$')
            || matches!(
                word,
                "1-0"
                    | "0-1"
                    | "1/2-1/2"
                    | "½-½"
                    | "2-0"
                    | "0-2"
                    | "1-1"
                    | "*"
                    | "e.p."
                    | "..."
                    | "…"
            )
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
    // `0-0` is a result only as the record's last word; elsewhere it is castling (`O-O`).
    if out
        .last()
        .is_some_and(|t| t.text == "0-0" && text[t.end..].trim().is_empty())
    {
        out.pop();
    }
    if let Some(&at) = open_at.first() {
        return Err(RecordError {
            message: "variation `(` is never closed".into(),
            at,
        });
    }
    Ok(rec)
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
    fn pdn_tags_variations_nags_and_results_are_skipped() {
        let text = "[Event \"Test\"]\n[FEN \"W:W31-50:B1-20\"]\n1. 32-28 (1. 33-28 {x} (1. 34-29)) 19-23 $1 ; a comment\n2. 28x19 14x23 2-0\n";
        let r = parse(text).unwrap();
        let texts: Vec<&str> = r.moves.iter().map(|t| t.text.as_str()).collect();
        assert_eq!(texts, vec!["32-28", "19-23", "28x19", "14x23"]);
        assert_eq!(r.tag("Event").unwrap().value, "Test");
        let fen = r.tag("FEN").unwrap();
        assert_eq!(&text[fen.value_at.clone()], "W:W31-50:B1-20");
        assert!(parse("1. 32-28 (19-23").is_err());
        assert!(parse("[Event \"a\"] 1. 32-28 * [Event \"b\"] 1. 33-28").is_err());
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
    /// Why the move is refused, with a hint.
    pub refused: crate::formats::notation::IllegalMove,
}

/// Plays a record's moves from `start`, and returns every position reached (the start first,
/// the final position last). A player whose only legal move is to pass (`turn { blocked
/// pass }`) passes without a `pass` token, as game records of such games leave them out.
///
/// # Errors
/// The first token that names no legal move.
pub fn replay(
    game: &crate::engine::Game,
    start: &crate::engine::Position,
    tokens: &[Token],
) -> Result<Vec<crate::engine::Position>, ReplayError> {
    let mut line = Vec::new();
    let last = replay_each(game, start, tokens, |p| line.push(p.clone()))?;
    line.push(last);
    Ok(line)
}

/// [`replay`] without keeping the line: `each` sees every position before the last, in
/// order, and the last is returned, so that memory does not grow with the record. A claim
/// token (`claim:NAME`, see [`crate::formats::claim`]) must hold where it stands and be the
/// last token; the caller learns of it by [`claimed`].
///
/// # Errors
/// As [`replay`].
pub fn replay_each(
    game: &crate::engine::Game,
    start: &crate::engine::Position,
    tokens: &[Token],
    mut each: impl FnMut(&crate::engine::Position),
) -> Result<crate::engine::Position, ReplayError> {
    replay_moves(game, start, tokens, |p, _| each(p))
}

/// [`replay_each`] with the move played from each position (a pass the record leaves out
/// included), for those that keep the game and not only its positions.
///
/// # Errors
/// As [`replay`].
pub fn replay_moves(
    game: &crate::engine::Game,
    start: &crate::engine::Position,
    tokens: &[Token],
    mut each: impl FnMut(&crate::engine::Position, &crate::engine::Move),
) -> Result<crate::engine::Position, ReplayError> {
    let mut pos = start.clone();
    let mut ply = 1;
    // A claim may read the game's history (`repeated(N)`): only a record with a claim keeps it.
    let mut history: Vec<crate::engine::Position> = Vec::new();
    let keep = tokens
        .iter()
        .any(|t| crate::formats::claim::token(&t.text).is_some());
    let refuse = |t: &Token, ply, pos: &crate::engine::Position, refused| ReplayError {
        token: t.clone(),
        ply,
        player: game.def.players[pos.to_move as usize].clone(),
        refused,
    };
    // One pair of generators for the whole record, not two a move.
    let mut finder = crate::formats::notation::Finder::new(game);
    for (n, t) in tokens.iter().enumerate() {
        if let Some(name) = crate::formats::claim::token(&t.text) {
            // A claim ends the game: it must hold here, and nothing may follow it.
            crate::formats::claim::find(game, &pos, &history, name)
                .map_err(|e| refuse(t, ply, &pos, e))?;
            if let Some(next) = tokens.get(n + 1) {
                let e = crate::formats::notation::IllegalMove {
                    reason: crate::formats::notation::Refused::AfterClaim(next.text.clone()),
                    help: Some("A claim is the last entry of a game record.".into()),
                };
                return Err(refuse(next, ply, &pos, e));
            }
            break;
        }
        loop {
            match finder.find(&pos, &t.text, false) {
                Ok(mv) => {
                    let next = game.play_unchecked(&pos, &mv);
                    each(&pos, &mv);
                    if keep {
                        history.push(pos.clone());
                    }
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
                        each(&pos, only);
                        if keep {
                            history.push(pos.clone());
                        }
                        pos = next;
                        ply += 1;
                        continue;
                    }
                    return Err(refuse(t, ply, &pos, e));
                }
            }
        }
    }
    Ok(pos)
}

/// The claim a record's last token makes (`claim` or `claim:NAME`), if it makes one: the
/// game ended as a draw by that claim ([`replay`] has checked that it holds).
pub fn claimed(tokens: &[Token]) -> Option<Option<&str>> {
    tokens
        .last()
        .and_then(|t| crate::formats::claim::token(&t.text))
}
