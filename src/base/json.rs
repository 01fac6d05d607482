//! Diagnostics as JSON for editors and scripts (`regula check --format json`).
//!
//! Every position is computed from the diagnostic's own `source_code()` through miette's
//! `SourceCode::read_span`, so a diagnostic whose labels lie in several files (a variant and
//! its parent) still gets each label's own file, line and column.

use miette::{Diagnostic, Severity, SourceCode};

/// One JSON object per diagnostic: a report with related diagnostics (every problem of a rule
/// file) gives one object per related diagnostic, each with the report's source.
pub fn diagnostics(d: &dyn Diagnostic) -> Vec<String> {
    let mut out = Vec::new();
    flatten(d, None, &mut out);
    out
}

fn flatten<'a>(d: &'a dyn Diagnostic, parent: Option<&'a dyn SourceCode>, out: &mut Vec<String>) {
    let src = d.source_code().or(parent);
    let related: Vec<&dyn Diagnostic> = d.related().map(|r| r.collect()).unwrap_or_default();
    if related.is_empty() {
        out.push(object(d, src));
    } else {
        for r in related {
            flatten(r, src, out);
        }
    }
}

fn object(d: &dyn Diagnostic, src: Option<&dyn SourceCode>) -> String {
    let severity = match d.severity().unwrap_or(Severity::Error) {
        Severity::Error => "error",
        Severity::Warning => "warning",
        Severity::Advice => "advice",
    };
    let code = d.code().map(|c| c.to_string());
    let help = d.help().map(|h| h.to_string());
    let mut labels = Vec::new();
    let mut primary: Option<String> = None;
    for (i, l) in d.labels().into_iter().flatten().enumerate() {
        let (file, line, column) =
            src.and_then(|s| s.read_span(l.inner(), 0, 0).ok())
                .map_or((None, None, None), |c| {
                    (
                        c.name().map(str::to_string),
                        Some(c.line() + 1),
                        Some(c.column() + 1),
                    )
                });
        let fields = format!(
            "\"file\":{},\"line\":{},\"column\":{},\"start\":{},\"end\":{}",
            opt_str(file.as_deref()),
            opt_num(line),
            opt_num(column),
            l.offset(),
            l.offset() + l.len()
        );
        if primary.is_none() && (l.primary() || i == 0) {
            primary = Some(fields.clone());
        }
        labels.push(format!(
            "{{\"label\":{},\"primary\":{},{fields}}}",
            opt_str(l.label()),
            l.primary()
        ));
    }
    let position = primary.unwrap_or_else(|| {
        "\"file\":null,\"line\":null,\"column\":null,\"start\":null,\"end\":null".into()
    });
    format!(
        "{{\"severity\":\"{severity}\",\"code\":{},\"message\":{},{position},\"labels\":[{}],\"help\":{}}}",
        opt_str(code.as_deref()),
        string(&d.to_string()),
        labels.join(","),
        opt_str(help.as_deref())
    )
}

fn opt_num(n: Option<usize>) -> String {
    n.map_or("null".into(), |n| n.to_string())
}

fn opt_str(s: Option<&str>) -> String {
    s.map_or("null".into(), string)
}

/// A JSON string literal.
pub fn string(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + 2);
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            c if (c as u32) < 0x20 => out.push_str(&format!("\\u{:04x}", c as u32)),
            c => out.push(c),
        }
    }
    out.push('"');
    out
}
