//! Seeded random self-play: a balance report for rules authors.
//!
//! Game `i` of a run draws its moves from a generator seeded by `(seed, i)` alone, and the
//! totals are sums and maxima over games, so a run gives the same report whatever the number
//! of threads and whichever thread plays which game.

use std::sync::atomic::{AtomicU64, Ordering};

use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};

use crate::engine::{Game, Generator, Identity, Outcome, Overflow, Position};
use crate::model::Cond;

/// What to play.
#[derive(Debug, Clone, Copy)]
pub struct Options {
    /// Number of games.
    pub games: u64,
    /// Seed of the whole run.
    pub seed: u64,
    /// Threads to play on (at least 1).
    pub threads: usize,
    /// A game still going after this many plies is stopped and counted apart.
    pub max_plies: u32,
}

/// The totals of a run.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Report {
    /// Games played.
    pub games: u64,
    /// Wins per player: the player an end rule named. A team's win is credited to the
    /// first player of the team that meets the rule; reports add them up per team.
    pub wins: Vec<u64>,
    /// Drawn games.
    pub draws: u64,
    /// Games stopped at the ply limit.
    pub ply_limit: u64,
    /// Plies played over all games.
    pub plies: u64,
    /// The longest game, in plies.
    pub longest: u32,
    /// Legal moves summed over every position where a move was chosen.
    pub branching_sum: u64,
}

impl Report {
    fn add(&mut self, o: &Report) {
        self.games += o.games;
        for (a, b) in self.wins.iter_mut().zip(&o.wins) {
            *a += b;
        }
        self.draws += o.draws;
        self.ply_limit += o.ply_limit;
        self.plies += o.plies;
        self.longest = self.longest.max(o.longest);
        self.branching_sum += o.branching_sum;
    }

    /// Average game length in plies.
    pub fn average_plies(&self) -> f64 {
        self.plies as f64 / self.games.max(1) as f64
    }

    /// Average number of legal moves where a move was chosen.
    pub fn average_branching(&self) -> f64 {
        self.branching_sum as f64 / self.plies.max(1) as f64
    }
}

