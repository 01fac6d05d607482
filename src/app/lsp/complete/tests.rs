//! The context scanner, on made-up texts and on the repository's rule files.

use super::*;
use crate::lang::syntax::grammar::NAME_SLOTS;

fn ctx(text: &str) -> Context {
    context(text, text.len(), &|w| w == "White")
}

#[test]
fn the_words_before_decide_the_context() {
    let m = "move m {\n  by { Man ";
    assert_eq!(ctx(m), Context::Name(Ns::Piece));
    assert_eq!(ctx("move m {\n  sequence "), Context::Name(Ns::Leg));
    // After `then`, another leg or the move's second action; `via` names a leg.
    assert_eq!(
        ctx("move m {\n  sequence a+ then ju"),
        Context::Mixed(Ns::Leg, &["drop", "remove"])
    );
    assert_eq!(
        ctx("move m {\n  drop Man\n  then remove "),
        Context::Keywords(&["friend", "enemy", "any", "own"])
    );
    assert_eq!(
        ctx("move m {\n  sequence a then drop "),
        Context::Name(Ns::Piece)
    );
    assert_eq!(
        ctx("move m {\n  sequence a then drop Arrow via "),
        Context::Name(Ns::Leg)
    );
    assert_eq!(ctx("move m { from in "), Context::Name(Ns::Region));
    assert_eq!(ctx("move m { from not in own "), Context::Name(Ns::Region));
    assert_eq!(ctx("move m { to in White "), Context::Name(Ns::Region));
    assert_eq!(ctx("move m { to piece "), Context::Name(Ns::Piece));
    assert_eq!(ctx("move m { effect "), Context::Name(Ns::Counter));
    assert_eq!(ctx("leg l { step "), Context::Name(Ns::Direction));
    assert_eq!(
        ctx("leg l { leap all over enemy { "),
        Context::Name(Ns::Piece)
    );
    assert_eq!(
        ctx("priority p { when exists move "),
        Context::Name(Ns::Move)
    );
    assert_eq!(
        ctx("priority p { when count(P "),
        Context::Mixed(Ns::Piece, &["in"])
    );
    assert_eq!(ctx("priority p { when count("), Context::Name(Ns::Player));
    assert_eq!(ctx("promote { Man to "), Context::Name(Ns::Piece));
    assert_eq!(
        ctx("promote { timing continue as "),
        Context::Name(Ns::Move)
    );
    assert_eq!(
        ctx("promote { Man to King in own far-row\n  "),
        Context::Mixed(Ns::Piece, &["timing", "if", "else"])
    );
}

#[test]
fn top_level_items_removes_and_parameters() {
    assert_eq!(ctx("game \"G\"\n"), Context::Item);
    assert_eq!(ctx("game \"G\"\npie"), Context::Item);
    assert_eq!(ctx("remove move "), Context::Removed(Ns::Move));
    assert_eq!(ctx("remove counter ca"), Context::Removed(Ns::Counter));
    assert_eq!(ctx("remove "), Context::Keywords(REMOVE_WORDS));
    assert_eq!(ctx("amend leg "), Context::Name(Ns::Leg));
    assert_eq!(ctx("leg "), Context::Declare(Ns::Leg));
    assert_eq!(ctx("set-param "), Context::Name(Ns::Param));
    assert_eq!(
        ctx("set-param some-choice = "),
        Context::Value("some-choice".into())
    );
    assert_eq!(ctx("leg l { if p = "), Context::Value("p".into()));
    assert_eq!(ctx("leg l { if "), Context::Name(Ns::Param));
}

#[test]
fn end_blocks_take_conditions_and_counters() {
    assert_eq!(ctx("end {\n  "), Context::End);
    assert_eq!(
        ctx("end {\n  w: win "),
        Context::Mixed(Ns::Player, &["last-mover"])
    );
    assert_eq!(ctx("end {\n  draw if "), Context::End);
    assert_eq!(ctx("end {\n  w: win P if "), Context::End);
    assert_eq!(ctx("end {\n  if p = v {\n    "), Context::End);
}

