//! Printing the books (#24): the traceability appendix only when asked for, the print styles
//! of the HTML book, and `regula doc --format pdf` through headless Chromium.
//!
//! The PDF tests need a Chromium (`/usr/bin/chromium`, Debian's `apt-get install chromium`, or
//! `REGULA_CHROMIUM`), and the page-fill test poppler's `pdftoppm` and `pdftotext` (Debian's
//! `apt-get install poppler-utils`); without them they say so and pass, unless
//! `REGULA_REQUIRE_BROWSER=1` (as in CI). The tests of a missing, failing or hanging browser run everywhere: they name a
//! browser that is not there, or a script that behaves like a broken one.

use crate::binary::regula_env;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{Duration, Instant};

/// An error report with miette's line wrapping undone (its `│` gutters, its breaks), so that a
/// test can look for a phrase wherever the report broke it.
fn flat(report: &str) -> String {
    report
        .replace('│', " ")
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
}

/// A fresh, empty folder for one test.
fn scratch(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("regula-print-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

/// The names of the files in a folder, sorted.
fn listing(dir: &Path) -> Vec<String> {
    let mut v: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    v.sort();
    v
}

#[test]
fn the_appendix_is_in_a_book_only_with_the_switch() {
    let book = |format: &str, extra: &[&str]| {
        let mut args = vec!["doc", "rules/camelot.rules", "--format", format];
        args.extend_from_slice(extra);
        let (code, out, err) = regula_env(&args, &[]);
        assert_eq!(code, 0, "{err}");
        out
    };
    let md_with = book("md", &["--edition", "technical", "--appendix"]);
    let md_without = book("md", &["--edition", "technical"]);
    let heading = "## Appendix: where each rule comes from";
    assert!(md_with.contains(heading), "--appendix adds it");
    assert!(!md_without.contains(heading), "left out by default");
    let html_with = book("html", &["--edition", "technical", "--appendix"]);
    let html_without = book("html", &["--edition", "technical"]);
    assert!(html_with.contains("<h2 id=\"trace\">Appendix:"));
    assert!(
        !html_without.contains("id=\"trace"),
        "no appendix heading or entries"
    );
    // Only the appendix goes: the rules themselves are the same book.
    for (with, without) in [(&md_with, &md_without), (&html_with, &html_without)] {
        assert!(with.starts_with(without.trim_end_matches("</body>\n</html>\n")));
        assert!(without.contains("End of the game"));
    }
    // In a translation too (the appendix itself stays English project material).
    let nl = book(
        "md",
        &["--lang", "nl", "--edition", "technical", "--appendix"],
    );
    assert!(nl.contains("## Bijlage: waar elke regel vandaan komt"));
    assert!(!book("md", &["--lang", "nl", "--edition", "technical"]).contains("## Bijlage"));
    // The players' book has no appendix to add: asking for one is refused.
    let (code, _, err) = regula_env(&["doc", "rules/camelot.rules", "--appendix"], &[]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("--edition technical"), "{err}");
}

/// The `{ ... }` body of the first rule of `css` whose selector is `selector`.
fn rule<'a>(css: &'a str, selector: &str) -> &'a str {
    let start = css
        .find(&format!("{selector} {{"))
        .unwrap_or_else(|| panic!("no rule for `{selector}` in:\n{css}"));
    let body = &css[start + selector.len() + 2..];
    &body[..body.find('}').unwrap()]
}

