//! The bounds of what the engine holds: squares, players, kinds, ids of bytes, nesting and
//! the sizes of a search. Validation refuses a rule file past them, with a located error.

/// Largest number of squares a board may have: every index of a [`super::SquareSet`]'s
/// [`SET_WORDS`] words ([`NO_SQUARE`] lies past them). 256 (16 x 16) by default; the feature
/// `wide-boards` raises it to 512 (22 x 22: Go's and Hex's 19 x 19), at a cost to every game
/// (wider sets, larger positions to copy: 7-16% more instructions on small boards), which
/// is why it is not the default.
#[cfg(not(feature = "wide-boards"))]
pub const MAX_SQUARES: usize = 256;
/// See above: the wide build.
#[cfg(feature = "wide-boards")]
pub const MAX_SQUARES: usize = 512;
/// Whether this build is the wide one (feature `wide-boards`), for errors that say how to get
/// a bigger board.
pub const WIDE_BOARDS: bool = cfg!(feature = "wide-boards");
/// The 64-bit words of a [`super::SquareSet`]: a power of two, so that a square's word is a
/// mask away with no bounds check.
pub const SET_WORDS: usize = MAX_SQUARES / 64;
/// Largest number of players.
pub const MAX_PLAYERS: usize = 4;
/// Largest number of piece kinds.
pub const MAX_KINDS: usize = 15;
/// Largest number of named directions.
pub const MAX_DIRS: usize = 16;
/// Largest number of counters (one fewer in a game with a `same-piece` counter).
pub const MAX_COUNTERS: usize = 8;
/// The counter slot that holds, per player, the square (plus one; 0: none) where that
/// player's last move ended, in a game with a `same-piece` counter: the piece whose value
/// such counters hold. Declared counters then take the slots below it.
pub const ANCHOR_SLOT: u8 = (MAX_COUNTERS - 1) as u8;
/// Move types in one game: a move's type is a bit of a 64-bit mask in move generation.
pub const MAX_MOVE_TYPES: usize = 64;
/// Legs in one game (ids are bytes, and 255 is kept free).
pub const MAX_LEGS: usize = 250;
/// Direction sets in one game (ids are bytes).
pub const MAX_DIR_SETS: usize = 250;
/// Regions in one game (ids are bytes).
pub const MAX_REGIONS: usize = 250;
/// Segments (`a then b then ...`) in one move type.
pub const MAX_SEGMENTS: usize = 8;
/// Longest path (landings after the start square) a move may have.
pub const MAX_PATH: usize = 64;
/// Counters hold 0..=MAX_COUNTER_VALUE: a counter's `max`, an effect's value and a position's
/// counter values must lie in this range, and a move that would push an unbounded counter past
/// it is not a move (as for a bounded counter at its bound), so counters never overflow.
pub const MAX_COUNTER_VALUE: i32 = 30_000;
/// Largest value a piece may be given in `values`: a move's total stays far inside `i64`.
pub const MAX_PIECE_VALUE: i64 = 1_000_000;
/// Largest number of player variables in scope at once: an end rule's `P` and the variables
/// of nested `every`/`some` (the engine's variable table has this many slots).
pub const MAX_VARS: usize = 8;
/// Deepest nesting of the syntax tree (parentheses, `not`, quantifiers, blocks): lowering,
/// validation and evaluation recurse over it, so deeper input is refused before it can
/// overflow the stack. Real rule files stay below 30.
pub const MAX_NESTING: usize = 200;
/// Most moves generated for one position: beyond it generation stops and reports overflow,
/// so counting every path (`--paths`) of a position with countless paths stays within memory
/// (a move is about 112 bytes: 200,000 moves take about 22 MB).
pub const MAX_MOVES: usize = 200_000;
/// Deepest perft: far past any count that finishes (the deepest published are under 20 plies),
/// and shallow enough that the recursion and its per-ply buffers stay small (perft 20000
/// overflowed the stack).
pub const MAX_PERFT_DEPTH: u32 = 256;
/// A square's index on the board. Wider than a byte, so that all 256 squares of a
/// [`super::SquareSet`] are indices and "no square" is none of them.
pub type Square = u16;
/// "No square" in neighbour tables; also the start square of a drop and of a pass.
pub const NO_SQUARE: Square = Square::MAX;
/// "No direction": the last direction of a path that has not moved yet.
pub const NO_DIR: u8 = u8::MAX;
/// The owner index of neutral pieces (one past the last player).
pub const NEUTRAL: u8 = MAX_PLAYERS as u8;
/// The move-type index of a pass (a player with no legal move under `turn { blocked pass }`).
pub const PASS: u8 = 255;

/// `sq`'s index into a table of [`MAX_SQUARES`] entries (a position's cells), masked so that
/// indexing needs no bounds check: the move generator's hot loops read cells by square
/// millions of times. Every square is below [`MAX_SQUARES`]; [`NO_SQUARE`] is never an index
/// (debug builds and the tests check it).
#[inline(always)]
pub fn idx(sq: Square) -> usize {
    debug_assert!((sq as usize) < MAX_SQUARES, "square {sq} is no index");
    // A power of two: the mask is a no-op on every square and spares the bounds check.
    sq as usize & (MAX_SQUARES - 1)
}

// `idx` and the square sets' word index mask a square: they hold while the sizes are powers
// of two.
const _: () = assert!(MAX_SQUARES.is_power_of_two() && SET_WORDS.is_power_of_two());
