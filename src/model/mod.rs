//! The validated, compiled game: index-based tables and compiled conditions.
//!
//! Produced by `validate`, consumed by `engine` and `docgen`. Invariants: every id in a table
//! is in range; every square index is below [`MAX_SQUARES`]; neighbour tables are complete;
//! parameter choices have already been applied (no `if param` remains). Nothing here holds
//! pest types or spans; names are kept only for notation and documentation.

mod board;
mod custodial;
mod limits;
pub mod print;
mod reads;
mod shape;
mod square_set;

pub use board::{Board, Direction};
pub use custodial::Custodial;
pub use limits::*;
pub use shape::{Next, Shape};
pub(crate) use square_set::word;
pub use square_set::{SquareSet, Squares};

/// A set of directions, possibly different per player.
#[derive(Debug, Clone)]
pub struct DirSet {
    pub name: String,
    /// Directions per player, indexed by player.
    pub per_player: Vec<Vec<u8>>,
}

/// A named region, global or with one part per player.
#[derive(Debug, Clone)]
pub struct Region {
    pub name: String,
    pub docs: Vec<String>,
    /// The part of each player (all equal for a global region).
    pub parts: Vec<SquareSet>,
    /// Whether the region has parts per player.
    pub per_player: bool,
    /// The union of all parts.
    pub all: SquareSet,
    /// For each player, the union of the parts of that player's opponents.
    pub opponent_parts: Vec<SquareSet>,
}

/// Whose part of a region is meant, relative to some player.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RegionSel {
    Own(u8),
    Opponent(u8),
    All(u8),
    /// The part of a named player: `(region, player)`.
    Of(u8, u8),
    /// The part of the player bound to a variable of the enclosing condition:
    /// `(region, variable)`. Only in position conditions, which resolve it to `Of`.
    OfVar(u8, u8),
}

/// A counter kept in the position.
#[derive(Debug, Clone)]
pub struct Counter {
    pub name: String,
    pub docs: Vec<String>,
    /// Per player; also true for a `same-piece` counter.
    pub per_player: bool,
    /// `same-piece`: each player's value belongs to the piece that player moved last (its
    /// square is kept in counter slot [`ANCHOR_SLOT`]); a move of another piece, a drop or a
    /// pass starts it again from 0 before the move's effects.
    pub same_piece: bool,
    pub max: Option<i32>,
    /// `while C`: a ply made from a position where C holds to one where it still holds adds
    /// one, any other ply sets it to 0 (an ending's count of moves from the moment it arose,
    /// which the ply that set it up does not start). No move's effect sets such a counter; C
    /// reads only the pieces and counters.
    pub while_cond: Option<Cond>,
}

/// A parameter with its documented values and the chosen one.
#[derive(Debug, Clone)]
pub struct Param {
    pub name: String,
    pub docs: Vec<String>,
    pub values: Vec<(String, Vec<String>)>,
    pub default: usize,
    pub chosen: usize,
    /// Fixed by `set-param` (a variant's defining choice): no longer choosable.
    pub fixed: bool,
    /// `= 11 in 2..19`: a whole number from this range (inclusive); `values` are its numbers
    /// in order, without documentation.
    pub range: Option<(i64, i64)>,
}

impl Param {
    /// The values other than the default that a test of every choice tries: each of a list,
    /// and of a whole number the lowest and the one below the default (larger values may pass
    /// the engine's limit on squares, which is an error of its own).
    pub fn samples(&self) -> Vec<usize> {
        let mut out: Vec<usize> = match self.range {
            None => (0..self.values.len()).collect(),
            Some(_) => vec![0, self.default.saturating_sub(1)],
        };
        out.retain(|&i| i != self.default && i < self.values.len());
        out.dedup();
        out
    }

    /// What values it takes, as a help line: `Its values are whole numbers from 2 to 19.`
    pub fn range_help(&self) -> String {
        match self.range {
            Some((lo, hi)) => format!("Its values are whole numbers from {lo} to {hi}."),
            None => {
                let vals: Vec<&str> = self.values.iter().map(|v| v.0.as_str()).collect();
                format!("Its values are {}.", vals.join(", "))
            }
        }
    }
}