#[test]
fn the_html_book_carries_print_styles_for_a4() {
    let (code, html, err) = regula_env(&["doc", "rules/camelot.rules", "--format", "html"], &[]);
    assert_eq!(code, 0, "{err}");
    let css = &html[html.find("<style>").unwrap()..html.find("</style>").unwrap()];
    let page = rule(css, "@page");
    assert!(
        page.contains("size: A4") && page.contains("margin:"),
        "{page}"
    );
    let print = &css[css.find("@media print {").expect("print styles")..];
    assert!(rule(print, "html").contains("print-color-adjust: exact"));
    assert!(rule(print, "h1, h2, h3").contains("break-after: avoid"));
    let whole = rule(print, "figure, blockquote, pre, tr");
    assert!(whole.contains("break-inside: avoid"), "{whole}");
    let body = rule(print, "body");
    assert!(
        body.contains("orphans: 3") && body.contains("widows: 3"),
        "{body}"
    );
    // A figure fits the page's width, and is far shorter than half of A4's text height
    // (297 mm less the margins), so one moved to the next page leaves no half-empty page.
    let svg = rule(print, "figure svg");
    assert!(svg.contains("max-width:"), "{svg}");
    let mm: f64 = svg
        .split("max-height:")
        .nth(1)
        .and_then(|s| s.trim().split("mm").next())
        .and_then(|n| n.trim().parse().ok())
        .unwrap_or_else(|| panic!("a max-height in mm: {svg}"));
    assert!(mm <= 100.0, "figures up to {mm} mm tall");
    // Links print as text, with their address where they lead off the page.
    assert!(print.contains("a[href^=\"http\"]::after"));
}

/// A Chromium to print with, or why the PDF test does not run.
fn browser_available() -> bool {
    let found = std::env::var_os("REGULA_CHROMIUM").is_some()
        || Path::new("/usr/bin/chromium").exists()
        || std::env::split_paths(&std::env::var_os("PATH").unwrap_or_default()).any(|d| {
            ["chromium", "chromium-browser", "google-chrome"]
                .iter()
                .any(|n| d.join(n).is_file())
        });
    if !found {
        assert!(
            std::env::var("REGULA_REQUIRE_BROWSER").as_deref() != Ok("1"),
            "REGULA_REQUIRE_BROWSER=1 but no Chromium is found (apt-get install chromium)"
        );
        eprintln!(
            "SKIPPED PDF test: no Chromium (apt-get install chromium; \
             REGULA_REQUIRE_BROWSER=1 makes this a failure)"
        );
    }
    found
}

/// The books the PDF tests print: rule file and extra `regula doc` arguments. A sample of the
/// bundled books, one of each kind of page: Camelot (a tall board, figures on most pages),
/// English draughts (a short book), chess (the most diagrams), Frisian draughts in Dutch (a
/// numbered board, a variant's list of changes, a translation), Turkish draughts in Czech and
/// Ukrainian (translations, text in other scripts), River Camelot (a variant with regions and
/// neutral pieces), and Camelot's technical book with its appendix (long lists and tables).
/// Every players' book is made of the same blocks (articles, lists, figures of at most 100 mm,
/// each kept whole); printing all 80 through Chromium would take minutes on two cores.
const PRINTED: [(&str, &[&str]); 8] = [
    ("camelot", &[]),
    ("english-draughts", &[]),
    ("camelot", &["--edition", "technical", "--appendix"]),
    ("chess", &[]),
    ("frisian-draughts", &["--lang", "nl"]),
    ("turkish-draughts", &["--lang", "cs"]),
    ("turkish-draughts", &["--lang", "uk"]),
    ("river-camelot", &[]),
];

/// One book printed by `regula doc --format pdf`.
struct Printed {
    /// Its name and extra arguments, for messages (`camelot ["--appendix"]`).
    label: String,
    /// The extra arguments.
    extra: &'static [&'static str],
    /// The rule file's stem.
    game: &'static str,
    /// The PDF.
    pdf: Vec<u8>,
}

