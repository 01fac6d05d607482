//! Stage 2, parameters and `if`: the parameters' declared values, the choices made by
//! `set-param` and from outside the file, and the `if PARAM is VALUE` statements they select.
//!
//! Later stages read only the statements of the taken branches, through [`flatten`].

use super::{Check, Validator, list};
use crate::base::span::Span;
use crate::lang::syntax::ast;
use crate::lang::syntax::walk::{At, Visitor, walk};
use crate::model::Param;

pub(super) use crate::lang::syntax::ast::Conditional;

/// The most values a whole-number parameter may have.
const MAX_RANGE: i64 = 256;

impl Validator {
    pub(super) fn params(
        &mut self,
        decls: &[(&ast::ParamDecl, &Vec<String>)],
        sets: &[(&ast::Ident, &ast::Ident)],
        overrides: &[(String, String)],
    ) -> Vec<Param> {
        let mut out: Vec<Param> = Vec::new();
        let _ = self.unique_names("parameter", decls.iter().map(|(p, _)| &p.name));
        for (p, docs) in decls {
            if let Some((lo, hi, at)) = p.range {
                if let Some(q) = self.int_param(p, docs, lo, hi, at)
                    && out.iter().all(|o| o.name != q.name)
                {
                    out.push(q);
                }
                continue;
            }
            let values: Vec<(String, Vec<String>)> = p
                .values
                .iter()
                .map(|(d, v)| (v.name.clone(), d.clone()))
                .collect();
            let _ = self.unique_names("parameter value", p.values.iter().map(|(_, v)| v));
            let names: Vec<String> = values.iter().map(|v| v.0.clone()).collect();
            let default = match names.iter().position(|n| n == &p.default.name) {
                Some(i) => i,
                None => {
                    self.unknown("value", &p.default, &names);
                    0
                }
            };
            if out.iter().all(|q| q.name != p.name.name) {
                out.push(Param {
                    name: p.name.name.clone(),
                    docs: (*docs).clone(),
                    values,
                    default,
                    chosen: default,
                    fixed: false,
                    range: None,
                });
            }
        }
        let known: Vec<String> = out.iter().map(|p| p.name.clone()).collect();
        for (n, v) in sets {
            match out.iter_mut().position(|p| p.name == n.name) {
                Some(i) => match out[i].values.iter().position(|x| x.0 == v.name) {
                    Some(j) => {
                        out[i].chosen = j;
                        out[i].fixed = true;
                    }
                    None if out[i].range.is_some() => {
                        let help = out[i].range_help();
                        self.err(
                            Check::BadParam,
                            v.span,
                            format!("parameter `{}` cannot be `{}`", n.name, v.name),
                            "out of range",
                            Some(help),
                        );
                    }
                    None => {
                        let vals: Vec<String> = out[i].values.iter().map(|x| x.0.clone()).collect();
                        self.unknown("value", v, &vals);
                    }
                },
                None => {
                    self.unknown("parameter", n, &known);
                }
            }
        }
        for (n, v) in overrides {
            match out.iter_mut().find(|p| &p.name == n) {
                Some(p) if p.fixed => {
                    let at = sets
                        .iter()
                        .find(|(k, _)| &k.name == n)
                        .map_or(Span::new(0, 0), |(k, _)| k.span);
                    let fixed_to = p.values[p.chosen].0.clone();
                    if *v != fixed_to {
                        self.err(
                            Check::BadParam,
                            at,
                            format!("parameter `{n}` is fixed to `{fixed_to}` by `set-param`, so it cannot be `{v}`"),
                            "fixed here",
                            Some("A variant's `set-param` is part of its definition; load the parent to choose another value.".into()),
                        );
                    }
                }
                Some(p) => match p.values.iter().position(|x| &x.0 == v) {
                    Some(j) => p.chosen = j,
                    None if p.range.is_some() => {
                        let help = p.range_help();
                        self.err(
                            Check::BadParam,
                            Span::new(0, 0),
                            format!("parameter `{n}` cannot be `{v}`"),
                            "set from outside the file",
                            Some(help),
                        );
                    }
                    None => {
                        let vals: Vec<String> = p.values.iter().map(|x| x.0.clone()).collect();
                        self.err(
                            Check::BadParam,
                            Span::new(0, 0),
                            format!("parameter `{n}` has no value `{v}`"),
                            "set from outside the file",
                            Some(format!("Its values are {}.", list(&vals))),
                        );
                    }
                },
                None => self.err(
                    Check::BadParam,
                    Span::new(0, 0),
                    format!("the rule file has no parameter `{n}`"),
                    "set from outside the file",
                    Some(format!(
                        "Its parameters are {}.",
                        if known.is_empty() {
                            "none".into()
                        } else {
                            list(&known)
                        }
                    )),
                ),
            }
        }
        out
    }

