//! Scratch files and directories in the temporary directory, named after the
//! test process so that test binaries running side by side never share one.

use std::path::PathBuf;

/// A path in the temporary directory unique to this process and `name`.
pub fn temp_path(name: &str) -> PathBuf {
    std::env::temp_dir().join(format!("ferrochamp-test-{}-{name}", std::process::id()))
}

/// [`temp_path`] written with `contents`.
pub fn temp_file(name: &str, contents: impl AsRef<[u8]>) -> PathBuf {
    let path = temp_path(name);
    std::fs::write(&path, contents).expect("a scratch file");
    path
}

/// [`temp_path`] as a new, empty directory.
pub fn scratch_dir(name: &str) -> PathBuf {
    let dir = temp_path(name);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("a scratch directory");
    dir
}
