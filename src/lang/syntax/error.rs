//! Syntax errors with spans and readable names for what was expected.

use std::sync::Arc;

use miette::{Diagnostic, NamedSource, SourceSpan};
use pest::error::{ErrorVariant, InputLocation};
use thiserror::Error;

use super::Rule;
use crate::base::source::SourceFile;

/// The text leaves the grammar at one place.
#[derive(Debug, Error, Diagnostic)]
#[error("syntax error: expected {expected}")]
#[diagnostic(code(regula::syntax))]
pub struct SyntaxError {
    /// The file.
    #[source_code]
    pub src: NamedSource<Arc<str>>,
    /// Where the parser stopped.
    #[label("expected {expected} here")]
    pub span: SourceSpan,
    /// What would have been accepted.
    pub expected: String,
    /// The first `{` that is never closed, when the braces do not balance: the usual cause.
    #[label("this `{{` is never closed")]
    pub unclosed: Option<SourceSpan>,
    /// A hint for the usual causes.
    #[help]
    pub help: Option<String>,
}

impl SyntaxError {
    pub(crate) fn from_pest(src: &SourceFile, e: pest::error::Error<Rule>) -> SyntaxError {
        let (start, end) = match e.location {
            InputLocation::Pos(p) => (p, p),
            InputLocation::Span((s, t)) => (s, t),
        };
        let len = if end > start {
            end - start
        } else {
            // Point at the whole word that starts here, so the label is visible.
            src.text[start..]
                .chars()
                .take_while(|c| c.is_alphanumeric() || *c == '-' || *c == '_')
                .map(char::len_utf8)
                .sum::<usize>()
                .max(usize::from(start < src.text.len()))
        };
        let (expected, help) = match &e.variant {
            ErrorVariant::ParsingError {
                positives,
                negatives,
            } => {
                let mut names: Vec<&str> = positives.iter().map(|r| describe(*r)).collect();
                names.sort_unstable();
                names.dedup();
                let text = if names.is_empty() {
                    let mut neg: Vec<&str> = negatives.iter().map(|r| describe(*r)).collect();
                    neg.dedup();
                    format!("something other than {}", neg.join(", "))
                } else {
                    join_or(&names)
                };
                let help = hint(positives).or_else(|| {
                    let rest = src.text[start.min(src.text.len())..].trim_start();
                    (positives.contains(&Rule::ident) && rest.starts_with('{')).then(|| {
                        "A `{` where a name belongs: a list in braces on this or an earlier line may be missing its closing `}`.".to_string()
                    })
                });
                (text, help)
            }
            // pest's own guard against deep recursion: say what it means for a rule file.
            ErrorVariant::CustomError { message } if message.contains("limit reached") => (
                format!("nesting at most {} deep", crate::model::MAX_NESTING),
                Some("Parentheses, `not`, `every`/`some` and blocks nest too deep here.".into()),
            ),
            ErrorVariant::CustomError { message } => (message.clone(), None),
        };
        // A misspelt keyword (`sequense`): the word where the parser stopped is no keyword,
        // and one is near it.
        let help = match (help, misspelt_keyword(&src.text, start, len)) {
            (h, Some(k)) => Some(match h {
                Some(h) => format!("`{}`: {k} {h}", &src.text[start..start + len]),
                None => format!("`{}`: {k}", &src.text[start..start + len]),
            }),
            (h, None) => h,
        };
        let unclosed = unclosed_brace(&src.text).filter(|&b| b < start);
        // Inside a block that is still open, its closing `}` is always acceptable too; pest
        // names only rules, never that literal.
        let expected = if unclosed.is_some() && !expected.contains("`}`") {
            format!("{expected} or `}}`")
        } else {
            expected
        };
        let help = match (unclosed, help) {
            (Some(_), None) => Some(
                "A `{` opened before this point is never closed: add the missing `}` where its block ends."
                    .to_string(),
            ),
            (_, h) => h,
        };
        SyntaxError {
            src: src.named(),
            span: (start, len).into(),
            expected,
            unclosed: unclosed.map(|b| (b, 1).into()),
            help,
        }
    }
}

