//! What a book in a language leaves in English: counted once, and said once at its top.

use super::Cx;
use crate::books::i18n::n;

/// What a book leaves untranslated ([`Cx::untranslated`]).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Untranslated {
    /// Doc comments with English text and none in the book's language.
    pub docs: usize,
    /// Doc comments with English text.
    pub docs_total: usize,
    /// Rule-file names with no word in the book's language.
    pub names: Vec<String>,
}

impl Untranslated {
    /// Whether the book is whole in its language: every doc and every name translated.
    pub fn is_whole(&self) -> bool {
        self.docs == 0 && self.names.is_empty()
    }

    /// The note that says, once, what is untranslated (with `letters`: that some diagram
    /// letters come from the rule file's names); empty when nothing is.
    pub fn note(&self, cx: &Cx, letters: bool) -> Vec<String> {
        let mut note = Vec::new();
        if self.docs > 0 {
            note.push(cx.t(
                "untranslated-docs",
                &[n("missing", self.docs), n("total", self.docs_total)],
            ));
        }
        if !self.names.is_empty() {
            note.push(cx.t("untranslated-names", &[n("missing", self.names.len())]));
        }
        if letters {
            note.push(cx.t("untranslated-letters", &[]));
        }
        note
    }
}
