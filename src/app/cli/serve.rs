//! `regula serve` and `regula lsp`: starting the play server and the language server.

use std::path::PathBuf;

use super::{CliError, parse_param, read};

#[derive(Debug, clap::Args)]
pub(super) struct Args {
    /// The rule file.
    file: PathBuf,
    /// The port (0: any free one); the URL is printed.
    #[arg(long, default_value_t = 8080)]
    port: u16,
    /// Set a parameter of the rule file: `--param name=value` (repeatable).
    #[arg(long = "param", value_parser = parse_param)]
    params: Vec<(String, String)>,
    /// The longest wait on a client, in seconds: for a request's head (an idle connection
    /// is closed after it) or body, or for it to take an answer.
    #[arg(long, default_value_t = 10, value_parser = clap::value_parser!(u64).range(1..=3600))]
    timeout: u64,
}

pub(super) fn run(args: Args) -> Result<(), CliError> {
    let Args {
        file,
        port,
        params,
        timeout,
    } = args;
    // A file that does not check is served with its diagnostics; one that cannot be
    // read at all is a usage error.
    let src = read(&file)?;
    crate::lang::params::check_params(&src, &params, &super::args())?;
    crate::app::serve::serve(&crate::app::serve::Options {
        file,
        params,
        port,
        timeout: std::time::Duration::from_secs(timeout),
    })
    .map_err(|e| CliError::Io(format!("serve: {e}")))
}

pub(super) fn lsp() -> Result<(), CliError> {
    let clean =
        crate::app::lsp::run().map_err(|e| CliError::Io(format!("language server: {e}")))?;
    if clean {
        Ok(())
    } else {
        // The protocol's exit code when the client exits without `shutdown`.
        Err(CliError::Failed(
            "the language server ended without `shutdown` (exit code 1)".into(),
        ))
    }
}