/// The books of [`PRINTED`] printed once for every test that reads them (Chromium takes a few
/// seconds a book on two cores), with the files of the folder they were written to.
fn printed() -> &'static (Vec<Printed>, Vec<String>) {
    static PRINTED_ONCE: std::sync::OnceLock<(Vec<Printed>, Vec<String>)> =
        std::sync::OnceLock::new();
    PRINTED_ONCE.get_or_init(|| {
        let out = scratch("pdf");
        let out_s = out.to_str().unwrap();
        let mut books = Vec::new();
        for (game, extra) in PRINTED {
            let file = format!("rules/{game}.rules");
            let mut args = vec!["doc", &file, "--format", "pdf", "--out", out_s];
            args.extend_from_slice(extra);
            let t0 = Instant::now();
            let (code, stdout, err) = regula_env(&args, &[]);
            assert_eq!(code, 0, "{game}: {err}");
            assert!(stdout.is_empty(), "{stdout}");
            let page = match extra {
                [.., "technical", _] => format!("{game}.technical.pdf"),
                ["--lang", lang] => format!("{game}.{lang}.pdf"),
                _ => format!("{game}.pdf"),
            };
            let pdf = std::fs::read(out.join(page)).unwrap();
            let label = format!("{game} {extra:?}");
            eprintln!("{label}: printed in {:?}", t0.elapsed());
            books.push(Printed {
                label,
                extra,
                game,
                pdf,
            });
        }
        let files = listing(&out);
        let _ = std::fs::remove_dir_all(&out);
        (books, files)
    })
}

#[test]
#[cfg_attr(
    not(tool = "chromium"),
    ignore = "needs Chromium (apt-get install chromium); then `touch build.rs`"
)]
fn pdf_books_are_printed_through_chromium() {
    if !browser_available() {
        return;
    }
    let (books, files) = printed();
    let mut pages = Vec::new();
    for b in books {
        assert!(b.pdf.starts_with(b"%PDF-"), "{}: a PDF", b.label);
        let n = regula::books::pdf::page_count(&b.pdf);
        eprintln!("{}: {n} A4 pages", b.label);
        assert!((3..=60).contains(&n), "{}: {n} pages", b.label);
        pages.push(n);
    }
    assert!(pages[2] > pages[0], "the appendix adds pages: {pages:?}");
    // Written whole: the PDFs and no temporary file beside them.
    assert_eq!(
        files,
        &[
            "camelot.pdf",
            "camelot.technical.pdf",
            "chess.pdf",
            "english-draughts.pdf",
            "frisian-draughts.nl.pdf",
            "river-camelot.pdf",
            "turkish-draughts.cs.pdf",
            "turkish-draughts.uk.pdf",
        ]
    );
}

/// Whether poppler's `pdftoppm` and `pdftotext` run, or why the page-fill test does not.
fn poppler_available() -> bool {
    let runs = |tool: &str| {
        Command::new(tool)
            .arg("-v")
            .output()
            .is_ok_and(|o| o.status.success())
    };
    let found = runs("pdftoppm") && runs("pdftotext");
    if !found {
        assert!(
            std::env::var("REGULA_REQUIRE_BROWSER").as_deref() != Ok("1"),
            "REGULA_REQUIRE_BROWSER=1 but poppler's pdftoppm or pdftotext does not run \
             (apt-get install poppler-utils)"
        );
        eprintln!(
            "SKIPPED page-fill test: no pdftoppm/pdftotext (apt-get install poppler-utils; \
             REGULA_REQUIRE_BROWSER=1 makes this a failure)"
        );
    }
    found
}

/// A4's height and the book's page margins (`@page { margin: 16mm 16mm 18mm }`), in mm.
const A4_MM: f64 = 297.0;
const TOP_MM: f64 = 16.0;
const BOTTOM_MM: f64 = 18.0;

