//! Mutation testing of a case suite: how much of a rule file its cases pin down.
//!
//! Each mutant is the rule file with one small change made by the shared edit mechanism
//! ([`crate::analysis::edit`], the one `moves --explain` relaxes rules with): a statement
//! removed, `+!` made `+`, a direction added to a set, a bound moved by one, a comparison
//! flipped, a parameter's other value, a setup square moved... ([`operators`]). A mutant
//! that no longer validates is not a mutant (counted apart as invalid). The others are run
//! against the suite, compiled once per parameter set, cases cheapest first, stopping at the
//! first failing case:
//!
//! - **killed**: a case fails, and that case is named;
//! - **survived**: every case passes, and the witness search of `diff --witness` finds a
//!   line where the mutant plays differently from the original (from a case's position,
//!   then from the start);
//! - **no difference found**: every case passes and the search, within its bounds, finds
//!   no such line (an equivalent mutant, or a difference deeper than the bounds); these are
//!   never counted as killed, and are left out of the score.
//!
//! The score is killed / (killed + survived). [`suggest`] turns each survivor's witness
//! into a case that kills it, marked as generated.

pub mod operators;
pub mod suggest;

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Instant;

use miette::Diagnostic;
use thiserror::Error;

use crate::analysis::diff::{self, Budget, Witness};
use crate::analysis::edit::apply;
use crate::base::json;
use crate::base::source::SourceFile;
use crate::engine::{Game, Position};
use crate::formats::notation;
use crate::lang::inherit::Resolved;
use crate::model::GameDef;
use crate::suites::cases::{self, Case, CaseFileError, CasePosition, GameError};

pub use operators::{Mutant, mutants};

/// Parameter choices, as the loaders take them.
type Params = Vec<(String, String)>;

/// Why a mutation run cannot be made.
#[derive(Debug, Error, Diagnostic)]
pub enum MutantsError {
    /// A file that cannot be read, or no case files.
    #[error("{0}")]
    #[diagnostic(code(regula::mutants))]
    Io(String),
    /// A case file that does not read.
    #[error(transparent)]
    #[diagnostic(transparent)]
    CaseFile(Box<CaseFileError>),
    /// The rule file does not load.
    #[error("the rule file does not load:\n{0}")]
    #[diagnostic(code(regula::mutants))]
    Load(String),
    /// The case files name more than one rule file.
    #[error("the case files name two rule files, {0} and {1}")]
    #[diagnostic(
        code(regula::mutants),
        help("Mutation testing mutates one rule file: give it first, or test one game's cases.")
    )]
    TwoRuleFiles(String, String),
    /// The suite does not pass on the rule file as it is.
    #[error("the suite fails on the rules as they are: {case}: {failure}")]
    #[diagnostic(
        code(regula::mutants),
        help(
            "A mutant is killed by a case that fails on it; fix the suite first (`regula test`)."
        )
    )]
    OriginalFails {
        /// The failing case.
        case: String,
        /// Its first failure.
        failure: String,
    },
}

/// How a run is made.
#[derive(Debug, Clone, Copy)]
pub struct Options {
    /// Threads judging mutants side by side.
    pub threads: usize,
    /// The witness search from the start position (from each case's position it looks one
    /// ply deep).
    pub budget: Budget,
    /// For a variant, also run the mutants of what it inherits. Off by default: a variant's
    /// suite answers for the rules the variant writes, and its parent's suite for the rest,
    /// so a 30-line variant is not scored on its parent's hundred mutants.
    pub inherited: bool,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            threads: crate::engine::default_threads(),
            budget: Budget {
                depth: 2,
                playouts: 100,
                playout_plies: 100,
                seed: 1,
            },
            inherited: false,
        }
    }
}

/// One case of the suite.
#[derive(Debug, Clone)]
pub struct SuiteCase {
    /// The case file, as given.
    pub file: String,
    /// The case.
    pub case: Case,
}

impl SuiteCase {
    /// `file :: name`.
    pub fn title(&self) -> String {
        format!("{} :: {}", self.file, self.case.name)
    }
}