/// What a leg does geometrically.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LegKind {
    /// One square to an empty square.
    Step,
    /// Any number of squares over empty squares.
    Slide,
    /// Over a piece to the empty square beyond; `flying`: at any distance, landing anywhere beyond.
    Leap { over: Over, flying: bool },
    /// Exactly `distance` squares along a direction, passing over pieces of `over` (over none
    /// when `None`; never over a neutral piece).
    SlideExactly {
        distance: Distance,
        over: Option<Over>,
    },
    /// `anywhere`: to any square of the board, in no direction and along no line (`dirs` is
    /// unused), landing as `onto` says; never on the square it stands on.
    Anywhere,
}

/// How far a slide of an exact length goes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Distance {
    /// This many squares (at least 1).
    Squares(u8),
    /// `count(line)`: as many squares as there are pieces, of every owner and the moving one
    /// included, on the whole line through the piece's square along the direction of the
    /// move, both ways (to the edge of the board or a square that is not on it).
    Line,
}

/// Whose piece a leap goes over. Neutral pieces are never leapt.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Over {
    /// A piece of the mover's team (the mover's own in a game without teams).
    Friend,
    /// A piece of an opposing team.
    Enemy,
    /// Any player's piece.
    Any,
    /// One of the mover's own pieces (not a partner's).
    Own,
}

/// What a step or slide may land on (`onto`). A leap always lands on an empty square.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Onto {
    /// Only an empty square (the default): the leg moves, never captures.
    Empty,
    /// Only an enemy piece, which it captures: the leg only captures.
    Enemy,
    /// An empty square, or an enemy piece, which it captures.
    EmptyOrEnemy,
}

impl Onto {
    /// Whether the leg may land on an empty square.
    pub fn empty(self) -> bool {
        match self {
            Onto::Empty | Onto::EmptyOrEnemy => true,
            Onto::Enemy => false,
        }
    }

    /// Whether the leg may land on an enemy piece (and capture it).
    pub fn enemy(self) -> bool {
        match self {
            Onto::Enemy | Onto::EmptyOrEnemy => true,
            Onto::Empty => false,
        }
    }

    /// The word of the rule file.
    pub fn word(self) -> &'static str {
        match self {
            Onto::Empty => "empty",
            Onto::Enemy => "enemy",
            Onto::EmptyOrEnemy => "empty-or-enemy",
        }
    }
}

/// One leg type.
#[derive(Debug, Clone)]
pub struct Leg {
    pub name: String,
    pub docs: Vec<String>,
    pub kind: LegKind,
    pub dirs: u8,
    pub capture: bool,
    pub land: SqExpr,
    pub no_reverse: bool,
    /// `onward`: the leg's direction is at less than a right angle to the previous leg's.
    pub onward: bool,
    /// `over enemy { Man }`: bit `k` set, pieces of kind `k` may be leapt; `None`: any kind.
    pub leapt_kinds: Option<u32>,
    /// `flying behind`: a flying leap that lands only on the square directly beyond.
    pub land_behind: bool,
    /// `prefer continuing`: of the landings beyond one leapt piece (or along one direction),
    /// only those from which the move goes on, when there are any.
    pub prefer_continuing: bool,
    /// `halt behind { King }`: bit `k` set, a flying leap over a piece of kind `k` lands
    /// directly beyond it unless the move goes on from a farther landing; `None`: no such rule.
    pub halt_behind: Option<u32>,
    /// `onto enemy`, `onto empty-or-enemy`: a step or slide that may land on an enemy piece,
    /// capturing it (by replacement; `capture` is then set); `Onto::Empty` for every other leg.
    /// On a leap, the landing is the first piece beyond the leapt one (which is not captured).
    pub onto: Onto,
    /// `onto enemy { General }`: bit `k` set, only enemy pieces of kind `k` may be landed on;
    /// `None`: any kind.
    pub onto_kinds: Option<u32>,
    /// `capture passer`: the leg lands on an empty square and captures the piece that made
    /// the last move, if that move marked its crossed squares ([`MoveKind::mark_passed`]) and
    /// the piece is an enemy's (`capture` is then set): a capture off the landing square.
    pub capture_passer: bool,
}

