//! The abstract syntax tree: a spanned, name-based picture of a rule file.
//!
//! It keeps documentation and source order and gives no meaning to names; `validate` resolves
//! them. Invariant: every node's span lies inside the source it was parsed from.

// AST nodes are built once per file; boxing the larger variants would buy nothing.
#![allow(clippy::large_enum_variant)]

use crate::base::span::Span;

mod board;
pub use board::{Board, Label, LineAxis, Link, Numbers, SquareItem};

/// A name with the place it was written.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Ident {
    /// The name as written.
    pub name: String,
    /// Where it was written.
    pub span: Span,
}

/// A whole rule file.
#[derive(Debug, Clone)]
pub struct RuleFile {
    /// `//!` lines at the top.
    pub docs: Vec<String>,
    /// Top-level items in source order.
    pub items: Vec<Item>,
}

/// A top-level item with its `///` documentation.
#[derive(Debug, Clone)]
pub struct Item {
    /// Documentation lines.
    pub docs: Vec<String>,
    /// What the item declares.
    pub kind: ItemKind,
    /// The whole item.
    pub span: Span,
}

/// The kinds of top-level item.
#[derive(Debug, Clone)]
pub enum ItemKind {
    Game(String),
    /// `extends "parent.rules"`: the path as written and where.
    Extends(String, Span),
    /// `remove KIND [NAME]`: deletes an inherited item.
    Remove(ItemKey),
    /// `amend ITEM`: adds the statements of this item to the inherited item of the same key.
    Amend(Box<ItemKind>),
    Players(Vec<Ident>),
    /// `teams { A B | C D }`.
    Teams(Vec<Vec<Ident>>),
    /// `turn { blocked pass }`.
    Turn(Vec<TurnStmt>),
    /// `neutral { Tree }`: kinds owned by no player.
    Neutral(Vec<Ident>),
    /// `royal { King }`: kinds whose pieces no move may leave attacked.
    Royal(Vec<Ident>),
    /// `hand { Pawn }`: kinds whose captured pieces go to the capturer's hand.
    Hand(Vec<Ident>),
    Board(Board),
    Directions(Vec<DirDecl>),
    DirSet(DirSetDecl),
    Region(RegionDecl),
    Pieces(Vec<Ident>),
    /// `values { Man: 2 }`: what pieces are worth.
    Values(Vec<ValueStmt>),
    /// `letters { King: K }`: each kind's letter in FEN positions.
    /// The third part is `silent`: SAN writes no letter for the kind.
    Letters(Vec<(Ident, Ident, bool)>),
    Setup(Vec<SetupPlayer>),
    Counter(CounterDecl),
    Param(ParamDecl),
    SetParam(Ident, Ident),
    Leg(LegDecl),
    Move(MoveDecl),
    Priority(PriorityDecl),
    End(Vec<EndStmt>),
    Promote(Vec<PromoteStmt>),
    /// `unstated NAME clause ID`: a rule of the sources the file does not state; the item's
    /// documentation is the explanation.
    Unstated(UnstatedDecl),
}

/// The kind of a top-level item, as `remove` and `amend` name it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ItemWord {
    Game,
    Players,
    Teams,
    Turn,
    Board,
    Directions,
    Set,
    Region,
    Pieces,
    Values,
    Letters,
    Neutral,
    Royal,
    Hand,
    Setup,
    Counter,
    Param,
    SetParam,
    Leg,
    Move,
    Priority,
    End,
    Promote,
    Unstated,
}