/// A document with a syntax error before the place, a comment and a string in the way:
/// the context is still read.
#[test]
fn errors_comments_and_strings_do_not_hide_the_context() {
    assert_eq!(
        ctx("players { ) ) \nmove m {\n  by { "),
        Context::Name(Ns::Piece)
    );
    assert_eq!(ctx("move m { // by {\n  sequence "), Context::Name(Ns::Leg));
    assert_eq!(
        ctx("game \"{ by {\"\nmove m { sequence "),
        Context::Name(Ns::Leg)
    );
    assert_eq!(
        ctx("move m { by { A } sequence s stop in "),
        Context::Name(Ns::Region)
    );
    assert_eq!(ctx("move m { // sequence "), Context::Nothing);
    assert_eq!(ctx("game \"in "), Context::Nothing);
}

#[test]
fn a_word_is_in_the_namespace_of_its_place() {
    let text = "leg jump { step all }\nmove jump { sequence jump+ }\npriority p { when exists move jump and c(P) > 0 }\nregion r { White: a1 }\nend { w: win P if count(P in White r) > 0 }\n";
    let at = |needle: &str, nth: usize| {
        let s = text.match_indices(needle).nth(nth).unwrap().0;
        ns_at(text, s, s + needle.len(), &|w| w == "White")
    };
    assert_eq!(at("jump", 0), Some(Ns::Leg));
    assert_eq!(at("step", 0), None, "a keyword here");
    assert_eq!(at("jump", 1), Some(Ns::Move));
    assert_eq!(at("jump", 2), Some(Ns::Leg));
    assert_eq!(at("jump", 3), Some(Ns::Move));
    let c = text.find(" c(P)").unwrap() + 1;
    assert_eq!(ns_at(text, c, c + 1, &|_| false), Some(Ns::Counter));
    assert_eq!(at("White", 0), Some(Ns::Player));
    assert_eq!(at("White", 1), Some(Ns::Player));
    let r = text.find(" r)").unwrap() + 1;
    assert_eq!(ns_at(text, r, r + 1, &|w| w == "White"), Some(Ns::Region));
    let w = text.find("w:").unwrap();
    assert_eq!(ns_at(text, w, w + 1, &|_| false), Some(Ns::EndRule));
}

/// Every use of a declared name in the repository's rule files is read in a namespace
/// that declares the name (a file's own and its parents' names), or (a keyword such as
/// the leg `step` in `step all`, a file label `E`) in none.
#[test]
fn every_name_in_the_rule_files_is_in_its_namespace() {
    let mut wrong = Vec::new();
    let mut files = 0;
    for e in std::fs::read_dir("rules").unwrap() {
        let p = e.unwrap().path();
        if p.extension().is_none_or(|x| x != "rules") {
            continue;
        }
        let text = std::fs::read_to_string(&p).unwrap();
        let src = crate::base::source::SourceFile::new(p.display().to_string(), text.clone());
        let (Ok(res), Ok(own)) = (
            crate::lang::inherit::resolve(&src),
            crate::lang::syntax::parse(&src),
        ) else {
            continue;
        };
        files += 1;
        let k = Known::of(&res);
        let all: Vec<Name> = names(&own).into_iter().chain(k.names.clone()).collect();
        let mut seen = std::collections::HashSet::new();
        for n in &all {
            if !seen.insert(n.name.clone()) {
                continue;
            }
            let nss: Vec<Ns> = all
                .iter()
                .filter(|m| m.name == n.name)
                .map(|m| m.ns)
                .collect();
            for (s, e) in super::super::text::occurrences(&text, &n.name) {
                let got = ns_at(&text, s, e, &|w| k.is_player(w));
                let line = text[..s].rfind('\n').map_or(0, |i| i + 1);
                let line = text[line..].lines().next().unwrap_or("");
                let ok = match got {
                    // An end of a label range (`files { A..E }`) is a label where a
                    // whole-number parameter may stand (`ranks { 1..size }`).
                    Some(g) => {
                        nss.contains(&g)
                            || (g == Ns::Param
                                && (text[..s].ends_with("..") || text[e..].starts_with("..")))
                    }
                    None => {
                        KEYWORDS.contains(&n.name.as_str())
                            // A kind's letter (`Kind: L`) is no name.
                            || line.trim_start().starts_with("letters")
                            || line.trim_start().starts_with("files")
                            || line.trim_start().starts_with("ranks")
                    }
                };
                if !ok {
                    wrong.push(format!(
                        "{}: {} read as {got:?}: {line}",
                        p.display(),
                        n.name
                    ));
                }
            }
        }
    }
    assert!(files > 10, "the rule files are read");
    assert!(wrong.is_empty(), "{wrong:#?}");
}

