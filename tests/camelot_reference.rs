//! An independent, hand-written Camelot move generator (WCF rules with the project's
//! defaults, rules.md sections 1 and 8), and a differential test against regula running
//! `rules/camelot.rules`.
//!
//! The reference knows nothing of regula's internals: it has its own board (a 12 x 16 grid
//! with the 160 real squares), its own position and its own moves. Regula's positions are
//! read through `PositionSpec::from_position` (square labels), and moves are compared as
//! texts `from>to x captured...` (captured labels sorted), with ` (castle)` appended to
//! castle moves.
//!
//! Rules implemented (the moving piece is lifted off its start square first):
//! * plain: one step to an empty square, never into the own castle; a piece in the opponent's
//!   castle makes no plain move except the castle move (to the other castle square, at most
//!   two per player per game);
//! * canter: leaps over adjacent friendly pieces to empty squares, direction free, stop after
//!   any leap, no square landed on twice, never back to the start, never into the own castle,
//!   entering the opponent's castle ends it. A Knight's pure canter may not land on a square
//!   from which it could jump (outside the opponent's castle);
//! * jump: leaps over adjacent enemy pieces, removed at once, compulsory continuation, ends on
//!   entering the opponent's castle; may enter the own castle;
//! * Knight's charge: canter leaps (without the Knight restriction) then jumps;
//! * pieces in the opponent's castle never canter, jump or charge;
//! * legality: a piece in the own castle must leave (leaving captures first), unless it cannot;
//!   otherwise if any piece can jump, only captures;
//! * end: 2 pieces in the opponent's castle; all enemy pieces taken with 2+ left; both <= 1
//!   piece is a draw; side to move blocked: opponent wins with 2+ pieces, else draw.
//!
//! Over 800 lines: an independent Camelot move generator must be whole in one place to be
//! read against the rules; splitting it would scatter the one implementation it is.

use std::collections::{BTreeMap, BTreeSet};
use std::time::Instant;

use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};
use regula::formats::setup::{CounterValue, PositionSpec};

// ---------------------------------------------------------------------------------------
// Board
// ---------------------------------------------------------------------------------------

const FILES: i32 = 12;
const RANKS: i32 = 16;
const N: usize = (FILES * RANKS) as usize;
const DIRS: [(i32, i32); 8] = [
    (1, 0),
    (1, 1),
    (0, 1),
    (-1, 1),
    (-1, 0),
    (-1, -1),
    (0, -1),
    (1, -1),
];
const PLAYER_NAMES: [&str; 2] = ["White", "Black"];

/// Whether file `f` (0 = A) and rank index `r` (0 = rank 1) is one of the 160 squares.
fn on_board(f: i32, r: i32) -> bool {
    if !(0..FILES).contains(&f) || !(0..RANKS).contains(&r) {
        return false;
    }
    let (lo, hi) = match r {
        0 | 15 => (5, 6),  // F..G
        1 | 14 => (2, 9),  // C..J
        2 | 13 => (1, 10), // B..K
        _ => (0, 11),      // A..L
    };
    (lo..=hi).contains(&f)
}

fn sq(f: i32, r: i32) -> usize {
    (f + r * FILES) as usize
}

fn coords(s: usize) -> (i32, i32) {
    (s as i32 % FILES, s as i32 / FILES)
}

fn step(s: usize, d: (i32, i32)) -> Option<usize> {
    let (f, r) = coords(s);
    let (nf, nr) = (f + d.0, r + d.1);
    on_board(nf, nr).then(|| sq(nf, nr))
}

fn label(s: usize) -> String {
    let (f, r) = coords(s);
    format!("{}{}", (b'A' + f as u8) as char, r + 1)
}

fn parse_label(t: &str) -> usize {
    let b = t.as_bytes();
    let f = (b[0].to_ascii_uppercase() - b'A') as i32;
    let r: i32 = t[1..]
        .parse::<i32>()
        .unwrap_or_else(|_| panic!("bad square `{t}`"))
        - 1;
    assert!(on_board(f, r), "`{t}` is not a Camelot square");
    sq(f, r)
}

/// The castle of player `p` (White F1 G1, Black F16 G16).
fn castle(p: usize) -> [usize; 2] {
    if p == 0 {
        [sq(5, 0), sq(6, 0)]
    } else {
        [sq(5, 15), sq(6, 15)]
    }
}

fn in_castle(p: usize, s: usize) -> bool {
    castle(p).contains(&s)
}

// ---------------------------------------------------------------------------------------
// Position and moves
// ---------------------------------------------------------------------------------------

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
struct Piece {
    owner: usize,
    knight: bool,
}

type Cells = [Option<Piece>; N];

#[derive(Clone, PartialEq, Eq, Debug)]
struct RPos {
    cells: Cells,
    to_move: usize,
    castle_moves: [i64; 2],
}

/// A move by its effect; `Ord` gives a canonical order.
#[derive(Clone, PartialEq, Eq, PartialOrd, Ord, Debug)]
struct RMove {
    from: usize,
    to: usize,
    captures: Vec<usize>, // sorted
    castle_move: bool,
}

