//! Lints: declarations that a valid rule file never uses. They are warnings, not errors: the
//! game still loads, but an unused leg or region is usually a typo or a forgotten rule. And
//! the notes of `unstated` items, which are neither.

use std::collections::HashSet;

use crate::lang::error::{Check, ValidationError};
use crate::lang::syntax::ast::*;
use crate::lang::syntax::walk::{At, Visitor, every_if, every_stmt, walk};

/// Every name a rule file refers to, by kind.
#[derive(Default)]
struct Used {
    legs: HashSet<String>,
    sets: HashSet<String>,
    regions: HashSet<String>,
    params: HashSet<String>,
    counters: HashSet<String>,
    /// Conditions that probably do not say what their author meant.
    suspicious: Vec<ValidationError>,
    /// Parameter → the values some `if` tests.
    tested: std::collections::HashMap<String, HashSet<String>>,
    /// Kinds some move may move: set up, dropped or promoted to.
    present: HashSet<String>,
    /// Regions named whole (no `own`, `opponent` or player) in a count: (region, where).
    counted_whole: Vec<Ident>,
    /// Regions named whole as an end of `connected(P from R to R ...)`.
    joined_whole: Vec<Ident>,
}

fn note_if<T>(u: &mut Used, i: &IfParam<T>) {
    u.params.insert(i.param.name.clone());
    u.tested
        .entry(i.param.name.clone())
        .or_default()
        .insert(i.value.name.clone());
}

fn sq(c: &SqCond, u: &mut Used) {
    match c {
        SqCond::Or(v) | SqCond::And(v) => v.iter().for_each(|x| sq(x, u)),
        SqCond::Not(x) => sq(x, u),
        SqCond::In(r) => {
            u.regions.insert(r.name.name.clone());
        }
        SqCond::Piece(_)
        | SqCond::Can(_)
        | SqCond::Passed(_)
        | SqCond::Unmoved(_)
        | SqCond::Attacked(_)
        | SqCond::Empty(_)
        | SqCond::Next(..) => {}
        SqCond::Flanks(set) | SqCond::Seen(set) | SqCond::InARow { dirs: set, .. } => {
            u.sets.insert(set.name.clone());
        }
    }
}

fn mv(c: &MvCond, u: &mut Used) {
    match c {
        MvCond::Or(v) | MvCond::And(v) => v.iter().for_each(|x| mv(x, u)),
        MvCond::Not(x) => mv(x, u),
        MvCond::From(s) | MvCond::To(s) => sq(s, u),
        MvCond::Capturing | MvCond::Kind(_) => {}
    }
}

fn quantity(q: &Quantity, u: &mut Used) {
    match q {
        Quantity::Count {
            who,
            region: Some(r),
            span,
            ..
        } => {
            u.regions.insert(r.name.name.clone());
            if r.owner.is_none() {
                u.counted_whole.push(r.name.clone());
            }
            // `own` is the counted pieces' side: `count(opponent in own R)` counts the
            // opponents in their own R, which is seldom what was meant.
            if who.name == "opponent" && r.owner == Some(RegionOwner::Own) {
                u.suspicious.push(ValidationError {
                    check: Check::Suspicious,
                    message: format!(
                        "`count(opponent in own {})` counts the opponents' pieces in the opponents' own {}",
                        r.name.name, r.name.name
                    ),
                    span: *span,
                    label: "`own` refers to the counted pieces' side".into(),
                    related: None,
                    help: Some(format!(
                        "To count the opponents' pieces in a player's {0}, name that player: `count(opponent in P {0})` inside `win P if ...`, or `count(opponent in White {0})`.",
                        r.name.name
                    )),
                });
            }
        }
        Quantity::Counter { name, .. } => {
            u.counters.insert(name.name.clone());
        }
        Quantity::Sum(terms, _) => terms.iter().for_each(|(_, q)| quantity(q, u)),
        Quantity::Count { region: None, .. } | Quantity::Int(_) => {}
    }
}