/// Every list of names in braces of the grammar (`NAME_LISTS`, which build.rs reads from
/// `grammar/regula.pest`) is written somewhere in the repository's rule files, and at each
/// place completion offers the namespace of the names written there: piece kinds after
/// `by {`, `over enemy {`, `halt behind {`, `maximize captures {` and `earliest {`. The rule
/// files have passed the validator, so what they write in a list is what the list takes; a
/// kind list added to the grammar is a compile error in [`list_block`] until it has a
/// namespace, and fails here until a rule file uses it and completes it with kinds.
#[test]
fn every_list_of_names_in_the_grammar_completes_with_what_it_holds() {
    let mut met = vec![0; NAME_LISTS.len()];
    let mut wrong = Vec::new();
    for e in std::fs::read_dir("rules").unwrap() {
        let p = e.unwrap().path();
        if p.extension().is_none_or(|x| x != "rules") {
            continue;
        }
        let text = std::fs::read_to_string(&p).unwrap();
        let src = crate::base::source::SourceFile::new(p.display().to_string(), text.clone());
        let Ok(res) = crate::lang::inherit::resolve(&src) else {
            continue;
        };
        let k = Known::of(&res);
        let toks = lex(&text);
        for (i, t) in toks.iter().enumerate() {
            let back = |n: usize| i.checked_sub(n).map_or("", |j| toks[j].text);
            let Some(name) = toks.get(i + 1).filter(|n| t.text == "{" && n.word()) else {
                continue;
            };
            for (row, (list, before)) in NAME_LISTS.iter().enumerate() {
                if !opens(before, back(1), back(2)) {
                    continue;
                }
                met[row] += 1;
                let at = name.text.as_ptr() as usize - text.as_ptr() as usize;
                let got = context(&text, at, &|w| k.is_player(w));
                let nss: Vec<Ns> = (k.names.iter())
                    .filter(|n| n.name == name.text)
                    .map(|n| n.ns)
                    .collect();
                let ok = match &got {
                    Context::Name(ns) | Context::Declare(ns) | Context::Mixed(ns, _) => {
                        nss.contains(ns)
                    }
                    _ => false,
                };
                if !ok {
                    wrong.push(format!(
                        "{}: {list:?} `{} {} {{ {}`: {got:?}, but {} is {nss:?}",
                        p.display(),
                        back(2),
                        back(1),
                        name.text,
                        name.text
                    ));
                }
            }
        }
    }
    for ((list, before), n) in NAME_LISTS.iter().zip(&met) {
        assert!(
            *n > 0,
            "no rule file writes a {list:?} opened by {before:?}; add one to a rule file"
        );
    }
    assert!(wrong.is_empty(), "{wrong:#?}");
}

/// The keyword places read the grammar: what follows `over`, `maximize`, `remove` in a move
/// and `remove` at top level is what the grammar's rules there start with.
#[test]
fn keyword_places_offer_what_the_grammar_takes() {
    assert_eq!(
        ctx("leg l { leap all over "),
        Context::Keywords(&["friend", "enemy", "any", "own"])
    );
    assert_eq!(
        ctx("priority p { maximize "),
        Context::Keywords(&["captures", "value", "earliest"])
    );
    assert_eq!(
        ctx("move m { remove "),
        Context::Keywords(&["immediately", "at-end"])
    );
    assert!(
        REMOVE_WORDS.contains(&"values"),
        "85c42f1's `remove values`"
    );
    assert!(ITEM_WORDS.contains(&"unstated") && AMEND_WORDS.contains(&"setup"));
}

