//! The lines a player types in `regula play`: on a terminal, a line editor (cursor keys,
//! history with up and down, Tab completing the legal moves and the commands); from a pipe or
//! a file, plain lines, so that scripts and tests drive the game as before.

use std::borrow::Cow;
use std::io::{BufRead, IsTerminal, Write};

use rustyline::completion::{Completer, Pair};
use rustyline::error::ReadlineError;
use rustyline::highlight::Highlighter;
use rustyline::hint::Hinter;
use rustyline::history::DefaultHistory;
use rustyline::validate::Validator;
use rustyline::{CompletionType, Config, Context, Editor, Helper};

/// Most bytes of a line read from a pipe or a file: a move or a command is a short line, and
/// a line is held whole before it is read, so a longer one (an endless stream without a line
/// break) ends the game with an error instead of taking all memory.
pub(super) const MAX_LINE: usize = 64 * 1024;

/// What the player types next.
pub(super) enum Prompt {
    /// A terminal: edited lines with history and completion.
    Editor(Box<Editor<Words, DefaultHistory>>),
    /// Anything else: lines as they come, each at most [`MAX_LINE`] bytes.
    Lines(std::io::StdinLock<'static>),
}

/// A line read, or why there is none.
pub(super) enum Input {
    /// The line, without its line break.
    Line(String),
    /// The end of input (Ctrl-D), or Ctrl-C.
    End,
    /// A line that is not UTF-8 text: refused, and the next one read.
    NotUtf8,
    /// Input that cannot go on: a line longer than [`MAX_LINE`], or a read that failed.
    Broken(String),
}

/// The next line of `r`, at most `max` bytes (a `\r` before the `\n` dropped); `Ok(None)` at
/// the end; `Err(())` for a longer line, of which no more than `max` and a buffer are held.
fn bounded_line(r: &mut impl BufRead, max: usize) -> std::io::Result<Option<Result<Vec<u8>, ()>>> {
    let mut line = Vec::new();
    loop {
        let got = r.fill_buf()?;
        if got.is_empty() {
            return Ok((!line.is_empty()).then_some(Ok(line)));
        }
        let (take, end) = match got.iter().position(|&b| b == b'\n') {
            Some(i) => (i, true),
            None => (got.len(), false),
        };
        line.extend_from_slice(&got[..take]);
        r.consume(if end { take + 1 } else { take });
        if line.len() > max {
            return Ok(Some(Err(())));
        }
        if end {
            if line.last() == Some(&b'\r') {
                line.pop();
            }
            return Ok(Some(Ok(line)));
        }
    }
}

impl Prompt {
    /// The line editor when standard input and output are terminals, plain lines otherwise
    /// (also when the terminal cannot be set up: nothing is lost, only the editing).
    ///
    /// Tab completes as a shell does: the longest text every candidate starts with, then,
    /// on a second Tab, the list of them (`C6-` lists the seven moves from C6, `C6-E` the
    /// canter and every charge that starts with it). Vim's way, one full candidate a Tab,
    /// showed a player typing a long capture only its first stop.
    pub(super) fn new() -> Prompt {
        let config = Config::builder()
            .completion_type(CompletionType::List)
            .build();
        if std::io::stdin().is_terminal()
            && std::io::stdout().is_terminal()
            && let Ok(mut ed) = Editor::<Words, DefaultHistory>::with_config(config)
        {
            ed.set_helper(Some(Words::default()));
            return Prompt::Editor(Box::new(ed));
        }
        Prompt::Lines(std::io::stdin().lock())
    }

    /// The next line, after `prompt`, with `words` (the legal moves and the commands) offered
    /// to Tab.
    pub(super) fn read(&mut self, prompt: &str, words: Vec<String>) -> Input {
        match self {
            Prompt::Editor(ed) => {
                if let Some(h) = ed.helper_mut() {
                    h.words = words;
                }
                match ed.readline(prompt) {
                    Ok(line) => {
                        if !line.trim().is_empty() {
                            // History is a convenience: a refused entry loses nothing.
                            let _ = ed.add_history_entry(line.as_str());
                        }
                        Input::Line(line)
                    }
                    Err(ReadlineError::Eof | ReadlineError::Interrupted) => Input::End,
                    Err(e) => Input::Broken(format!("reading the terminal: {e}")),
                }
            }
            Prompt::Lines(input) => {
                print!("{prompt}");
                std::io::stdout().flush().ok();
                match bounded_line(input, MAX_LINE) {
                    Ok(None) => Input::End,
                    Ok(Some(Ok(bytes))) => match String::from_utf8(bytes) {
                        Ok(line) => Input::Line(line),
                        Err(_) => Input::NotUtf8,
                    },
                    Ok(Some(Err(()))) => Input::Broken(format!(
                        "standard input: a line longer than {MAX_LINE} bytes (a move or a \
                         command is one short line)"
                    )),
                    Err(e) => Input::Broken(format!("reading standard input: {e}")),
                }
            }
        }
    }
}

/// Tab's candidates: the words offered at this prompt.
#[derive(Debug, Default)]
pub(super) struct Words {
    words: Vec<String>,
}

impl Words {
    /// The words starting with the text between the line's last space and `pos`, and where
    /// that text starts.
    fn candidates(&self, line: &str, pos: usize) -> (usize, Vec<String>) {
        let start = line[..pos].rfind(' ').map_or(0, |i| i + 1);
        let typed = &line[start..pos];
        let found = self
            .words
            .iter()
            .filter(|w| w.starts_with(typed))
            .cloned()
            .collect();
        (start, found)
    }
}

impl Completer for Words {
    type Candidate = Pair;
    fn complete(
        &self,
        line: &str,
        pos: usize,
        _: &Context<'_>,
    ) -> rustyline::Result<(usize, Vec<Pair>)> {
        let (start, found) = self.candidates(line, pos);
        Ok((
            start,
            found
                .into_iter()
                .map(|w| Pair {
                    display: w.clone(),
                    replacement: w,
                })
                .collect(),
        ))
    }
}

impl Hinter for Words {
    type Hint = String;
}

impl Highlighter for Words {
    fn highlight<'l>(&self, line: &'l str, _: usize) -> Cow<'l, str> {
        Cow::Borrowed(line)
    }
}

impl Validator for Words {}

impl Helper for Words {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tab_offers_the_words_that_start_with_what_was_typed() {
        let w = Words {
            words: ["d6-c5", "d6-e5", "b6-a5", "moves", "undo"]
                .map(String::from)
                .to_vec(),
        };
        assert_eq!(
            w.candidates("d6", 2),
            (0, vec!["d6-c5".to_string(), "d6-e5".into()])
        );
        assert_eq!(w.candidates("u", 1), (0, vec!["undo".to_string()]));
        assert_eq!(w.candidates("x d6-e", 6), (2, vec!["d6-e5".to_string()]));
        assert_eq!(w.candidates("zz", 2).1, Vec::<String>::new());
    }
}