fn cond(c: &Cond, u: &mut Used) {
    match c {
        Cond::Or(v) | Cond::And(v) => v.iter().for_each(|x| cond(x, u)),
        Cond::Not(x) | Cond::Every(_, x) | Cond::Some(_, x) => cond(x, u),
        Cond::Exists(m) => mv(m, u),
        Cond::Cmp(a, _, b, _) => {
            quantity(a, u);
            quantity(b, u);
        }
        Cond::Shape(ShapeCond::InARow { dirs, .. }) => {
            u.sets.insert(dirs.name.clone());
        }
        Cond::Shape(ShapeCond::Connected { dirs, ends, .. }) => {
            u.sets.insert(dirs.name.clone());
            for r in ends.iter().flat_map(|(a, b)| [a, b]) {
                u.regions.insert(r.name.name.clone());
                if r.owner.is_none() {
                    u.joined_whole.push(r.name.clone());
                }
            }
        }
        Cond::Blocked(_) | Cond::InCheck(_) | Cond::Repeated(..) => {}
    }
}

// The statement readers below see no `if`: `walk::every_stmt` hands them the statements
// inside, and `Used::block` notes what each `if` tests.

fn leg(s: &LegStmt, u: &mut Used) {
    match s {
        LegStmt::Step(d)
        | LegStmt::Slide(d)
        | LegStmt::SlideExactly { dirs: d, .. }
        | LegStmt::Leap { dirs: d, .. } => {
            u.sets.insert(d.name.clone());
        }
        LegStmt::Land(c) => sq(c, u),
        LegStmt::Anywhere(_)
        | LegStmt::Capture(_)
        | LegStmt::CapturePasser(_)
        | LegStmt::Onto(..)
        | LegStmt::NoReverse(_)
        | LegStmt::Onward(_)
        | LegStmt::PreferContinuing(_)
        | LegStmt::HaltBehind(..) => {}
        LegStmt::If(_) => {}
    }
}

fn move_stmt(s: &MoveStmt, u: &mut Used) {
    match s {
        MoveStmt::From(c)
        | MoveStmt::To(c)
        | MoveStmt::Land(c)
        | MoveStmt::Stop(c)
        | MoveStmt::GoTo(c, _) => sq(c, u),
        MoveStmt::Sequence(segs) => segs.iter().for_each(|(l, _)| {
            u.legs.insert(l.name.clone());
        }),
        MoveStmt::Require(c) => cond(c, u),
        MoveStmt::Effect { counter, .. } => {
            u.counters.insert(counter.name.clone());
        }
        MoveStmt::Drop(k) => {
            u.present.insert(k.name.clone());
        }
        MoveStmt::With { from, to, .. } => {
            sq(from, u);
            sq(to, u);
        }
        MoveStmt::Flip(set) => {
            u.sets.insert(set.name.clone());
        }
        MoveStmt::ThenDrop { kind, leg } => {
            u.present.insert(kind.name.clone());
            u.legs.insert(leg.name.clone());
        }
        MoveStmt::ThenRemove(t) => {
            for c in [&t.place, &t.prefer, &t.when].into_iter().flatten() {
                sq(c, u);
            }
        }
        MoveStmt::Custodial(c) => {
            u.sets.insert(c.dirs.name.clone());
            if let Some(h) = &c.hostile {
                sq(h, u);
            }
            for w in c.enclosed.iter().filter_map(|e| e.when.as_ref()) {
                sq(w, u);
            }
        }
        MoveStmt::By(_)
        | MoveStmt::DropHand(_)
        | MoveStmt::Removal(_)
        | MoveStmt::MarkPassed(_)
        | MoveStmt::Written { .. } => {}
        MoveStmt::If(_) => {}
    }
}

fn prio(s: &PrioStmt, u: &mut Used) {
    match s {
        PrioStmt::When(c) => cond(c, u),
        PrioStmt::Keep(m) | PrioStmt::Prefer(m) => mv(m, u),
        PrioStmt::Maximize(..) | PrioStmt::Otherwise(_) => {}
        PrioStmt::If(_) => {}
    }
}

fn end(s: &EndStmt, u: &mut Used) {
    match s {
        EndStmt::Rule { cond: c, .. } => cond(c, u),
        EndStmt::If(_) => {}
    }
}