impl RMove {
    fn key(&self) -> String {
        move_key(
            &label(self.from),
            &label(self.to),
            self.captures.iter().map(|&s| label(s)).collect(),
            self.castle_move,
        )
    }
    fn is_capture(&self) -> bool {
        !self.captures.is_empty()
    }
}

fn move_key(from: &str, to: &str, mut caps: Vec<String>, castle_move: bool) -> String {
    caps.sort();
    let mut s = format!("{from}>{to}");
    if !caps.is_empty() {
        s.push_str(" x ");
        s.push_str(&caps.join(" "));
    }
    if castle_move {
        s.push_str(" (castle)");
    }
    s
}

impl RPos {
    fn empty(to_move: usize) -> RPos {
        RPos {
            cells: [None; N],
            to_move,
            castle_moves: [0, 0],
        }
    }

    fn start() -> RPos {
        let mut p = RPos::empty(0);
        let white_knights = ["C6", "D7", "I7", "J6"];
        let white_men = ["D6", "E6", "E7", "F6", "F7", "G6", "G7", "H6", "H7", "I6"];
        let black_knights = ["C11", "D10", "I10", "J11"];
        let black_men = [
            "D11", "E10", "E11", "F10", "F11", "G10", "G11", "H10", "H11", "I11",
        ];
        for (owner, knight, list) in [
            (0, true, &white_knights[..]),
            (0, false, &white_men[..]),
            (1, true, &black_knights[..]),
            (1, false, &black_men[..]),
        ] {
            for l in list {
                p.cells[parse_label(l)] = Some(Piece { owner, knight });
            }
        }
        p
    }

    fn count(&self, p: usize) -> usize {
        self.cells
            .iter()
            .flatten()
            .filter(|pc| pc.owner == p)
            .count()
    }

    fn squares_of(&self, p: usize) -> Vec<usize> {
        (0..N)
            .filter(|&s| self.cells[s].is_some_and(|pc| pc.owner == p))
            .collect()
    }

    fn play(&self, m: &RMove) -> RPos {
        let mut n = self.clone();
        let pc = n.cells[m.from].take().expect("a piece on the start square");
        for &c in &m.captures {
            assert!(
                n.cells[c].is_some_and(|x| x.owner != pc.owner),
                "capturing a non-enemy"
            );
            n.cells[c] = None;
        }
        assert!(n.cells[m.to].is_none(), "landing on an occupied square");
        n.cells[m.to] = Some(pc);
        if m.castle_move {
            n.castle_moves[self.to_move] += 1;
        }
        n.to_move = 1 - self.to_move;
        n
    }

    /// YAML-like text: to-move, pieces, state.
    fn yaml(&self) -> String {
        let mut s = format!("to-move: {}\npieces:\n", PLAYER_NAMES[self.to_move]);
        for (p, name) in PLAYER_NAMES.iter().enumerate() {
            let list = |knight: bool| -> Vec<String> {
                self.squares_of(p)
                    .into_iter()
                    .filter(|&q| self.cells[q].unwrap().knight == knight)
                    .map(label)
                    .collect()
            };
            let (k, m) = (list(true), list(false));
            let mut parts = Vec::new();
            if !k.is_empty() {
                parts.push(format!("Knight: [{}]", k.join(", ")));
            }
            if !m.is_empty() {
                parts.push(format!("Man: [{}]", m.join(", ")));
            }
            if !parts.is_empty() {
                s.push_str(&format!("  {}: {{ {} }}\n", name, parts.join(", ")));
            }
        }
        s.push_str(&format!(
            "state: {{ castle-moves: {{ White: {}, Black: {} }} }}\n",
            self.castle_moves[0], self.castle_moves[1]
        ));
        s
    }
}

// ---------------------------------------------------------------------------------------
// The reference generator
// ---------------------------------------------------------------------------------------

fn is_enemy(cells: &Cells, s: usize, p: usize) -> bool {
    cells[s].is_some_and(|pc| pc.owner != p)
}

fn is_friend(cells: &Cells, s: usize, p: usize) -> bool {
    cells[s].is_some_and(|pc| pc.owner == p)
}

/// Whether a piece of `p` standing on `at` has a jump (adjacent enemy, empty square beyond).
/// `cells` must already have the moving piece lifted.
fn can_jump_from(cells: &Cells, p: usize, at: usize) -> bool {
    DIRS.iter().any(|&d| {
        step(at, d).is_some_and(|over| {
            is_enemy(cells, over, p) && step(over, d).is_some_and(|land| cells[land].is_none())
        })
    })
}