/// "did you mean `sequence`?" when the word at `start` is not a keyword and one is close.
fn misspelt_keyword(text: &str, start: usize, len: usize) -> Option<String> {
    let word = text.get(start..start + len)?;
    if word.len() < 3
        || !word.starts_with(|c: char| c.is_ascii_lowercase())
        || super::KEYWORDS.contains(&word)
    {
        return None;
    }
    crate::base::suggest::suggest(word, super::KEYWORDS.iter().copied())
}

/// The first `{` without a matching `}` (outside comments and strings), if the braces of the
/// whole text do not balance that way.
fn unclosed_brace(text: &str) -> Option<usize> {
    let mut stack = Vec::new();
    let bytes = text.as_bytes();
    let mut i = 0;
    let mut in_string = false;
    while i < bytes.len() {
        let c = bytes[i];
        if in_string {
            if c == b'"' || c == b'\n' {
                in_string = false;
            }
        } else if c == b'/' && bytes.get(i + 1) == Some(&b'/') {
            while i < bytes.len() && bytes[i] != b'\n' {
                i += 1;
            }
            continue;
        } else if c == b'"' {
            in_string = true;
        } else if c == b'{' {
            stack.push(i);
        } else if c == b'}' && stack.pop().is_none() {
            // More closing than opening braces: not the case this looks for.
            return None;
        }
        i += 1;
    }
    stack.first().copied()
}

fn join_or(names: &[&str]) -> String {
    match names {
        [] => String::new(),
        [one] => (*one).to_string(),
        [init @ .., last] => format!("{} or {}", init.join(", "), last),
    }
}

fn hint(positives: &[Rule]) -> Option<String> {
    if positives.contains(&Rule::item) || positives.contains(&Rule::EOI) {
        return Some(
            "A rule file is a list of items: game, players, board, directions, set, region, pieces, \
             setup, counter, param, leg, move, priority, promote, end."
                .into(),
        );
    }
    if positives.iter().any(|r| matches!(r, Rule::repeat)) {
        return Some(
            "A segment may end in `+` (one or more legs) or `+!` (as many as possible).".into(),
        );
    }
    if positives.iter().any(|r| matches!(r, Rule::cmp_op)) {
        return Some("Compare with >=, <=, ==, !=, > or <.".into());
    }
    None
}

