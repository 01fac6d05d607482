//! The language server's transport: JSON-RPC messages framed by `Content-Length` headers on
//! a byte stream, read with bounded header lines and a bounded body, so that no header, no
//! announced length and no malformed message can take the server's memory or end it. A
//! frame that cannot be read is an error the server answers; only the end of the stream
//! ends the reading.

use std::io::{self, BufRead, Read, Write};

use thiserror::Error;

/// The longest header line, in bytes (real ones are about 30).
pub const MAX_HEADER_LINE: usize = 4096;
/// The most header lines of one message (real ones have one or two).
pub const MAX_HEADERS: usize = 32;
/// The largest message body, as for input files.
pub const MAX_BODY: u64 = crate::base::source::MAX_FILE_BYTES;

/// Why a frame was not read.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum FrameError {
    /// A header line past [`MAX_HEADER_LINE`] (the rest of it is skipped).
    #[error("a header line is longer than {MAX_HEADER_LINE} bytes")]
    LongLine,
    /// More than [`MAX_HEADERS`] lines before the blank line.
    #[error("more than {MAX_HEADERS} header lines")]
    TooManyHeaders,
    /// A line that is not `Name: value`, or not text.
    #[error("a header line is not `Name: value`")]
    BadHeader,
    /// The headers end without a `Content-Length`.
    #[error("the message has no Content-Length header")]
    NoLength,
    /// A `Content-Length` that is not a length (negative, not a number).
    #[error("Content-Length `{0}` is not a length")]
    BadLength(String),
    /// A body larger than [`MAX_BODY`]; it is skipped unread.
    #[error("a message of {0} bytes is larger than the limit of {MAX_BODY} bytes (16 MiB)")]
    TooLarge(u64),
}

/// What one read gave.
#[derive(Debug, PartialEq, Eq)]
pub enum Frame {
    /// A message body (not yet checked to be JSON).
    Body(Vec<u8>),
    /// A frame that could not be read; the stream goes on after it.
    Bad(FrameError),
    /// The stream ended (possibly inside a message).
    End,
}

/// Reads frames from a byte stream.
pub struct Reader<R> {
    inner: R,
    /// Bytes of a refused body still to be skipped before the next frame.
    skip: u64,
}

enum Line {
    Text(Vec<u8>),
    Long,
    End,
}

impl<R: BufRead> Reader<R> {
    /// A reader of the stream.
    pub fn new(inner: R) -> Reader<R> {
        Reader { inner, skip: 0 }
    }

    /// One line, without its end; longer than [`MAX_HEADER_LINE`]: skipped to its end and
    /// reported, never stored whole.
    fn line(&mut self) -> io::Result<Line> {
        let mut out = Vec::new();
        let mut long = false;
        loop {
            let buf = self.inner.fill_buf()?;
            if buf.is_empty() {
                return Ok(if out.is_empty() && !long {
                    Line::End
                } else if long {
                    Line::Long
                } else {
                    Line::Text(out)
                });
            }
            let (chunk, done) = match buf.iter().position(|&b| b == b'\n') {
                Some(i) => (&buf[..i], Some(i + 1)),
                None => (buf, None),
            };
            if !long {
                if out.len() + chunk.len() > MAX_HEADER_LINE {
                    long = true;
                    out.clear();
                } else {
                    out.extend_from_slice(chunk);
                }
            }
            let used = done.unwrap_or(buf.len());
            self.inner.consume(used);
            if done.is_some() {
                if long {
                    return Ok(Line::Long);
                }
                if out.last() == Some(&b'\r') {
                    out.pop();
                }
                return Ok(Line::Text(out));
            }
        }
    }