impl ItemWord {
    /// The keyword that starts such an item.
    pub fn word(self) -> &'static str {
        match self {
            ItemWord::Game => "game",
            ItemWord::Players => "players",
            ItemWord::Teams => "teams",
            ItemWord::Turn => "turn",
            ItemWord::Board => "board",
            ItemWord::Directions => "directions",
            ItemWord::Set => "set",
            ItemWord::Region => "region",
            ItemWord::Pieces => "pieces",
            ItemWord::Values => "values",
            ItemWord::Letters => "letters",
            ItemWord::Neutral => "neutral",
            ItemWord::Royal => "royal",
            ItemWord::Hand => "hand",
            ItemWord::Setup => "setup",
            ItemWord::Counter => "counter",
            ItemWord::Param => "param",
            ItemWord::SetParam => "set-param",
            ItemWord::Leg => "leg",
            ItemWord::Move => "move",
            ItemWord::Priority => "priority",
            ItemWord::End => "end",
            ItemWord::Promote => "promote",
            ItemWord::Unstated => "unstated",
        }
    }
    /// Whether a file has at most one such item (so it has no name).
    pub fn single(self) -> bool {
        !matches!(
            self,
            ItemWord::Set
                | ItemWord::Region
                | ItemWord::Counter
                | ItemWord::Param
                | ItemWord::SetParam
                | ItemWord::Leg
                | ItemWord::Move
                | ItemWord::Priority
                | ItemWord::Unstated
        )
    }
}

/// `remove move jump`: what to delete, and where that was said.
#[derive(Debug, Clone)]
pub struct ItemKey {
    pub word: ItemWord,
    /// The name, for named kinds.
    pub name: Option<Ident>,
    pub span: Span,
}

/// `unstated three-kings-against-one clause RU-13`: a rule the file leaves out on purpose.
/// Its documentation is the item's ([`Item::docs`]).
#[derive(Debug, Clone)]
pub struct UnstatedDecl {
    pub name: Ident,
    /// `clause ID`: the clause id of the rule, as written.
    pub clause: Option<Ident>,
    /// From `unstated` to the end of the item (the documentation left out).
    pub span: Span,
}

/// A statement of the `turn` item.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TurnStmt {
    /// What a player with no legal move does.
    Blocked(BlockedAction, Span),
}

/// What a player with no legal move does.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BlockedAction {
    /// The end rules decide (the default).
    End,
    /// The player passes, if some other player can move.
    Pass,
}

/// `N (0, 1)`.
#[derive(Debug, Clone)]
pub struct DirDecl {
    pub name: Ident,
    pub df: i32,
    pub dr: i32,
}

/// `set all { ... }` or `set forward { White: N  Black: S }`.
#[derive(Debug, Clone)]
pub struct DirSetDecl {
    pub name: Ident,
    pub body: PerPlayer<Ident>,
}

/// Either one list for everybody or one list per named player.
#[derive(Debug, Clone)]
pub enum PerPlayer<T> {
    All(Vec<T>),
    Each(Vec<(Ident, Vec<T>)>),
}

/// `region home { White: a1 b1  Black: a8 b8 }`.
#[derive(Debug, Clone)]
pub struct RegionDecl {
    pub name: Ident,
    pub body: PerPlayer<SquareItem>,
}

/// `White { Man: a2 b2 }`.
#[derive(Debug, Clone)]
pub struct SetupPlayer {
    pub player: Ident,
    pub kinds: Vec<(Ident, Vec<SquareItem>)>,
}

/// `counter moves-made per-player max 2`.
#[derive(Debug, Clone)]
pub struct CounterDecl {
    pub name: Ident,
    pub per_player: bool,
    /// `same-piece`: each player's value belongs to the piece that player moved last.
    pub same_piece: bool,
    pub max: Option<i64>,
    /// `while C`: the counter counts the plies in a row made while C held (before and after).
    pub while_cond: Option<Cond>,
}

/// `param name = default { values }`.
#[derive(Debug, Clone)]
pub struct ParamDecl {
    pub name: Ident,
    /// The default value (a whole number's digits for a range).
    pub default: Ident,
    pub values: Vec<(Vec<String>, Ident)>,
    /// `= 11 in 2..19`: a whole number from this range (inclusive; `values` is empty).
    pub range: Option<(i64, i64, Span)>,
}