/// Where a witness starts.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Origin {
    /// The start position.
    Start,
    /// The position of this case of the suite (after its `play`).
    Case(usize),
}

/// What became of a mutant.
#[derive(Debug, Clone)]
pub enum Status {
    /// A case fails on it.
    Killed {
        /// The first case that fails (`file :: name`).
        case: String,
        /// Its first failure.
        failure: String,
    },
    /// Every case passes, and it plays differently.
    Survived {
        /// Where the witness line starts.
        origin: Origin,
        /// The parameter choices both games were loaded with (a case's, or at the start
        /// those of each case in turn).
        params: Params,
        /// The line and what differs after it.
        witness: Witness,
        /// A case that kills it, checked on both games; `None` if none was found.
        suggestion: Option<Box<Case>>,
    },
    /// Every case passes, and no line within the search bounds tells it from the original.
    NoDifference {
        /// Whether it even compiles to the same game (an equivalent mutant for sure).
        same_game: bool,
    },
    /// It does not validate (or the edit cannot be made): not a mutant.
    Invalid(String),
}

impl Status {
    /// `killed`, `survived`, `no-difference` or `invalid`.
    pub fn word(&self) -> &'static str {
        match self {
            Status::Killed { .. } => "killed",
            Status::Survived { .. } => "survived",
            Status::NoDifference { .. } => "no-difference",
            Status::Invalid(_) => "invalid",
        }
    }
}

/// A mutant and what became of it.
#[derive(Debug, Clone)]
pub struct Judged {
    /// The mutant.
    pub mutant: Mutant,
    /// Its status.
    pub status: Status,
}

/// The result of a run.
#[derive(Debug, Clone)]
pub struct Report {
    /// The rule file mutated.
    pub rules: PathBuf,
    /// The suite.
    pub cases: Vec<SuiteCase>,
    /// Every mutant, in the order of the items.
    pub mutants: Vec<Judged>,
    /// The witness search's bounds.
    pub budget: Budget,
    /// Seconds the run took.
    pub seconds: f64,
    /// Mutants of inherited rules left out of the run (see [`Options::inherited`]).
    pub inherited_left_out: usize,
}

/// Counts per status.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Counts {
    /// Killed by a case.
    pub killed: usize,
    /// Survived, with a witness.
    pub survived: usize,
    /// No difference found.
    pub no_difference: usize,
    /// Not valid.
    pub invalid: usize,
}

impl Counts {
    fn add(&mut self, s: &Status) {
        match s {
            Status::Killed { .. } => self.killed += 1,
            Status::Survived { .. } => self.survived += 1,
            Status::NoDifference { .. } => self.no_difference += 1,
            Status::Invalid(_) => self.invalid += 1,
        }
    }

    /// Killed / (killed + survived), or `None` when there is nothing to score.
    pub fn score(&self) -> Option<f64> {
        let n = self.killed + self.survived;
        (n > 0).then(|| self.killed as f64 / n as f64)
    }
}

impl Report {
    /// The counts over every mutant.
    pub fn counts(&self) -> Counts {
        let mut c = Counts::default();
        for m in &self.mutants {
            c.add(&m.status);
        }
        c
    }

    /// The mutation score: killed / (all valid mutants but those with no difference found).
    pub fn score(&self) -> Option<f64> {
        self.counts().score()
    }

    /// The counts per rule item, in the order of the file.
    pub fn per_item(&self) -> Vec<(String, Counts)> {
        let mut out: Vec<(String, Counts)> = Vec::new();
        for m in &self.mutants {
            match out.iter_mut().find(|(i, _)| *i == m.mutant.item) {
                Some((_, c)) => c.add(&m.status),
                None => {
                    let mut c = Counts::default();
                    c.add(&m.status);
                    out.push((m.mutant.item.clone(), c));
                }
            }
        }
        out
    }

