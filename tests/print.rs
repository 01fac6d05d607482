//! Printing the books (#24): the traceability appendix only when asked for, the print styles
//! of the HTML book, and `regula doc --format pdf` through headless Chromium.
//!
//! The PDF test needs a Chromium (`/usr/bin/chromium`, Debian's `apt-get install chromium`, or
//! `REGULA_CHROMIUM`); without one it says so and passes, unless `REGULA_REQUIRE_BROWSER=1`
//! (as in CI). The tests of a missing, failing or hanging browser run everywhere: they name a
//! browser that is not there, or a script that behaves like a broken one.

use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{Duration, Instant};

/// Runs the regula binary with extra environment variables: (exit code, stdout, stderr).
fn regula(args: &[&str], env: &[(&str, &Path)]) -> (i32, String, String) {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_regula"));
    cmd.args(args);
    for (k, v) in env {
        cmd.env(k, v);
    }
    let out = cmd.output().expect("regula runs");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

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
        let (code, out, err) = regula(&args, &[]);
        assert_eq!(code, 0, "{err}");
        out
    };
    let md_with = book("md", &["--appendix"]);
    let md_without = book("md", &[]);
    let heading = "## Appendix: where each rule comes from";
    assert!(md_with.contains(heading), "--appendix adds it");
    assert!(!md_without.contains(heading), "left out by default");
    let html_with = book("html", &["--appendix"]);
    let html_without = book("html", &[]);
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
    let nl = book("md", &["--lang", "nl", "--appendix"]);
    assert!(nl.contains("## Bijlage: waar elke regel vandaan komt"));
    assert!(!book("md", &["--lang", "nl"]).contains("## Bijlage"));
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
    let (code, html, err) = regula(&["doc", "rules/camelot.rules", "--format", "html"], &[]);
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

#[test]
fn pdf_books_are_printed_through_chromium() {
    if !browser_available() {
        return;
    }
    let out = scratch("pdf");
    let out_s = out.to_str().unwrap();
    let mut pages = Vec::new();
    for (game, extra) in [
        ("camelot", &[][..]),
        ("english-draughts", &[][..]),
        ("camelot", &["--appendix"][..]),
    ] {
        let file = format!("rules/{game}.rules");
        let mut args = vec!["doc", &file, "--format", "pdf", "--out", out_s];
        args.extend_from_slice(extra);
        let t0 = Instant::now();
        let (code, stdout, err) = regula(&args, &[]);
        assert_eq!(code, 0, "{game}: {err}");
        assert!(stdout.is_empty(), "{stdout}");
        let pdf = std::fs::read(out.join(format!("{game}.pdf"))).unwrap();
        assert!(pdf.starts_with(b"%PDF-"), "{game}: a PDF");
        let n = regula::docgen::pdf::page_count(&pdf);
        eprintln!("{game} {extra:?}: {n} A4 pages in {:?}", t0.elapsed());
        assert!((3..=60).contains(&n), "{game}: {n} pages");
        pages.push(n);
    }
    assert!(pages[2] > pages[0], "the appendix adds pages: {pages:?}");
    // Written whole: the PDFs and no temporary file beside them.
    assert_eq!(listing(&out), ["camelot.pdf", "english-draughts.pdf"]);
    let _ = std::fs::remove_dir_all(&out);
}

#[test]
fn pdf_without_a_browser_says_what_to_install() {
    let out = scratch("missing");
    let missing = out.join("no-such-chromium");
    let (code, _, err) = regula(
        &[
            "doc",
            "rules/camelot.rules",
            "--format",
            "pdf",
            "--out",
            out.to_str().unwrap(),
        ],
        &[("REGULA_CHROMIUM", &missing)],
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
    let (code, _, err) = regula(&["doc", "rules/camelot.rules", "--format", "pdf"], &[]);
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
    let (code, _, err) = regula(&args, &[("REGULA_CHROMIUM", &browser)]);
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
    let (code, _, err) = regula(&args, &[("REGULA_CHROMIUM", &browser)]);
    let err = flat(&err);
    assert!(t0.elapsed() < Duration::from_secs(20), "{:?}", t0.elapsed());
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("did not finish printing within 1 s"), "{err}");
    insta::assert_snapshot!("pdf_timeout", err.replace(dir.to_str().unwrap(), "[DIR]"));
    assert_eq!(listing(&dir), ["fake-chromium"], "no PDF");
    let _ = std::fs::remove_dir_all(&dir);
}