/// A block that applies only when a parameter has a value.
#[derive(Debug, Clone)]
pub struct IfParam<T> {
    pub param: Ident,
    pub value: Ident,
    pub then: Vec<T>,
    pub otherwise: Vec<T>,
    /// The span of each statement of `then`, in order (explanations point at statements).
    pub then_spans: Vec<Span>,
    /// The span of each statement of `otherwise`, in order.
    pub otherwise_spans: Vec<Span>,
}

// Enums the source and the model share: the validator passes them through unchanged, so a
// new alternative is added once and every `match` on it, in both layers, must handle it.
pub use crate::model::{CmpOp, Onto, Otherwise, Over, Recur, Removal, Repeat, Sign, Timing};

/// A statement in a `leg` block.
#[derive(Debug, Clone)]
pub enum LegStmt {
    Step(Ident),
    Slide(Ident),
    /// `anywhere`: to any square of the board, in no direction; where it is written.
    Anywhere(Span),
    /// `slide DIRS exactly N over own`: exactly `distance` squares, passing over pieces of
    /// `over` (none when absent); `at` is where the distance is written.
    SlideExactly {
        dirs: Ident,
        distance: Distance,
        over: Option<Over>,
        at: Span,
    },
    Leap {
        dirs: Ident,
        over: Over,
        /// `over enemy { Man }`: the kinds that may be leapt (all when absent).
        kinds: Option<Vec<Ident>>,
        flying: bool,
        /// `flying behind`: the landing is the square directly beyond the leapt piece.
        behind: bool,
    },
    Capture(Span),
    /// `capture passer`: capture the piece that made the last move, off the landing square.
    CapturePasser(Span),
    /// `onto enemy { King }`: what a step, slide or leap may land on, the kinds it may
    /// capture there (all when absent), and where the statement is written.
    Onto(Onto, Option<Vec<Ident>>, Span),
    Land(SqCond),
    NoReverse(Span),
    /// `onward`: at less than a right angle to the previous leg.
    Onward(Span),
    /// `prefer continuing`.
    PreferContinuing(Span),
    /// `halt behind { King }`: the kinds, and where the statement is written.
    HaltBehind(Vec<Ident>, Span),
    If(IfParam<LegStmt>),
}

/// How far a slide of an exact length goes, as written.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Distance {
    /// `exactly 3`: this many squares (the validator checks the range).
    Squares(i64),
    /// `exactly count(line)`: the pieces on the line the piece moves along, both ways.
    Line,
}

/// `leg name { ... }`.
#[derive(Debug, Clone)]
pub struct LegDecl {
    pub name: Ident,
    pub body: Vec<LegStmt>,
    /// The span of each statement of `body`, in order (explanations point at statements).
    pub spans: Vec<Span>,
}

/// A statement in a `move` block.
#[derive(Debug, Clone)]
pub enum MoveStmt {
    By(Vec<Ident>),
    /// `drop Kind`: place a new piece instead of moving one.
    Drop(Ident),
    /// `drop from hand`: place a piece of the mover's hand instead of moving one.
    DropHand(Span),
    From(SqCond),
    To(SqCond),
    Land(SqCond),
    Stop(SqCond),
    Sequence(Vec<(Ident, Repeat)>),
    /// `go to C`: straight to the square meeting C, or nowhere when the start meets it.
    GoTo(SqCond, Span),
    Require(Cond),
    Effect {
        counter: Ident,
        add: bool,
        value: i64,
    },
    Removal(Removal),
    /// `mark passed`: the squares the move crossed are `passed` until the next move.
    MarkPassed(Span),
    /// `flip along SET`: the enemy lines the move's end square closes change owner.
    Flip(Ident),
    /// `then drop Arrow via shot`: once the piece has moved, a new piece of the kind is placed
    /// on a square the leg reaches from where the move ended.
    ThenDrop {
        kind: Ident,
        leg: Ident,
    },
    /// `then remove enemy where C prefer C when C`: once the piece has moved, when its end
    /// square meets the `when` condition, the mover removes a piece it chooses.
    ThenRemove(ThenRemove),
    /// `custodial along SET partners { K } hostile C enclosed { K } when C`: the enemy
    /// pieces next to the move's end square, closed by a partner or a hostile square beyond.
    Custodial(Custodial),
    /// `with Rook from C to D`: a second piece of the mover moves too.
    With {
        kind: Ident,
        from: SqCond,
        to: SqCond,
    },
    /// `written "O-O"`: the move type's fixed text in SAN.
    Written {
        text: String,
        span: Span,
    },
    If(IfParam<MoveStmt>),
}