/// All squares a canter from `cur` can land on (after one or more leaps). `visited` holds the
/// start and the landings so far. With `knight_restriction`, landings from which the piece
/// could jump are forbidden (except in the opponent's castle).
fn canter_landings(
    cells: &Cells,
    p: usize,
    cur: usize,
    visited: &mut [bool; N],
    knight_restriction: bool,
    out: &mut BTreeSet<usize>,
) {
    for &d in &DIRS {
        let Some(over) = step(cur, d) else { continue };
        if !is_friend(cells, over, p) {
            continue;
        }
        let Some(land) = step(over, d) else { continue };
        if cells[land].is_some() || visited[land] || in_castle(p, land) {
            continue;
        }
        let in_enemy_castle = in_castle(1 - p, land);
        if knight_restriction && !in_enemy_castle && can_jump_from(cells, p, land) {
            continue;
        }
        out.insert(land);
        if in_enemy_castle {
            continue; // entering the opponent's castle ends the canter
        }
        visited[land] = true;
        canter_landings(cells, p, land, visited, knight_restriction, out);
        visited[land] = false;
    }
}

/// Complete jump sequences from `cur`; `cells` is updated as pieces are captured. Records
/// (end square, sorted captures) for every complete sequence with at least one capture.
fn jump_sequences(
    cells: &mut Cells,
    p: usize,
    cur: usize,
    captured: &mut Vec<usize>,
    out: &mut BTreeSet<(usize, Vec<usize>)>,
) {
    let mut continued = false;
    // Having entered the opponent's castle ends the sequence.
    if captured.is_empty() || !in_castle(1 - p, cur) {
        for &d in &DIRS {
            let Some(over) = step(cur, d) else { continue };
            if !is_enemy(cells, over, p) {
                continue;
            }
            let Some(land) = step(over, d) else { continue };
            if cells[land].is_some() {
                continue;
            }
            continued = true;
            let taken = cells[over].take();
            captured.push(over);
            jump_sequences(cells, p, land, captured, out);
            captured.pop();
            cells[over] = taken;
        }
    }
    if !continued && !captured.is_empty() {
        let mut c = captured.clone();
        c.sort();
        out.insert((cur, c));
    }
}

/// Every move of the piece on `from` (ignoring the priority rules).
fn piece_moves(pos: &RPos, from: usize, out: &mut BTreeSet<RMove>) {
    let pc = pos.cells[from].expect("a piece");
    let p = pc.owner;
    let mut cells = pos.cells;
    cells[from] = None; // the moving piece is lifted
    if in_castle(1 - p, from) {
        // Only the castle move.
        let other = castle(1 - p).into_iter().find(|&s| s != from).unwrap();
        if cells[other].is_none() && pos.castle_moves[p] < 2 {
            out.insert(RMove {
                from,
                to: other,
                captures: vec![],
                castle_move: true,
            });
        }
        return;
    }
    // Plain moves.
    for &d in &DIRS {
        if let Some(to) = step(from, d)
            && cells[to].is_none()
            && !in_castle(p, to)
        {
            out.insert(RMove {
                from,
                to,
                captures: vec![],
                castle_move: false,
            });
        }
    }
    // Canters.
    let mut visited = [false; N];
    visited[from] = true;
    let mut lands = BTreeSet::new();
    canter_landings(&cells, p, from, &mut visited, pc.knight, &mut lands);
    for to in lands {
        out.insert(RMove {
            from,
            to,
            captures: vec![],
            castle_move: false,
        });
    }
    // Jumps.
    let mut seqs = BTreeSet::new();
    jump_sequences(&mut cells, p, from, &mut Vec::new(), &mut seqs);
    // Knight's charges: canter landings (not in the opponent's castle), then jumps.
    if pc.knight {
        let mut visited = [false; N];
        visited[from] = true;
        let mut lands = BTreeSet::new();
        canter_landings(&cells, p, from, &mut visited, false, &mut lands);
        for l in lands {
            if !in_castle(1 - p, l) {
                jump_sequences(&mut cells, p, l, &mut Vec::new(), &mut seqs);
            }
        }
    }
    for (to, captures) in seqs {
        out.insert(RMove {
            from,
            to,
            captures,
            castle_move: false,
        });
    }
}

/// The legal moves by the priority rules, ignoring whether the game is over.
fn moves_ignoring_end(pos: &RPos) -> Vec<RMove> {
    let p = pos.to_move;
    let mine = pos.squares_of(p);
    // (1) The duty to leave the own castle.
    let in_own: Vec<usize> = mine.iter().copied().filter(|&s| in_castle(p, s)).collect();
    if !in_own.is_empty() {
        let mut set = BTreeSet::new();
        for &s in &in_own {
            piece_moves(pos, s, &mut set);
        }
        let leaving: Vec<RMove> = set.into_iter().filter(|m| !in_castle(p, m.to)).collect();
        if !leaving.is_empty() {
            if leaving.iter().any(RMove::is_capture) {
                return leaving.into_iter().filter(RMove::is_capture).collect();
            }
            return leaving;
        }
    }
    // (2) Compulsory capture.
    let mut set = BTreeSet::new();
    for &s in &mine {
        piece_moves(pos, s, &mut set);
    }
    let must_capture = mine
        .iter()
        .any(|&s| !in_castle(1 - p, s) && can_jump_from(&pos.cells, p, s));
    if must_capture {
        set.into_iter().filter(RMove::is_capture).collect()
    } else {
        set.into_iter().collect()
    }
}

