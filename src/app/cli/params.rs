//! `regula params`: the rule file's parameters, their values and documentation.

use std::path::PathBuf;

use super::{CliError, load, parse_param};

#[derive(Debug, clap::Args)]
pub(super) struct Args {
    /// The rule file.
    file: PathBuf,
    /// Set a parameter of the rule file: `--param name=value` (repeatable).
    #[arg(long = "param", value_parser = parse_param)]
    params: Vec<(String, String)>,
}

pub(super) fn run(args: Args) -> Result<(), CliError> {
    let Args { file, params } = args;
    let game = load(&file, &params)?;
    if game.def.params.is_empty() {
        println!("{} has no parameters", file.display());
    }
    // English only: `/// [nl] ...` lines are the rulebook's translations.
    let english = |docs: &[String]| -> Vec<String> {
        docs.iter()
            .filter(|d| !d.starts_with('['))
            .cloned()
            .collect()
    };
    for p in &game.def.params {
        println!(
            "{} = {}{}",
            p.name,
            p.values[p.chosen].0,
            if p.fixed { " (fixed by set-param)" } else { "" }
        );
        for d in english(&p.docs) {
            println!("  {d}");
        }
        for (i, (v, docs)) in p.values.iter().enumerate() {
            let mark = match (i == p.chosen, i == p.default) {
                (true, true) => " (chosen, default)",
                (true, false) => " (chosen)",
                (false, true) => " (default)",
                (false, false) => "",
            };
            println!("  - {v}{mark}: {}", english(docs).join(" "));
        }
    }
    Ok(())
}