/// `custodial along SET ...`: a custodial capture made by the moving piece.
#[derive(Debug, Clone)]
pub struct Custodial {
    /// The directions looked along from the end square.
    pub dirs: Ident,
    /// `partners { Soldier King }`: the kinds that take part (every kind without it).
    pub partners: Option<Vec<Ident>>,
    /// `hostile C`: squares that stand in for a partner.
    pub hostile: Option<SqCond>,
    /// `enclosed { King } when C`: kinds captured only when enclosed, where C holds.
    pub enclosed: Vec<Enclosed>,
    /// The whole statement.
    pub span: Span,
}

/// `then remove enemy where C prefer C when C`: a move's second action that removes a
/// piece the mover chooses.
#[derive(Debug, Clone)]
pub struct ThenRemove {
    /// Whose pieces may be removed.
    pub over: Over,
    /// `where C`: the squares whose piece may be removed.
    pub place: Option<SqCond>,
    /// `prefer C`: of those, the ones kept when there are any.
    pub prefer: Option<SqCond>,
    /// `when C`: the condition on the move's end square that allows the removal.
    pub when: Option<SqCond>,
    /// The whole statement.
    pub span: Span,
}

/// `enclosed { King } when C`: an enemy piece of these kinds on a square meeting C (any
/// square without `when`) is captured only when enclosed along every direction of the set.
#[derive(Debug, Clone)]
pub struct Enclosed {
    pub kinds: Vec<Ident>,
    pub when: Option<SqCond>,
}

/// `move name { ... }`.
#[derive(Debug, Clone)]
pub struct MoveDecl {
    pub name: Ident,
    pub body: Vec<MoveStmt>,
    /// The span of each statement of `body`, in order (explanations point at statements).
    pub spans: Vec<Span>,
}

/// A statement in a `values` block.
#[derive(Debug, Clone)]
pub enum ValueStmt {
    /// `Man: 2`.
    Pair(Ident, i64),
    If(IfParam<ValueStmt>),
}

/// What `maximize` counts among a move's captures.
#[derive(Debug, Clone)]
pub enum Measure {
    /// `captures`, or `captures { kinds }`.
    Captures(Option<Vec<Ident>>),
    /// `value`: the captured pieces' `values`.
    Value,
    /// `earliest { kinds }`.
    Earliest(Vec<Ident>),
}

/// A statement in a `priority` block.
#[derive(Debug, Clone)]
pub enum PrioStmt {
    When(Cond),
    Keep(MvCond),
    Prefer(MvCond),
    Maximize(Measure, Span),
    Otherwise(Otherwise),
    If(IfParam<PrioStmt>),
}

/// `priority name { ... }`.
#[derive(Debug, Clone)]
pub struct PriorityDecl {
    pub name: Ident,
    pub body: Vec<PrioStmt>,
    /// The span of each statement of `body`, in order (explanations point at statements).
    pub spans: Vec<Span>,
}

/// The result an end rule declares.
#[derive(Debug, Clone)]
pub enum EndResult {
    Win(EndWho),
    Loss(EndWho),
    Draw,
}

/// Whom `win` or `loss` names.
#[derive(Debug, Clone)]
pub enum EndWho {
    /// A player's name, or else the rule's variable (`P`), which validation tells apart.
    Name(Ident),
    /// `last-mover`: the player who made the last move (its span).
    LastMover(Span),
}

impl EndWho {
    /// The span of the word.
    pub fn span(&self) -> Span {
        match self {
            EndWho::Name(id) => id.span,
            EndWho::LastMover(s) => *s,
        }
    }
}

