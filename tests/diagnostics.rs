//! Broken rule files, one mistake each, and the diagnostics they produce.

use regula::SourceFile;

#[test]
fn invalid_rule_files() {
    insta::glob!("fixtures/invalid/*.rules", |path| {
        let text = std::fs::read_to_string(path).unwrap();
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        let src = SourceFile::new(name, text);
        let err = match regula::load(&src, &[]) {
            Ok(_) => panic!("{} should not load", path.display()),
            Err(e) => e,
        };
        insta::assert_snapshot!(regula::render_plain(&err));
    });
}

#[test]
fn bundled_rule_files_are_valid() {
    for entry in std::fs::read_dir("rules").unwrap() {
        let path = entry.unwrap().path();
        let src = SourceFile::read(&path).unwrap();
        if let Err(e) = regula::load(&src, &[]) {
            panic!("{}", regula::render_plain(&e));
        }
    }
}

#[test]
fn unknown_parameter_choices_are_reported() {
    let src = SourceFile::read(std::path::Path::new("rules/camelot.rules")).unwrap();
    let err = regula::load(&src, &[("knight-canter-check".into(), "sometimes".into())])
        .expect_err("a bad value is refused");
    let text = regula::render_plain(&err);
    assert!(text.contains("has no value `sometimes`"), "{text}");
    assert!(text.contains("every-landing"), "{text}");
}

/// Files that load but deserve a warning: every lint fires on a purpose-built file.
#[test]
fn lints_fire_on_purpose_built_files() {
    insta::glob!("fixtures/lints/*.rules", |path| {
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        let src = SourceFile::new(name, std::fs::read_to_string(path).unwrap());
        regula::load(&src, &[])
            .unwrap_or_else(|e| panic!("the file is valid: {}", regula::render_plain(&e)));
        let res = regula::lang::inherit::resolve(&src).unwrap();
        let warnings = regula::lang::validate::lints(&res.file);
        assert!(!warnings.is_empty(), "{} has no warning", path.display());
        let report = regula::lang::validate::ValidationErrors {
            src: res.sources.clone(),
            errors: warnings,
        };
        insta::assert_snapshot!(regula::render_plain(&report));
    });
}

#[test]
fn bundled_rule_files_have_no_lints() {
    for entry in std::fs::read_dir("rules").unwrap() {
        let path = entry.unwrap().path();
        let src = SourceFile::read(&path).unwrap();
        let warnings =
            regula::lang::validate::lints(&regula::lang::inherit::resolve(&src).unwrap().file);
        assert!(
            warnings.is_empty(),
            "{}: {:?}",
            path.display(),
            warnings.iter().map(|w| &w.message).collect::<Vec<_>>()
        );
    }
}

/// A rule the file says it does not state (`unstated`) is a note: it loads, it has no lint,
/// and the note is labelled at the item with its documentation as the help.
#[test]
fn unstated_items_are_notes() {
    let path = std::path::Path::new("tests/fixtures/notes/unstated.rules");
    let src = SourceFile::read(path).unwrap();
    regula::load(&src, &[]).unwrap_or_else(|e| panic!("{}", regula::render_plain(&e)));
    let res = regula::lang::inherit::resolve(&src).unwrap();
    assert!(
        regula::lang::validate::lints(&res.file).is_empty(),
        "a note is no lint"
    );
    let notes = regula::lang::validate::notes(&res.file);
    assert_eq!(notes.len(), 2);
    assert!(
        notes
            .iter()
            .all(|n| n.check.is_note() && !n.check.is_warning())
    );
    let report = regula::lang::validate::ValidationErrors {
        src: res.sources.clone(),
        errors: notes,
    };
    insta::assert_snapshot!(regula::render_plain(&report));
}
