//! FEN text helpers: the board field of a piece list, the colour-flipped mirror
//! and the castling rights.

/// The same position with ranks mirrored and colours swapped (side to move,
/// castling rights and the en-passant square included). Perft counts and the
/// evaluation from the side to move must not change under it.
pub fn mirror_fen(fen: &str) -> String {
    let fields: Vec<&str> = fen.split_whitespace().collect();
    let board: Vec<String> = fields[0].split('/').rev().map(swap_case).collect();
    let side = if fields[1] == "w" { "b" } else { "w" };
    let castling = if fields[2] == "-" { "-".to_string() } else { white_first(&swap_case(fields[2])) };
    let en_passant = match fields[3].as_bytes() {
        [file, rank] => format!("{}{}", *file as char, (b'1' + b'8' - rank) as char),
        _ => "-".to_string(),
    };
    let mut out = format!("{} {side} {castling} {en_passant}", board.join("/"));
    for rest in &fields[4..] {
        out.push(' ');
        out.push_str(rest);
    }
    out
}

/// Castling letters in the usual order, White's first.
fn white_first(letters: &str) -> String {
    let (white, black): (String, String) = letters.chars().partition(char::is_ascii_uppercase);
    white + &black
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

/// The board field of a FEN from the piece letters on square indices 0 (a1) to 63 (h8).
pub fn board_fen(board: &[Option<char>; 64]) -> String {
    let mut ranks = Vec::new();
    for rank in (0..8).rev() {
        let mut text = String::new();
        let mut empty = 0;
        for file in 0..8 {
            match board[rank * 8 + file] {
                Some(piece) => {
                    if empty > 0 {
                        text.push_str(&empty.to_string());
                        empty = 0;
                    }
                    text.push(piece);
                }
                None => empty += 1,
            }
        }
        if empty > 0 {
            text.push_str(&empty.to_string());
        }
        ranks.push(text);
    }
    ranks.join("/")
}
