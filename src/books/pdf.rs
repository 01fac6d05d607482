//! The book as PDF: the HTML book printed by headless Chromium (`--print-to-pdf`).
//!
//! The HTML page already carries the print styles (A4, margins, figures kept whole and sized
//! for the page, headings kept with what follows), so a browser's print engine is the
//! typesetter: what a federation sees when it prints the HTML book is exactly what the PDF
//! holds, and no second layout engine has to be kept in step with the first. Chromium is a
//! program found on the machine, not a dependency: without one `regula doc --format pdf`
//! says what to install, and every other format works as before.
//!
//! Chromium runs in a fresh temporary folder (the page, the PDF and its own profile, so no
//! user profile is read or changed), in its own process group, and is killed with its
//! helpers after a time limit, so a browser that hangs never hangs `regula doc`.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use miette::Diagnostic;
use thiserror::Error;

/// The variable that names the Chromium binary to print with, before any other is looked for.
pub const CHROMIUM_VAR: &str = "REGULA_CHROMIUM";

/// How long Chromium may take to print a book before it is stopped: a large book prints in a
/// few seconds, so this only ever ends a browser that hangs.
pub const DEFAULT_TIMEOUT: Duration = Duration::from_secs(120);

/// The names Chromium goes by on `PATH`, in the order they are tried.
const NAMES: [&str; 4] = [
    "chromium",
    "chromium-browser",
    "google-chrome",
    "google-chrome-stable",
];

/// Why a PDF could not be printed.
#[derive(Debug, Error, Diagnostic)]
pub enum PdfError {
    /// No browser binary found where one is looked for.
    #[error("`--format pdf` needs Chromium, and none was found (looked for {looked})")]
    #[diagnostic(
        code(regula::doc_pdf_no_browser),
        help(
            "The PDF is the HTML book printed by headless Chromium. Install it (Debian, Ubuntu: \
             `apt-get install chromium`; Fedora: `dnf install chromium`; macOS: install Google \
             Chrome), or name its binary: REGULA_CHROMIUM=/path/to/chromium. Without one, \
             `--format html` writes the page to print from any browser."
        )
    )]
    NoBrowser {
        /// Where it was looked for.
        looked: String,
    },
    /// `REGULA_CHROMIUM` names no file.
    #[error("{CHROMIUM_VAR}={} names no file", .0.display())]
    #[diagnostic(
        code(regula::doc_pdf_no_browser),
        help(
            "Set REGULA_CHROMIUM to the Chromium (or Chrome) binary, or unset it to use the one on PATH \
             (Debian: `apt-get install chromium`)."
        )
    )]
    NamedBrowserMissing(PathBuf),
    /// Chromium did not finish within the time limit; it was killed.
    #[error("{} did not finish printing within {} s and was stopped", .browser.display(), .limit.as_secs())]
    #[diagnostic(
        code(regula::doc_pdf_timeout),
        help(
            "A book prints in seconds: a browser that takes longer is stuck (a locked profile, a \
             missing display library). Try `{} --headless --print-to-pdf=out.pdf BOOK.html` by \
             hand, or allow more time with --pdf-timeout.",
            .browser.display()
        )
    )]
    Timeout {
        /// The browser.
        browser: PathBuf,
        /// The limit.
        limit: Duration,
    },
    /// Chromium ended without writing a PDF.
    #[error("{} did not print the PDF ({status}){}", .browser.display(), tail(.stderr))]
    #[diagnostic(
        code(regula::doc_pdf_failed),
        help("Check that the browser runs headless: `{} --headless --version`.", .browser.display())
    )]
    Failed {
        /// The browser.
        browser: PathBuf,
        /// How it ended.
        status: String,
        /// What it said on standard error.
        stderr: String,
    },
    /// The browser could not be started, or the temporary folder used.
    #[error("{what}: {error}")]
    #[diagnostic(code(regula::io))]
    Io {
        /// What was being done.
        what: String,
        /// Why it failed.
        error: std::io::Error,
    },
}

/// The last lines of a browser's error output worth showing: Chromium logs much about D-Bus and
/// the GPU on a headless machine, which says nothing about why the print failed.
fn tail(stderr: &str) -> String {
    let lines: Vec<&str> = stderr
        .lines()
        .filter(|l| !l.trim().is_empty() && !l.contains("dbus") && !l.contains("bus.cc"))
        .collect();
    let last = &lines[lines.len().saturating_sub(4)..];
    if last.is_empty() {
        String::new()
    } else {
        format!(": {}", last.join(" | "))
    }
}

