//! What is wrong with a written position, and the text it is about.

/// A problem with a written position.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{problem}")]
pub struct SpecError {
    /// What is wrong.
    pub problem: SpecProblem,
    /// The text the problem is about.
    pub about: TextToFind,
    /// How to fix it.
    pub help: Option<String>,
}

/// The text of a position file a problem is about, as written (a name, a square, a key, a
/// number). The YAML reader keeps no places for the values it reads, so the error cannot
/// carry a span: [`crate::formats::input::read_position`], the one reader that has the text,
/// searches for this to point at it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TextToFind(pub String);

/// What is wrong with a written position; names as written in it.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SpecProblem {
    /// `to-move` is empty.
    #[error("`to-move` names no player")]
    NoPlayerToMove,
    /// A player name the game does not have.
    #[error("unknown player `{0}`")]
    UnknownPlayer(String),
    /// A name given twice, in another case.
    #[error("{what} `{again}` is listed twice (also as `{first}`)")]
    Twice {
        /// What it names: player, piece kind or counter.
        what: &'static str,
        /// The first spelling.
        first: String,
        /// The second.
        again: String,
    },
    /// A kind name the game does not have.
    #[error("unknown piece kind `{0}`")]
    UnknownKind(String),
    /// A neutral kind under a player, or a player's kind under `neutral`.
    #[error("`{kind}` cannot belong to `{owner}`")]
    WrongOwner {
        /// The kind.
        kind: String,
        /// The owner it is listed under.
        owner: String,
    },
    /// A square name the board does not have.
    #[error("`{0}` is not a square of this board")]
    NotASquare(String),
    /// A square listed for two pieces.
    #[error("square {0} holds two pieces")]
    TwoPieces(String),
    /// A counter name the game does not have.
    #[error("unknown counter `{0}`")]
    UnknownCounter(String),
    /// A counter value the engine cannot hold.
    #[error("counter `{counter}` is {value}, outside the engine's range 0..={max}")]
    CounterRange {
        /// The counter.
        counter: String,
        /// The value given.
        value: i64,
        /// The engine's bound.
        max: i32,
    },
    /// A counter value given to `neutral`.
    #[error("`{0}` has no counters")]
    NeutralCounter(String),
    /// More pieces of a kind in a hand than a hand holds.
    #[error("{player} holds {count} `{kind}` in hand, more than the {max} a hand holds")]
    HandRange {
        /// The player.
        player: String,
        /// The kind.
        kind: String,
        /// The number given.
        count: u64,
        /// The engine's bound.
        max: u8,
    },
    /// A kind in a hand that never goes to one.
    #[error("`{0}` never goes to a hand")]
    NotInHand(String),
    /// `unmoved`, `passed`, `passer`, `hands` or `promoted` in a game that does not keep it.
    #[error("this game keeps no `{0}` squares")]
    NotKept(&'static str),
    /// An unmoved square without a piece, or a passer square without the last mover's piece.
    #[error("no fitting piece stands on `{square}` for `{what}`")]
    NoPieceFor {
        /// `unmoved` or `passer`.
        what: &'static str,
        /// The square.
        square: String,
    },
    /// `passed` without `passer`, or the other way round.
    #[error("`passed` and `passer` go together")]
    PassedAlone,
    /// The game refuses the position.
    #[error(transparent)]
    Invalid(#[from] crate::engine::PositionError),
}

pub(super) fn err(problem: SpecProblem, token: &str, help: Option<String>) -> SpecError {
    SpecError {
        problem,
        about: TextToFind(token.to_string()),
        help,
    }
}