/// "ongoing", "draw", "White wins" or "Black wins".
fn outcome_with(pos: &RPos, moves: &[RMove]) -> String {
    let cnt = [pos.count(0), pos.count(1)];
    for (p, name) in PLAYER_NAMES.iter().enumerate() {
        if castle(1 - p).iter().all(|&s| is_friend(&pos.cells, s, p)) {
            return format!("{name} wins");
        }
    }
    for (p, name) in PLAYER_NAMES.iter().enumerate() {
        if cnt[1 - p] == 0 && cnt[p] >= 2 {
            return format!("{name} wins");
        }
    }
    if cnt[0] <= 1 && cnt[1] <= 1 {
        return "draw".into();
    }
    if moves.is_empty() {
        let opp = 1 - pos.to_move;
        return if cnt[opp] >= 2 {
            format!("{} wins", PLAYER_NAMES[opp])
        } else {
            "draw".into()
        };
    }
    "ongoing".into()
}

/// Legal moves (empty if the game is over) and the outcome.
fn analyze(pos: &RPos) -> (Vec<RMove>, String) {
    let moves = moves_ignoring_end(pos);
    let o = outcome_with(pos, &moves);
    if o == "ongoing" {
        (moves, o)
    } else {
        (Vec::new(), o)
    }
}

fn ref_perft(pos: &RPos, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let (moves, _) = analyze(pos);
    if depth == 1 {
        return moves.len() as u64;
    }
    moves
        .iter()
        .map(|m| ref_perft(&pos.play(m), depth - 1))
        .sum()
}

// ---------------------------------------------------------------------------------------
// Bridge to regula (public API only)
// ---------------------------------------------------------------------------------------

fn load_regula() -> regula::Game {
    let src = regula::SourceFile::new("camelot.rules", include_str!("../rules/camelot.rules"));
    regula::load(&src, &[]).expect("camelot.rules loads")
}

fn from_regula(game: &regula::Game, pos: &regula::Position) -> RPos {
    let spec = PositionSpec::from_position(game, pos);
    let to_move = PLAYER_NAMES
        .iter()
        .position(|n| *n == spec.to_move)
        .unwrap_or_else(|| panic!("player {}", spec.to_move));
    let mut r = RPos::empty(to_move);
    for (pname, kinds) in &spec.pieces {
        let owner = PLAYER_NAMES
            .iter()
            .position(|n| n == pname)
            .unwrap_or_else(|| panic!("player {pname}"));
        for (kname, squares) in kinds {
            let knight = match kname.as_str() {
                "Knight" => true,
                "Man" => false,
                k => panic!("unknown kind {k}"),
            };
            for l in squares {
                let s = parse_label(l);
                assert!(r.cells[s].is_none());
                r.cells[s] = Some(Piece { owner, knight });
            }
        }
    }
    for (cname, v) in &spec.state {
        match (cname.as_str(), v) {
            ("castle-moves", CounterValue::PerPlayer(m)) => {
                for (pname, v) in m {
                    let owner = PLAYER_NAMES.iter().position(|n| n == pname).unwrap();
                    r.castle_moves[owner] = *v;
                }
            }
            (c, v) => panic!("unexpected counter {c}: {v:?}"),
        }
    }
    r
}

fn to_regula(game: &regula::Game, pos: &RPos) -> regula::Position {
    let mut pieces: BTreeMap<String, BTreeMap<String, Vec<String>>> = BTreeMap::new();
    for s in 0..N {
        if let Some(pc) = pos.cells[s] {
            pieces
                .entry(PLAYER_NAMES[pc.owner].to_string())
                .or_default()
                .entry(if pc.knight { "Knight" } else { "Man" }.to_string())
                .or_default()
                .push(label(s));
        }
    }
    let mut state = BTreeMap::new();
    let cm = (0..2)
        .map(|p| (PLAYER_NAMES[p].to_string(), pos.castle_moves[p]))
        .collect();
    state.insert("castle-moves".to_string(), CounterValue::PerPlayer(cm));
    let spec = PositionSpec {
        to_move: PLAYER_NAMES[pos.to_move].to_string(),
        pieces,
        state,
        unmoved: Vec::new(),
        passed: Vec::new(),
        passer: None,
        hands: BTreeMap::new(),
        promoted: Vec::new(),
    };
    spec.to_position(game).unwrap_or_else(|e| {
        panic!(
            "position not accepted by regula: {}\n{}",
            e.problem,
            pos.yaml()
        )
    })
}

fn regula_key(game: &regula::Game, mv: &regula::Move) -> String {
    let l = &game.def.board.labels;
    let caps = mv.captures.iter().map(|s| l[s as usize].clone()).collect();
    let castle_move = game.def.moves[mv.kind as usize].name == "castle-move";
    move_key(&l[mv.from as usize], &l[mv.to as usize], caps, castle_move)
}