/// The Chromium to print with: `REGULA_CHROMIUM` when set, else `/usr/bin/chromium` (Debian's
/// package, as the project's browser tests use), else the first of `chromium`,
/// `chromium-browser`, `google-chrome` and `google-chrome-stable` on `PATH`.
///
/// # Errors
/// The variable names no file, or no browser is found.
pub fn find_chromium() -> Result<PathBuf, PdfError> {
    find(
        std::env::var_os(CHROMIUM_VAR),
        Path::new("/usr/bin/chromium"),
        std::env::var_os("PATH"),
    )
}

/// [`find_chromium`] with its inputs given, so that a test can ask it on a machine that has
/// a browser what a machine without one is told.
fn find(
    named: Option<std::ffi::OsString>,
    debian: &Path,
    path: Option<std::ffi::OsString>,
) -> Result<PathBuf, PdfError> {
    if let Some(named) = named.filter(|v| !v.is_empty()) {
        let p = PathBuf::from(named);
        return if p.is_file() {
            Ok(p)
        } else {
            Err(PdfError::NamedBrowserMissing(p))
        };
    }
    if debian.is_file() {
        return Ok(debian.to_path_buf());
    }
    let path = path.unwrap_or_default();
    for name in NAMES {
        for dir in std::env::split_paths(&path) {
            let p = dir.join(name);
            if p.is_file() {
                return Ok(p);
            }
        }
    }
    Err(PdfError::NoBrowser {
        looked: format!(
            "{CHROMIUM_VAR}, {} and {} on PATH",
            debian.display(),
            NAMES.join(", ")
        ),
    })
}

/// A temporary folder of our own, removed when dropped (with Chromium's profile in it).
struct TempDir(PathBuf);