fn promote(s: &PromoteStmt, u: &mut Used) {
    match s {
        PromoteStmt::Rule { to, region, .. } => {
            for to in to {
                u.present.insert(to.name.clone());
            }
            u.regions.insert(region.name.name.clone());
        }
        PromoteStmt::Timing(..) => {}
        PromoteStmt::If(_) => {}
    }
}

/// Reads the names every item uses, and the kinds that can be on the board.
impl<'a> Visitor<'a> for Used {
    fn board(&mut self, _: At<'a>, b: &'a Board) {
        // A whole-number parameter sizes the board (`files { size }`, `ranks { 1..size }`).
        for l in b.files.iter().chain(&b.ranks) {
            self.params.extend(l.text.split("..").map(str::to_string));
        }
    }
    fn setup(&mut self, _: At<'a>, players: &'a [SetupPlayer]) {
        for p in players {
            for (k, _) in &p.kinds {
                self.present.insert(k.name.clone());
            }
        }
    }
    fn leg(&mut self, _: At<'a>, l: &'a LegDecl) {
        every_stmt(&l.body, &mut |s| leg(s, self));
    }
    fn move_type(&mut self, _: At<'a>, m: &'a MoveDecl) {
        every_stmt(&m.body, &mut |s| move_stmt(s, self));
    }
    fn priority(&mut self, _: At<'a>, p: &'a PriorityDecl) {
        every_stmt(&p.body, &mut |s| prio(s, self));
    }
    fn end(&mut self, _: At<'a>, stmts: &'a [EndStmt]) {
        every_stmt(stmts, &mut |s| end(s, self));
    }
    fn counter(&mut self, _: At<'a>, c: &'a CounterDecl) {
        // What a `while` reads is used (the counter itself is used only where it is read).
        if let Some(w) = &c.while_cond {
            let before = self.counters.contains(&c.name.name);
            cond(w, self);
            if !before {
                self.counters.remove(&c.name.name);
            }
        }
    }
    fn promote(&mut self, _: At<'a>, stmts: &'a [PromoteStmt]) {
        every_stmt(stmts, &mut |s| promote(s, self));
    }
    fn dir_set(&mut self, _: At<'a>, d: &'a DirSetDecl) {
        // A set may be built from other sets.
        let names: Vec<&Ident> = match &d.body {
            PerPlayer::All(v) => v.iter().collect(),
            PerPlayer::Each(v) => v.iter().flat_map(|(_, ids)| ids.iter()).collect(),
        };
        for i in names {
            self.sets.insert(i.name.clone());
        }
    }
    fn block<T: Conditional>(&mut self, _: At<'a>, stmts: &'a [T]) {
        every_if(stmts, &mut |i| note_if(self, i));
    }
}

/// Warns of each declaration that [`Used`] did not see used.
struct Unused<'u> {
    used: &'u Used,
    out: &'u mut Vec<ValidationError>,
}

impl Unused<'_> {
    /// `set`: where in [`Used`] a use of such a declaration is noted.
    fn warn(&mut self, set: fn(&Used) -> &HashSet<String>, what: &str, id: &Ident, help: &str) {
        if set(self.used).contains(&id.name) {
            return;
        }
        self.out.push(ValidationError {
            check: Check::Unused,
            message: format!("{what} `{}` is never used", id.name),
            span: id.span,
            label: "declared here, used nowhere".into(),
            related: None,
            help: Some(help.into()),
        });
    }
}

impl<'a> Visitor<'a> for Unused<'_> {
    fn leg(&mut self, _: At<'a>, l: &'a LegDecl) {
        self.warn(
            |u| &u.legs,
            "leg",
            &l.name,
            "Use it in a move's `sequence`, or remove it.",
        );
    }
    fn dir_set(&mut self, _: At<'a>, d: &'a DirSetDecl) {
        self.warn(
            |u| &u.sets,
            "direction set",
            &d.name,
            "Use it in a leg (`step NAME`, `leap NAME over ...`), or remove it.",
        );
    }
    fn region(&mut self, _: At<'a>, r: &'a RegionDecl) {
        self.warn(
            |u| &u.regions,
            "region",
            &r.name,
            "Use it in a condition (`in own NAME`), a count or a promotion, or remove it.",
        );
    }
    fn param(&mut self, _: At<'a>, p: &'a ParamDecl) {
        self.warn(
            |u| &u.params,
            "parameter",
            &p.name,
            "No `if` tests it, so its values change nothing; add the rules each value stands for.",
        );
    }
    fn counter(&mut self, _: At<'a>, c: &'a CounterDecl) {
        self.warn(
            |u| &u.counters,
            "counter",
            &c.name,
            "No move changes it and no condition reads it; remove it or add an `effect`.",
        );
    }
}