/// Regula's moves as sorted keys, with its notation for each (to print).
fn regula_moves(
    game: &regula::Game,
    pos: &regula::Position,
) -> (Vec<String>, BTreeMap<String, regula::Move>, String) {
    let moves = game.legal_moves(pos);
    let mut keys: Vec<String> = moves.iter().map(|m| regula_key(game, m)).collect();
    keys.sort();
    let map = moves.iter().map(|m| (regula_key(game, m), *m)).collect();
    (keys, map, game.outcome(pos).describe(&game.def))
}

/// A description of the difference between the two generators at `pos`, or `None`.
fn compare(game: &regula::Game, pos: &RPos) -> Option<String> {
    let rp = to_regula(game, pos);
    let (rkeys, rmap, rout) = regula_moves(game, &rp);
    let (mine, mout) = analyze(pos);
    let mkeys: Vec<String> = mine.iter().map(RMove::key).collect();
    diff(game, &mkeys, &mout, &rkeys, &rmap, &rout)
}

fn diff(
    game: &regula::Game,
    mkeys: &[String],
    mout: &str,
    rkeys: &[String],
    rmap: &BTreeMap<String, regula::Move>,
    rout: &str,
) -> Option<String> {
    let mut sorted_m = mkeys.to_vec();
    sorted_m.sort();
    if sorted_m == rkeys && mout == rout {
        return None;
    }
    let mset: BTreeSet<&String> = mkeys.iter().collect();
    let rset: BTreeSet<&String> = rkeys.iter().collect();
    let missing: Vec<&str> = mset.difference(&rset).map(|s| s.as_str()).collect();
    let extra: Vec<String> = rset
        .difference(&mset)
        .map(|s| {
            format!(
                "{s}  [{}]",
                regula::formats::notation::format(&game.def, &rmap[*s])
            )
        })
        .collect();
    let mut s = String::new();
    if mout != rout {
        s.push_str(&format!("outcome: reference `{mout}`, regula `{rout}`\n"));
    }
    if rkeys.len() != rset.len() {
        s.push_str("regula lists a move twice\n");
    }
    s.push_str(&format!(
        "moves: reference {}, regula {}\n",
        mkeys.len(),
        rkeys.len()
    ));
    s.push_str(&format!(
        "missing in regula (reference only): {missing:?}\n"
    ));
    s.push_str(&format!("extra in regula (regula only): {extra:?}\n"));
    Some(s)
}

/// Removes pieces (and castle-move counts) while the disagreement persists.
fn shrink(game: &regula::Game, pos: &RPos) -> RPos {
    let mut cur = pos.clone();
    loop {
        let mut improved = false;
        for s in 0..N {
            if cur.cells[s].is_none() {
                continue;
            }
            let mut t = cur.clone();
            t.cells[s] = None;
            if compare(game, &t).is_some() {
                cur = t;
                improved = true;
            }
        }
        for p in 0..2 {
            if cur.castle_moves[p] > 0 {
                let mut t = cur.clone();
                t.castle_moves[p] = 0;
                if compare(game, &t).is_some() {
                    cur = t;
                    improved = true;
                }
            }
        }
        if !improved {
            return cur;
        }
    }
}

fn report(game: &regula::Game, pos: &RPos, what: &str) -> String {
    let min = shrink(game, pos);
    format!(
        "{what}\n--- position ---\n{}{}--- minimal position with a disagreement ---\n{}{}",
        pos.yaml(),
        compare(game, pos).unwrap_or_default(),
        min.yaml(),
        compare(game, &min).unwrap_or_default()
    )
}

// ---------------------------------------------------------------------------------------
// Random games
// ---------------------------------------------------------------------------------------

#[derive(Default, Debug)]
struct Stats {
    games: u64,
    plies: u64,
    positions: u64,
    captures_played: u64,
    charges_available: u64,
    own_castle_positions: u64,
    castle_moves_available: u64,
    castle_moves_played: u64,
    enemy_castle_occupied: u64,
    outcomes: BTreeMap<String, u64>,
}

/// How far a move brings the piece towards the opponent's castle (rank gain).
fn progress(pos: &RPos, m: &RMove) -> i32 {
    let (_, fr) = coords(m.from);
    let (_, tr) = coords(m.to);
    if pos.to_move == 0 { tr - fr } else { fr - tr }
}

/// Picks a move: style 0 uniform; 1 captures preferred; 2 captures and progress preferred.
fn pick(rng: &mut SmallRng, pos: &RPos, moves: &[RMove], style: u64) -> usize {
    let caps: Vec<usize> = (0..moves.len())
        .filter(|&i| moves[i].is_capture())
        .collect();
    if style >= 1 && !caps.is_empty() && rng.random_bool(0.85) {
        return caps[rng.random_range(0..caps.len())];
    }
    if style == 2 && rng.random_bool(0.7) {
        let best = moves.iter().map(|m| progress(pos, m)).max().unwrap();
        let top: Vec<usize> = (0..moves.len())
            .filter(|&i| progress(pos, &moves[i]) >= best.min(2).max(best - 1))
            .collect();
        return top[rng.random_range(0..top.len())];
    }
    if style == 2 {
        // Sometimes prefer castle moves, to use up the counters.
        let cm: Vec<usize> = (0..moves.len()).filter(|&i| moves[i].castle_move).collect();
        if !cm.is_empty() && rng.random_bool(0.5) {
            return cm[rng.random_range(0..cm.len())];
        }
    }
    rng.random_range(0..moves.len())
}