/// How a segment repeats.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Repeat {
    /// Exactly one leg.
    Once,
    /// One or more legs; the move may stop after any.
    Plus,
    /// One or more legs, continued while another is possible.
    PlusMust,
}

/// A segment of a move's leg sequence.
#[derive(Debug, Clone, Copy)]
pub struct Segment {
    pub leg: u8,
    pub repeat: Repeat,
}

/// When captured pieces leave the board.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Removal {
    Immediately,
    AtEnd,
}

/// A counter change made by a move.
#[derive(Debug, Clone, Copy)]
pub struct Effect {
    pub counter: u8,
    pub add: bool,
    pub value: i32,
}

/// One move type.
#[derive(Debug, Clone)]
pub struct MoveKind {
    pub name: String,
    pub docs: Vec<String>,
    /// Bit `k` set: piece kind `k` may make this move.
    pub pieces: u32,
    pub from: SqExpr,
    pub to: SqExpr,
    pub land: SqExpr,
    pub stop: SqExpr,
    pub segments: Vec<Segment>,
    /// `go to C`, in place of `segments`: the piece goes straight (along a file, rank or
    /// diagonal) to a square meeting C, or stays when its start meets C; every square it
    /// crosses or lands on is empty but for the carried piece's start.
    pub go_to: Option<SqExpr>,
    pub require: Option<Cond>,
    pub effects: Vec<Effect>,
    pub removal: Removal,
    /// `drop Kind`: the move places a new piece of this kind on its `to` square instead of
    /// moving one (`pieces` is then 0 and `segments` empty).
    pub drop: Option<u8>,
    /// `drop from hand`: bit `k` set, the move places a piece of kind `k` of the mover's hand
    /// on its `to` square instead of moving one (`pieces` is then 0 and `segments` empty);
    /// 0 for any other move.
    pub hand_drop: u32,
    /// `mark passed`: after the move, until the next one, the squares the piece crossed are
    /// [`crate::model::SqExpr::Passed`] and its landing is the passer's square.
    pub mark_passed: bool,
    /// `flip along SET` (a direction set's index): after the move, the unbroken lines of
    /// enemy pieces that its end square closes with a friendly piece along a direction of the
    /// set become the mover's.
    pub flip: Option<u8>,
    /// `custodial along SET ...`: after the move, the enemy pieces next to its end square
    /// that it closes with a partner or a hostile square beyond are captured.
    pub custodial: Option<Custodial>,
    /// `with Rook from ... to ...`: a second piece of the mover moves too.
    pub with: Option<Carry>,
    /// `then drop Arrow via shot`: the move's second action, a new piece placed where a leg
    /// reaches from the move's end square.
    pub then_drop: Option<ThenDrop>,
    /// `then remove enemy where C prefer C when C`: the move's second action, the removal of
    /// a piece the mover chooses (its square in [`crate::engine::Move`]'s `then_sq`).
    pub then_remove: Option<ThenRemove>,
    /// `written "O-O"`: the text SAN gives every move of this type, instead of one made from
    /// its piece and squares (castling has a name of its own, not a piece's move).
    pub written: Option<String>,
}

/// A second piece that a move carries along (`with Rook from C to D`, castling): a piece of
/// the mover of kind `kind` on a square meeting `from` goes to a square meeting `to`, empty
/// before the move and not the mover's landing, over empty squares along a line. The
/// conditions are seen from the carried piece.
#[derive(Debug, Clone)]
pub struct Carry {
    pub kind: u8,
    pub from: SqExpr,
    pub to: SqExpr,
}