/// Warns of moves no piece can make and of parameter values that play alike.
struct Futile<'u> {
    used: &'u Used,
    out: &'u mut Vec<ValidationError>,
}

impl<'a> Visitor<'a> for Futile<'_> {
    fn move_type(&mut self, _: At<'a>, m: &'a MoveDecl) {
        // The kinds its `by` names, in every branch.
        let mut by: Vec<&Ident> = Vec::new();
        every_stmt(&m.body, &mut |s| {
            if let MoveStmt::By(k) = s {
                by.extend(k.iter());
            }
        });
        if !by.is_empty() && by.iter().all(|k| !self.used.present.contains(&k.name)) {
            self.out.push(ValidationError {
                check: Check::Suspicious,
                message: format!(
                    "move `{}` can never be made: no piece of its kinds is set up, dropped or promoted to",
                    m.name.name
                ),
                span: m.name.span,
                label: "made by no piece that can exist".into(),
                related: Some((by[0].span, "the kinds it is for".into())),
                help: Some("Add such pieces to the setup or a promotion, or give the move other kinds.".into()),
            });
        }
    }
    fn param(&mut self, _: At<'a>, p: &'a ParamDecl) {
        // Two values no `if` tests play alike: one may be the baseline that the `if`s leave
        // as it is, a second is a value that changes nothing.
        let Some(tested) = self.used.tested.get(&p.name.name) else {
            return;
        };
        let untested: Vec<&Ident> = p
            .values
            .iter()
            .map(|(_, v)| v)
            .filter(|v| !tested.contains(&v.name))
            .collect();
        if untested.len() > 1 {
            self.out.push(ValidationError {
                check: Check::Suspicious,
                message: format!(
                    "values {} of parameter `{}` are never tested, so they play alike",
                    untested
                        .iter()
                        .map(|v| format!("`{}`", v.name))
                        .collect::<Vec<_>>()
                        .join(" and "),
                    p.name.name
                ),
                span: untested[1].span,
                label: "no `if` tests this value".into(),
                related: Some((untested[0].span, "nor this one".into())),
                help: Some(format!(
                    "Add `if {} = {} {{ ... }}` for what the value changes, or drop the value.",
                    p.name.name, untested[1].name
                )),
            });
        }
    }
}

/// Warnings for declarations the file never uses.
pub fn lints(file: &RuleFile) -> Vec<ValidationError> {
    let mut u = Used::default();
    walk(file, &mut u);
    let mut out = std::mem::take(&mut u.suspicious);
    walk(
        file,
        &mut Unused {
            used: &u,
            out: &mut out,
        },
    );
    walk(
        file,
        &mut Futile {
            used: &u,
            out: &mut out,
        },
    );
    out.extend(super::dead_rules::dead_rules(file));
    out.extend(regions_named_whole(file, &u.counted_whole, &u.joined_whole));
    out.extend(super::replacement::faked_replacement(file));
    out
}

