//! King and pawn against king, known exactly: a probe of the bitbase that
//! `build.rs` derives (`build/kpk.rs`) by retrograde analysis.

use crate::board::{Color, PieceType, Position, Square};

include!(concat!(env!("OUT_DIR"), "/kpk.rs"));

/// Pawn squares in the table: files a-d, ranks 2-7.
const PAWN_SQUARES: usize = 24;

/// Whether `pos` is king and one pawn of `strong` against a bare king.
#[must_use]
pub fn is_kpk(pos: &Position, strong: Color) -> bool {
    let pawns = pos.pieces(strong, PieceType::Pawn);
    pos.occupied().count() == 3 && pawns.any() && !pawns.has_several()
}

/// Whether `strong` wins the KPK position `pos` (see [`is_kpk`]) with best play.
#[must_use]
pub fn pawn_side_wins(pos: &Position, strong: Color) -> bool {
    let pawn = pos.pieces(strong, PieceType::Pawn).lsb();
    let weak = strong.flip();
    let table_square = |square: Square| oriented(square, strong, pawn.relative(strong).file() >= 4);
    let index = table_index(
        pos.side_to_move() == strong,
        table_square(pawn),
        table_square(pos.king_square(strong)),
        table_square(pos.king_square(weak)),
    );
    KPK_WINS[index / 64] & (1 << (index % 64)) != 0
}

/// `square` as the table sees it: the pawn's side moving up the board, the
/// pawn on files a-d.
fn oriented(square: Square, strong: Color, mirror_files: bool) -> Square {
    let square = square.relative(strong);
    if mirror_files {
        Square::new(square.index() as u8 ^ 7)
    } else {
        square
    }
}

fn table_index(strong_to_move: bool, pawn: Square, strong_king: Square, weak_king: Square) -> usize {
    let pawn_index = (usize::from(pawn.rank()) - 1) * 4 + usize::from(pawn.file());
    let side = usize::from(!strong_to_move);
    ((side * PAWN_SQUARES + pawn_index) * 64 + strong_king.index()) * 64 + weak_king.index()
}