/// A move's second action (`then drop KIND via LEG`): once the piece has moved, a new piece of
/// kind `kind` (the mover's, or neutral for a neutral kind) is placed on a square that leg
/// `leg` (a step or slide onto empty squares) reaches from the square where the move ended,
/// on the board after the move. One move per such square; none when there is no such square.
#[derive(Debug, Clone, Copy)]
pub struct ThenDrop {
    pub kind: u8,
    pub leg: u8,
}

/// A move's second action (`then remove WHO where C prefer C when C`): once the piece has
/// moved (or been placed), when the square where the move ended meets `when` on the board
/// after the move, the mover removes one piece of `over` from a square meeting `place`; of those, from one meeting `prefer` when there is one. One
/// move per such square; the move without a removal where there is none. The removed piece is
/// captured. The conditions are seen from the moving piece, on the board after the move.
#[derive(Debug, Clone)]
pub struct ThenRemove {
    pub over: Over,
    pub place: SqExpr,
    pub prefer: SqExpr,
    pub when: SqExpr,
}

/// What happens when a priority keeps nothing.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Otherwise {
    Skip,
    NoMoves,
}

/// A priority: a filter over the pseudo-legal moves.
#[derive(Debug, Clone)]
pub struct Priority {
    pub name: String,
    pub docs: Vec<String>,
    pub when: Cond,
    pub keep: MvExpr,
    /// `prefer` and `maximize` statements, applied in the order written after `keep`.
    pub ladder: Vec<Rank>,
    pub otherwise: Otherwise,
}

/// One rung of a priority's ladder.
#[derive(Debug, Clone)]
pub enum Rank {
    /// Keeps the moves that meet the condition, when there are any.
    Prefer(MvExpr),
    /// Keeps the moves with the highest measure.
    Maximize(Measure),
}

/// What `maximize` measures of a move's captures.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Measure {
    /// The number of captured pieces; of these kinds only (bit mask) with `Some`.
    Captures(Option<u32>),
    /// The total value of the captured pieces ([`GameDef::values`]).
    Value,
    /// A piece of these kinds (bit mask) captured earliest in the move, then the next, and so
    /// on: the capture order compared as a word whose high bits are the first captures.
    Earliest(u32),
}

/// The result of an end rule.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum EndResult {
    /// The rule's player ([`EndRule::who`]) wins.
    Win,
    /// The rule's player ([`EndRule::who`]) loses.
    Loss,
    Draw,
}

/// An end rule.
#[derive(Debug, Clone)]
pub struct EndRule {
    pub docs: Vec<String>,
    pub result: EndResult,
    /// Whom a win or a loss goes to. `None`: the rule's variable (`win P if ...`), bound to
    /// each player in turn as variable 0 of the condition; `Some`: the player a reference
    /// names, the condition having no variable (`win Attackers if ...`, a
    /// [`PlayerRef::Named`]; `win last-mover if ...`, [`PlayerRef::LastMover`]). `None` for
    /// a draw.
    pub who: Option<PlayerRef>,
    pub cond: Cond,
    /// The rule's text as written, for documentation.
    pub text: String,
}

/// A draw a player may claim (`repetition: claim draw if repeated(3)`): it never ends a game
/// by itself. While its condition holds in the position reached (the side to move bound as
/// `mover`), either player may claim it, and the game is drawn; game records write the claim
/// as `claim:NAME`. Kept apart from [`GameDef::end`] so that nothing that walks the automatic
/// rules can take a claim for one of them.
#[derive(Debug, Clone)]
pub struct Claim {
    /// The rule's name (a claim must have one: records and cases name it).
    pub name: String,
    pub docs: Vec<String>,
    pub cond: Cond,
    /// The rule's text as written, for documentation.
    pub text: String,
}

/// When promotion happens during a multi-leg move.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Timing {
    AtEnd,
    Continue,
    Stop,
}

/// `Man to King in own far-row`; `Pawn to Queen | Rook in own far-rank` (a choice).
#[derive(Debug, Clone)]
pub struct Promotion {
    pub from: u8,
    /// The kinds the piece may become, in the order written: one move per kind.
    pub to: Vec<u8>,
    pub region: RegionSel,
}