/// A human name for each grammar rule, used in "expected ..." messages.
///
/// Longer than 150 lines on purpose: one line per grammar rule in one exhaustive match, so
/// that a rule added to the grammar is a compile error here until it has a name.
fn describe(rule: Rule) -> &'static str {
    match rule {
        Rule::EOI => "end of file",
        Rule::WHITESPACE | Rule::COMMENT => "whitespace",
        Rule::file => "a rule file",
        Rule::board_stmt => "`files`, `ranks`, `squares`, `numbers` or `links`",
        Rule::leg_stmt => {
            "a leg statement (step, slide, leap, capture, capture passer, onto, land, not reverse, onward, prefer continuing, halt behind, if)"
        }
        Rule::move_stmt => {
            "a move statement (by, drop, from, to, each landing, stop, sequence, require, effect, remove, mark passed, flip along, custodial along, then drop, with, if)"
        }
        Rule::prio_stmt => "a priority statement (when, keep, prefer, maximize, otherwise, if)",
        Rule::promote_stmt => "a promotion statement (`Kind to Kind in REGION`, timing, if)",
        Rule::end_stmt => "an end rule",
        Rule::cond_atom => "a condition",
        Rule::quantity => "a number, `count(...)` or a counter",
        Rule::mv_atom => "a move condition (capturing, from, to, move NAME, not, parentheses)",
        Rule::sq_atom => {
            "a square condition (in REGION, piece KIND, can MOVE, passed, unmoved, attacked, next DIRECTION ..., not, parentheses)"
        }
        Rule::square_item => "a square or a square range",
        Rule::inner_doc => "`//!` documentation",
        Rule::outer_doc => "`///` documentation",
        Rule::doc_text => "documentation text",
        Rule::item | Rule::item_body => "an item (game, players, board, ...)",
        Rule::game => "`game \"Name\"`",
        Rule::extends => "`extends \"parent.rules\"`",
        Rule::remove_item => "`remove KIND NAME`",
        Rule::item_start => "the start of an item",
        Rule::item_word | Rule::whole_item_word => {
            "an item kind (leg, move, priority, region, set, setup, counter, param, set-param, promote, teams, neutral, royal, hand, turn, values, unstated)"
        }
        Rule::amend => "`amend ITEM { ... }`",
        Rule::amend_body => {
            "an item to amend (leg, move, priority, end, promote, pieces, neutral, royal, hand, setup)"
        }
        Rule::teams => "`teams { A B | C D }`",
        Rule::team => "the players of a team",
        Rule::turn => "`turn { blocked pass|end }`",
        Rule::turn_stmt | Rule::turn_blocked => "`blocked pass` or `blocked end`",
        Rule::blocked_action => "`pass` or `end`",
        Rule::neutral => "`neutral { kinds }`",
        Rule::royal => "`royal { kinds }`",
        Rule::hand => "`hand { kinds }`",
        Rule::cond_in_check => "`in-check(PLAYER)`",
        Rule::move_drop => "`drop KIND`",
        Rule::move_drop_hand => "`drop from hand`",
        Rule::player_region => "a player's region (`White home`)",
        Rule::keyword => "a keyword",
        Rule::players => "`players { ... }`",
        Rule::board => "`board { ... }`",
        Rule::files => "`files { ... }`",
        Rule::ranks => "`ranks { ... }`",
        Rule::squares => "`squares { ... }`",
        Rule::parity => "`like <square>`",
        Rule::numbers => "`numbers { ... }`",
        Rule::links => "`links { ... }`",
        Rule::link_chain => "a chain of squares joined by `-`, such as `a1-d1-g1`",
        Rule::directions => "`directions { ... }`",
        Rule::dir_decl => "a direction `NAME (df, dr)`",
        Rule::dir_set => "`set NAME { ... }`",
        Rule::per_player_dirs => "`Player: directions`",
        Rule::region => "`region NAME { ... }`",
        Rule::per_player_squares => "`Player: squares`",
        Rule::owner => "`Name:`",
        Rule::pieces => "`pieces { ... }`",
        Rule::setup => "`setup { ... }`",
        Rule::setup_player => "`Player { Kind: squares }`",
        Rule::setup_kind => "`Kind: squares`",
        Rule::counter => "`counter NAME`",
        Rule::per_player => "`per-player`",
        Rule::same_piece => "`same-piece`",
        Rule::counter_while => "`while CONDITION`",
        Rule::param => "`param NAME = DEFAULT { values }`",
        Rule::param_value => "a parameter value",
        Rule::param_range => "a default and a range, like `11 in 2..19`",
        Rule::int_span => "a range of whole numbers, like `2..19`",
        Rule::set_param => "`set-param NAME = VALUE`",
        Rule::leg => "`leg NAME { ... }`",
        Rule::leg_step => "`step DIRECTIONS`",
        Rule::leg_slide => "`slide DIRECTIONS`",
        Rule::leg_anywhere => "`anywhere`",
        Rule::leg_slide_exactly => "`slide DIRECTIONS exactly N`",
        Rule::slide_length => "`exactly N` or `exactly count(line)`",
        Rule::slide_over => "`over friend|enemy|any|own`",
        Rule::distance => "a number of squares or `count(line)`",
        Rule::distance_line => "`count(line)`",
        Rule::leg_leap => "`leap DIRECTIONS over friend|enemy|any|own`",
        Rule::over => "friend, enemy, any or own",
        Rule::leg_onto => "`onto empty|enemy|empty-or-enemy`",
        Rule::onto => "empty, enemy or empty-or-enemy",
        Rule::flying => "`flying`",
        Rule::flying_behind => "`behind`",
        Rule::over_kinds => "`{ kinds }`",
        Rule::leg_prefer_continuing => "`prefer continuing`",
        Rule::leg_halt_behind => "`halt behind { KINDS }`",
        Rule::values => "`values { Kind: N ... }`",
        Rule::letters => "`letters { Kind: L ... }`",
        Rule::letter_pair => "`Kind: L`",
        Rule::letter_silent => "`silent`",
        Rule::value_stmt => "a value (`Kind: N`) or `if PARAM = VALUE { ... }`",
        Rule::value_pair => "`Kind: N`",
        Rule::values_if => "`if PARAM = VALUE { ... }`",
        Rule::measure => {
            "what to maximize: `captures`, `captures { kinds }`, `value` or `earliest { kinds }`"
        }
        Rule::m_captures => "`captures`",
        Rule::m_value => "`value`",
        Rule::m_earliest => "`earliest { kinds }`",
        Rule::measure_kinds => "`{ kinds }`",
        Rule::leg_capture => "`capture`",
        Rule::leg_capture_passer => "`capture passer`",
        Rule::leg_onward => "`onward`",
        Rule::leg_land => "`land CONDITION`",
        Rule::leg_no_reverse => "`not reverse`",
        Rule::leg_if | Rule::move_if | Rule::prio_if | Rule::promote_if | Rule::end_if => {
            "`if PARAM = VALUE { ... }`"
        }
        Rule::move_def => "`move NAME { ... }`",
        Rule::move_by => "`by { kinds }`",
        Rule::move_from => "`from CONDITION`",
        Rule::move_to => "`to CONDITION`",
        Rule::move_land => "`each landing CONDITION`",
        Rule::move_stop => "`stop CONDITION`",
        Rule::move_sequence => "`sequence LEG then LEG ...`",
        Rule::segment => "a leg name",
        Rule::repeat => "`+` or `+!`",
        Rule::move_require => "`require CONDITION`",
        Rule::move_effect => "`effect COUNTER += N`",
        Rule::move_removal => "`remove immediately|at-end`",
        Rule::move_mark_passed => "`mark passed`",
        Rule::move_flip => "`flip along SET`",
        Rule::move_then_drop => "`then drop KIND via LEG`",
        Rule::move_then_remove => "`then remove enemy where C prefer C when C`",
        Rule::remove_where => "`where CONDITION`",
        Rule::remove_prefer => "`prefer CONDITION`",
        Rule::remove_when => "`when CONDITION`",
        Rule::then_action => "`drop`",
        Rule::move_custodial => "`custodial along SET`",
        Rule::custodial_partners => "`partners { kinds }`",
        Rule::custodial_hostile => "`hostile CONDITION`",
        Rule::custodial_enclosed => "`enclosed { kinds }`",
        Rule::custodial_when => "`when CONDITION`",
        Rule::move_with => "`with KIND from SQUARES to SQUARES`",
        Rule::move_written => "`written \"TEXT\"`",
        Rule::move_go_to => "`go to CONDITION`",
        Rule::removal => "`immediately` or `at-end`",
        Rule::priority => "`priority NAME { ... }`",
        Rule::prio_when => "`when CONDITION`",
        Rule::prio_keep => "`keep MOVE-CONDITION`",
        Rule::prio_prefer => "`prefer MOVE-CONDITION`",
        Rule::prio_maximize => "`maximize captures`",
        Rule::prio_otherwise => "`otherwise skip|none`",
        Rule::otherwise => "`skip` or `none`",
        Rule::promote => "`promote { ... }`",
        Rule::promote_rule => "`Kind to Kind in REGION`",
        Rule::promote_timing => "`timing at-end|continue|stop`",
        Rule::timing => "`at-end`, `continue` or `stop`",
        Rule::end_block => "`end { ... }`",
        Rule::unstated => "`unstated NAME clause ID`",
        Rule::unstated_clause => "`clause ID`",
        Rule::end_rule => "an end rule (`win P if ...`, `loss P if ...`, `draw if ...`)",
        Rule::end_result => "`win P`, `loss P` or `draw`",
        Rule::end_label => "a rule name `NAME:`",
        Rule::end_claim => "`claim`",
        Rule::end_win => "`win P`",
        Rule::end_who => "a player, a variable or `last-mover`",
        Rule::last_mover => "`last-mover`",
        Rule::end_loss => "`loss P`",
        Rule::end_draw => "`draw`",
        Rule::else_kw => "`else`",
        Rule::cond | Rule::cond_and => "a condition",
        Rule::cond_not => "`not CONDITION`",
        Rule::cond_paren => "`( CONDITION )`",
        Rule::cond_every => "`every P: CONDITION`",
        Rule::cond_some => "`some P: CONDITION`",
        Rule::cond_exists => "`exists MOVE-CONDITION`",
        Rule::cond_blocked => "`blocked(PLAYER)`",
        Rule::cond_repeated => "`repeated(N)`",
        Rule::repeated_board => "`board`",
        Rule::comparison => "a comparison",
        Rule::cmp_op => "a comparison operator",
        Rule::q_count => "`count(...)`",
        Rule::side => "a number, `count(...)`, a counter or a sum of them",
        Rule::q_sum => "a sum (`count(P) + 9 - placed(P)`)",
        Rule::add_op => "`+` or `-`",
        Rule::q_counter => "`COUNTER(PLAYER)`",
        Rule::mv_cond | Rule::mv_and => "a move condition",
        Rule::mv_not => "`not ...`",
        Rule::mv_paren => "`( ... )`",
        Rule::mv_capturing => "`capturing`",
        Rule::mv_from => "`from ...`",
        Rule::mv_to => "`to ...`",
        Rule::mv_kind => "`move NAME`",
        Rule::sq_cond | Rule::sq_and => "a square condition",
        Rule::sq_not => "`not ...`",
        Rule::sq_paren => "`( ... )`",
        Rule::sq_in => "`in REGION`",
        Rule::sq_piece => "`piece KIND`",
        Rule::sq_can => "`can MOVE`",
        Rule::sq_passed => "`passed`",
        Rule::sq_unmoved => "`unmoved`",
        Rule::sq_attacked => "`attacked`",
        Rule::sq_empty => "`empty`",
        Rule::sq_next => "`next DIRECTION occupied|empty|off-board`",
        Rule::sq_flanks => "`flanks along SET`",
        Rule::sq_in_a_row => "`in-a-row N along SET`",
        Rule::sq_seen => "`seen DIRECTIONS`",
        Rule::next_state => "`occupied`, `empty` or `off-board`",
        Rule::cond_in_a_row => "`in-a-row(PLAYER N along SET)`",
        Rule::exactly => "`exactly`",
        Rule::cond_connected => "`connected(PLAYER along SET)`",
        Rule::connected_ends => "`from REGION to REGION`",
        Rule::region_ref => "a region (`own far-row`, `opponent home`, `White home`, `centre`)",
        Rule::region_owner => "`own` or `opponent`",
        Rule::square_range => "a square range like `A4..L13`",
        Rule::square => "a square like `D6`",
        Rule::square_line => "a line of squares like `rank 1` or `file last`",
        Rule::line_axis => "`file` or `rank`",
        Rule::line_at => "a file or rank label, `first` or `last`",
        Rule::label => "a label",
        Rule::ident => "a name",
        Rule::int => "a number",
        Rule::string => "a quoted string",
        Rule::string_inner => "string text",
    }
}