/// A statement in the `end` block.
#[derive(Debug, Clone)]
pub enum EndStmt {
    Rule {
        /// `home-win:`: a name a variant can replace the rule by.
        label: Option<Ident>,
        docs: Vec<String>,
        /// `claim draw if ...`: the span of `claim`. The rule ends nothing by itself: a
        /// player may claim its result while the condition holds.
        claim: Option<Span>,
        result: EndResult,
        cond: Cond,
        span: Span,
    },
    If(IfParam<EndStmt>),
}

/// A statement in the `promote` block.
#[derive(Debug, Clone)]
pub enum PromoteStmt {
    Rule {
        from: Ident,
        /// The kinds it may become, one move each (one kind: no choice).
        to: Vec<Ident>,
        region: RegionRef,
    },
    Timing(Timing, Option<Ident>, Span),
    If(IfParam<PromoteStmt>),
}

/// Whose region a reference means.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum RegionOwner {
    Own,
    Opponent,
    /// A named player's part: `White home`.
    Player(Ident),
}

/// `own home`, `opponent home` or `home`.
#[derive(Debug, Clone)]
pub struct RegionRef {
    pub owner: Option<RegionOwner>,
    pub name: Ident,
}

/// A condition on the position.
#[derive(Debug, Clone)]
pub enum Cond {
    Or(Vec<Cond>),
    And(Vec<Cond>),
    Not(Box<Cond>),
    Every(Ident, Box<Cond>),
    Some(Ident, Box<Cond>),
    Exists(Box<MvCond>),
    Blocked(Ident),
    /// `in-check(P)`: a royal piece of P is attacked.
    InCheck(Ident),
    Repeated(i64, Recur, Span),
    Cmp(Quantity, CmpOp, Quantity, Span),
    /// `in-a-row(...)` or `connected(...)`: a goal on the shape of a player's pieces.
    Shape(ShapeCond),
}

/// A goal on the shape of a player's pieces.
#[derive(Debug, Clone)]
pub enum ShapeCond {
    /// `in-a-row(P N along SET)`, `in-a-row(P exactly N along SET)`.
    InARow {
        who: Ident,
        exact: bool,
        n: i64,
        dirs: Ident,
        span: Span,
    },
    /// `connected(P along SET)`, `connected(P from REGION to REGION along SET)`.
    Connected {
        who: Ident,
        ends: Option<(RegionRef, RegionRef)>,
        dirs: Ident,
        span: Span,
    },
}

impl ShapeCond {
    /// Where the condition is written.
    pub fn span(&self) -> Span {
        match self {
            ShapeCond::InARow { span, .. } | ShapeCond::Connected { span, .. } => *span,
        }
    }

    /// Its text with spans left out, to compare two conditions by their form.
    pub fn canon(&self) -> String {
        let region = |r: &RegionRef| {
            let owner = match &r.owner {
                None => String::new(),
                Some(RegionOwner::Own) => "own ".into(),
                Some(RegionOwner::Opponent) => "opponent ".into(),
                Some(RegionOwner::Player(p)) => format!("{} ", p.name),
            };
            format!("{owner}{}", r.name.name)
        };
        match self {
            ShapeCond::InARow {
                who,
                exact,
                n,
                dirs,
                ..
            } => format!("in-a-row({} {exact} {n} {})", who.name, dirs.name),
            ShapeCond::Connected {
                who, ends, dirs, ..
            } => format!(
                "connected({} {} {})",
                who.name,
                ends.as_ref().map_or(String::new(), |(a, b)| format!(
                    "{}-{}",
                    region(a),
                    region(b)
                )),
                dirs.name
            ),
        }
    }
}

/// What `next D ...` asks of the square one step away.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum NextState {
    Occupied,
    Empty,
    OffBoard,
}

