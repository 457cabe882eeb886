//! Finding and checking Syzygy table files before the prober ever sees them.
//!
//! The prober (`pyrrhic-rs`, a translation of C code) reads table files through
//! raw pointers into memory maps: a truncated or foreign file would make it read
//! past the end of the map and crash the engine. So every file it could open is
//! checked here first, and the tables are only handed over when all pass.

use std::collections::BTreeSet;
use std::fs;
use std::io::Read;
use std::path::{Path, PathBuf};

use crate::board::{Color, PieceType, Position};

/// Separator between directories in `SyzygyPath`, as in the platform's `PATH`.
pub const PATH_SEPARATOR: char = if cfg!(windows) { ';' } else { ':' };

/// The kinds of table file, by suffix, with the magic number each begins with.
const TABLE_KINDS: [(&str, [u8; 4]); 3] = [
    ("rtbw", [0x71, 0xe8, 0x23, 0x5d]),
    ("rtbz", [0xd7, 0x66, 0x0c, 0xa5]),
    // Distance-to-mate tables: not used, but the prober opens them if present.
    ("rtbm", [0x4b, 0x50, 0xac, 0x88]),
];

/// Syzygy files are padded to 64 bytes and end with a 16-byte checksum.
const SIZE_MODULUS: u64 = 64;
const SIZE_REMAINDER: u64 = 16;

/// The largest tables that exist (7 pieces, kings included).
pub const MAX_TABLE_PIECES: u32 = 7;

/// A material configuration: piece counts per colour, kings left out, packed
/// four bits per piece type (pawn..queen), White in the low half.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Material(u64);

impl Material {
    const TYPES: [PieceType; 5] =
        [PieceType::Pawn, PieceType::Knight, PieceType::Bishop, PieceType::Rook, PieceType::Queen];

    fn pack(counts: [u32; 5]) -> u64 {
        counts.iter().enumerate().fold(0, |acc, (i, &count)| acc | u64::from(count.min(15)) << (4 * i))
    }

    /// The material of a table name such as `KRPvKB`; `None` if it is not one.
    #[must_use]
    pub fn from_table_name(name: &str) -> Option<Material> {
        let (white, black) = name.split_once('v')?;
        let side = |text: &str| -> Option<[u32; 5]> {
            let rest = text.strip_prefix('K')?;
            let mut counts = [0; 5];
            for letter in rest.chars() {
                let piece = PieceType::from_letter(letter.to_ascii_lowercase())?;
                let index = Self::TYPES.iter().position(|&t| t == piece)?;
                counts[index] += 1;
            }
            Some(counts)
        };
        let (white, black) = (side(white)?, side(black)?);
        let pieces = 2 + white.iter().sum::<u32>() + black.iter().sum::<u32>();
        (pieces <= MAX_TABLE_PIECES).then(|| Material(Self::pack(white) | Self::pack(black) << 32))
    }

    /// The material of a position, with `color`'s pieces in the "white" half.
    #[must_use]
    pub fn of_position(pos: &Position, color: Color) -> Material {
        let counts = |c: Color| Self::TYPES.map(|t| pos.pieces(c, t).count());
        Material(Self::pack(counts(color)) | Self::pack(counts(color.flip())) << 32)
    }

    /// Pieces on the board with this material, kings included.
    #[must_use]
    pub fn pieces(self) -> u32 {
        2 + self.0.to_le_bytes().iter().map(|b| u32::from(b & 15) + u32::from(b >> 4)).sum::<u32>()
    }
}

/// What a scan of the `SyzygyPath` directories found.
#[derive(Debug, Default)]
pub struct TableScan {
    /// The directories that could be read.
    pub directories: Vec<PathBuf>,
    /// Materials with a valid WDL table (named as in the file: stronger side first).
    pub wdl: BTreeSet<Material>,
    /// Materials with a valid DTZ table.
    pub dtz: BTreeSet<Material>,
    /// Files the prober could open but that are not valid tables, with the reason.
    pub invalid: Vec<String>,
    /// Directories that could not be read, with the reason.
    pub unreadable: Vec<String>,
}

impl TableScan {
    /// The most pieces of any valid WDL table (0 if none).
    #[must_use]
    pub fn largest(&self) -> u32 {
        self.wdl.iter().map(|m| m.pieces()).max().unwrap_or(0)
    }

    /// Is there a WDL table (in `dtz`: a DTZ table) for the position's material?
    #[must_use]
    pub fn has_table(set: &BTreeSet<Material>, pos: &Position) -> bool {
        set.contains(&Material::of_position(pos, Color::White))
            || set.contains(&Material::of_position(pos, Color::Black))
    }
}

/// The directories of a `SyzygyPath` value (empty entries and `<empty>` skipped).
#[must_use]
pub fn split_path(path: &str) -> Vec<PathBuf> {
    let path = path.trim();
    if path.is_empty() || path == "<empty>" {
        return Vec::new();
    }
    path.split(PATH_SEPARATOR).map(str::trim).filter(|dir| !dir.is_empty()).map(PathBuf::from).collect()
}