/// How far down its text area each page of `pdf` is used, from 0 (blank) to 1 (to the bottom
/// margin): the lowest row of the page, rendered by `pdftoppm` in grey at 36 dpi, that holds a
/// pixel not white (text, a figure's squares, a table's rules).
fn page_fills(pdf: &[u8], dir: &Path) -> Vec<f64> {
    let file = dir.join("book.pdf");
    std::fs::write(&file, pdf).unwrap();
    let prefix = dir.join("page");
    let out = Command::new("pdftoppm")
        .args(["-gray", "-r", "36"])
        .arg(&file)
        .arg(&prefix)
        .output()
        .expect("pdftoppm runs");
    assert!(
        out.status.success(),
        "pdftoppm: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    let mut pages: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "pgm"))
        .collect();
    // page-01.pgm, ..., page-10.pgm: the same width of number, so names sort as pages.
    pages.sort();
    pages
        .iter()
        .map(|p| {
            let bytes = std::fs::read(p).unwrap();
            let (w, h, pixels) = pgm(&bytes);
            // The running header and the page number stand in the margins: only the rows of
            // the text area count.
            let top = (TOP_MM / A4_MM * h as f64).ceil() as usize;
            let bottom = ((A4_MM - BOTTOM_MM) / A4_MM * h as f64).floor() as usize;
            let last = (top..bottom)
                .rev()
                .find(|&y| pixels[y * w..(y + 1) * w].iter().any(|&v| v < 245))
                .map_or(0, |y| y + 1);
            let mm = last as f64 / h as f64 * A4_MM;
            ((mm - TOP_MM) / (A4_MM - TOP_MM - BOTTOM_MM)).clamp(0.0, 1.0)
        })
        .collect()
}

/// A binary greymap (`P5`, 8 bits, as `pdftoppm -gray` writes it): width, height, pixels.
fn pgm(bytes: &[u8]) -> (usize, usize, &[u8]) {
    let mut fields = Vec::new();
    let mut at = 0;
    while fields.len() < 4 {
        while bytes[at].is_ascii_whitespace() {
            at += 1;
        }
        let start = at;
        while !bytes[at].is_ascii_whitespace() {
            at += 1;
        }
        fields.push(std::str::from_utf8(&bytes[start..at]).unwrap().to_string());
    }
    assert_eq!((fields[0].as_str(), fields[3].as_str()), ("P5", "255"));
    let (w, h): (usize, usize) = (fields[1].parse().unwrap(), fields[2].parse().unwrap());
    (w, h, &bytes[at + 1..at + 1 + w * h])
}

/// The text of each page of `pdf` (`pdftotext -layout`, pages split at its form feeds).
fn page_texts(dir: &Path) -> Vec<String> {
    let out = Command::new("pdftotext")
        .arg("-layout")
        .arg(dir.join("book.pdf"))
        .arg("-")
        .output()
        .expect("pdftotext runs");
    assert!(out.status.success());
    let text = String::from_utf8_lossy(&out.stdout).into_owned();
    let mut pages: Vec<String> = text.split('\u{c}').map(str::to_string).collect();
    if pages.last().is_some_and(|p| p.trim().is_empty()) {
        pages.pop();
    }
    pages
}

/// The headings that the print styles start on a new page (a rule of the `@media print`
/// styles with `break-before: page` for h1, h2 or h3): their texts in the HTML book.
fn forced_breaks(html: &str) -> Vec<String> {
    let css = &html[html.find("@media print").unwrap_or(0)..html.find("</style>").unwrap()];
    let mut tags = Vec::new();
    for rule in css.split('}') {
        let Some((selectors, body)) = rule.split_once('{') else {
            continue;
        };
        if body.contains("break-before: page") || body.contains("page-break-before: always") {
            for sel in selectors.split(',') {
                let sel = sel.trim();
                if ["h1", "h2", "h3"].contains(&sel) {
                    tags.push(sel.to_string());
                }
            }
        }
    }
    let mut texts = Vec::new();
    for tag in tags {
        let open = format!("<{tag} ");
        for part in html.split(&open).skip(1) {
            let inner =
                &part[part.find('>').unwrap() + 1..part.find(&format!("</{tag}>")).unwrap()];
            let mut text = String::new();
            let mut in_tag = false;
            for c in inner.chars() {
                match c {
                    '<' => in_tag = true,
                    '>' => in_tag = false,
                    c if !in_tag => text.push(c),
                    _ => {}
                }
            }
            texts.push(text.trim().to_string());
        }
    }
    texts
}

#[test]
#[cfg_attr(
    not(all(tool = "chromium", tool = "poppler")),
    ignore = "needs Chromium and poppler (apt-get install chromium poppler-utils); then `touch build.rs`"
)]
fn no_printed_page_is_left_half_empty() {
    if !browser_available() || !poppler_available() {
        return;
    }
    let mut empty = Vec::new();
    for (i, b) in printed().0.iter().enumerate() {
        let dir = scratch(&format!("fill-{i}"));
        let fills = page_fills(&b.pdf, &dir);
        let texts = page_texts(&dir);
        let _ = std::fs::remove_dir_all(&dir);
        let n = regula::books::pdf::page_count(&b.pdf);
        assert_eq!(fills.len(), n, "{}: a picture of every page", b.label);
        assert_eq!(texts.len(), n, "{}: the text of every page", b.label);
        let file = format!("rules/{}.rules", b.game);
        let mut args = vec!["doc", file.as_str(), "--format", "html"];
        args.extend_from_slice(b.extra);
        let (code, html, err) = regula_env(&args, &[]);
        assert_eq!(code, 0, "{err}");
        let forced = forced_breaks(&html);
        let shown: Vec<String> = fills.iter().map(|f| format!("{:.0}%", f * 100.0)).collect();
        eprintln!("{}: pages filled {}", b.label, shown.join(" "));
        for (p, fill) in fills.iter().enumerate() {
            // The last page ends where the book ends.
            if p + 1 == n || *fill >= 0.5 {
                continue;
            }
            let next = texts[p + 1].trim_start();
            let first = next.lines().next().unwrap_or("").trim();
            // A page before one that the print styles start afresh may end early.
            if forced
                .iter()
                .any(|h| !h.is_empty() && first.starts_with(h.as_str()))
            {
                continue;
            }
            empty.push(format!(
                "{}: page {} of {n} is {:.0}% filled; page {} starts with {first:?}",
                b.label,
                p + 1,
                fill * 100.0,
                p + 2
            ));
        }
    }
    assert!(empty.is_empty(), "{}", empty.join("\n"));
}

