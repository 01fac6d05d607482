//! Parsing: rule-file text to [`ast::RuleFile`].
//!
//! The pest grammar lives in `grammar/regula.pest`; this module turns pest's pairs into the
//! AST (one `lower_*` function per grammar rule) and pest's errors into [`SyntaxError`].
//! pest stops at the first syntax error, so a file yields at most one.

pub mod ast;
mod depth;
mod error;
pub mod fmt;
mod lower;
mod shape;
pub mod walk;

pub use error::SyntaxError;

mod grammar_words {
    include!(concat!(env!("OUT_DIR"), "/keywords.rs"));
}

/// The grammar's keywords: every quoted word of `grammar/regula.pest`, sorted (read by
/// build.rs, so the list cannot drift from the grammar).
pub const KEYWORDS: &[&str] = grammar_words::GRAMMAR_WORDS;

/// What the language server's completion reads from the grammar (made by build.rs from
/// `grammar/regula.pest`): the keywords each rule starts with, and every list of names in
/// braces with the words that open it.
pub mod grammar {
    use super::Rule;
    include!(concat!(env!("OUT_DIR"), "/completion.rs"));

    /// The grammar's choices of literals as enums (`kw::ItemWord`, `kw::Over`, ...), for an
    /// exhaustive match over what a keyword position takes.
    pub use super::shape::kw;
}

use pest::Parser;

use crate::base::source::SourceFile;

/// The parser derived from the grammar file.
#[derive(pest_derive::Parser)]
#[grammar = "grammar/regula.pest"]
pub(crate) struct RulesParser;

/// Parses a rule file into its AST.
///
/// # Errors
/// A [`SyntaxError`] pointing at the first place the text leaves the grammar.
pub fn parse(src: &SourceFile) -> Result<ast::RuleFile, SyntaxError> {
    parse_at(src, 0)
}

/// Parses a rule file whose spans start at `base` in a [`crate::base::source::SourceMap`]'s
/// global offset space (the file's place among a variant's sources).
///
/// # Errors
/// A [`SyntaxError`] pointing at the first place the text leaves the grammar (in the file's
/// own offsets).
pub fn parse_at(src: &SourceFile, base: usize) -> Result<ast::RuleFile, SyntaxError> {
    let mut pairs =
        RulesParser::parse(Rule::file, &src.text).map_err(|e| SyntaxError::from_pest(src, e))?;
    let file = pairs.next().expect("the file rule always yields one pair");
    depth::check(src, &file)?;
    Ok(lower::with_base(base, || lower::lower_file(file)))
}

/// The grammar rules that pest would try next where `text` (a rule file cut at the cursor)
/// stops: the rules it reports as expected when the text leaves the grammar at its very end
/// (`leg l {` expects `leg_step`, `leg_slide`, ...; `over` expects `over`). `None` when the
/// text parses, or leaves the grammar before its end, where the end says nothing. For the
/// language server's completion, with [`grammar::first_words`].
pub fn expected_at_end(text: &str) -> Option<Vec<Rule>> {
    let Err(e) = RulesParser::parse(Rule::file, text) else {
        return None;
    };
    let at = match e.location {
        pest::error::InputLocation::Pos(at) => at,
        pest::error::InputLocation::Span((at, _)) => at,
    };
    match e.variant {
        pest::error::ErrorVariant::ParsingError { positives, .. } if at == text.len() => {
            Some(positives)
        }
        _ => None,
    }
}