/// A player reference in a condition, resolved against the variables bound so far.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PlayerRef {
    /// A bound variable (its index in the environment).
    Var(u8),
    /// The opponents of a bound variable.
    OpponentOf(u8),
    /// The side to move.
    Mover,
    /// The opponents of the side to move.
    OpponentOfMover,
    /// A bound variable's team (the player and the partners).
    TeamOf(u8),
    /// The team of the side to move.
    TeamOfMover,
    /// A named player.
    Named(u8),
    /// The player who made the last move (`last-mover`): the one before the side to move in
    /// the turn order (at the start of a game, the last player, as if a turn had gone round).
    LastMover,
}

/// A number in a condition.
#[derive(Debug, Clone)]
pub enum Quantity {
    Int(i64),
    Count {
        who: PlayerRef,
        kinds: u32,
        region: Option<RegionSel>,
    },
    Counter {
        counter: u8,
        who: PlayerRef,
    },
    /// `count(P) + 9 - placed(P)`: two to [`MAX_TERMS`] terms, each added or taken away, the
    /// first added; the lowering writes no sum inside a sum.
    Sum(Box<[(Sign, Quantity)]>),
}

/// The most terms a sum may have.
pub const MAX_TERMS: usize = 8;

/// Whether a term of a sum is added or taken away.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Sign {
    Plus,
    Minus,
}

/// What `repeated(N)` finds again among the positions before.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Recur {
    /// The same pieces on the same squares with the same side to move: `repeated(3)`.
    Position,
    /// The same pieces on the same squares, whichever side is to move: `repeated(2 board)`.
    Board,
}

/// A comparison operator.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CmpOp {
    Ge,
    Le,
    Eq,
    Ne,
    Gt,
    Lt,
}

/// A compiled condition on a position.
#[derive(Debug, Clone)]
pub enum Cond {
    True,
    Not(Box<Cond>),
    And(Vec<Cond>),
    Or(Vec<Cond>),
    /// Binds the next variable to each player in turn; all must hold.
    Every(Box<Cond>),
    /// Binds the next variable to each player in turn; one must hold.
    Some(Box<Cond>),
    Exists(MvExpr),
    Blocked(PlayerRef),
    /// A royal piece of one of these players is attacked: some move of an opponent (by the
    /// move types, before priorities) could capture it.
    InCheck(PlayerRef),
    /// The position (pieces and side to move) has occurred this many times in the game.
    Repeated(u32, Recur),
    Cmp(Quantity, CmpOp, Quantity),
    /// A goal on the shape of a player's pieces: a row, a connected group or chain.
    Shape(Shape),
}

/// A compiled condition on a move.
#[derive(Debug, Clone)]
pub enum MvExpr {
    True,
    Not(Box<MvExpr>),
    And(Vec<MvExpr>),
    Or(Vec<MvExpr>),
    Capturing,
    Kind(u8),
    From(SqExpr),
    To(SqExpr),
}

/// A compiled condition on a square, seen from the moving piece.
#[derive(Debug, Clone)]
pub enum SqExpr {
    True,
    False,
    Not(Box<SqExpr>),
    And(Vec<SqExpr>),
    Or(Vec<SqExpr>),
    /// In a region; `Own`/`Opponent` are relative to the moving player.
    In(RegionSel),
    /// The moving piece is of one of these kinds (bit mask).
    Piece(u32),
    /// The moving piece could start a move of this type here.
    Can(u8),
    /// The last move crossed this square and marked it (`mark passed`).
    Passed,
    /// The square holds a piece that has not moved since the start of the game.
    Unmoved,
    /// An opponent could capture the moving piece if it stood here (by the move types,
    /// before priorities, as for royal pieces).
    Attacked,
    /// The square holds no piece (`empty`).
    Empty,
    /// The square one step away in this direction holds a piece, holds none, or is not on
    /// the board.
    Next(u8, Next),
    /// A piece of the mover here would flank an enemy line along a direction of this set
    /// (`flanks along SET`).
    Flanks(u8),
    /// The square holds the first piece met from the moving piece's start along one
    /// direction of this set (index into [`GameDef::dir_sets`]).
    Seen(u8),
    /// The square holds a piece in a row of at least `n` (exactly `n` with `exact`) of its
    /// owner's pieces through the square, one step apart along one direction of the set
    /// `dirs`, counted both ways (`in-a-row N along SET`).
    InARow {
        n: u8,
        exact: bool,
        dirs: u8,
    },
}

