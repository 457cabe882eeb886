//! An attack test written independently of the engine's attack tables.

use ferrochamp::board::{Color, PieceType, Position, Square};

/// Whether `by` attacks `target`, found by walking the board square by square
/// through `piece_on`: deliberately independent of the engine's magic tables,
/// so that a wrong attack table cannot hide its own mistake.
pub fn is_attacked_naive(pos: &Position, target: Square, by: Color) -> bool {
    is_attacked_naive_by(pos, target, by, &PieceType::ALL)
}

/// Whether one of `by`'s pieces of the given types attacks `target`, by the same walk.
pub fn is_attacked_naive_by(pos: &Position, target: Square, by: Color, types: &[PieceType]) -> bool {
    let (file, rank) = (i8::try_from(target.file()).unwrap_or(0), i8::try_from(target.rank()).unwrap_or(0));
    let holds = |df: i8, dr: i8, piece_type: PieceType| -> bool {
        types.contains(&piece_type) && piece_at(pos, file + df, rank + dr) == Some((by, piece_type))
    };
    // A pawn of `by` attacks diagonally forward, so it stands one rank behind the target.
    let pawn_rank_step = if by == Color::White { -1 } else { 1 };
    if holds(-1, pawn_rank_step, PieceType::Pawn) || holds(1, pawn_rank_step, PieceType::Pawn) {
        return true;
    }
    const KNIGHT: [(i8, i8); 8] = [(1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2)];
    const KING: [(i8, i8); 8] = [(1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0), (-1, -1), (0, -1), (1, -1)];
    if KNIGHT.iter().any(|&(df, dr)| holds(df, dr, PieceType::Knight))
        || KING.iter().any(|&(df, dr)| holds(df, dr, PieceType::King))
    {
        return true;
    }
    KING.iter().any(|&(df, dr)| {
        let diagonal = df != 0 && dr != 0;
        let slider = if diagonal { PieceType::Bishop } else { PieceType::Rook };
        first_piece_on_ray(pos, file, rank, df, dr).is_some_and(|(color, piece_type)| {
            color == by && types.contains(&piece_type) && (piece_type == slider || piece_type == PieceType::Queen)
        })
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
