//! Every variant of every shape the grammar makes (`super::super::shape`) is parsed and
//! lowered from some text: the repository's rule files and the snippets below. A new
//! alternative in the grammar fails to compile in the lowering until it is lowered, and then
//! fails here until some text holds it, so that its lowering has run once.

use std::collections::BTreeSet;

use pest::Parser;
use pest::iterators::Pair;

use crate::base::source::SourceFile;
use crate::lang::syntax::shape::{ALTS, INNERS, WORD_RULES};
use crate::lang::syntax::{Rule, RulesParser, parse};

/// Texts holding what the bundled rule files do not.
const SNIPPETS: &[&str] = &[
    "move m { drop Stone  to next N empty }\nend { draw if connected(P along all) }\n",
    "remove set-param p\nremove leg l\nremove move m\nremove priority p\nremove region r\n\
     remove set s\nremove counter c\nremove param p\nremove promote\nremove teams\n\
     remove neutral\nremove setup\nremove turn\nremove values\nremove letters\nremove unstated u\nremove hand\n",
    "amend leg l { land not in own far-row }\namend move m { by { King } }\n\
     amend priority p { keep capturing }\namend end { draw if repeated(3) }\n\
     amend promote { timing stop }\namend pieces { Queen }\namend neutral { Tree }\n\
     amend setup { White { Man: a1 } }\n",
    "turn { blocked pass blocked end }\n",
    "end { draw if c(White) - 1 + count(Black) >= 2 - c(Black) + -3 }\n",
    "move m { by { Queen } sequence a then b then drop Arrow via c }\n",
    "move m { drop Man then remove any where empty prefer in-a-row exactly 3 along l \
     when in-a-row 3 along l }\nmove n { drop Man then remove own }\n",
    "leg l { step N onto empty }\n",
    "leg l { anywhere onto empty-or-enemy }\n",
    "leg l { slide all exactly 2 slide all exactly count(line) over any }\n",
    "leg l { leap all over friend { Man } flying behind leap all over any leap all over own \
     not reverse prefer continuing halt behind { King } if p = v { step N } else { slide N } }\n",
    "move m { drop Tree to in centre stop not piece Man each landing can jump \
     sequence a then b+ then c+! effect c += 1 effect d = 0 remove immediately remove at-end \
     require blocked(White) or not (repeated(2)) and some P: c(P) != 0 \
     if p = v { from in White home } else { from in opponent home } }\n",
    "priority p { when every P: count(P King in own far-row) >= 1 and 1 <= 2 and 1 == 1 \
     and 2 > 1 and 1 < 2 keep not (from in own home) and to piece Man or move m \
     prefer capturing maximize captures maximize captures { King } maximize value \
     maximize earliest { King } otherwise skip otherwise none if p = v { keep capturing } \
     else { keep capturing } }\n",
    "promote { Man to King in far-row timing at-end timing continue as m \
     if p = v { timing stop } else { Man to King in own far-row } }\n",
    "values { Man: 1 if p = v { King: 2 } else { King: 3 } }\n\
     counter c per-player max 2 while count(White) > 0\ncounter d same-piece\n\
     end { /// doc\n w: claim win White if exists from piece Man loss Black if c(Black) > 0 \
     draw if 1 > 0 if p = v { draw if 1 > 0 } else { draw if 1 > 0 } }\n\
     unstated u clause RU-1\n",
    "//! inner\nboard { files { a..h } ranks { 1..8 } squares { a1..h8 c3 } like a1 numbers { a1..h8 } }\n\
     set all { N E }\nset forward { White: N Black: S }\nregion r { a1..b2 c3 }\n\
     region s { White: a1 Black: h8..h7 }\nparam p = v { /// doc\n v w }\nset-param p = w\n\
     extends \"x.rules\"\nteams { A B | C D }\n",
    "param size = 7 in 2..9\nset-param size = 8\nboard { files { size } ranks { 1..size } \
     squares { file a rank last } numbers { rank 1 file first } }\nregion r { rank 2 }\n\
     setup { White { Man: file last } }\n",
];

/// What a tree holds: its rules, each (parent, child) pair of rules, and the text of each
/// keyword rule.
#[derive(Default)]
struct Seen {
    rules: BTreeSet<Rule>,
    nested: BTreeSet<(Rule, Rule)>,
    words: BTreeSet<(Rule, String)>,
}

impl Seen {
    fn read(&mut self, p: Pair<Rule>) {
        let rule = p.as_rule();
        self.rules.insert(rule);
        self.words.insert((rule, p.as_str().to_string()));
        for c in p.into_inner() {
            self.nested.insert((rule, c.as_rule()));
            self.read(c);
        }
    }
}

fn texts() -> Vec<(String, String)> {
    let mut out: Vec<(String, String)> = SNIPPETS
        .iter()
        .enumerate()
        .map(|(i, s)| (format!("snippet {i}"), s.to_string()))
        .collect();
    for e in std::fs::read_dir("rules").expect("rules/ is readable") {
        let p = e.expect("a directory entry").path();
        if p.extension().is_some_and(|x| x == "rules") {
            let text = std::fs::read_to_string(&p).expect("a rule file is readable");
            out.push((p.display().to_string(), text));
        }
    }
    out
}

#[test]
fn every_shape_of_the_grammar_is_parsed_and_lowered() {
    let mut seen = Seen::default();
    for (name, text) in texts() {
        let tree = RulesParser::parse(Rule::file, &text)
            .unwrap_or_else(|e| panic!("{name} does not parse: {e}"));
        for p in tree {
            seen.read(p);
        }
        // The lowering runs over every pair of the tree.
        if let Err(e) = parse(&SourceFile::new(name.clone(), text)) {
            panic!("{name}: {e:?}");
        }
    }
    let mut missing = Vec::new();
    for (silent, rules) in ALTS {
        for r in *rules {
            if !seen.rules.contains(r) {
                missing.push(format!("`{silent}` as {r:?}"));
            }
        }
    }
    for (parent, rules) in INNERS {
        for r in *rules {
            if !seen.nested.contains(&(*parent, *r)) {
                missing.push(format!("{r:?} inside {parent:?}"));
            }
        }
    }
    for (rule, words) in WORD_RULES {
        for w in *words {
            if !seen.words.contains(&(*rule, w.to_string())) {
                missing.push(format!("{rule:?} written `{w}`"));
            }
        }
    }
    assert!(
        missing.is_empty(),
        "no text holds these shapes; add a snippet to lower/tests.rs: {missing:#?}"
    );
}
