//! `regula render`: a position as a picture (SVG, or PNG through resvg), for forum posts
//! and issues, with moves drawn as arrows.

use std::io::Write;
use std::path::{Path, PathBuf};

use crate::engine::{Game, Position};
use crate::formats::notation;
use crate::formats::svg::{self, Arrow, Picture};
use crate::model::SquareSet;

use super::{CliError, PosOpts, load, position};

#[derive(Debug, clap::Args)]
#[command(group(clap::ArgGroup::new("out").required(true).args(["svg", "png"])))]
pub(super) struct Args {
    /// The rule file.
    file: PathBuf,
    #[command(flatten)]
    opts: PosOpts,
    /// A move drawn as an arrow along its path, in the game's notation (repeatable); its
    /// intermediate landings are marked and the pieces it captures crossed out.
    #[arg(long = "arrow", value_name = "MOVE")]
    arrows: Vec<String>,
    /// Write an SVG picture to this file (`-`: standard output).
    #[arg(long, value_name = "OUT")]
    svg: Option<PathBuf>,
    /// Write a PNG picture to this file (`-`: standard output).
    #[arg(long, value_name = "OUT")]
    png: Option<PathBuf>,
    /// Size factor: 1 is 30 pixels a square.
    #[arg(long, default_value_t = 1.0, value_parser = parse_scale)]
    scale: f32,
}

/// `--scale`: a positive factor, at most 20 (a 12 x 16 board is then about 8000 pixels high).
fn parse_scale(s: &str) -> Result<f32, String> {
    match s.parse::<f32>() {
        Ok(x) if x > 0.0 && x <= 20.0 => Ok(x),
        _ => Err(format!("`{s}` is not a factor between 0 and 20")),
    }
}

pub(super) fn run(args: Args) -> Result<(), CliError> {
    let game = load(&args.file, &args.opts.params)?;
    let pos = position(&game, &args.opts)?;
    let pic = picture(&game, &pos, &args.arrows, args.scale)?;
    let text = svg::draw(&game.def, &pic);
    match (&args.svg, &args.png) {
        (Some(out), _) => emit(out, text.as_bytes()),
        (None, Some(out)) => {
            let png = crate::app::png::png(&text)
                .map_err(|e| CliError::Failed(format!("the picture does not render: {e}")))?;
            emit(out, &png)
        }
        // clap asks for one of them; a caller building the arguments by hand is told too.
        (None, None) => Err(CliError::Usage(
            "render writes a picture: name it with --svg FILE or --png FILE".into(),
        )),
    }
}

/// The picture of `pos` with each arrow's move, read in `pos`.
fn picture(
    game: &Game,
    pos: &Position,
    arrows: &[String],
    scale: f32,
) -> Result<Picture, CliError> {
    let def = &game.def;
    let mut pic = Picture {
        position: Some(pos.clone()),
        title: format!(
            "{}: {} to move",
            def.name, def.players[pos.to_move as usize]
        ),
        scale,
        ..Picture::default()
    };
    let mut captured = SquareSet::default();
    let mut shown = Vec::new();
    for text in arrows {
        let m = notation::find(game, pos, text, false).map_err(|refused| CliError::Arrow {
            text: text.clone(),
            help: refused.help.clone(),
            refused,
        })?;
        pic.arrows.extend(Arrow::of_turn(&m, false));
        captured = captured.or(&m.captures);
        shown.push(notation::format(def, &m));
    }
    pic.captured = captured;
    pic.legend = legend(game, pos, &shown);
    Ok(pic)
}

/// Who moves, what the letters stand for and the moves drawn.
fn legend(game: &Game, pos: &Position, shown: &[String]) -> Vec<(Option<usize>, String)> {
    let def = &game.def;
    let mut line = format!("{} to move", def.players[pos.to_move as usize]);
    let kinds: Vec<String> = def
        .kinds
        .iter()
        .zip(svg::letters(&def.kinds))
        .map(|(k, l)| format!("{l} = {k}"))
        .collect();
    if !kinds.is_empty() {
        line.push_str("; ");
        line.push_str(&kinds.join(", "));
    }
    let mut out = vec![(None, line)];
    if !shown.is_empty() {
        out.push((None, format!("Arrows: {}", shown.join(", "))));
    }
    out
}

/// Writes the picture to `out`, whole or not at all; `-` is standard output.
fn emit(out: &Path, bytes: &[u8]) -> Result<(), CliError> {
    if out == Path::new("-") {
        let mut o = std::io::stdout().lock();
        return match o.write_all(bytes).and_then(|()| o.flush()) {
            Ok(()) => Ok(()),
            Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => Err(CliError::Answer(141)),
            Err(e) => Err(CliError::Io(format!("standard output: {e}"))),
        };
    }
    super::write_atomically(out, bytes)
}