impl TempDir {
    fn new() -> std::io::Result<TempDir> {
        let nanos = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.subsec_nanos());
        let p = std::env::temp_dir().join(format!("regula-pdf-{}-{nanos}", std::process::id()));
        // `create_dir`, not `create_dir_all`: a folder that is already there is not ours.
        std::fs::create_dir(&p)?;
        Ok(TempDir(p))
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// A `file://` URL for an absolute path, with every byte outside the unreserved set and `/`
/// percent-encoded (a temporary folder may hold spaces or non-ASCII names).
fn file_url(path: &Path) -> String {
    let mut url = String::from("file://");
    for b in path.to_string_lossy().bytes() {
        if b.is_ascii_alphanumeric() || b"/-._~".contains(&b) {
            url.push(b as char);
        } else {
            url.push_str(&format!("%{b:02X}"));
        }
    }
    url
}

/// Prints an HTML page to PDF with `browser`, stopping it after `limit`; the PDF's bytes.
///
/// # Errors
/// The browser cannot be started, takes longer than `limit`, or writes no PDF.
pub fn print(html: &str, browser: &Path, limit: Duration) -> Result<Vec<u8>, PdfError> {
    let io = |what: &str| {
        let what = what.to_string();
        move |error| PdfError::Io { what, error }
    };
    let dir = TempDir::new().map_err(io("cannot create a temporary folder"))?;
    let page = dir.0.join("book.html");
    let pdf = dir.0.join("book.pdf");
    let log = dir.0.join("chromium.log");
    std::fs::write(&page, html).map_err(io("cannot write the page to print"))?;
    let stderr = std::fs::File::create(&log).map_err(io("cannot create the browser's log"))?;
    let mut cmd = Command::new(browser);
    cmd.args([
        "--headless",
        // Root in a container has no usable sandbox; the page is our own, with no scripts.
        "--no-sandbox",
        "--disable-gpu",
        "--no-first-run",
        "--no-default-browser-check",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--disable-extensions",
        "--no-pdf-header-footer",
    ])
    .arg(format!(
        "--user-data-dir={}",
        dir.0.join("profile").display()
    ))
    .arg(format!("--print-to-pdf={}", pdf.display()))
    .arg(file_url(&page))
    .stdin(Stdio::null())
    .stdout(Stdio::null())
    .stderr(stderr);
    #[cfg(unix)]
    std::os::unix::process::CommandExt::process_group(&mut cmd, 0);
    let mut child = cmd
        .spawn()
        .map_err(io(&format!("cannot start {}", browser.display())))?;
    let start = Instant::now();
    let status = loop {
        match child.try_wait() {
            Ok(Some(status)) => break status,
            Ok(None) if start.elapsed() >= limit => {
                kill_group(&mut child);
                return Err(PdfError::Timeout {
                    browser: browser.to_path_buf(),
                    limit,
                });
            }
            Ok(None) => std::thread::sleep(Duration::from_millis(50)),
            Err(e) => {
                kill_group(&mut child);
                return Err(io("cannot wait for the browser")(e));
            }
        }
    };
    match std::fs::read(&pdf) {
        Ok(bytes) if bytes.starts_with(b"%PDF-") => Ok(bytes),
        _ => Err(PdfError::Failed {
            browser: browser.to_path_buf(),
            status: status.to_string(),
            stderr: std::fs::read_to_string(&log).unwrap_or_default(),
        }),
    }
}

/// Prints a book's HTML page to PDF with the page of each article in its contents: printed
/// once to learn on which page each heading falls (the PDF's named destinations, one per
/// heading a contents entry links to), then again with those numbers written into the
/// contents (the first print reserves their room, so the pages do not move; a third print
/// follows in the rare case they did).
///
/// # Errors
/// As [`print`].
pub fn print_paged(html: &str, browser: &Path, limit: Duration) -> Result<Vec<u8>, PdfError> {
    if !html.contains("<nav class=\"contents\">") {
        return print(html, browser, limit);
    }
    let mut pages = std::collections::HashMap::new();
    let mut bytes = print(&number_contents(html, &pages), browser, limit)?;
    for _ in 0..2 {
        let found: std::collections::HashMap<String, usize> =
            destinations(&bytes).into_iter().collect();
        if found == pages {
            break;
        }
        pages = found;
        bytes = print(&number_contents(html, &pages), browser, limit)?;
    }
    Ok(bytes)
}

/// The page of each contents entry of an HTML book, written after its title (with a dotted
/// leader between them); an entry whose page is not known yet gets a placeholder of the same
/// width.
pub fn number_contents(html: &str, pages: &std::collections::HashMap<String, usize>) -> String {
    let (Some(start), Some(len)) = (
        html.find("<nav class=\"contents\">"),
        html.find("<nav class=\"contents\">")
            .and_then(|s| html[s..].find("</nav>")),
    ) else {
        return html.to_string();
    };
    let nav = &html[start..start + len];
    let mut out = String::new();
    let mut rest = nav;
    while let Some(i) = rest.find("<li><a href=\"#") {
        out.push_str(&rest[..i]);
        let item = &rest[i..];
        let id_start = "<li><a href=\"#".len();
        let Some(id_len) = item[id_start..].find('"') else {
            break;
        };
        let id = &item[id_start..id_start + id_len];
        let Some(end) = item.find("</a></li>") else {
            break;
        };
        let page = pages
            .get(id)
            .map_or_else(|| "00".to_string(), usize::to_string);
        out.push_str(&item[..end]);
        out.push_str(&format!(
            "<span class=\"leader\"></span><span class=\"pageno\">{page}</span>"
        ));
        rest = &item[end..];
    }
    out.push_str(rest);
    format!("{}{out}{}", &html[..start], &html[start + len..])
}

/// The page (from 1) of each named destination of a PDF as Chromium writes it: the `/Dests`
/// dictionary of its catalogue (a name, then `[page 0 R /XYZ ...]`), the pages numbered in the
/// order of the page tree. For the contents' page numbers and tests; not a PDF parser.
pub fn destinations(pdf: &[u8]) -> Vec<(String, usize)> {
    let objects = objects(pdf);
    let text = |n: u32| {
        objects
            .get(&n)
            .map(|b| String::from_utf8_lossy(b).into_owned())
    };
    // The page tree, from its root (the `/Pages` node without a parent).
    let root = objects.iter().find_map(|(&n, body)| {
        let b = String::from_utf8_lossy(body);
        (b.contains("/Type /Pages") && !b.contains("/Parent")).then_some(n)
    });
    let mut order = Vec::new();
    let mut stack = root.into_iter().collect::<Vec<_>>();
    while let Some(n) = stack.pop() {
        let Some(b) = text(n) else { continue };
        if b.contains("/Type /Pages") {
            let kids = b
                .split("/Kids")
                .nth(1)
                .and_then(|k| k.split('[').nth(1))
                .and_then(|k| k.split(']').next())
                .map(refs)
                .unwrap_or_default();
            stack.extend(kids.into_iter().rev());
        } else {
            order.push(n);
        }
    }
    let Some(dests) = objects.values().find_map(|body| {
        let b = String::from_utf8_lossy(body);
        b.split("/Dests")
            .nth(1)
            .and_then(|d| refs(d).first().copied())
    }) else {
        return Vec::new();
    };
    let Some(d) = text(dests) else {
        return Vec::new();
    };
    let mut out = Vec::new();
    for entry in d.split('/').skip(1) {
        let Some((name, rest)) = entry.split_once(' ') else {
            continue;
        };
        let Some(target) = rest.trim_start().strip_prefix('[') else {
            continue;
        };
        if let Some(page) = refs(target).first()
            && let Some(i) = order.iter().position(|p| p == page)
        {
            out.push((pdf_name(name.trim_end_matches(['[', ' '])), i + 1));
        }
    }
    out
}

/// The object numbers of the references (`12 0 R`) at the start of a text, in order.
fn refs(t: &str) -> Vec<u32> {
    let words: Vec<&str> = t.split_whitespace().collect();
    let mut out = Vec::new();
    let mut i = 0;
    while i + 2 < words.len() {
        match (words[i].parse::<u32>(), words[i + 1], words[i + 2]) {
            (Ok(n), "0", r) if r.starts_with('R') => {
                out.push(n);
                i += 3;
            }
            _ => break,
        }
    }
    out
}

/// A PDF name with its `#xx` escapes decoded.
fn pdf_name(t: &str) -> String {
    let b = t.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while i < b.len() {
        if b[i] == b'#'
            && i + 2 < b.len()
            && let Ok(v) = u8::from_str_radix(&t[i + 1..i + 3], 16)
        {
            out.push(v);
            i += 3;
        } else {
            out.push(b[i]);
            i += 1;
        }
    }
    String::from_utf8_lossy(&out).into_owned()
}

/// The dictionaries of a PDF's objects (`N 0 obj <<...>>`, up to their stream or end), by
/// number; objects that are no dictionary are left out.
fn objects(pdf: &[u8]) -> std::collections::BTreeMap<u32, &[u8]> {
    let mut out = std::collections::BTreeMap::new();
    let key = b" 0 obj";
    let mut i = 0;
    while let Some(at) = pdf[i..].windows(key.len()).position(|w| w == key) {
        let at = i + at;
        i = at + key.len();
        let mut s = at;
        while s > 0 && pdf[s - 1].is_ascii_digit() {
            s -= 1;
        }
        if s == at || (s > 0 && pdf[s - 1] != b'\n' && pdf[s - 1] != b'\r') {
            continue;
        }
        let Ok(n) = std::str::from_utf8(&pdf[s..at])
            .unwrap_or("x")
            .parse::<u32>()
        else {
            continue;
        };
        let body = &pdf[i..];
        let body = body.trim_ascii_start();
        if !body.starts_with(b"<<") {
            continue;
        }
        let end = ["stream", "endobj"]
            .iter()
            .filter_map(|k| body.windows(k.len()).position(|w| w == k.as_bytes()))
            .min()
            .unwrap_or(body.len());
        out.insert(n, &body[..end]);
    }
    out
}

/// Kills the browser and every process of its group (its helpers), then reaps it. The group
/// is the browser's own (`process_group(0)`) and the browser is not yet reaped, so its id
/// names no other group; `kill(1)` does it, as this crate has no unsafe code for `kill(2)`.
fn kill_group(child: &mut std::process::Child) {
    #[cfg(unix)]
    let _ = Command::new("kill")
        .args(["-KILL", "--", &format!("-{}", child.id())])
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status();
    let _ = child.kill();
    let _ = child.wait();
}

/// The number of pages of a PDF as Chromium writes it: its `/Type /Page` objects (not the
/// `/Type /Pages` tree nodes). For tests and reports, not a PDF parser.
pub fn page_count(pdf: &[u8]) -> usize {
    let key = b"/Type /Page";
    pdf.windows(key.len() + 1)
        .filter(|w| w.starts_with(key) && !w[key.len()].is_ascii_alphanumeric())
        .count()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn named_destinations_give_their_pages_in_page_tree_order() {
        let pdf = b"%PDF-1.4\n1 0 obj\n<</Type /Catalog /Pages 2 0 R /Dests 9 0 R>>\nendobj\n2 0 obj\n<</Type /Pages /Count 3 /Kids [5 0 R 3 0 R 4 0 R]>>\nendobj\n3 0 obj\n<</Type /Page /Parent 2 0 R>>\nendobj\n4 0 obj\n<</Type /Page /Parent 2 0 R>>\nendobj\n5 0 obj\n<</Type /Page /Parent 2 0 R>>\nstream\nx 0 obj\nendstream\nendobj\n9 0 obj\n<</game [5 0 R /XYZ 0 514.9 0]\n/move-man#2Dx [4 0 R /XYZ 0 432.4 0]\n/end [3 0 R /XYZ 0 1 0]>>\nendobj\n";
        let mut d = destinations(pdf);
        d.sort();
        assert_eq!(
            d,
            [
                ("end".to_string(), 2),
                ("game".to_string(), 1),
                ("move-man-x".to_string(), 3)
            ]
        );
    }

    #[test]
    fn the_contents_get_their_page_numbers() {
        let html = "<p>x</p><nav class=\"contents\">\n<ol>\n<li><a href=\"#game\">1. The game</a></li>\n<li><a href=\"#end\">2. End</a></li>\n</ol>\n</nav>\n<h2 id=\"game\">";
        let pages = [("game".to_string(), 1), ("end".to_string(), 12)].into();
        let out = number_contents(html, &pages);
        assert!(out.contains("<a href=\"#game\">1. The game<span class=\"leader\"></span><span class=\"pageno\">1</span></a>"), "{out}");
        assert!(
            out.contains(
                "<span class=\"pageno\">12</span></a></li>\n</ol>\n</nav>\n<h2 id=\"game\">"
            ),
            "{out}"
        );
        let blank = number_contents(html, &std::collections::HashMap::new());
        assert_eq!(blank.matches("<span class=\"pageno\">00</span>").count(), 2);
    }

    #[test]
    fn counts_pages_not_page_trees() {
        let pdf = b"%PDF-1.4\n<</Type /Pages /Kids [2 0 R 3 0 R]>>\n<</Type /Page /Parent 1 0 R>>\n<</Type /Page\n>>";
        assert_eq!(page_count(pdf), 2);
    }

    #[test]
    fn without_a_browser_the_error_says_what_to_install() {
        let none = Path::new("/nonexistent/chromium");
        let e = find(None, none, Some("/nonexistent-bin".into())).unwrap_err();
        assert!(matches!(e, PdfError::NoBrowser { .. }), "{e:?}");
        assert!(e.to_string().contains("/nonexistent/chromium"), "{e}");
        let help = Diagnostic::help(&e).unwrap().to_string();
        assert!(help.contains("apt-get install chromium"), "{help}");
        assert!(help.contains(CHROMIUM_VAR), "{help}");
        // The variable wins over everything else, and an empty one counts as unset.
        let named = find(Some("/nonexistent/x".into()), none, None).unwrap_err();
        assert!(
            matches!(named, PdfError::NamedBrowserMissing(_)),
            "{named:?}"
        );
        let empty = find(Some("".into()), none, None).unwrap_err();
        assert!(matches!(empty, PdfError::NoBrowser { .. }), "{empty:?}");
    }

    #[test]
    fn the_browser_is_found_on_path_by_its_names() {
        let dir = std::env::temp_dir().join(format!("regula-pdf-find-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        std::fs::write(dir.join("chromium-browser"), "").unwrap();
        let none = Path::new("/nonexistent/chromium");
        let found = find(None, none, Some(dir.clone().into_os_string()));
        std::fs::remove_dir_all(&dir).unwrap();
        assert_eq!(found.unwrap(), dir.join("chromium-browser"));
    }

    #[test]
    fn file_urls_are_encoded() {
        assert_eq!(
            file_url(Path::new("/tmp/a b/ü.html")),
            "file:///tmp/a%20b/%C3%BC.html"
        );
    }

    #[test]
    fn the_log_tail_skips_dbus_noise() {
        let log = "[1:2:ERROR:dbus/bus.cc:405] Failed to connect to the bus\nreal error\n";
        assert_eq!(tail(log), ": real error");
        assert_eq!(tail(""), "");
    }
}