/// A number in a comparison.
#[derive(Debug, Clone)]
pub enum Quantity {
    Count {
        who: Ident,
        kinds: Vec<Ident>,
        region: Option<RegionRef>,
        span: Span,
    },
    Counter {
        name: Ident,
        who: Ident,
    },
    Int(i64),
    /// `count(P) + 9 - placed(P)`: two or more terms, the first added.
    Sum(Vec<(Sign, Quantity)>, Span),
}

/// A condition on a move.
#[derive(Debug, Clone)]
pub enum MvCond {
    Or(Vec<MvCond>),
    And(Vec<MvCond>),
    Not(Box<MvCond>),
    Capturing,
    From(SqCond),
    To(SqCond),
    Kind(Ident),
}

/// A condition on a square, seen from the moving piece.
#[derive(Debug, Clone)]
pub enum SqCond {
    Or(Vec<SqCond>),
    And(Vec<SqCond>),
    Not(Box<SqCond>),
    In(RegionRef),
    Piece(Ident),
    Can(Ident),
    /// `passed`: a square the last move crossed, when it marked them.
    Passed(Span),
    /// `unmoved`: the square's piece has not moved since the start.
    Unmoved(Span),
    /// `attacked`: an opponent could capture the moving piece there.
    Attacked(Span),
    /// `empty`: the square holds no piece.
    Empty(Span),
    /// `next S occupied|empty|off-board`: what the square one step away in direction S is.
    Next(Ident, NextState),
    /// `flanks along SET`: a piece of the mover here would close an enemy line of the set.
    Flanks(Ident),
    /// `seen D`: the square holds the first piece met from the moving piece's start along
    /// one direction of the set D.
    Seen(Ident),
    /// `in-a-row 3 along SET` (`exactly`: a row of exactly 3): the square's piece stands in a
    /// row of its owner's pieces through the square along one direction of the set.
    InARow {
        n: i64,
        exact: bool,
        dirs: Ident,
        span: Span,
    },
}

/// A statement kind that may be `if PARAM is VALUE { ... } else { ... }`.
///
/// Each implementation lists every statement alternative, so a new one must say here
/// whether it is conditional.
pub trait Conditional: Sized {
    /// The `if` this statement is, if it is one.
    fn as_if(&self) -> Option<&IfParam<Self>>;
    /// The same, for editing (explanations relax statements inside `if` blocks).
    fn as_if_mut(&mut self) -> Option<&mut IfParam<Self>>;
}

macro_rules! conditional {
    ($t:ty: $($other:pat),+) => {
        impl Conditional for $t {
            fn as_if(&self) -> Option<&IfParam<Self>> {
                match self {
                    Self::If(i) => Some(i),
                    $($other)|+ => None,
                }
            }
            fn as_if_mut(&mut self) -> Option<&mut IfParam<Self>> {
                match self {
                    Self::If(i) => Some(i),
                    $($other)|+ => None,
                }
            }
        }
    };
}

conditional!(LegStmt: Self::Step(_), Self::Slide(_), Self::Anywhere(_), Self::SlideExactly { .. }, Self::Leap { .. }, Self::Capture(_),
    Self::CapturePasser(_), Self::Onto(..), Self::Land(_), Self::NoReverse(_), Self::Onward(_), Self::PreferContinuing(_), Self::HaltBehind(..));
conditional!(MoveStmt: Self::By(_), Self::Drop(_), Self::DropHand(_), Self::From(_), Self::To(_), Self::Land(_),
    Self::Stop(_), Self::Sequence(_), Self::GoTo(..), Self::Require(_), Self::Effect { .. }, Self::Removal(_),
    Self::MarkPassed(_), Self::Flip(_), Self::ThenDrop { .. }, Self::ThenRemove(_), Self::Custodial(_), Self::With { .. }, Self::Written { .. });
conditional!(ValueStmt: Self::Pair(..));
conditional!(PrioStmt: Self::When(_), Self::Keep(_), Self::Prefer(_), Self::Maximize(..),
    Self::Otherwise(_));
conditional!(EndStmt: Self::Rule { .. });
conditional!(PromoteStmt: Self::Rule { .. }, Self::Timing(..));
