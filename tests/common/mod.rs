//! Helpers shared by the integration tests: the EPD perft suites, a small
//! deterministic PRNG, an attack test written independently of the engine's
//! attack tables, and FEN helpers (mirroring, castling normalisation).
//!
//! Each test binary uses a different subset of these helpers.
#![allow(dead_code)]

use ferrochamp::board::{Color, PieceType, Position, Square};

/// The suites, compiled into the test binaries so that the tests never depend
/// on the working directory or on `../shared`.
pub const STANDARD_SUITE: &str = include_str!("../data/perftsuite_standard.epd");
pub const FISCHER_SUITE: &str = include_str!("../data/fischer960.epd");
pub const CPW_SUITE: &str = include_str!("../data/cpw6_perft.epd");

/// One line of a perft suite: a position and its known node counts.
#[derive(Clone, Debug)]
pub struct PerftEntry {
    /// 1-based line number in the suite file, for failure messages.
    pub line: usize,
    pub fen: String,
    /// `(depth, nodes)` sorted by depth, no duplicate depths.
    pub counts: Vec<(u8, u64)>,
}

/// Parses `FEN ;D1 20 ;D2 400 ...` lines. Blank lines and `#` comments are
/// skipped; CRLF line ends and extra spaces are tolerated; anything else that
/// does not fit the format is an error naming the line.
pub fn parse_perft_epd(text: &str) -> Result<Vec<PerftEntry>, String> {
    let mut entries = Vec::new();
    for (index, raw_line) in text.lines().enumerate() {
        let line = raw_line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let entry = parse_perft_line(line).map_err(|err| format!("line {}: {err}: {line}", index + 1))?;
        entries.push(PerftEntry { line: index + 1, ..entry });
    }
    Ok(entries)
}

fn parse_perft_line(line: &str) -> Result<PerftEntry, String> {
    let mut segments = line.split(';');
    let fen = segments.next().unwrap_or_default().trim();
    if fen.is_empty() {
        return Err("no FEN before the first ';'".into());
    }
    let mut counts = Vec::new();
    for segment in segments.map(str::trim).filter(|s| !s.is_empty()) {
        counts.push(parse_depth_count(segment)?);
    }
    counts.sort_unstable();
    if counts.is_empty() {
        return Err("no ;Dn counts".into());
    }
    if counts.windows(2).any(|pair| pair[0].0 == pair[1].0) {
        return Err("a depth is listed twice".into());
    }
    Ok(PerftEntry { line: 0, fen: fen.to_string(), counts })
}

/// Parses `D3 8902`.
fn parse_depth_count(segment: &str) -> Result<(u8, u64), String> {
    let mut words = segment.split_whitespace();
    let (Some(label), Some(count), None) = (words.next(), words.next(), words.next()) else {
        return Err(format!("expected `Dn count`, found `{segment}`"));
    };
    let depth = label
        .strip_prefix(['D', 'd'])
        .and_then(|d| d.parse::<u8>().ok())
        .filter(|&d| d >= 1)
        .ok_or_else(|| format!("bad depth label `{label}`"))?;
    let count = count.parse::<u64>().map_err(|_| format!("bad node count `{count}`"))?;
    Ok((depth, count))
}

/// Loads a compiled-in suite; the data is ours, so a malformed file fails the test.
pub fn load_suite(text: &str) -> Vec<PerftEntry> {
    match parse_perft_epd(text) {
        Ok(entries) => entries,
        Err(err) => panic!("malformed perft suite: {err}"),
    }
}

/// Parses a FEN the test knows to be valid, with the engine's error in the message.
pub fn position(fen: &str) -> Position {
    match Position::from_fen(fen) {
        Ok(pos) => pos,
        Err(err) => panic!("valid FEN rejected: {fen}: {err}"),
    }
}

/// xorshift64*: tiny, deterministic, good enough to pick random moves.
pub struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Rng {
        // A zero state would stay zero forever.
        Rng(seed | 1)
    }

    pub fn next_u64(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    /// A number in `0..bound` (bound > 0); the slight modulo bias does not matter here.
    pub fn below(&mut self, bound: usize) -> usize {
        (self.next_u64() % bound as u64) as usize
    }
}

