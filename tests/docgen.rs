//! The rule documentation in `docs/rules/` is generated from the rule files and must be
//! current: a change to a rule file that is not reflected in its documentation fails here.

#[test]
fn generated_rule_docs_are_current() {
    let mut stale = Vec::new();
    for entry in std::fs::read_dir("rules").unwrap() {
        let path = entry.unwrap().path();
        let stem = path.file_stem().unwrap().to_string_lossy().into_owned();
        let src = regula::SourceFile::read(&path).unwrap();
        let game = regula::load(&src, &[]).unwrap();
        let want = regula::docgen::render_markdown(&game);
        let doc = format!("docs/rules/{stem}.md");
        if std::fs::read_to_string(&doc).ok().as_deref() != Some(want.as_str()) {
            stale.push(format!(
                "cargo run --release -- doc {} > {doc}",
                path.display()
            ));
        }
    }
    assert!(
        stale.is_empty(),
        "generated docs are stale; regenerate with:\n{}",
        stale.join("\n")
    );
}

#[test]
fn docs_follow_the_chosen_parameters() {
    let src =
        regula::SourceFile::read(std::path::Path::new("rules/turkish-draughts.rules")).unwrap();
    let default = regula::docgen::render_markdown(&regula::load(&src, &[]).unwrap());
    let other = regula::docgen::render_markdown(
        &regula::load(
            &src,
            &[("mid-capture-promotion".into(), "promote-and-stop".into())],
        )
        .unwrap(),
    );
    assert!(default.contains("it is promoted if its move ends on such a square"));
    assert!(
        other.contains("Reaching such a square ends the move, even in the middle of a capture.")
    );
    assert!(other.contains("`promote-and-stop` (chosen)"));
}
