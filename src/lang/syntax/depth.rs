//! A bound on nesting, checked on pest's tree without recursion before anything recurses
//! over it: lowering, validation and evaluation are recursive, so a condition nested a few
//! thousand deep (`((((...))))`) would otherwise overflow the stack.

use pest::iterators::Pair;

use super::{Rule, SyntaxError};
use crate::base::source::SourceFile;
use crate::model::MAX_NESTING;

/// Refuses a tree deeper than [`MAX_NESTING`], pointing at the first pair too deep.
pub(super) fn check(src: &SourceFile, root: &Pair<'_, Rule>) -> Result<(), SyntaxError> {
    let mut stack = vec![(root.clone(), 0usize)];
    while let Some((pair, depth)) = stack.pop() {
        if depth > MAX_NESTING {
            let span = pair.as_span();
            return Err(SyntaxError {
                unclosed: None,
                src: src.named(),
                span: (span.start(), 1).into(),
                expected: format!("nesting at most {MAX_NESTING} deep"),
                help: Some(format!(
                    "Parentheses, `not`, `every`/`some` and blocks may nest at most \
                     {MAX_NESTING} deep (MAX_NESTING); this one is deeper."
                )),
            });
        }
        stack.extend(pair.into_inner().map(|p| (p, depth + 1)));
    }
    Ok(())
}