    /// A survivor's witness in one line: where it starts, the moves, what differs.
    pub fn witness_line(&self, origin: Origin, params: &[(String, String)], w: &Witness) -> String {
        let mut from = match origin {
            Origin::Start => "from the start".to_string(),
            Origin::Case(i) => format!("from case `{}`", self.cases[i].case.name),
        };
        if origin == Origin::Start && !params.is_empty() {
            let p: Vec<String> = params.iter().map(|(k, v)| format!("{k}={v}")).collect();
            from.push_str(&format!(" with {}", p.join(", ")));
        }
        let line = if w.line.is_empty() {
            String::new()
        } else {
            format!(", after {}", w.line.join(" "))
        };
        format!("{from}{line}: {}", w.differences.join("; "))
    }

    /// The report as text.
    pub fn text(&self) -> String {
        let c = self.counts();
        let mut s = format!(
            "mutation testing {} with {} cases: {} mutants ({} more do not validate)\n",
            self.rules.display(),
            self.cases.len(),
            c.killed + c.survived + c.no_difference,
            c.invalid
        );
        s.push_str(&format!(
            "score {} ({} killed, {} survived; {} with no difference found within depth {} \
             and {} playouts of {} plies) in {:.1} s\n",
            c.score()
                .map_or_else(|| "n/a".to_string(), |x| format!("{:.1}%", x * 100.0)),
            c.killed,
            c.survived,
            c.no_difference,
            self.budget.depth,
            self.budget.playouts,
            self.budget.playout_plies,
            self.seconds
        ));
        if self.inherited_left_out > 0 {
            s.push_str(&format!(
                "{} mutants of inherited rules left out: the variant's own rules are scored \
                 (`--inherited` runs them too)\n",
                self.inherited_left_out
            ));
        }
        s.push_str("per item (killed/scored, no difference):\n");
        for (item, ic) in self.per_item() {
            if ic.killed + ic.survived + ic.no_difference == 0 {
                continue;
            }
            s.push_str(&format!(
                "  {item:<28} {}/{}{}\n",
                ic.killed,
                ic.killed + ic.survived,
                if ic.no_difference > 0 {
                    format!(", {}", ic.no_difference)
                } else {
                    String::new()
                }
            ));
        }
        let heading = |s: &mut String, title: &str, done: &mut bool| {
            if !*done {
                s.push_str(title);
                *done = true;
            }
        };
        let (mut a, mut b) = (false, false);
        for m in &self.mutants {
            if let Status::Survived {
                origin,
                params,
                witness,
                ..
            } = &m.status
            {
                heading(&mut s, "survivors:\n", &mut a);
                s.push_str(&format!(
                    "  {}: {}\n    {}\n",
                    m.mutant.item,
                    m.mutant.operator,
                    self.witness_line(*origin, params, witness)
                ));
            }
        }
        for m in &self.mutants {
            if let Status::NoDifference { same_game } = &m.status {
                heading(&mut s, "no difference found:\n", &mut b);
                s.push_str(&format!(
                    "  {}: {}{}\n",
                    m.mutant.item,
                    m.mutant.operator,
                    if *same_game {
                        " (compiles to the same game)"
                    } else {
                        ""
                    }
                ));
            }
        }
        s
    }