/// The seed of game `i`: a SplitMix64 step, so that neighbouring games are unrelated.
fn game_seed(seed: u64, i: u64) -> u64 {
    let mut z = seed ^ i.wrapping_add(1).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// Whether some end rule looks at the game's earlier positions (then they must be kept).
pub fn uses_history(def: &crate::model::GameDef) -> bool {
    def.end.iter().any(|e| cond_uses_history(&e.cond))
}

fn cond_uses_history(c: &Cond) -> bool {
    match c {
        Cond::Repeated(..) => true,
        Cond::Not(x) | Cond::Every(x) | Cond::Some(x) => cond_uses_history(x),
        Cond::And(v) | Cond::Or(v) => v.iter().any(cond_uses_history),
        Cond::True
        | Cond::Exists(_)
        | Cond::Blocked(_)
        | Cond::InCheck(_)
        | Cond::Cmp(..)
        | Cond::Shape(_) => false,
    }
}

/// Plays one game from `start` and adds it to `r`; with `record`, keeps its moves there.
#[allow(clippy::too_many_arguments)] // one private worker, called from two places
fn play_one(
    game: &Game,
    g: &mut Generator,
    start: &Position,
    seed: u64,
    opts: &Options,
    history: bool,
    r: &mut Report,
    mut record: Option<&mut Vec<crate::engine::Move>>,
) -> Result<Option<Outcome>, Overflow> {
    let mut rng = SmallRng::seed_from_u64(seed);
    let mut pos = start.clone();
    let mut moves = Vec::new();
    g.history.clear();
    let mut plies = 0u32;
    let outcome = loop {
        let o = game.analyze(g, &pos, &mut moves);
        if g.overflow {
            return Err(Overflow);
        }
        if o != Outcome::Ongoing {
            break Some(o);
        }
        if plies >= opts.max_plies {
            break None;
        }
        r.branching_sum += moves.len() as u64;
        let mv = moves[rng.random_range(0..moves.len())];
        if let Some(rec) = record.as_deref_mut() {
            rec.push(mv);
        }
        let next = game.play_unchecked(&pos, &mv);
        if history {
            g.history.push(std::mem::replace(&mut pos, next));
        } else {
            pos = next;
        }
        plies += 1;
    };
    r.games += 1;
    r.plies += plies as u64;
    r.longest = r.longest.max(plies);
    match outcome {
        Some(Outcome::Win(p)) => r.wins[p as usize] += 1,
        Some(Outcome::Draw) => r.draws += 1,
        // `analyze` never reports an ongoing game as ended.
        Some(Outcome::Ongoing) | None => r.ply_limit += 1,
    }
    Ok(outcome)
}

/// The moves of game `i` of a playout, as [`playout`] plays it, and its outcome (`None` at
/// the ply limit).
///
/// # Errors
/// [`Overflow`] when move generation passed its bounds.
pub fn game_moves(
    game: &Game,
    start: &Position,
    opts: &Options,
    i: u64,
) -> Result<(Vec<crate::engine::Move>, Option<Outcome>), Overflow> {
    let history = uses_history(&game.def);
    let mut g = game.generator(Identity::Effect);
    let mut r = Report {
        wins: vec![0; game.def.players.len()],
        ..Report::default()
    };
    let mut moves = Vec::new();
    let o = play_one(
        game,
        &mut g,
        start,
        game_seed(opts.seed, i),
        opts,
        history,
        &mut r,
        Some(&mut moves),
    )?;
    Ok((moves, o))
}

/// Plays `opts.games` random games from `start`; `progress` is called after each game.
///
/// # Errors
/// [`Overflow`] when move generation passed its bounds in some game.
pub fn playout(
    game: &Game,
    start: &Position,
    opts: &Options,
    progress: &(dyn Fn() + Sync),
) -> Result<Report, Overflow> {
    let history = uses_history(&game.def);
    let empty = Report {
        wins: vec![0; game.def.players.len()],
        ..Report::default()
    };
    let next = AtomicU64::new(0);
    let threads = opts.threads.clamp(1, opts.games.clamp(1, 1024) as usize);
    let parts: Vec<Result<Report, Overflow>> = std::thread::scope(|s| {
        let workers: Vec<_> = (0..threads)
            .map(|_| {
                s.spawn(|| {
                    let mut r = empty.clone();
                    // Each worker's own tables when there are several (`Game::for_thread`).
                    let own = (threads > 1).then(|| game.for_thread());
                    let game = own.as_ref().unwrap_or(game);
                    let mut g = game.generator(Identity::Effect);
                    loop {
                        let i = next.fetch_add(1, Ordering::Relaxed);
                        if i >= opts.games {
                            return Ok(r);
                        }
                        play_one(
                            game,
                            &mut g,
                            start,
                            game_seed(opts.seed, i),
                            opts,
                            history,
                            &mut r,
                            None,
                        )?;
                        progress();
                    }
                })
            })
            .collect();
        workers
            .into_iter()
            .map(|w| w.join().expect("a playout thread panicked"))
            .collect()
    });
    let mut total = empty;
    for p in parts {
        total.add(&p?);
    }
    Ok(total)
}

/// The report as text, one line per figure.
pub fn render_text(game: &Game, r: &Report, secs: f64) -> String {
    let def = &game.def;
    let pct = |n: u64| 100.0 * n as f64 / r.games.max(1) as f64;
    let mut s = format!("{} random games of {}\n", r.games, def.name);
    for (p, n) in side_wins(game, r) {
        let side = Outcome::Win(p).describe(def);
        s += &format!("{side}: {n} ({:.2}%)\n", pct(n));
    }
    s += &format!("draws: {} ({:.2}%)\n", r.draws, pct(r.draws));
    s += &format!(
        "ply limit reached: {} ({:.2}%)\n",
        r.ply_limit,
        pct(r.ply_limit)
    );
    s += &format!(
        "average game: {:.1} plies; longest: {} plies\n",
        r.average_plies(),
        r.longest
    );
    s += &format!("average branching factor: {:.2}\n", r.average_branching());
    s += &format!(
        "{:.0} games/s ({:.3} s)\n",
        r.games as f64 / secs.max(1e-9),
        secs
    );
    s
}

/// Wins per side, in player order: each player on its own, or each team once, since a
/// team win is credited to whichever player of the team the end rule named first.
/// Each side comes with its first player, whose win describes it ("Red and Blue win").
fn side_wins(game: &Game, r: &Report) -> Vec<(u8, u64)> {
    let def = &game.def;
    (0..def.players.len() as u8)
        .filter_map(|p| {
            let team = def.team_of(p);
            (team[0] == p).then(|| (p, team.iter().map(|&q| r.wins[q as usize]).sum()))
        })
        .collect()
}

/// The report as one JSON object.
pub fn render_json(game: &Game, r: &Report, secs: f64, opts: &Options) -> String {
    let def = &game.def;
    // Keyed by player, or by a team's players joined with `+`.
    let wins: Vec<String> = side_wins(game, r)
        .iter()
        .map(|&(p, w)| {
            let side: Vec<&str> = def
                .team_of(p)
                .iter()
                .map(|&q| def.players[q as usize].as_str())
                .collect();
            format!("{}: {w}", json_string(&side.join("+")))
        })
        .collect();
    format!(
        "{{\"game\": {}, \"games\": {}, \"seed\": {}, \"max_plies\": {}, \"wins\": {{{}}}, \"draws\": {}, \"ply_limit\": {}, \"average_plies\": {:.3}, \"longest\": {}, \"average_branching\": {:.3}, \"seconds\": {:.3}, \"games_per_second\": {:.1}}}",
        json_string(&def.name),
        r.games,
        opts.seed,
        opts.max_plies,
        wins.join(", "),
        r.draws,
        r.ply_limit,
        r.average_plies(),
        r.longest,
        r.average_branching(),
        secs,
        r.games as f64 / secs.max(1e-9)
    )
}

fn json_string(s: &str) -> String {
    let mut out = String::from("\"");
    for c in s.chars() {
        match c {
            '"' => out += "\\\"",
            '\\' => out += "\\\\",
            c if (c as u32) < 0x20 => out += &format!("\\u{:04x}", c as u32),
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn game_seeds_differ_and_repeat() {
        assert_eq!(game_seed(1, 0), game_seed(1, 0));
        assert_ne!(game_seed(1, 0), game_seed(1, 1));
        assert_ne!(game_seed(1, 0), game_seed(2, 0));
    }

    #[test]
    fn json_strings_are_escaped() {
        assert_eq!(json_string("a\"b\\c\n"), "\"a\\\"b\\\\c\\u000a\"");
    }
}