/// The widest run, over the rows of a screenshot, between the first and the last pixel of a
/// colour that `is` accepts.
fn widest_run(png: &[u8], is: impl Fn(u8, u8, u8) -> bool) -> usize {
    let pixmap = resvg::tiny_skia::Pixmap::decode_png(png).expect("a PNG");
    let (w, h) = (pixmap.width() as usize, pixmap.height() as usize);
    let px = pixmap.pixels();
    (0..h)
        .map(|y| {
            let row = &px[y * w..(y + 1) * w];
            let hit =
                |p: &&resvg::tiny_skia::PremultipliedColorU8| is(p.red(), p.green(), p.blue());
            match (
                row.iter().position(|p| hit(&p)),
                row.iter().rposition(|p| hit(&p)),
            ) {
                (Some(a), Some(b)) => b - a + 1,
                _ => 0,
            }
        })
        .max()
        .unwrap_or(0)
}

#[test]
#[cfg_attr(
    not(tool = "chromium"),
    ignore = "needs Chromium (apt-get install chromium); then `touch build.rs`"
)]
fn a_board_is_as_wide_as_the_column_on_screen() {
    // The issue's complaint: boards 230 px wide on a 1200 px page. Shown in a window 1200 px
    // wide, the players' book of Turkish draughts draws its board (the squares' two colours)
    // across most of the text column (the headings' rule, as wide as the column).
    if !browser_available() {
        return;
    }
    let browser = regula::books::pdf::find_chromium().expect("a Chromium");
    let dir = scratch("screen");
    let shot = dir.join("book.png");
    let book = std::fs::canonicalize("docs/rules/turkish-draughts.html").unwrap();
    let out = Command::new(&browser)
        .args([
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--hide-scrollbars",
            "--window-size=1200,2600",
        ])
        .arg(format!("--screenshot={}", shot.display()))
        .arg(format!("file://{}", book.display()))
        .output()
        .expect("Chromium runs");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let png = std::fs::read(&shot).unwrap();
    let _ = std::fs::remove_dir_all(&dir);
    let near = |(r, g, b): (u8, u8, u8), (x, y, z): (u8, u8, u8)| {
        r.abs_diff(x) <= 6 && g.abs_diff(y) <= 6 && b.abs_diff(z) <= 6
    };
    // The board's light and dark squares (#efe3c8, #c8b48c), the headings' rule (#888).
    let board = widest_run(&png, |r, g, b| {
        near((r, g, b), (0xef, 0xe3, 0xc8)) || near((r, g, b), (0xc8, 0xb4, 0x8c))
    });
    let column = widest_run(&png, |r, g, b| near((r, g, b), (0x88, 0x88, 0x88)));
    eprintln!("board {board} px in a column of {column} px");
    assert!(column > 600, "a column of {column} px");
    assert!(
        board * 4 >= column * 3,
        "the board is {board} px wide in a column of {column} px"
    );
}