    /// The report as one JSON object: `score` and `mutants` (each with `item`, `operator`,
    /// `status` and the killing `case` or the `witness` line), invalid mutants counted only.
    pub fn json(&self) -> String {
        let c = self.counts();
        let mut items = Vec::new();
        for m in &self.mutants {
            let extra = match &m.status {
                Status::Killed { case, failure } => format!(
                    ",\"case\":{},\"failure\":{}",
                    json::string(case),
                    json::string(failure)
                ),
                Status::Survived {
                    origin,
                    params,
                    witness,
                    ..
                } => format!(
                    ",\"witness\":{},\"line\":[{}],\"differences\":[{}]",
                    json::string(&self.witness_line(*origin, params, witness)),
                    witness
                        .line
                        .iter()
                        .map(|t| json::string(t))
                        .collect::<Vec<_>>()
                        .join(","),
                    witness
                        .differences
                        .iter()
                        .map(|t| json::string(t))
                        .collect::<Vec<_>>()
                        .join(",")
                ),
                Status::NoDifference { same_game } => format!(",\"same_game\":{same_game}"),
                Status::Invalid(_) => continue,
            };
            items.push(format!(
                "{{\"item\":{},\"operator\":{},\"status\":\"{}\"{extra}}}",
                json::string(&m.mutant.item),
                json::string(&m.mutant.operator),
                m.status.word()
            ));
        }
        format!(
            "{{\"rules\":{},\"score\":{},\"killed\":{},\"survived\":{},\"no_difference\":{},\
             \"invalid\":{},\"inherited_left_out\":{},\"depth\":{},\"playouts\":{},\"seconds\":{:.3},\
             \"mutants\":[{}]}}",
            json::string(&self.rules.display().to_string()),
            c.score()
                .map_or_else(|| "null".to_string(), |x| format!("{x:.4}")),
            c.killed,
            c.survived,
            c.no_difference,
            c.invalid,
            self.inherited_left_out,
            self.budget.depth,
            self.budget.playouts,
            self.seconds,
            items.join(",")
        )
    }
}

/// The suite: its cases and the rule file they test.
///
/// # Errors
/// A file that does not read, no cases, or case files naming two rule files.
pub fn read_suite(
    rules: Option<&Path>,
    paths: &[PathBuf],
) -> Result<(PathBuf, Vec<SuiteCase>), MutantsError> {
    let mut files = Vec::new();
    for p in paths {
        if !p.exists() {
            return Err(MutantsError::Io(format!("{} does not exist", p.display())));
        }
        files.extend(cases::collect_files(p));
    }
    let mut found: Option<PathBuf> = rules.map(Path::to_path_buf);
    let mut out = Vec::new();
    for f in files {
        let src = SourceFile::read(&f).map_err(|e| MutantsError::Io(e.to_string()))?;
        let file = cases::read_case_file(&src).map_err(|e| MutantsError::CaseFile(Box::new(e)))?;
        if rules.is_none() {
            let Some(r) = &file.rules else {
                return Err(MutantsError::Io(format!(
                    "{} names no rule file: give the rule file first",
                    f.display()
                )));
            };
            let r = f.parent().unwrap_or(Path::new(".")).join(r);
            match &found {
                None => found = Some(r),
                Some(prev) if same_file(prev, &r) => {}
                Some(prev) => {
                    return Err(MutantsError::TwoRuleFiles(
                        prev.display().to_string(),
                        r.display().to_string(),
                    ));
                }
            }
        }
        let name = f.display().to_string();
        out.extend(file.cases.into_iter().map(|case| SuiteCase {
            file: name.clone(),
            case,
        }));
    }
    let Some(rules) = found else {
        return Err(MutantsError::Io("no case files (*.yaml) found".into()));
    };
    if out.is_empty() {
        return Err(MutantsError::Io("the case files hold no cases".into()));
    }
    Ok((rules, out))
}

fn same_file(a: &Path, b: &Path) -> bool {
    match (a.canonicalize(), b.canonicalize()) {
        (Ok(x), Ok(y)) => x == y,
        _ => a == b,
    }
}

/// The games of one rule file (original or mutant), one per parameter set, built when first
/// asked for.
struct Games<'a> {
    res: &'a Resolved,
    games: HashMap<Params, Result<Game, Arc<GameError>>>,
}

impl<'a> Games<'a> {
    fn new(res: &'a Resolved) -> Self {
        Games {
            res,
            games: HashMap::new(),
        }
    }

    fn get(&mut self, params: &Params) -> Result<Game, Arc<GameError>> {
        self.games
            .entry(params.clone())
            .or_insert_with(|| {
                crate::lang::validate::validate(self.res, params)
                    .map(Game::new)
                    .map_err(|e| Arc::new(GameError::Load(e.into())))
            })
            .clone()
    }
}

