//! The kish engine's own perft of Turkish draughts, timed, to set beside
//! `regula perft rules/turkish-draughts.rules N --paths --time --threads 1`.
//!
//! `cargo run --release --example kish_perft -- 8`

fn main() {
    let depth: u64 = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(8);
    let board = kish::Board::new_default();
    let t0 = std::time::Instant::now();
    let n = board.perft(depth);
    let secs = t0.elapsed().as_secs_f64();
    eprintln!(
        "kish perft {depth}: {n} leaves in {secs:.3} s ({:.0} leaves/s)",
        n as f64 / secs
    );
    println!("{n}");
}