#[test]
fn pdf_without_a_browser_says_what_to_install() {
    let out = scratch("missing");
    let missing = out.join("no-such-chromium");
    let (code, _, err) = regula_env(
        &[
            "doc",
            "rules/camelot.rules",
            "--format",
            "pdf",
            "--out",
            out.to_str().unwrap(),
        ],
        &[("REGULA_CHROMIUM", missing.as_os_str())],
    );
    let err = flat(&err);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("regula::doc_pdf_no_browser"), "{err}");
    assert!(err.contains("apt-get install chromium"), "{err}");
    insta::assert_snapshot!(
        "pdf_no_browser",
        err.replace(out.to_str().unwrap(), "[DIR]")
    );
    assert!(listing(&out).is_empty(), "nothing written");
    // Without --out there is nowhere to put the file.
    let (code, _, err) = regula_env(&["doc", "rules/camelot.rules", "--format", "pdf"], &[]);
    let err = flat(&err);
    assert_eq!(code, 2);
    assert!(err.contains("--out DIR"), "{err}");
    let _ = std::fs::remove_dir_all(&out);
}

/// An executable script standing in for a browser.
#[cfg(unix)]
fn fake_browser(dir: &Path, body: &str) -> PathBuf {
    use std::os::unix::fs::PermissionsExt;
    let p = dir.join("fake-chromium");
    std::fs::write(&p, format!("#!/bin/sh\n{body}\n")).unwrap();
    std::fs::set_permissions(&p, std::fs::Permissions::from_mode(0o755)).unwrap();
    p
}

#[cfg(unix)]
#[test]
fn a_browser_that_fails_leaves_the_old_pdf_and_says_why() {
    let dir = scratch("failing");
    let browser = fake_browser(&dir, "echo 'cannot open display :0' >&2\nexit 3");
    let out = dir.join("book");
    std::fs::create_dir(&out).unwrap();
    std::fs::write(out.join("camelot.pdf"), "%PDF- the old one").unwrap();
    let args = [
        "doc",
        "rules/camelot.rules",
        "--format",
        "pdf",
        "--out",
        out.to_str().unwrap(),
    ];
    let (code, _, err) = regula_env(&args, &[("REGULA_CHROMIUM", browser.as_os_str())]);
    let err = flat(&err);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("did not print the PDF"), "{err}");
    assert!(
        err.contains("cannot open display :0"),
        "the browser's words: {err}"
    );
    insta::assert_snapshot!("pdf_failed", err.replace(dir.to_str().unwrap(), "[DIR]"));
    assert_eq!(
        std::fs::read_to_string(out.join("camelot.pdf")).unwrap(),
        "%PDF- the old one"
    );
    assert_eq!(listing(&out), ["camelot.pdf"]);
    let _ = std::fs::remove_dir_all(&dir);
}