/// A random position: few pieces per side, many of them near the castles, random counters.
fn random_position(rng: &mut SmallRng) -> RPos {
    let mut pos = RPos::empty(rng.random_range(0..2));
    let squares: Vec<usize> = (0..N)
        .filter(|&s| {
            let (f, r) = coords(s);
            on_board(f, r)
        })
        .collect();
    let near_castles: Vec<usize> = squares
        .iter()
        .copied()
        .filter(|&s| {
            let r = coords(s).1;
            r <= 3 || r >= 12
        })
        .collect();
    for owner in 0..2 {
        let n = if rng.random_bool(0.2) {
            rng.random_range(1..=14)
        } else {
            rng.random_range(1..=7)
        };
        for _ in 0..n {
            let pool = if rng.random_bool(0.6) {
                &near_castles
            } else {
                &squares
            };
            let s = pool[rng.random_range(0..pool.len())];
            if pos.cells[s].is_none() {
                pos.cells[s] = Some(Piece {
                    owner,
                    knight: rng.random_bool(0.4),
                });
            }
        }
        pos.castle_moves[owner] = rng.random_range(0..=2);
    }
    if rng.random_bool(0.4) {
        // Crowd the castle of the side to move and put one of its pieces in it: the duty to
        // leave, jumps into and out of the own castle, no way out.
        let p = pos.to_move;
        let home = castle(p);
        let s = home[rng.random_range(0..2)];
        pos.cells[s] = Some(Piece {
            owner: p,
            knight: rng.random_bool(0.4),
        });
        let near: Vec<usize> = squares
            .iter()
            .copied()
            .filter(|&q| {
                let r = coords(q).1;
                if p == 0 { r <= 3 } else { r >= 12 }
            })
            .collect();
        for _ in 0..rng.random_range(2..=12) {
            let q = near[rng.random_range(0..near.len())];
            if pos.cells[q].is_none() {
                pos.cells[q] = Some(Piece {
                    owner: rng.random_range(0..2),
                    knight: rng.random_bool(0.4),
                });
            }
        }
        if rng.random_bool(0.5) {
            // Wall it in: most squares within two steps of the castle piece are taken.
            let (f0, r0) = coords(s);
            for q in squares.iter().copied() {
                let (f, r) = coords(q);
                if q != s
                    && (f - f0).abs() <= 2
                    && (r - r0).abs() <= 2
                    && pos.cells[q].is_none()
                    && rng.random_bool(0.7)
                {
                    pos.cells[q] = Some(Piece {
                        owner: rng.random_range(0..2),
                        knight: rng.random_bool(0.4),
                    });
                }
            }
        }
    }
    pos
}

/// Random games from the start (`random_start` false) or from random positions.
fn random_games(first_seed: u64, games: u64, max_plies: u64, random_start: bool) -> Stats {
    let game = load_regula();
    let mut st = Stats::default();
    for seed in first_seed..first_seed + games {
        let mut rng = SmallRng::seed_from_u64(seed);
        let style = seed % 3;
        let mut mine = if random_start {
            random_position(&mut rng)
        } else {
            RPos::start()
        };
        let mut rpos = if random_start {
            to_regula(&game, &mine)
        } else {
            game.start()
        };
        st.games += 1;
        for ply in 0..=max_plies {
            let conv = from_regula(&game, &rpos);
            if conv != mine {
                panic!(
                    "seed {seed} ply {ply}: the positions differ after playing the same move\n--- reference ---\n{}--- regula ---\n{}",
                    mine.yaml(),
                    conv.yaml()
                );
            }
            st.positions += 1;
            let (rkeys, rmap, rout) = regula_moves(&game, &rpos);
            let (moves, mout) = analyze(&mine);
            let mkeys: Vec<String> = moves.iter().map(RMove::key).collect();
            if let Some(d) = diff(&game, &mkeys, &mout, &rkeys, &rmap, &rout) {
                panic!(
                    "{}",
                    report(
                        &game,
                        &mine,
                        &format!("seed {seed} ply {ply}: the generators disagree\n{d}")
                    )
                );
            }
            // Coverage statistics.
            let p = mine.to_move;
            if mine.squares_of(p).iter().any(|&s| in_castle(p, s)) {
                st.own_castle_positions += 1;
            }
            if (0..N).any(|s| mine.cells[s].is_some_and(|pc| in_castle(1 - pc.owner, s))) {
                st.enemy_castle_occupied += 1;
            }
            if moves.iter().any(|m| m.castle_move) {
                st.castle_moves_available += 1;
            }
            if moves
                .iter()
                .any(|m| m.is_capture() && rmap[&m.key()].landings().len() > m.captures.len())
            {
                st.charges_available += 1;
            }
            if moves.is_empty() {
                *st.outcomes.entry(mout).or_default() += 1;
                break;
            }
            if ply == max_plies {
                *st.outcomes.entry("unfinished".into()).or_default() += 1;
                break;
            }
            let i = pick(&mut rng, &mine, &moves, style);
            let m = &moves[i];
            st.plies += 1;
            st.captures_played += m.is_capture() as u64;
            st.castle_moves_played += m.castle_move as u64;
            rpos = game.play_unchecked(&rpos, &rmap[&m.key()]);
            mine = mine.play(m);
        }
    }
    st
}