/// Scans `directories` for table files and checks each one.
#[must_use]
pub fn scan(directories: &[PathBuf]) -> TableScan {
    let mut scan = TableScan::default();
    for dir in directories {
        match fs::read_dir(dir) {
            Ok(entries) => {
                scan.directories.push(dir.clone());
                for entry in entries.flatten() {
                    scan_file(&entry.path(), &mut scan);
                }
            }
            Err(err) => scan.unreadable.push(format!("{}: {err}", dir.display())),
        }
    }
    scan
}

fn scan_file(path: &Path, scan: &mut TableScan) {
    let Some(extension) = path.extension().and_then(|e| e.to_str()) else { return };
    let Some(&(kind, magic)) = TABLE_KINDS.iter().find(|(suffix, _)| *suffix == extension) else { return };
    let Some(material) = path.file_stem().and_then(|s| s.to_str()).and_then(Material::from_table_name) else {
        return;
    };
    if let Err(reason) = check_file(path, magic) {
        scan.invalid.push(format!("{}: {reason}", path.display()));
        return;
    }
    match kind {
        "rtbw" => {
            scan.wdl.insert(material);
        }
        "rtbz" => {
            scan.dtz.insert(material);
        }
        _ => {}
    }
}

/// A table file is taken when it opens, begins with its kind's magic number and
/// has the size the format's padding implies (a cut-off download rarely does).
fn check_file(path: &Path, magic: [u8; 4]) -> Result<(), String> {
    let mut file = fs::File::open(path).map_err(|err| err.to_string())?;
    let size = file.metadata().map_err(|err| err.to_string())?.len();
    if size < SIZE_MODULUS + SIZE_REMAINDER || size % SIZE_MODULUS != SIZE_REMAINDER {
        return Err(format!("size {size} bytes is not that of a complete table (truncated?)"));
    }
    let mut head = [0u8; 4];
    file.read_exact(&mut head).map_err(|err| err.to_string())?;
    if head != magic {
        return Err("wrong magic number: not a Syzygy table of this kind".to_string());
    }
    Ok(())
}

/// The directory list in the form the prober parses (`:`-separated). On Windows
/// a drive prefix (`C:`) would be read as a separator, so it is dropped when it
/// names the current drive; other drives cannot be expressed.
pub fn prober_path(directories: &[PathBuf]) -> Result<String, String> {
    let mut parts = Vec::new();
    for dir in directories {
        let text = dir.to_str().ok_or_else(|| format!("{}: not valid UTF-8", dir.display()))?;
        let text = strip_current_drive(text);
        if text.contains(':') {
            return Err(format!("{text}: the prober cannot use a directory whose name holds ':'"));
        }
        parts.push(text.to_string());
    }
    Ok(parts.join(":"))
}

fn strip_current_drive(dir: &str) -> &str {
    if !cfg!(windows) {
        return dir;
    }
    let current =
        std::env::current_dir().ok().and_then(|d| d.to_str().map(|s| s.get(..2).map(str::to_ascii_uppercase)));
    match (dir.get(..2), current.flatten()) {
        (Some(drive), Some(cwd_drive)) if drive.ends_with(':') && drive.eq_ignore_ascii_case(&cwd_drive) => &dir[2..],
        _ => dir,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn table_names_parse_to_materials() {
        let krpvkb = Material::from_table_name("KRPvKB").expect("valid name");
        assert_eq!(krpvkb.pieces(), 5);
        assert_eq!(Material::from_table_name("KvK").map(Material::pieces), Some(2));
        assert!(Material::from_table_name("KQXvK").is_none());
        assert!(Material::from_table_name("QvK").is_none());
        assert!(Material::from_table_name("KQQQQvKRRR").is_none(), "more than 7 pieces");
    }

    #[test]
    fn a_position_matches_its_table_from_either_side() {
        let pos = Position::from_fen("8/8/8/8/8/2k5/1r6/K2Q4 w - - 0 1").expect("valid FEN");
        let table = Material::from_table_name("KQvKR").expect("valid name");
        assert_eq!(Material::of_position(&pos, Color::White), table);
        let flipped = Position::from_fen("8/8/8/8/8/2k5/1q6/K2R4 w - - 0 1").expect("valid FEN");
        assert_eq!(Material::of_position(&flipped, Color::Black), table);
        assert_ne!(Material::of_position(&flipped, Color::White), table);
    }

    #[test]
    fn paths_split_on_the_platform_separator() {
        let text = format!("a{PATH_SEPARATOR} b {PATH_SEPARATOR}{PATH_SEPARATOR}c");
        assert_eq!(split_path(&text), vec![PathBuf::from("a"), PathBuf::from("b"), PathBuf::from("c")]);
        assert!(split_path("<empty>").is_empty());
        assert!(split_path("  ").is_empty());
    }
}
