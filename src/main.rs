//! The `regula` command: the applications of `regula::app` on top of the core library.

fn main() -> std::process::ExitCode {
    regula::app::cli::main()
}