    /// The next frame.
    ///
    /// # Errors
    /// Reading the stream failed.
    pub fn next_frame(&mut self) -> io::Result<Frame> {
        if self.skip > 0 {
            let n = self.skip;
            self.skip = 0;
            let skipped = io::copy(&mut (&mut self.inner).take(n), &mut io::sink())?;
            if skipped < n {
                return Ok(Frame::End);
            }
        }
        let mut length: Option<Result<u64, FrameError>> = None;
        let mut bad: Option<FrameError> = None;
        let mut lines = 0;
        loop {
            let text = match self.line()? {
                Line::End => return Ok(Frame::End),
                Line::Long => {
                    bad.get_or_insert(FrameError::LongLine);
                    continue;
                }
                Line::Text(t) => t,
            };
            if text.is_empty() {
                if lines == 0 && bad.is_none() {
                    // Blank lines between messages.
                    continue;
                }
                break;
            }
            lines += 1;
            if lines > MAX_HEADERS {
                bad.get_or_insert(FrameError::TooManyHeaders);
                continue;
            }
            let Some((name, value)) = std::str::from_utf8(&text)
                .ok()
                .and_then(|t| t.split_once(':'))
            else {
                bad.get_or_insert(FrameError::BadHeader);
                continue;
            };
            if name.trim().eq_ignore_ascii_case("content-length") {
                let v = value.trim();
                length = Some(match v.parse::<u64>() {
                    Ok(n) if n > MAX_BODY => Err(FrameError::TooLarge(n)),
                    Ok(n) => Ok(n),
                    Err(_) => Err(FrameError::BadLength(v.chars().take(40).collect())),
                });
            }
        }
        if let Some(e) = bad {
            return Ok(Frame::Bad(e));
        }
        let n = match length {
            None => return Ok(Frame::Bad(FrameError::NoLength)),
            Some(Err(FrameError::TooLarge(n))) => {
                self.skip = n;
                return Ok(Frame::Bad(FrameError::TooLarge(n)));
            }
            Some(Err(e)) => return Ok(Frame::Bad(e)),
            Some(Ok(n)) => n,
        };
        let mut body = Vec::new();
        (&mut self.inner).take(n).read_to_end(&mut body)?;
        if (body.len() as u64) < n {
            return Ok(Frame::End);
        }
        Ok(Frame::Body(body))
    }
}

/// Writes one message, framed.
///
/// # Errors
/// Writing failed.
pub fn write(w: &mut impl Write, msg: &serde_json::Value) -> io::Result<()> {
    let body = msg.to_string();
    write!(w, "Content-Length: {}\r\n\r\n{body}", body.len())?;
    w.flush()
}

/// The JSON-RPC error codes the server answers with.
pub mod code {
    /// Not JSON, or not a readable frame.
    pub const PARSE_ERROR: i32 = -32700;
    /// JSON, but not a request or notification, or a request in the wrong state.
    pub const INVALID_REQUEST: i32 = -32600;
    /// A method the server does not have.
    pub const METHOD_NOT_FOUND: i32 = -32601;
    /// A request before the server was initialized.
    pub const SERVER_NOT_INITIALIZED: i32 = -32002;
    /// The server failed while answering (a handler panicked).
    pub const INTERNAL_ERROR: i32 = -32603;
}

/// An error response (`id` null when the request's id is unknown).
pub fn error(id: serde_json::Value, code: i32, message: impl Into<String>) -> serde_json::Value {
    serde_json::json!({
        "jsonrpc": "2.0",
        "id": id,
        "error": { "code": code, "message": message.into() },
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn frames(input: &[u8]) -> Vec<Frame> {
        let mut r = Reader::new(input);
        let mut out = Vec::new();
        loop {
            let f = r.next_frame().unwrap();
            let end = f == Frame::End;
            out.push(f);
            if end {
                return out;
            }
        }
    }

    #[test]
    fn frames_good_and_bad() {
        let big = format!("Content-Length: {}\r\n\r\n", MAX_BODY + 1);
        let mut input = Vec::new();
        input.extend_from_slice(b"Content-Length: 2\r\n\r\n{}");
        input.extend_from_slice(b"Content-Length: -5\r\n\r\n");
        input.extend_from_slice(b"garbage\r\n\r\n");
        input.extend_from_slice(b"X-Other: 1\r\n\r\n");
        input.extend_from_slice(&vec![b'a'; MAX_HEADER_LINE * 3]);
        input.extend_from_slice(b"\r\n\r\n");
        input.extend_from_slice(b"content-length: 1\r\n\r\n[");
        input.extend_from_slice(big.as_bytes());
        assert_eq!(
            frames(&input),
            vec![
                Frame::Body(b"{}".to_vec()),
                Frame::Bad(FrameError::BadLength("-5".into())),
                Frame::Bad(FrameError::BadHeader),
                Frame::Bad(FrameError::NoLength),
                Frame::Bad(FrameError::LongLine),
                Frame::Body(b"[".to_vec()),
                Frame::Bad(FrameError::TooLarge(MAX_BODY + 1)),
                Frame::End,
            ]
        );
        // A body shorter than announced: the stream ended inside it.
        assert_eq!(frames(b"Content-Length: 10\r\n\r\n{}"), vec![Frame::End]);
    }
}
