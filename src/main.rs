//! The `regula` command; everything lives in the library's `cli` module.

fn main() -> std::process::ExitCode {
    regula::cli::main()
}
