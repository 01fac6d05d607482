//! `regula params`: the rule file's parameters, their values and documentation.

use std::path::PathBuf;

use serde_json::json;

use super::{CliError, Format, load, parse_param, print_json};

#[derive(Debug, clap::Args)]
pub(super) struct Args {
    /// The rule file.
    file: PathBuf,
    /// Set a parameter of the rule file: `--param name=value` (repeatable).
    #[arg(long = "param", value_parser = parse_param)]
    params: Vec<(String, String)>,
    /// `text` or `json` (`{"params": [{"name", "value", "default", "fixed", "docs", "values"}]}`).
    #[arg(long, value_enum, default_value_t)]
    format: Format,
}

pub(super) fn run(args: Args) -> Result<(), CliError> {
    let Args {
        file,
        params,
        format,
    } = args;
    let game = load(&file, &params)?;
    // English only: `/// [nl] ...` lines are the rulebook's translations.
    let english = |docs: &[String]| -> Vec<String> {
        docs.iter()
            .filter(|d| !d.starts_with('['))
            .cloned()
            .collect()
    };
    if format == Format::Json {
        let list: Vec<_> = game
            .def
            .params
            .iter()
            .map(|p| {
                let values: Vec<_> = p
                    .values
                    .iter()
                    .map(|(v, docs)| json!({"value": v, "docs": english(docs).join(" ")}))
                    .collect();
                json!({
                    "name": p.name,
                    "value": p.values[p.chosen].0,
                    "default": p.values[p.default].0,
                    "fixed": p.fixed,
                    "docs": english(&p.docs).join(" "),
                    "values": values,
                    "range": p.range.map(|(lo, hi)| json!([lo, hi])),
                })
            })
            .collect();
        print_json(&json!({ "params": list }))?;
        return Ok(());
    }
    if game.def.params.is_empty() {
        outln!("{} has no parameters", file.display())?;
    }
    for p in &game.def.params {
        outln!(
            "{} = {}{}",
            p.name,
            p.values[p.chosen].0,
            if p.fixed { " (fixed by set-param)" } else { "" }
        )?;
        for d in english(&p.docs) {
            outln!("  {d}")?;
        }
        if let Some((lo, hi)) = p.range {
            let default = &p.values[p.default].0;
            outln!("  - a whole number from {lo} to {hi} (default {default})")?;
            continue;
        }
        for (i, (v, docs)) in p.values.iter().enumerate() {
            let mark = match (i == p.chosen, i == p.default) {
                (true, true) => " (chosen, default)",
                (true, false) => " (chosen)",
                (false, true) => " (default)",
                (false, false) => "",
            };
            outln!("  - {v}{mark}: {}", english(docs).join(" "))?;
        }
    }
    Ok(())
}
