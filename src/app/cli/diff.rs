//! `regula diff`: how two games differ, in rule terms and, with `--witness`, in play.

use std::path::PathBuf;

use crate::analysis::diff;

use serde_json::json;

use super::{CliError, Format, load, load_position, parse_param, print_json};

#[derive(Debug, clap::Args)]
pub(super) struct Args {
    /// Game A.
    a: PathBuf,
    /// Game B.
    b: PathBuf,
    /// Search for a line of play after which the games disagree.
    #[arg(long)]
    witness: bool,
    /// Compare every common line up to this many plies (shortest first).
    #[arg(long, default_value_t = 2)]
    depth: u32,
    /// Then this many seeded random lines.
    #[arg(long, default_value_t = 200)]
    playouts: u64,
    /// Longest random line, in plies.
    #[arg(long, default_value_t = 200)]
    playout_plies: u32,
    /// Seed of the random lines.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Start from this position (YAML, read in each game's names) instead of the starts.
    #[arg(long)]
    position: Option<PathBuf>,
    /// A parameter of game A: `--param-a name=value` (repeatable).
    #[arg(long = "param-a", value_parser = parse_param)]
    params_a: Vec<(String, String)>,
    /// A parameter of game B: `--param-b name=value` (repeatable).
    #[arg(long = "param-b", value_parser = parse_param)]
    params_b: Vec<(String, String)>,
    /// `text` or `json` (`{"same_rules", "rules": [...], "witness": {...} | null}`).
    #[arg(long, value_enum, default_value_t)]
    format: Format,
}

pub(super) fn run(args: Args) -> Result<(), CliError> {
    let Args {
        a,
        b,
        witness,
        depth,
        playouts,
        playout_plies,
        seed,
        position,
        params_a,
        params_b,
        format,
    } = args;
    let ga = load(&a, &params_a)?;
    let gb = load(&b, &params_b)?;
    let lines = diff::rules(&ga.def, &gb.def);
    let text = format == Format::Text;
    let mut doc = json!({
        "a": a.display().to_string(),
        "b": b.display().to_string(),
        "same_rules": lines.is_empty(),
        "rules": lines,
        "witness": null,
    });
    // As diff(1): exit 1 when the games differ, in their rules or in play.
    let answer = |doc: &serde_json::Value, differ: bool| {
        if !text {
            print_json(doc)?;
        }
        if differ {
            Err(CliError::Answer(1))
        } else {
            Ok(())
        }
    };
    if text {
        if lines.is_empty() {
            outln!("the rules are the same")?;
        } else {
            outln!("A = {}, B = {}", a.display(), b.display())?;
            for l in &lines {
                outln!("{l}")?;
            }
        }
    }
    if !witness {
        return answer(&doc, !lines.is_empty());
    }
    let (pa, pb) = match &position {
        Some(p) => (load_position(&ga, p)?, load_position(&gb, p)?),
        None => (ga.start(), gb.start()),
    };
    // Equal compiled games from equal positions cannot differ in play: no search.
    // (The derived `Debug` of a game shows every field, square sets by their squares.)
    if pa == pb && format!("{:?}", ga.def) == format!("{:?}", gb.def) {
        if text {
            outln!("the compiled games are equal, so no line of play tells them apart")?;
        }
        doc["witness"] = json!({"found": false, "equal_games": true});
        return answer(&doc, false);
    }
    let budget = diff::Budget {
        depth,
        playouts,
        playout_plies,
        seed,
    };
    // On a terminal: which phase the search is in, and how far the playouts are.
    let bar = super::progress_bar("witness", "random lines");
    bar.set_length(playouts);
    let progress = |phase: diff::Phase| match phase {
        diff::Phase::Depth { depth, of } => {
            bar.set_message(format!(" (every line to depth {depth} of {of})"));
            bar.tick();
        }
        diff::Phase::Playouts { done, .. } => {
            if done == 0 {
                bar.set_message(" (random lines)");
            }
            bar.set_position(done);
        }
    };
    let verdict = diff::witness_with(&ga, &gb, &pa, &pb, budget, &progress);
    bar.finish_and_clear();
    match verdict {
        diff::Verdict::Differ(w) => {
            let shown = diff::format_witness(&w);
            if text {
                out!("witness: {shown}")?;
            }
            doc["witness"] = json!({
                "found": true,
                "line": w.line,
                "differences": w.differences,
                "found_by": match w.found_by {
                    diff::Search::BreadthFirst => "breadth-first",
                    diff::Search::Playout => "playout",
                },
            });
            answer(&doc, true)
        }
        diff::Verdict::Agree {
            positions,
            playouts,
        } => {
            if text {
                outln!(
                    "the games agree on every line to depth {depth} ({positions} positions) and on {playouts} random lines of up to {playout_plies} plies"
                )?;
                if !lines.is_empty() {
                    outln!(
                        "the rules differ, so a longer line may tell them apart: try --depth {} or --playouts {}",
                        depth + 1,
                        playouts.max(1) * 10
                    )?;
                }
            }
            doc["witness"] = json!({
                "found": false,
                "depth": depth,
                "positions": positions,
                "playouts": playouts,
                "playout_plies": playout_plies,
            });
            answer(&doc, !lines.is_empty())
        }
    }
}