/// Whether `by` attacks `target`, found by walking the board square by square
/// through `piece_on`: deliberately independent of the engine's magic tables,
/// so that a wrong attack table cannot hide its own mistake.
pub fn is_attacked_naive(pos: &Position, target: Square, by: Color) -> bool {
    let (file, rank) = (i8::try_from(target.file()).unwrap_or(0), i8::try_from(target.rank()).unwrap_or(0));
    let holds = |df: i8, dr: i8, types: &[PieceType]| -> bool {
        piece_at(pos, file + df, rank + dr)
            .is_some_and(|(color, piece_type)| color == by && types.contains(&piece_type))
    };
    // A pawn of `by` attacks diagonally forward, so it stands one rank behind the target.
    let pawn_rank_step = if by == Color::White { -1 } else { 1 };
    if holds(-1, pawn_rank_step, &[PieceType::Pawn]) || holds(1, pawn_rank_step, &[PieceType::Pawn]) {
        return true;
    }
    const KNIGHT: [(i8, i8); 8] = [(1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2)];
    const KING: [(i8, i8); 8] = [(1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0), (-1, -1), (0, -1), (1, -1)];
    if KNIGHT.iter().any(|&(df, dr)| holds(df, dr, &[PieceType::Knight]))
        || KING.iter().any(|&(df, dr)| holds(df, dr, &[PieceType::King]))
    {
        return true;
    }
    KING.iter().any(|&(df, dr)| {
        let diagonal = df != 0 && dr != 0;
        let slider = if diagonal { PieceType::Bishop } else { PieceType::Rook };
        first_piece_on_ray(pos, file, rank, df, dr)
            .is_some_and(|(color, piece_type)| color == by && (piece_type == slider || piece_type == PieceType::Queen))
    })
}

fn piece_at(pos: &Position, file: i8, rank: i8) -> Option<(Color, PieceType)> {
    if !(0..8).contains(&file) || !(0..8).contains(&rank) {
        return None;
    }
    let square = Square::from_file_rank(file as u8, rank as u8);
    pos.piece_on(square).map(|piece| (piece.color(), piece.piece_type()))
}

fn first_piece_on_ray(pos: &Position, file: i8, rank: i8, df: i8, dr: i8) -> Option<(Color, PieceType)> {
    let (mut f, mut r) = (file + df, rank + dr);
    while (0..8).contains(&f) && (0..8).contains(&r) {
        if let Some(found) = piece_at(pos, f, r) {
            return Some(found);
        }
        f += df;
        r += dr;
    }
    None
}

/// The colour-mirrored FEN: ranks reversed, piece colours swapped, the other
/// side to move. Perft counts are invariant under this transformation, which
/// doubles every special case for free.
pub fn mirror_fen(fen: &str) -> String {
    let fields: Vec<&str> = fen.split_whitespace().collect();
    let placement: Vec<String> = fields[0].split('/').rev().map(swap_case).collect();
    let side = if fields[1] == "w" { "b" } else { "w" };
    let castling = if fields[2] == "-" { "-".to_string() } else { swap_case(fields[2]) };
    let en_passant = match fields[3].as_bytes() {
        [file, b'3'] => format!("{}6", *file as char),
        [file, b'6'] => format!("{}3", *file as char),
        _ => "-".to_string(),
    };
    let mut out = vec![placement.join("/"), side.to_string(), castling, en_passant];
    out.extend(fields[4..].iter().map(ToString::to_string));
    out.join(" ")
}

fn swap_case(text: &str) -> String {
    text.chars().map(|c| if c.is_ascii_uppercase() { c.to_ascii_lowercase() } else { c.to_ascii_uppercase() }).collect()
}

/// The castling rights of a FEN as a sorted list of `(colour, rook file)`,
/// whatever the notation: `KQkq`, X-FEN, or Shredder `HAha`. `None` when a
/// letter names no rook.
pub fn castling_rook_files(fen: &str) -> Option<Vec<(char, u8)>> {
    let fields: Vec<&str> = fen.split_whitespace().collect();
    let (placement, castling) = (*fields.first()?, *fields.get(2)?);
    let ranks: Vec<&str> = placement.split('/').collect();
    let mut rights = Vec::new();
    for letter in castling.chars().filter(|&c| c != '-') {
        let (color, home_rank) = if letter.is_ascii_uppercase() { ('w', ranks.get(7)?) } else { ('b', ranks.first()?) };
        let row = expand_rank(home_rank);
        let (king, rook) = if color == 'w' { ('K', 'R') } else { ('k', 'r') };
        let king_file = row.iter().position(|&c| c == king)?;
        let rook_files = row.iter().enumerate().filter(|&(_, &c)| c == rook).map(|(f, _)| f);
        let file = match letter.to_ascii_lowercase() {
            'k' => rook_files.filter(|&f| f > king_file).max()?,
            'q' => rook_files.filter(|&f| f < king_file).min()?,
            named @ 'a'..='h' => usize::from(named as u8 - b'a'),
            _ => return None,
        };
        rights.push((color, file as u8));
    }
    rights.sort_unstable();
    rights.dedup();
    Some(rights)
}

/// One FEN rank as 8 cells, `'.'` for empty squares.
fn expand_rank(rank: &str) -> Vec<char> {
    let mut cells = Vec::new();
    for c in rank.chars() {
        match c.to_digit(10) {
            Some(n) => cells.extend(std::iter::repeat_n('.', n as usize)),
            None => cells.push(c),
        }
    }
    cells
}
