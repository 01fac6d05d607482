//! The `regula` command: the applications in `app/` on top of the `regula` library.

mod app;

fn main() -> std::process::ExitCode {
    app::cli::main()
}