/// What every worker shares.
struct Context<'a> {
    res: &'a Resolved,
    def: &'a GameDef,
    cases: &'a [SuiteCase],
    /// The cases' indices, cheapest first.
    order: Vec<usize>,
    params: Vec<Params>,
    /// The original's games (per parameter set) and their definitions as text, to find
    /// mutants that compile to the same game.
    original: HashMap<Params, (Game, String)>,
    budget: Budget,
}

/// Runs the suite on every mutant of the rule file. `progress` is told (done, total) after
/// each mutant.
///
/// # Errors
/// When the suite cannot be read, the rule file does not load, or the suite fails on it.
pub fn run(
    rules: Option<&Path>,
    paths: &[PathBuf],
    opts: Options,
    progress: &(dyn Fn(usize, usize) + Sync),
) -> Result<Report, MutantsError> {
    let started = Instant::now();
    let (rules, suite) = read_suite(rules, paths)?;
    let src = SourceFile::read(&rules).map_err(|e| MutantsError::Io(e.to_string()))?;
    let res = crate::lang::inherit::resolve(&src)
        .map_err(|e| MutantsError::Load(crate::base::render::render_plain(&e)))?;
    let def = crate::lang::validate::validate(&res, &[])
        .map_err(|e| MutantsError::Load(crate::base::render::render_plain(&e)))?;
    let mut params: Vec<Params> = vec![Vec::new()];
    for c in &suite {
        let p = cases::case_params(&c.case);
        if !params.contains(&p) {
            params.push(p);
        }
    }
    let mut games = Games::new(&res);
    let mut original = HashMap::new();
    for p in &params {
        // A parameter set no case loads with fails the case below.
        if let Ok(g) = games.get(p) {
            let text = format!("{:?}", g.def);
            original.insert(p.clone(), (g, text));
        }
    }
    // The suite must pass as it is; time each case to run the cheapest first.
    let mut times = Vec::new();
    for (i, c) in suite.iter().enumerate() {
        let t = Instant::now();
        let r = cases::check_case(&c.file, &c.case, games.get(&cases::case_params(&c.case)));
        if let Some(f) = r.failures.first() {
            return Err(MutantsError::OriginalFails {
                case: c.title(),
                failure: f.clone(),
            });
        }
        times.push((t.elapsed(), i));
    }
    times.sort();
    let ctx = Context {
        res: &res,
        def: &def,
        cases: &suite,
        order: times.into_iter().map(|(_, i)| i).collect(),
        params,
        original,
        budget: opts.budget,
    };
    let (all, left_out): (Vec<Mutant>, Vec<Mutant>) = mutants(&res, &def)
        .into_iter()
        .partition(|m| opts.inherited || !m.inherited);
    let n = all.len();
    let next = AtomicUsize::new(0);
    let done = AtomicUsize::new(0);
    let results: Mutex<Vec<Option<Status>>> = Mutex::new(vec![None; n]);
    progress(0, n);
    std::thread::scope(|s| {
        for _ in 0..opts.threads.max(1) {
            s.spawn(|| {
                loop {
                    let k = next.fetch_add(1, Ordering::Relaxed);
                    if k >= n {
                        break;
                    }
                    let status = judge(&ctx, &all[k]);
                    if let Ok(mut r) = results.lock() {
                        r[k] = Some(status);
                    }
                    progress(done.fetch_add(1, Ordering::Relaxed) + 1, n);
                }
            });
        }
    });
    let results = results.into_inner().unwrap_or_default();
    let mutants = all
        .into_iter()
        .zip(results)
        .map(|(mutant, status)| Judged {
            mutant,
            status: status.unwrap_or(Status::Invalid("not judged".into())),
        })
        .collect();
    Ok(Report {
        rules,
        cases: suite,
        mutants,
        budget: opts.budget,
        seconds: started.elapsed().as_secs_f64(),
        inherited_left_out: left_out.len(),
    })
}