// ---------------------------------------------------------------------------------------
// Tests
// ---------------------------------------------------------------------------------------

#[test]
fn reference_matches_at_start() {
    let start = RPos::start();
    assert_eq!(start.squares_of(0).len(), 14);
    assert_eq!(start.squares_of(1).len(), 14);
    assert_eq!(
        (0..N)
            .filter(|&s| {
                let (f, r) = coords(s);
                on_board(f, r)
            })
            .count(),
        160
    );
    let (moves, o) = analyze(&start);
    assert_eq!(o, "ongoing");
    assert_eq!(
        moves.len(),
        100,
        "{:?}",
        moves.iter().map(RMove::key).collect::<Vec<_>>()
    );
    assert_eq!(
        moves
            .iter()
            .filter(|m| coords(m.from).0.abs_diff(coords(m.to).0) <= 1
                && coords(m.from).1.abs_diff(coords(m.to).1) <= 1)
            .count(),
        52
    );
    assert_eq!(ref_perft(&start, 1), 100);
    assert_eq!(ref_perft(&start, 2), 10026);
    // The start position as regula reads it is the same.
    let game = load_regula();
    assert_eq!(from_regula(&game, &game.start()), start);
}

#[test]
fn reference_agrees_with_regula_on_random_games() {
    let t = Instant::now();
    let st = random_games(0, 200, 150, false);
    println!(
        "reference vs regula, 200 random games from the start: {st:#?} in {:.2?}",
        t.elapsed()
    );
    let t = Instant::now();
    let st = random_games(0, 2000, 60, true);
    println!(
        "reference vs regula, 2000 random games from random positions: {st:#?} in {:.2?}",
        t.elapsed()
    );
}

#[test]
#[ignore = "long: 5000 random games from the start, 50000 from random positions"]
fn reference_agrees_with_regula_on_many_random_games() {
    let t = Instant::now();
    let st = random_games(1_000_000, 5000, 150, false);
    println!(
        "reference vs regula, 5000 random games from the start: {st:#?} in {:.2?}",
        t.elapsed()
    );
    let t = Instant::now();
    let st = random_games(1_000_000, 50_000, 60, true);
    println!(
        "reference vs regula, 50000 random games from random positions: {st:#?} in {:.2?}",
        t.elapsed()
    );
}

#[test]
fn reference_perft_3_matches_regula() {
    let game = load_regula();
    let t = Instant::now();
    let mine = ref_perft(&RPos::start(), 3);
    let t_mine = t.elapsed();
    let t = Instant::now();
    let theirs = regula::engine::perft(&game, &game.start(), 3, regula::engine::Identity::Effect)
        .expect("perft");
    let t_theirs = t.elapsed();
    println!(
        "perft(3) from the start: reference {mine} ({t_mine:.2?}), regula {theirs} ({t_theirs:.2?})"
    );
    assert_eq!(mine, theirs);
}

/// The opening of WCF 2009 World Championship game 1 (Troyka vs. Nolan, rules.md 6.1):
/// every recorded move must be legal for the reference generator (and for regula).
#[test]
fn reference_replays_wcf_2009_game_1() {
    let record =
        "1.D6-F8 H11-F9  2.C6-E8-G8 J11-H11  3.H6-H8 E11-G9  4.J6-H6 C11-E11  5.I6-I8 D11-D9
        6.I8-J9 D10-D8xD6  7.E6xC6 I10xK8  8.E7-G5 G9xE7  9.F6xD8xD10xF12 F11xF13
        10.H6-J8xL8 G11-G9  11.G6-I8 I11-G11  12.H7-H9 ...";
    let game = load_regula();
    let mut pos = RPos::start();
    let mut rpos = game.start();
    let mut n = 0;
    for tok in record.split_whitespace() {
        let text = tok.rsplit('.').next().unwrap_or("");
        if text.is_empty() {
            continue;
        }
        // Landings and, for each `x` leg, the square leapt over.
        let mut squares = vec![];
        let mut seps = vec![];
        let mut cur = String::new();
        for ch in text.chars() {
            if ch == '-' || ch == 'x' {
                squares.push(parse_label(&cur));
                seps.push(ch);
                cur.clear();
            } else {
                cur.push(ch);
            }
        }
        squares.push(parse_label(&cur));
        let mut captures: Vec<usize> = (0..seps.len())
            .filter(|&i| seps[i] == 'x')
            .map(|i| {
                let (a, b) = (coords(squares[i]), coords(squares[i + 1]));
                sq((a.0 + b.0) / 2, (a.1 + b.1) / 2)
            })
            .collect();
        captures.sort();
        let m = RMove {
            from: squares[0],
            to: *squares.last().unwrap(),
            captures,
            castle_move: false,
        };
        let (moves, _) = analyze(&pos);
        assert!(
            moves.contains(&m),
            "{text} ({}) is not legal for the reference in\n{}",
            m.key(),
            pos.yaml()
        );
        let (_, rmap, _) = regula_moves(&game, &rpos);
        let rm = rmap
            .get(&m.key())
            .unwrap_or_else(|| panic!("{text} is not legal for regula"));
        rpos = game.play_unchecked(&rpos, rm);
        pos = pos.play(&m);
        n += 1;
    }
    assert_eq!(n, 23);
    assert_eq!((pos.count(0), pos.count(1)), (10, 9)); // final material per rules.md 6
    assert_eq!(from_regula(&game, &rpos), pos);
}

