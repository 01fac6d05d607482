//! Writing a file whole or not at all, and never through a link planted where it goes: the
//! one writer of every output file (`fmt`, `doc --out`, `test --bless`/`--junit`,
//! `evaluate --out`/`--plot`/`--save-games`, `test --mutants --suggest`, `play`/`playout
//! --save`, `render`).

use std::fs::File;
use std::io::Write;
use std::path::{Path, PathBuf};

/// A new temporary file in `dir` for the file `name`, under a name no one can guess ahead
/// (`.NAME.PID-RANDOM.tmp`), created exclusively (`O_EXCL`): never an existing file, and never
/// through a symbolic link planted at that name.
///
/// # Errors
/// The folder cannot be written.
pub fn create_temp(dir: &Path, name: &str) -> std::io::Result<(PathBuf, File)> {
    use std::hash::{BuildHasher, Hasher};
    let mut last = None;
    for attempt in 0u64..16 {
        // RandomState is seeded afresh from the system's randomness in each process.
        let mut h = std::collections::hash_map::RandomState::new().build_hasher();
        h.write_u64(attempt);
        h.write_u128(
            std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .map_or(0, |d| d.as_nanos()),
        );
        let temp = dir.join(format!(
            ".{name}.{}-{:016x}.tmp",
            std::process::id(),
            h.finish()
        ));
        match std::fs::OpenOptions::new()
            .write(true)
            .create_new(true)
            .open(&temp)
        {
            Ok(f) => return Ok((temp, f)),
            Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => last = Some(e),
            Err(e) => return Err(e),
        }
    }
    Err(last.unwrap_or_else(|| std::io::Error::other("no temporary name is free")))
}

/// Writes `bytes` to a new temporary file beside `path` ([`create_temp`]) and renames it over
/// `path`: the file is never half written, a link at `path` is replaced rather than written
/// through, and a regular file's permissions are kept.
///
/// # Errors
/// The folder cannot be written, or the rename fails (the temporary file is removed).
pub fn write_atomically(path: &Path, bytes: impl AsRef<[u8]>) -> std::io::Result<()> {
    let dir = path
        .parent()
        .filter(|d| !d.as_os_str().is_empty())
        .unwrap_or_else(|| Path::new("."));
    let name = path
        .file_name()
        .map_or_else(|| "out".into(), |n| n.to_string_lossy().into_owned());
    let (temp, mut f) = create_temp(dir, &name)?;
    let result = (|| {
        f.write_all(bytes.as_ref())?;
        f.sync_all()?;
        if let Ok(meta) = std::fs::symlink_metadata(path)
            && meta.is_file()
        {
            std::fs::set_permissions(&temp, meta.permissions())?;
        }
        std::fs::rename(&temp, path)
    })();
    if result.is_err() {
        let _ = std::fs::remove_file(&temp);
    }
    result
}