/// Judges one mutant.
fn judge(ctx: &Context, m: &Mutant) -> Status {
    let Some(file) = apply(&ctx.res.file, std::slice::from_ref(&m.edit), ctx.def) else {
        return Status::Invalid("the edit cannot be made".into());
    };
    let res = Resolved {
        file,
        sources: ctx.res.sources.clone(),
        root: ctx.res.root,
        parents: ctx.res.parents.clone(),
        removed: ctx.res.removed.clone(),
    };
    let mut games = Games::new(&res);
    if let Err(e) = games.get(&Vec::new()) {
        return Status::Invalid(e.plain().lines().next().unwrap_or_default().to_string());
    }
    // The cases that cite one of the item's clauses are the likeliest to kill it: they go
    // first (each group cheapest first), so that a killed mutant runs few cases.
    let cites = |i: usize| {
        ctx.cases[i]
            .case
            .clause
            .as_ref()
            .is_some_and(|c| c.ids().iter().any(|id| m.clauses.contains(id)))
    };
    let (first, rest): (Vec<usize>, Vec<usize>) = ctx.order.iter().partition(|&&i| cites(i));
    for i in first.into_iter().chain(rest) {
        let c = &ctx.cases[i];
        let r = cases::check_case(&c.file, &c.case, games.get(&cases::case_params(&c.case)));
        if let Some(f) = r.failures.first() {
            return Status::Killed {
                case: c.title(),
                failure: f.clone(),
            };
        }
    }
    // Only a survivor is worth comparing whole definitions for.
    let same = ctx
        .params
        .iter()
        .all(|p| match (ctx.original.get(p), games.get(p)) {
            (Some((_, text)), Ok(g)) => *text == format!("{:?}", g.def),
            _ => false,
        });
    if same {
        return Status::NoDifference { same_game: true };
    }
    survivor(ctx, &mut games)
}

/// A surviving mutant's witness, from each case's position one ply deep, then from the
/// start as deep as the budget says.
fn survivor(ctx: &Context, games: &mut Games) -> Status {
    let one_ply = Budget {
        depth: 1,
        playouts: 0,
        ..ctx.budget
    };
    let mut tries: Vec<(Origin, Params, Budget)> = (0..ctx.cases.len())
        .map(|i| {
            (
                Origin::Case(i),
                cases::case_params(&ctx.cases[i].case),
                one_ply,
            )
        })
        .collect();
    // From the start with every parameter set of the suite: the default with the whole
    // budget, the others (a rule only they reach) one ply deep and a fifth of the playouts.
    let lighter = Budget {
        depth: ctx.budget.depth.min(1),
        playouts: ctx.budget.playouts / 5,
        ..ctx.budget
    };
    tries.extend(ctx.params.iter().enumerate().map(|(k, p)| {
        (
            Origin::Start,
            p.clone(),
            if k == 0 { ctx.budget } else { lighter },
        )
    }));
    for (origin, params, budget) in tries {
        let (Some((a, _)), Ok(b)) = (ctx.original.get(&params), games.get(&params)) else {
            continue;
        };
        let base = match origin {
            Origin::Case(i) => Some(&ctx.cases[i].case),
            Origin::Start => None,
        };
        let (Some(pa), Some(pb)) = (reach(a, base), reach(&b, base)) else {
            continue;
        };
        if let diff::Verdict::Differ(witness) = diff::witness(a, &b, &pa, &pb, budget) {
            let suggestion = suggest::case_for(a, &b, base, &params, &witness).map(Box::new);
            return Status::Survived {
                origin,
                params,
                witness,
                suggestion,
            };
        }
    }
    Status::NoDifference { same_game: false }
}

/// The position a case's checks are made in (its position after its `play`), or the start.
fn reach(game: &Game, case: Option<&Case>) -> Option<Position> {
    let Some(case) = case else {
        return Some(game.start());
    };
    let mut pos = match &case.position {
        None => game.start(),
        Some(CasePosition::Spec(spec)) => spec.to_position(game).ok()?,
        Some(CasePosition::Fen(text)) => crate::formats::pdn::read(game, text).ok()?,
    };
    for m in &case.play {
        let mv = notation::find(game, &pos, m, false).ok()?;
        pos = game.play_unchecked(&pos, &mv);
    }
    Some(pos)
}
