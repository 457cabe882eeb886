//! King and pawn against king, known exactly: a probe of the bitbase that
//! `build.rs` derives (`build/kpk.rs`) by retrograde analysis.

use super::kpk_index;
use crate::board::{Color, PieceType, Position, Square};

include!(concat!(env!("OUT_DIR"), "/kpk.rs"));

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
    let index = kpk_index::index_of(
        pos.side_to_move() == strong,
        table_square(pawn).index(),
        table_square(pos.king_square(strong)).index(),
        table_square(pos.king_square(weak)).index(),
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
