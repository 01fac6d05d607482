//! Checks of `--param name=value` against the command line itself, so that a mistake there
//! is pointed at where it was typed (not at line 1 of the rule file), and a parameter given
//! twice with different values is refused instead of the last one silently winning.

use std::sync::Arc;

use miette::{Diagnostic, NamedSource, SourceSpan};
use thiserror::Error;

use crate::base::source::SourceFile;
use crate::lang::syntax::ast::ItemKind;

/// A `--param` that cannot be applied.
#[derive(Debug, Error, Diagnostic)]
#[error("{message}")]
#[diagnostic(code(regula::bad_param))]
pub struct ParamError {
    /// The command line as typed.
    #[source_code]
    pub src: NamedSource<Arc<str>>,
    /// The offending argument.
    #[label("{label}")]
    pub span: SourceSpan,
    /// What the label says.
    pub label: String,
    /// What is wrong.
    pub message: String,
    /// How to fix it.
    #[help]
    pub help: Option<String>,
}

/// Checks parameter choices `params` against the rule file `rules` and the command line
/// `args` (the arguments after the program name). A rule file that does not parse is left to
/// the loader, which reports the syntax error.
///
/// # Errors
/// A name given twice with different values, an unknown name or an unknown value.
pub fn check_params(
    rules: &SourceFile,
    params: &[(String, String)],
    args: &[String],
) -> Result<(), ParamError> {
    // No choice given, nothing to check: the rule file is not parsed a second time (the
    // loader parses it; parsing is most of the start-up of a command).
    if params.is_empty() {
        return Ok(());
    }
    let line = args.join(" ");
    let src = NamedSource::new("command line", Arc::<str>::from(line.as_str()));
    // The span of the `nth` argument that sets `name`.
    let span_of = |name: &str, nth: usize| -> SourceSpan {
        let mut from = 0;
        let mut found = 0;
        for a in args {
            let start = from;
            from += a.len() + 1;
            let value = a.strip_prefix("--param=").unwrap_or(a);
            if value.split_once('=').is_some_and(|(k, _)| k.trim() == name) {
                if found == nth {
                    return (start, a.len()).into();
                }
                found += 1;
            }
        }
        (0, line.len()).into()
    };
    let err = |span, label: &str, message: String, help: Option<String>| ParamError {
        src: src.clone(),
        span,
        label: label.into(),
        message,
        help,
    };
    for (i, (k, v)) in params.iter().enumerate() {
        let earlier = params[..i].iter().filter(|(k2, _)| k2 == k);
        if let Some((_, v0)) = earlier.clone().find(|(_, v0)| v0 != v) {
            return Err(err(
                span_of(k, earlier.count()),
                "given again here",
                format!("`--param {k}` is given twice, as `{v0}` and as `{v}`"),
                Some("Give each parameter once.".into()),
            ));
        }
    }
    // A variant's parameters are its own and its parents': judge the merged file.
    let Ok(res) = crate::lang::inherit::resolve(rules) else {
        return Ok(());
    };
    let ast = res.file;
    let decls: Vec<_> = ast
        .items
        .iter()
        .filter_map(|it| {
            if let ItemKind::Param(p) = &it.kind {
                Some(p)
            } else {
                None
            }
        })
        .collect();
    for (k, v) in params {
        let Some(d) = decls.iter().find(|d| d.name.name == *k) else {
            let names: Vec<&str> = decls.iter().map(|d| d.name.name.as_str()).collect();
            return Err(err(
                span_of(k, 0),
                "unknown parameter",
                format!("{} has no parameter `{k}`", rules.name),
                Some(if names.is_empty() {
                    "The rule file has no parameters.".into()
                } else {
                    format!("Its parameters are {}.", names.join(", "))
                }),
            ));
        };
        if let Some((lo, hi, _)) = d.range {
            if !v.parse::<i64>().is_ok_and(|n| (lo..=hi).contains(&n))
                || v.starts_with(['+', '0']) && v != "0"
            {
                return Err(err(
                    span_of(k, 0),
                    "out of range",
                    format!("parameter `{k}` cannot be `{v}`"),
                    Some(format!("Its values are whole numbers from {lo} to {hi}.")),
                ));
            }
            continue;
        }
        if !d.values.iter().any(|(_, val)| val.name == *v) {
            let values: Vec<&str> = d.values.iter().map(|(_, val)| val.name.as_str()).collect();
            return Err(err(
                span_of(k, 0),
                "unknown value",
                format!("parameter `{k}` has no value `{v}`"),
                Some(format!("Its values are {}.", values.join(", "))),
            ));
        }
    }
    Ok(())
}