    /// A whole-number parameter `= default in lo..hi`: its values are the numbers of the
    /// range, at most [`MAX_RANGE`] of them, and the default one of them.
    fn int_param(
        &mut self,
        p: &ast::ParamDecl,
        docs: &[String],
        lo: i64,
        hi: i64,
        at: Span,
    ) -> Option<Param> {
        if lo > hi || hi - lo >= MAX_RANGE {
            self.err(
                Check::BadParam,
                at,
                format!("`{lo}..{hi}` is not a range of a parameter"),
                "bad range",
                Some(format!(
                    "Write an increasing range of at most {MAX_RANGE} numbers, like `2..19`."
                )),
            );
            return None;
        }
        let values: Vec<(String, Vec<String>)> =
            (lo..=hi).map(|n| (n.to_string(), Vec::new())).collect();
        let Some(default) = values.iter().position(|v| v.0 == p.default.name) else {
            self.err(
                Check::BadParam,
                p.default.span,
                format!("the default `{}` is not in `{lo}..{hi}`", p.default.name),
                "out of range",
                Some("Give a default inside the parameter's range.".into()),
            );
            return None;
        };
        Some(Param {
            name: p.name.name.clone(),
            docs: docs.to_vec(),
            values,
            default,
            chosen: default,
            fixed: false,
            range: Some((lo, hi)),
        })
    }

    /// Reports every `if` that names an unknown parameter or value, in every item that has
    /// conditional statements (taken branch or not).
    pub(super) fn check_all_ifs(&mut self, file: &ast::RuleFile, params: &[Param]) {
        walk(file, &mut IfChecker { v: self, params });
    }

    fn check_ifs<T: Conditional>(&mut self, stmts: &[T], params: &[Param]) {
        for s in stmts {
            if let Some(i) = s.as_if() {
                match params.iter().find(|p| p.name == i.param.name) {
                    None => {
                        let known: Vec<String> = params.iter().map(|p| p.name.clone()).collect();
                        self.unknown("parameter", &i.param, &known);
                    }
                    Some(p) => {
                        if p.values.iter().all(|v| v.0 != i.value.name) {
                            let vals: Vec<String> = p.values.iter().map(|v| v.0.clone()).collect();
                            self.unknown("value", &i.value, &vals);
                        }
                    }
                }
                self.check_ifs(&i.then, params);
                self.check_ifs(&i.otherwise, params);
            }
        }
    }
}

/// Checks the `if`s of every block that may hold them.
struct IfChecker<'v> {
    v: &'v mut Validator,
    params: &'v [Param],
}

impl<'a> Visitor<'a> for IfChecker<'_> {
    fn block<T: Conditional>(&mut self, _: At<'a>, stmts: &'a [T]) {
        self.v.check_ifs(stmts, self.params);
    }
}

/// Applies parameter choices: keeps the statements of the taken branch of every `if`.
/// Unknown parameters or values make the `if` take neither branch; `check_ifs` reports them.
pub(super) fn flatten<'a, T: Conditional>(stmts: &'a [T], params: &[Param], out: &mut Vec<&'a T>) {
    for s in stmts {
        match s.as_if() {
            Some(i) => {
                let Some(p) = params.iter().find(|p| p.name == i.param.name) else {
                    continue;
                };
                if p.values.iter().all(|v| v.0 != i.value.name) {
                    continue;
                }
                let taken = p.values[p.chosen].0 == i.value.name;
                flatten(if taken { &i.then } else { &i.otherwise }, params, out);
            }
            None => out.push(s),
        }
    }
}