/// A whole validated game.
#[derive(Debug, Clone)]
pub struct GameDef {
    pub name: String,
    pub docs: Vec<String>,
    pub players: Vec<String>,
    pub player_docs: Vec<String>,
    pub kinds: Vec<String>,
    pub kind_docs: Vec<String>,
    /// `values`: what a piece of each kind is worth (1 where the file says nothing).
    pub values: Vec<i64>,
    /// `letters`: each kind's letter in FEN positions (upper case), where the file gives one.
    pub letters: Vec<Option<char>>,
    /// `Pawn: P silent`: bit `k` set, SAN writes no letter for kind `k`, and its captures
    /// with the file they leave.
    pub silent: u32,
    pub board: Board,
    pub board_docs: Vec<String>,
    pub dir_sets: Vec<DirSet>,
    pub regions: Vec<Region>,
    /// (player, kind, square) of every starting piece.
    pub setup: Vec<(u8, u8, Square)>,
    pub counters: Vec<Counter>,
    pub params: Vec<Param>,
    pub legs: Vec<Leg>,
    pub moves: Vec<MoveKind>,
    pub priorities: Vec<Priority>,
    pub end: Vec<EndRule>,
    /// The draws a player may claim, in the file's order ([`Claim`]).
    pub claims: Vec<Claim>,
    pub promotions: Vec<Promotion>,
    pub promotion_timing: Timing,
    /// With [`Timing::Continue`]: the move type a piece promoted mid-move goes on as.
    pub promotion_continue: Option<u8>,
    /// `team[p]`: the team of player `p` (players on one team share a result).
    pub team: Vec<u8>,
    /// Bit `k` set: piece kind `k` is neutral (owned by [`NEUTRAL`], never moves, never leapt).
    pub neutral: u32,
    /// `royal { King }`: bit `k` set, the players' pieces of kind `k` are royal: no move may
    /// leave one of the mover's attacked.
    pub royal: u32,
    /// `turn { blocked pass }`: a player with no legal move passes while another can move.
    pub blocked_pass: bool,
    /// Some condition reads `unmoved`: positions keep the squares of the pieces that have
    /// not moved ([`crate::engine::Position`]'s `unmoved`); in other games that set stays
    /// empty, so that it never splits positions the game cannot tell apart.
    pub tracks_unmoved: bool,
    /// Some move type has `mark passed`: positions keep the last move's passed squares.
    pub marks_passed: bool,
    /// `hand { Pawn }`: bit `k` set, a captured piece of kind `k` goes to the capturer's hand
    /// ([`crate::engine::Position`]'s `hands`), after `unpromoted`.
    pub hand: u32,
    /// The kind a piece of each kind goes to a hand as, when it was promoted in the game:
    /// the kind the promotion rules make it from (its own kind where none does).
    pub unpromoted: Vec<u8>,
    /// Some kind goes to a hand and some promotion can make a piece: positions keep the
    /// squares of the promoted pieces, which go to a hand as their `unpromoted` kind; in
    /// other games that set stays empty.
    pub tracks_promoted: bool,
    /// The rules of the sources the file says it does not state (`unstated`), in the file's
    /// order. The engine never reads them.
    pub unstated: Vec<Unstated>,
}

