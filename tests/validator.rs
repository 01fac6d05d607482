//! Issue 7: inputs that used to pass, crash or blow up, each with the diagnostic or failure it
//! gives now.

use regula::cases::{self, GameCache};

/// Case files whose every case must fail (or which must be refused whole): the rendered
/// verdicts are snapshots, so a case runner that lets one pass is caught.
#[test]
fn failing_case_files() {
    insta::glob!("fixtures/failing-cases/*.yaml", |path| {
        let rel =
            std::path::Path::new("tests/fixtures/failing-cases").join(path.file_name().unwrap());
        let mut cache = GameCache::default();
        let text = match cases::run_file(&rel, None, &mut cache) {
            Err(e) => regula::render_plain(&e),
            Ok(results) => {
                let mut out = String::new();
                for r in &results {
                    assert!(!r.passed(), "{}: `{}` passed", rel.display(), r.name);
                    out.push_str(&format!("FAIL {}:{} :: {}\n", r.file, r.line, r.name));
                    for f in &r.failures {
                        out.push_str(&format!("    {f}\n"));
                    }
                }
                out
            }
        };
        insta::assert_snapshot!(text);
    });
}