/// A region with a part per player, named whole in a condition about one player's pieces,
/// means every player's part: in a count (`count(P Stone in edge) >= 1`, a Hex win that held
/// in a quarter of the positions, where `in own edge` was meant) or as an end of P's chain
/// (`connected(P from near to far ...)`, where any player's edge ends it) that is seldom what
/// was meant, so it is a warning, with the ways to name a part. `counted` are the regions
/// named whole in counts, `joined` those named whole as ends of `connected`.
fn regions_named_whole(
    file: &RuleFile,
    counted: &[Ident],
    joined: &[Ident],
) -> Vec<ValidationError> {
    let per_player: HashSet<&str> = file
        .items
        .iter()
        .filter_map(|i| match &i.kind {
            ItemKind::Region(RegionDecl {
                name,
                body: PerPlayer::Each(_),
            }) => Some(name.name.as_str()),
            _ => None,
        })
        .collect();
    let warn = |r: &Ident, message: String, help: String| ValidationError {
        check: Check::Suspicious,
        message,
        span: r.span,
        label: "every player's part of the region".into(),
        related: None,
        help: Some(help),
    };
    let counts = counted
        .iter()
        .filter(|r| per_player.contains(r.name.as_str()))
        .map(|r| {
            warn(
                r,
                format!(
                    "`{0}` has a part per player, and `in {0}` counts the pieces in every player's part",
                    r.name
                ),
                format!(
                    "Name the part meant: `in own {0}` (the counted pieces' side), `in opponent {0}`, or `in P {0}` for a player P.",
                    r.name
                ),
            )
        });
    let ends = joined
        .iter()
        .filter(|r| per_player.contains(r.name.as_str()))
        .map(|r| {
            warn(
                r,
                format!(
                    "`{0}` has a part per player, and a chain that reaches any player's part of `{0}` ends there",
                    r.name
                ),
                format!(
                    "Name the part meant: `own {0}` (the connected player's part), `opponent {0}`, or `P {0}` for a player P.",
                    r.name
                ),
            )
        });
    counts.chain(ends).collect()
}

/// The notes of a rule file: one for each rule it says it does not state (`unstated`), in
/// source order, labelled at the item, with its documentation as the help. Notes are not
/// warnings: `check --deny-warnings` passes a file that has them.
pub fn notes(file: &RuleFile) -> Vec<ValidationError> {
    struct Notes(Vec<ValidationError>);
    impl<'a> Visitor<'a> for Notes {
        fn unstated(&mut self, at: At<'a>, u: &'a UnstatedDecl) {
            let doc = crate::lang::doctext::parse(&at.item.docs).english.join(" ");
            let clause = u
                .clause
                .as_ref()
                .map_or(String::new(), |c| format!(" ({})", c.name));
            self.0.push(ValidationError {
                check: Check::Unstated,
                message: format!("rule `{}`{clause} is not stated", u.name.name),
                span: u.span,
                label: "a rule of the sources left unstated".into(),
                related: None,
                help: Some(doc.trim().to_string()),
            });
        }
    }
    let mut n = Notes(Vec::new());
    walk(file, &mut n);
    n.0
}

/// Warnings for clause ids (`C-JU-2`, `T-C5`, ...) cited in the file's doc comments, or
/// given by an `unstated` item (`clause RU-13`), that `defined` does not know: a citation a
/// reader cannot follow.
pub fn undefined_clauses(text: &str, defined: &dyn Fn(&str) -> bool) -> Vec<ValidationError> {
    let mut out = Vec::new();
    let mut offset = 0;
    let mut check = |at: usize, id: &str| {
        if !defined(id) {
            out.push(ValidationError {
                check: Check::UndefinedClause,
                message: format!("clause `{id}` is cited but defined nowhere"),
                span: crate::base::span::Span::new(at, at + id.len()),
                label: "not in the clause list".into(),
                related: None,
                help: Some("Add the clause to the project's clause list (docs/clauses.yaml) with a one-line statement, or correct the id.".into()),
            });
        }
    };
    // After the keyword `clause`, the next word of code is a clause id (on this line or a
    // later one).
    let mut after_clause = false;
    for line in text.split_inclusive('\n') {
        let t = line.trim_start();
        if t.starts_with("///") || t.starts_with("//!") {
            for (at, id) in crate::lang::doctext::clause_ids_at(line) {
                check(offset + at, id);
            }
        } else {
            let code = line.split("//").next().unwrap_or("");
            let mut at = 0;
            for word in code.split_inclusive(char::is_whitespace) {
                let w = word.trim_end();
                if !w.is_empty() {
                    if after_clause && crate::lang::doctext::is_clause_id(w) {
                        check(offset + at, w);
                    }
                    after_clause = w == "clause";
                }
                at += word.len();
            }
        }
        offset += line.len();
    }
    out
}