/// `unstated NAME clause ID`: a rule of the game's sources that the rule file does not state,
/// said so in the file rather than approximated; `check` reports it as a note and the
/// rulebook lists it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Unstated {
    pub name: String,
    /// What the rule is and why the file leaves it out (never empty).
    pub docs: Vec<String>,
    /// The clause id the rule belongs to.
    pub clause: Option<String>,
}

impl GameDef {
    /// Every doc comment of the game, item by item (a parameter's values included): what the
    /// books scan for translations and for the names' word forms.
    pub fn every_doc(&self) -> Vec<&Vec<String>> {
        let mut all = vec![
            &self.docs,
            &self.player_docs,
            &self.kind_docs,
            &self.board_docs,
        ];
        all.extend(self.regions.iter().map(|r| &r.docs));
        all.extend(self.counters.iter().map(|r| &r.docs));
        all.extend(self.params.iter().map(|r| &r.docs));
        all.extend(
            self.params
                .iter()
                .flat_map(|p| p.values.iter().map(|(_, d)| d)),
        );
        all.extend(self.legs.iter().map(|r| &r.docs));
        all.extend(self.moves.iter().map(|r| &r.docs));
        all.extend(self.priorities.iter().map(|r| &r.docs));
        all.extend(self.end.iter().map(|r| &r.docs));
        all.extend(self.claims.iter().map(|r| &r.docs));
        all.extend(self.unstated.iter().map(|r| &r.docs));
        all
    }

    /// The player index of a name (case-insensitive).
    pub fn player(&self, name: &str) -> Option<u8> {
        self.players
            .iter()
            .position(|p| p.eq_ignore_ascii_case(name))
            .map(|i| i as u8)
    }
    /// The piece-kind index of a name (case-insensitive).
    pub fn kind(&self, name: &str) -> Option<u8> {
        self.kinds
            .iter()
            .position(|p| p.eq_ignore_ascii_case(name))
            .map(|i| i as u8)
    }
    /// The counter index of a name.
    pub fn counter(&self, name: &str) -> Option<u8> {
        self.counters
            .iter()
            .position(|p| p.name == name)
            .map(|i| i as u8)
    }
    /// The name of a piece's owner: a player, or `neutral`.
    pub fn owner_name(&self, o: u8) -> &str {
        self.players
            .get(o as usize)
            .map_or("neutral", |s| s.as_str())
    }
    /// The players of `p`'s team, in turn order.
    pub fn team_of(&self, p: u8) -> Vec<u8> {
        (0..self.players.len() as u8)
            .filter(|&q| self.team[q as usize] == self.team[p as usize])
            .collect()
    }
    /// Whether the game has teams of more than one player.
    pub fn has_teams(&self) -> bool {
        (0..self.players.len())
            .any(|p| self.team.iter().filter(|&&t| t == self.team[p]).count() > 1)
    }
    /// Bit mask of the players on `p`'s team, `p` included.
    pub fn team_mask(&self, p: u8) -> u8 {
        let mut m = 0u8;
        for q in 0..self.players.len() {
            if self.team[q] == self.team[p as usize] {
                m |= 1 << q;
            }
        }
        m
    }
    /// Bit mask of the players opposed to `p`.
    pub fn opponents(&self, p: u8) -> u8 {
        let mut m = 0u8;
        for q in 0..self.players.len() {
            if self.team[q] != self.team[p as usize] {
                m |= 1 << q;
            }
        }
        m
    }
    /// The squares of a region selection, relative to player `p`.
    #[inline]
    pub fn region_squares(&self, sel: RegionSel, p: u8) -> SquareSet {
        match sel {
            RegionSel::Own(r) => self.regions[r as usize].parts[p as usize],
            RegionSel::All(r) => self.regions[r as usize].all,
            RegionSel::Opponent(r) => self.regions[r as usize].opponent_parts[p as usize],
            RegionSel::Of(r, q) => self.regions[r as usize].parts[q as usize],
            RegionSel::OfVar(..) => {
                debug_assert!(false, "a variable's region outside a position condition");
                SquareSet::EMPTY
            }
        }
    }
}