/// A position from lists of labels: (White knights, White men, Black knights, Black men).
fn build(
    to_move: usize,
    wk: &[&str],
    wm: &[&str],
    bk: &[&str],
    bm: &[&str],
    castle_moves: [i64; 2],
) -> RPos {
    let mut p = RPos::empty(to_move);
    for (owner, knight, list) in [(0, true, wk), (0, false, wm), (1, true, bk), (1, false, bm)] {
        for l in list {
            p.cells[parse_label(l)] = Some(Piece { owner, knight });
        }
    }
    p.castle_moves = castle_moves;
    p
}

/// Hand-made positions for rules the random games reach rarely; the expectations come from
/// the rules, and regula must agree with the reference on each position.
#[test]
fn reference_edge_cases() {
    let game = load_regula();
    let check = |pos: &RPos, present: &[&str], absent: &[&str], total: Option<usize>| {
        let keys: Vec<String> = analyze(pos).0.iter().map(RMove::key).collect();
        for k in present {
            assert!(
                keys.iter().any(|x| x == k),
                "{k} missing in {keys:?}\n{}",
                pos.yaml()
            );
        }
        for k in absent {
            assert!(
                !keys.iter().any(|x| x == k),
                "{k} present in {keys:?}\n{}",
                pos.yaml()
            );
        }
        if let Some(n) = total {
            assert_eq!(keys.len(), n, "{keys:?}\n{}", pos.yaml());
        }
        if let Some(d) = compare(&game, pos) {
            panic!("regula disagrees:\n{}{d}", pos.yaml());
        }
    };
    // A Knight's pure canter may neither stop on nor pass D6 (it could jump E6 from there);
    // it charges instead. A Man on the same path is not restricted.
    let knight = build(0, &["D4"], &["D5", "D7"], &[], &["E6", "F5", "F7"], [0, 0]);
    check(
        &knight,
        &["D4>F4 x E6 F5", "D4>F8 x E6 F7"],
        &["D4>D6", "D4>D8"],
        None,
    );
    let man = build(
        0,
        &[],
        &["D4", "D5", "D7"],
        &[],
        &["E6", "F5", "F7"],
        [0, 0],
    );
    check(&man, &["D4>D6", "D4>D8"], &[], None);
    // A jump sequence may come back to its start square.
    let looped = build(
        0,
        &[],
        &["E5", "A4"],
        &[],
        &["E6", "F6", "F7", "L13"],
        [0, 0],
    );
    check(&looped, &["E5>E5 x E6 F6 F7"], &["A4>A5"], None);
    // A piece in the own castle must leave, by its capture, even with a capture elsewhere.
    let castle_duty = build(0, &[], &["F1", "A4"], &[], &["F2", "B5", "L13"], [0, 0]);
    check(&castle_duty, &["F1>F3 x F2"], &[], Some(1));
    // Castle moves: at most two per player.
    let one_left = build(0, &[], &["F16", "A4"], &[], &["L13", "L12"], [1, 2]);
    check(&one_left, &["F16>G16 (castle)"], &[], None);
    let none_left = build(0, &[], &["F16", "A4"], &[], &["L13", "L12"], [2, 0]);
    check(&none_left, &[], &["F16>G16 (castle)", "F16>G16"], None);
    // Filling the opponent's castle wins at once; two against one goes on.
    let filled = build(1, &[], &["F16", "G16"], &[], &["L13", "L12", "F3"], [0, 0]);
    assert_eq!(analyze(&filled), (vec![], "White wins".to_string()));
    let two_v_one = build(1, &[], &["A4", "L4"], &[], &["F10"], [0, 0]);
    assert_eq!(analyze(&two_v_one).1, "ongoing");
    for p in [&filled, &two_v_one] {
        assert!(compare(&game, p).is_none());
    }
}

/// The independent figure for depth 4: the reference generator's own perft(4) from the start
/// (regula gives 111,509,838). Slow: about a minute in release mode.
#[test]
#[ignore = "deep perft of the reference generator: run with --release -- --ignored"]
fn reference_perft_4_matches_regula() {
    let t = Instant::now();
    let mine = ref_perft(&RPos::start(), 4);
    println!("reference perft(4) = {mine} in {:.1?}", t.elapsed());
    assert_eq!(mine, 111_509_838);
}
