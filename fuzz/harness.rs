//! What every fuzz target does around its check: a failed property is a crash with the
//! reason, and an input that takes more than a second of CPU time is kept under
//! `fuzz/artifacts/<target>/slow-*` to be looked at (a hang is libFuzzer's `-timeout`).
//! CPU time, not wall time: the fuzzers run at the lowest priority on a shared machine.

use std::time::Duration;

/// More than this is a finding (the fuzz build is instrumented: the release CLI is faster).
const SLOW: Duration = Duration::from_secs(1);

/// The CPU time this thread has used (Linux: `/proc/thread-self/stat`, in clock ticks of
/// 1/100 s); zero where it cannot be read.
fn cpu() -> Duration {
    let stat = std::fs::read_to_string("/proc/thread-self/stat").unwrap_or_default();
    // The fields after the command name, which is in parentheses and may hold spaces.
    let rest = stat.rsplit_once(')').map_or("", |(_, r)| r);
    let f: Vec<u64> = rest
        .split_whitespace()
        .map(|x| x.parse().unwrap_or(0))
        .collect();
    // utime and stime are fields 14 and 15 of the whole line, 12 and 13 after the name.
    let ticks = f.get(11).copied().unwrap_or(0) + f.get(12).copied().unwrap_or(0);
    Duration::from_millis(ticks * 10)
}

pub fn run(target: &str, data: &[u8], check: impl FnOnce(&[u8]) -> Result<(), String>) {
    let t = cpu();
    let r = check(data);
    let took = cpu().saturating_sub(t);
    if took > SLOW {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("artifacts")
            .join(target);
        let _ = std::fs::create_dir_all(&dir);
        let mut h: u64 = 0xcbf29ce484222325;
        for &b in data {
            h = (h ^ b as u64).wrapping_mul(0x100000001b3);
        }
        let _ = std::fs::write(
            dir.join(format!("slow-{}ms-cpu-{h:016x}", took.as_millis())),
            data,
        );
    }
    if let Err(why) = r {
        panic!("{target}: property failed: {why}");
    }
}