/// Where the words before decide nothing, pest says what comes next: a leg's statements in a
/// leg, the rest of a leap after its `over`, and names only where a rule may start with one.
#[test]
fn where_the_words_decide_nothing_the_grammar_does() {
    let leg = [
        "step", "slide", "anywhere", "leap", "capture", "onto", "land", "not", "onward", "prefer",
        "halt", "if",
    ];
    assert_eq!(ctx("leg l {\n  "), Context::Grammar(leg.to_vec(), false));
    assert_eq!(
        ctx("leg l {\n  step N\n  ca"),
        Context::Grammar(leg.to_vec(), false)
    );
    let Context::Grammar(words, false) = ctx("leg l { leap all over enemy ") else {
        panic!("a leap's rest");
    };
    assert!(words.contains(&"flying") && words.contains(&"step"));
    // A slide's length: `exactly`, then a number or `count(line)`, then what it passes over.
    let Context::Grammar(words, false) = ctx("leg l { slide all ") else {
        panic!("a slide's rest");
    };
    assert!(
        words.contains(&"exactly") && words.contains(&"onto"),
        "{words:?}"
    );
    // A leg's statements offer `anywhere`; after it, what it lands on, never a direction set.
    let Context::Grammar(words, false) = ctx("leg l { ") else {
        panic!("a leg's statements");
    };
    assert!(
        words.contains(&"anywhere") && words.contains(&"step"),
        "{words:?}"
    );
    let Context::Grammar(words, false) = ctx("leg l { anywhere ") else {
        panic!("after `anywhere`");
    };
    assert!(
        words.contains(&"onto") && words.contains(&"land"),
        "{words:?}"
    );
    let Context::Grammar(words, false) = ctx("leg l { slide all exactly ") else {
        panic!("a slide's length");
    };
    assert!(words.contains(&"count"), "{words:?}");
    let Context::Grammar(words, false) = ctx("leg l { slide all exactly count(line) ") else {
        panic!("after a slide's length");
    };
    assert!(words.contains(&"over") && words.contains(&"onto"));
    let Context::Grammar(words, false) = ctx("move m {\n  ") else {
        panic!("a move's statements");
    };
    assert!(words.contains(&"sequence") && words.contains(&"by"));
    // A document that leaves the grammar before the place: everything, as before.
    assert_eq!(ctx("leg l { ) }\nleg k {\n  "), Context::Any);
}

/// What the bundled rule files do not write: a name after `loss`, and a counter after the
/// words of a condition.
const SLOT_SNIPPET: &str = "game \"G\"\nplayers { White Black }\npieces { Man }\n\
    counter c per-player\n\
    end { loss White if count(White Man) == 0 or c(White) > 1 and not c(Black) >= c(White)\n\
    draw if every P: c(P) > 0 }\n";

/// The repository's rule files and `more` texts, each with a path to name it by.
fn rule_files_and(more: &[&str]) -> Vec<(std::path::PathBuf, String)> {
    let mut out: Vec<_> = (more.iter().enumerate())
        .map(|(i, t)| (format!("snippet {i}").into(), t.to_string()))
        .collect();
    for e in std::fs::read_dir("rules").unwrap() {
        let p = e.unwrap().path();
        if p.extension().is_some_and(|x| x == "rules") {
            let text = std::fs::read_to_string(&p).unwrap();
            out.push((p, text));
        }
    }
    out
}

/// The namespaces completion offers in `ctx`: every one where it offers every name.
fn offered(ctx: &Context) -> Vec<Ns> {
    const ALL: [Ns; 12] = [
        Ns::Player,
        Ns::Piece,
        Ns::Direction,
        Ns::Region,
        Ns::Counter,
        Ns::Param,
        Ns::Value,
        Ns::Leg,
        Ns::Move,
        Ns::Priority,
        Ns::EndRule,
        Ns::Unstated,
    ];
    match ctx {
        Context::Name(ns) | Context::Mixed(ns, _) | Context::Declare(ns) | Context::Removed(ns) => {
            vec![*ns]
        }
        Context::Value(_) => vec![Ns::Value],
        Context::End => vec![Ns::Counter],
        Context::Any | Context::Grammar(_, true) => ALL.to_vec(),
        Context::Grammar(_, false) | Context::Keywords(_) | Context::Item | Context::Nothing => {
            Vec::new()
        }
    }
}

