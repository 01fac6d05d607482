//! Why a move text names no legal move ([`IllegalMove`], [`Refused`]), and what to say of a
//! token that names no square.

/// Why a move text was refused, and a hint.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{reason}")]
pub struct IllegalMove {
    /// What is wrong.
    pub reason: Refused,
    /// A hint, e.g. the legal moves of the piece.
    pub help: Option<String>,
}

impl IllegalMove {
    /// What is wrong, as one line.
    pub fn message(&self) -> String {
        self.reason.to_string()
    }

    /// The text names several legal moves (their ends and the squares written between).
    pub fn is_ambiguous(&self) -> bool {
        matches!(self.reason, Refused::Ambiguous { .. })
    }
}

/// What is wrong with a move text. Names of squares, kinds and players are as the game
/// writes them, so that a caller can show them without the game at hand.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum Refused {
    /// Neither a path of squares, a drop nor `pass`.
    #[error("`{0}` is not a move")]
    NotAMove(String),
    /// A token that names no square.
    #[error("`{0}` is not a square of this board")]
    NotASquare(String),
    /// A path with a start and no landing.
    #[error("`{0}` names only one square")]
    OneSquare(String),
    /// A drop whose kind is not one kind's name or a prefix of only one.
    #[error("`{0}` names no single piece kind")]
    NoSuchKind(String),
    /// Move generation passed its bounds, so legality cannot be told.
    #[error(transparent)]
    Overflow(#[from] crate::engine::Overflow),
    /// The position is terminal.
    #[error("the game is over ({0})")]
    GameOver(String),
    /// `pass` where a move is possible.
    #[error("a player may pass only when unable to move")]
    NoPass,
    /// A drop that is not legal now.
    #[error("a {kind} may not be placed on {square} now")]
    NoPlacement {
        /// The kind to place.
        kind: String,
        /// The square named.
        square: String,
    },
    /// The right squares, with `-` and `x` where the other belongs.
    #[error("`{0}` writes the legs with the wrong separators")]
    WrongSeparators(String),
    /// A short form that names several legal moves.
    #[error("`{text}` names {} legal moves: {}", moves.len(), moves.join(", "))]
    Ambiguous {
        /// The text as written.
        text: String,
        /// The moves it names, in full.
        moves: Vec<String>,
    },
    /// The start square is empty.
    #[error("there is no piece on {0}")]
    NoPiece(String),
    /// The start square holds another player's piece.
    #[error("{square} holds a {owner} {kind}, but it is {to_move}'s turn")]
    NotYours {
        /// The start square.
        square: String,
        /// The piece's owner.
        owner: String,
        /// The piece's kind.
        kind: String,
        /// The player to move.
        to_move: String,
    },
    /// A move of a type, before priorities, that a priority removes here.
    #[error(
        "{text} would be a legal `{move_type}` move, but priority `{priority}` rules it out here"
    )]
    RuledOut {
        /// The text as written.
        text: String,
        /// The move type it would be.
        move_type: String,
        /// The priority that removes it.
        priority: String,
    },
    /// A prefix of a longer move that may not stop where the text ends.
    #[error("{text} cannot stop on {square}: the move must go on")]
    MustGoOn {
        /// The text as written.
        text: String,
        /// The last square written.
        square: String,
    },
    /// A path through an occupied square.
    #[error("the {piece} on {from} cannot move {text}: {square} holds a {owner} {kind}")]
    Blocked {
        /// The moving piece, as player and kind.
        piece: String,
        /// Its square.
        from: String,
        /// The text as written.
        text: String,
        /// The first occupied square of the path.
        square: String,
        /// The owner of the piece there.
        owner: String,
        /// Its kind.
        kind: String,
    },
    /// A legal move's path whose second action (`then drop`) places no piece on the square
    /// written after `/`.
    #[error("{path} may be played, but its second action places no {kind} on {square}")]
    NoSecondSquare {
        /// The move's squares, as written before the `/`.
        path: String,
        /// The kind the second action places.
        kind: String,
        /// The square written after the `/`.
        square: String,
        /// The move type whose second action it is.
        move_type: String,
    },
    /// A legal move's path whose second action (`then remove`) removes no piece on the square
    /// written after `/`.
    #[error("{path} may be played, but it removes no piece on {square}")]
    NoRemoval {
        /// The move's squares, as written before the `/`.
        path: String,
        /// The square written after the `/`.
        square: String,
        /// The move type whose second action it is.
        move_type: String,
    },
    /// A claim (`claim:NAME`) of a game that has no claim of that name.
    #[error("this game has no claim `{0}`")]
    UnknownClaim(String),
    /// A claim whose condition does not hold here (`None`: a bare `claim`, and none holds).
    #[error("{}", match .0 { Some(n) => format!("`{n}` cannot be claimed here: its condition does not hold"), None => "no draw can be claimed here".to_string() })]
    NoClaim(Option<String>),
    /// A record that goes on after a claim, which ends the game.
    #[error("the game ended with the claim before `{0}`")]
    AfterClaim(String),
    /// A SAN text (`Nf3`) that names no legal move.
    #[error("no legal move is written `{0}` here")]
    NoSanMove(String),
    /// No other reason found: the piece has no such move.
    #[error("the {piece} on {from} cannot move {text}")]
    NoSuchMove {
        /// The moving piece, as player and kind.
        piece: String,
        /// Its square.
        from: String,
        /// The text as written.
        text: String,
    },
}

/// What to say of `token`, which names no square of `board`: the board's real range, from
/// its file and rank labels (`a1` to `j10`), and its numbers (`1` to `50`) when it numbers its
/// squares; a number on a board without numbers, or a file and rank that meet on no square
/// (a board with holes), is said to be so.
pub fn square_hint(board: &crate::model::Board, token: &str) -> String {
    let (Some(f0), Some(f1), Some(r0), Some(r1)) = (
        board.files.first(),
        board.files.last(),
        board.ranks.first(),
        board.ranks.last(),
    ) else {
        return "The board has no squares.".into();
    };
    let named = format!("{f0}{r0} to {f1}{r1}");
    let numbers = board.numbers.iter().max().copied().unwrap_or(0);
    let digits = !token.is_empty() && token.bytes().all(|b| b.is_ascii_digit());
    if digits && board.is_numbered() {
        return format!("Squares are numbered 1 to {numbers}, or named {named}.");
    }
    if digits {
        return format!("Squares are {named}; this board does not number its squares.");
    }
    let numbered = if board.is_numbered() {
        format!(", or numbered 1 to {numbers}")
    } else {
        String::new()
    };
    // A file and a rank of the board that meet on no square: the board has a hole there.
    let grid_point = (1..token.len())
        .filter(|&i| token.is_char_boundary(i))
        .any(|i| {
            let (f, r) = token.split_at(i);
            board.files.iter().any(|x| x.eq_ignore_ascii_case(f))
                && board.ranks.iter().any(|x| x.eq_ignore_ascii_case(r))
        });
    if grid_point {
        format!("Squares are {named}{numbered}, but the board has no square at {token}.")
    } else {
        format!("Squares are {named}{numbered}.")
    }
}

pub(crate) fn illegal(reason: Refused, help: Option<String>) -> IllegalMove {
    IllegalMove { reason, help }
}
