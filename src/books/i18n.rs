//! The message files of `i18n/` (Fluent), one per language, and the words a rule file gives
//! for its own names. Sentences are Fluent messages; the function `NAME($id, form: "gen")`
//! gives a rule-file name in the grammatical form a message asks for, so that plurals and
//! cases are chosen in the message file, not in Rust.

use std::collections::HashMap;
use std::sync::Arc;

use fluent_bundle::{FluentArgs, FluentBundle, FluentResource, FluentValue};

include!(concat!(env!("OUT_DIR"), "/languages.rs"));

/// The language codes that have a message file.
pub fn codes() -> Vec<&'static str> {
    LANGUAGES.iter().map(|(c, _)| *c).collect()
}

/// A rule-file name's forms in one language: identifier → (form label → text).
pub type Words = HashMap<String, HashMap<String, String>>;

/// One language's messages, with the rule file's words.
pub struct Lang {
    /// The language code (`en`, `nl`, ...).
    pub code: String,
    bundle: FluentBundle<FluentResource>,
    fallback: Option<Box<Lang>>,
}

/// A message argument.
pub type Arg<'a> = (&'a str, FluentValue<'static>);

/// A string argument.
pub fn s(name: &str, v: impl Into<String>) -> Arg<'_> {
    (name, FluentValue::from(v.into()))
}

/// A number argument (selects plural forms).
pub fn n(name: &str, v: usize) -> Arg<'_> {
    (name, FluentValue::from(v))
}

impl Lang {
    /// The messages of `code` with the rule file's `words` in that language; `None` if there is
    /// no message file for it. English is the fallback for a message a file lacks.
    pub fn new(code: &str, words: &Words) -> Option<Lang> {
        let (_, src) = LANGUAGES.iter().find(|(c, _)| *c == code)?;
        let fallback = if code == "en" {
            None
        } else {
            Lang::new("en", &Words::new()).map(Box::new)
        };
        let mut words = words.clone();
        fill_fallback_forms(code, src, &mut words);
        let words = Arc::new(words);
        let lid = code.parse().unwrap_or_default();
        let mut bundle = FluentBundle::new(vec![lid]);
        bundle.set_use_isolating(false);
        // The message files are compiled in and checked by a test; a file with syntax errors
        // still yields its good messages.
        let res = match FluentResource::try_new(src.to_string()) {
            Ok(r) => r,
            Err((r, _)) => r,
        };
        let _ = bundle.add_resource(res);
        let _ = bundle.add_function("NAME", move |pos, named| {
            let id = match pos.first() {
                Some(FluentValue::String(s)) => s.to_string(),
                Some(FluentValue::Number(n)) => n.as_string().to_string(),
                _ => return FluentValue::Error,
            };
            let form = match named.get("form") {
                Some(FluentValue::String(s)) => s.to_string(),
                _ => String::new(),
            };
            let text = words
                .get(&id)
                .and_then(|f| f.get(&form).or_else(|| f.get("")))
                .cloned()
                .unwrap_or(id);
            FluentValue::from(text)
        });
        Some(Lang {
            code: code.to_string(),
            bundle,
            fallback,
        })
    }

    /// Whether this language's file has the message.
    pub fn has(&self, id: &str) -> bool {
        self.bundle.has_message(id)
    }

    /// Formats message `id` with arguments; a message missing here comes from English, and a
    /// message missing everywhere shows as its id (a test checks that none is missing).
    pub fn t(&self, id: &str, args: &[Arg]) -> String {
        let Some(msg) = self.bundle.get_message(id) else {
            return match &self.fallback {
                Some(f) => f.t(id, args),
                None => format!("{{{id}}}"),
            };
        };
        let Some(pattern) = msg.value() else {
            return format!("{{{id}}}");
        };
        let mut fa = FluentArgs::new();
        for (k, v) in args {
            fa.set(k.to_string(), v.clone());
        }
        let mut errors = Vec::new();
        self.bundle
            .format_pattern(pattern, Some(&fa), &mut errors)
            .into_owned()
    }
}

/// For every form `F` with a message `name-fallback-F` (e.g. the English plural
/// `{ $name }s`), a word that lacks form `F` gets it from that message.
fn fill_fallback_forms(code: &str, src: &str, words: &mut Words) {
    let forms: Vec<&str> = src
        .lines()
        .filter_map(|l| l.strip_prefix("name-fallback-"))
        .filter_map(|l| l.split_once('=').map(|(f, _)| f.trim()))
        .collect();
    if forms.is_empty() {
        return;
    }
    let mut bundle = FluentBundle::new(vec![code.parse().unwrap_or_default()]);
    bundle.set_use_isolating(false);
    if let Ok(res) = FluentResource::try_new(src.to_string()) {
        let _ = bundle.add_resource(res);
    }
    for forms_of in words.values_mut() {
        let base = forms_of.get("").cloned().unwrap_or_default();
        for f in &forms {
            if forms_of.contains_key(*f) {
                continue;
            }
            let Some(p) = bundle
                .get_message(&format!("name-fallback-{f}"))
                .and_then(|m| m.value())
            else {
                continue;
            };
            let mut a = FluentArgs::new();
            a.set("name", FluentValue::from(base.clone()));
            let mut errors = Vec::new();
            let v = bundle.format_pattern(p, Some(&a), &mut errors).into_owned();
            forms_of.insert(f.to_string(), v);
        }
    }
}