#[cfg(unix)]
#[test]
fn a_browser_that_hangs_is_stopped_after_the_time_limit() {
    let dir = scratch("hanging");
    let browser = fake_browser(&dir, "exec sleep 60");
    let args = [
        "doc",
        "rules/english-draughts.rules",
        "--format",
        "pdf",
        "--pdf-timeout",
        "1",
        "--out",
        dir.to_str().unwrap(),
    ];
    let t0 = Instant::now();
    let (code, _, err) = regula_env(&args, &[("REGULA_CHROMIUM", browser.as_os_str())]);
    let err = flat(&err);
    assert!(t0.elapsed() < Duration::from_secs(20), "{:?}", t0.elapsed());
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("did not finish printing within 1 s"), "{err}");
    insta::assert_snapshot!("pdf_timeout", err.replace(dir.to_str().unwrap(), "[DIR]"));
    assert_eq!(listing(&dir), ["fake-chromium"], "no PDF");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
#[cfg_attr(
    not(all(tool = "chromium", tool = "poppler")),
    ignore = "needs Chromium and poppler (apt-get install chromium poppler-utils); then `touch build.rs`"
)]
fn the_printed_contents_give_each_articles_page_and_every_page_a_header() {
    if !browser_available() || !poppler_available() {
        return;
    }
    for (i, b) in printed().0.iter().enumerate() {
        let dir = scratch(&format!("contents-{i}"));
        std::fs::write(dir.join("book.pdf"), &b.pdf).unwrap();
        let texts = page_texts(&dir);
        let _ = std::fs::remove_dir_all(&dir);
        // Every page: the game, the rules' version and date at the top, its number at the foot.
        for (p, t) in texts.iter().enumerate() {
            let first = t.lines().find(|l| !l.trim().is_empty()).unwrap_or("");
            // The version, a fingerprint of eight hex digits, in every language.
            assert!(
                first.split_whitespace().any(|w| w.len() == 8
                    && w.chars().all(|c| c.is_ascii_hexdigit())
                    && w.chars().any(|c| c.is_ascii_digit())),
                "{}: page {}: {first:?}",
                b.label,
                p + 1
            );
            assert!(
                first
                    .trim_end()
                    .chars()
                    .rev()
                    .take(10)
                    .all(|c| c.is_ascii_digit() || c == '-'),
                "{}: a date: {first:?}",
                b.label
            );
            assert!(
                t.replace(' ', "")
                    .contains(&format!("{}/{}", p + 1, texts.len())),
                "{}: page {} numbered",
                b.label,
                p + 1
            );
        }
        // The contents (of a players' book): each entry's page number, and that page holds
        // its heading.
        if b.extra.contains(&"technical") {
            continue;
        }
        let word = match b.extra {
            [.., "--lang", "nl"] => "Inhoud",
            [.., "--lang", "uk"] => "Зміст",
            [.., "--lang", "cs"] => "Obsah",
            _ => "Contents",
        };
        let contents = &texts[0][texts[0].find(word).expect("contents")..];
        let mut entries = 0;
        for line in contents.lines().skip(1) {
            let line = line.trim();
            let Some((title, page)) = line.rsplit_once(' ') else {
                if entries > 0 {
                    break;
                }
                continue;
            };
            let Ok(page) = page.parse::<usize>() else {
                break;
            };
            let title = title.trim();
            entries += 1;
            assert!(
                texts[page - 1]
                    .lines()
                    .skip(1)
                    .any(|l| l.trim_start().starts_with(title)),
                "{}: {title:?} is not on page {page}",
                b.label
            );
        }
        assert!(entries >= 6, "{}: {entries} contents entries", b.label);
    }
}