/// Every word of the grammar that a single name may follow (`NAME_SLOTS`, which build.rs
/// reads from `grammar/regula.pest`: `step N`, `sequence jump`, `c(White)`) is followed by a
/// name somewhere in the repository's rule files, and completion there offers the namespace
/// of the declared names written there; where only a name may follow (`step |`, not
/// `when |`), it offers that namespace and not every name. A construct added to the grammar
/// with a name after a new word fails here until a rule file uses it and completion knows
/// its namespace. (A name before `:` is a label, and a name that is also a keyword is read
/// as the keyword: both are left to the test above.)
#[test]
fn every_name_after_a_word_of_the_grammar_completes_with_its_namespace() {
    let mut met = vec![0; NAME_SLOTS.len()];
    let mut wrong = Vec::new();
    for (p, text) in rule_files_and(&[SLOT_SNIPPET]) {
        let src = crate::base::source::SourceFile::new(p.display().to_string(), text.clone());
        let Ok(res) = crate::lang::inherit::resolve(&src) else {
            continue;
        };
        let k = Known::of(&res);
        let toks = lex(&text);
        for (i, name) in toks.iter().enumerate().skip(1) {
            let label = toks.get(i + 1).is_some_and(|t| t.text == ":");
            if !name.word() {
                continue;
            }
            let before = toks[i - 1].text;
            for (row, (words, rules, only)) in NAME_SLOTS.iter().enumerate() {
                if !words.contains(&before) {
                    continue;
                }
                met[row] += 1;
                // A label, or a name that is also a keyword (a parameter's value `stop`),
                // which the keyword's meaning takes here, or a kind's letter (`Kind: L`,
                // no name however it is spelt).
                let at = name.text.as_ptr() as usize - text.as_ptr() as usize;
                let line_at = text[..at].rfind('\n').map_or(0, |l| l + 1);
                if label
                    || KEYWORDS.contains(&name.text)
                    || text[line_at..].trim_start().starts_with("letters")
                {
                    continue;
                }
                let nss: Vec<Ns> = (k.names.iter())
                    .filter(|n| n.name == name.text)
                    .map(|n| n.ns)
                    .collect();
                if nss.is_empty() {
                    continue;
                }
                let got = context(&text, at, &|w| k.is_player(w));
                let every = matches!(got, Context::Any | Context::Grammar(_, true));
                if !offered(&got).iter().any(|ns| nss.contains(ns)) || (*only && every) {
                    let line = text[..at].rfind('\n').map_or(0, |l| l + 1);
                    let line = text[line..].lines().next().unwrap_or("");
                    wrong.push(format!(
                        "{}: {rules:?} `{before} {}`: {got:?}, but it is {nss:?}: {line}",
                        p.display(),
                        name.text
                    ));
                }
            }
        }
    }
    for ((words, rules, _), n) in NAME_SLOTS.iter().zip(&met) {
        assert!(
            *n > 0,
            "no rule file writes a name after {words:?} ({rules:?}); add one to SLOT_SNIPPET"
        );
    }
    wrong.dedup();
    assert!(wrong.is_empty(), "{wrong:#?}");
}

/// A condition in parentheses is no call: inside it the block decides (and pest), not the
/// callee's place (`when (` took a player's name before, and `when (count(P) > 0 and `
/// offered nothing).
#[test]
fn a_condition_in_parentheses_is_no_call() {
    assert_eq!(ctx("priority p { when c("), Context::Name(Ns::Player));
    assert_eq!(ctx("priority p { when repeated("), Context::Nothing);
    for text in [
        "priority p { when (",
        "priority p { when (count(P) > 0 and ",
    ] {
        let Context::Grammar(words, true) = ctx(text) else {
            panic!("{text}: {:?}", ctx(text));
        };
        assert!(words.contains(&"count") && words.contains(&"not"), "{text}");
    }
}
