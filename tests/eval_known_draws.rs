//! The evaluation's known draws against a bare king, checked against Syzygy's
//! WDL tables (`tests/data/syzygy-endings`: KPvK, KPPvK, KBPvK and the tables
//! their captures and promotions lead to): every KPK position evaluates to 0
//! exactly when the table says it is drawn, and the rook-pawn rules (the bare
//! king in front of the pawns, or beside the queening square that the bishop
//! cannot reach) call a draw only where the tables find one.
//!
//! The prober keeps one set of tables per process, so the tests of this file
//! share one loaded set.

mod common;

use std::sync::OnceLock;

use common::fen::board_fen;
use ferrochamp::board::{Color, Position, Square};
use ferrochamp::eval::evaluate_traced;
use ferrochamp::tablebase::{Tablebase, Wdl};

fn tables() -> &'static Tablebase {
    static TABLES: OnceLock<Tablebase> = OnceLock::new();
    TABLES.get_or_init(|| {
        let path = format!("{}/tests/data/syzygy-endings", env!("CARGO_MANIFEST_DIR"));
        let outcome = Tablebase::load(&path);
        outcome.tables.unwrap_or_else(|| panic!("test tables load: {:?}", outcome.messages))
    })
}

/// A position from its pieces (FEN letters on square indices), or `None` when
/// it is not a legal one: two pieces on a square, kings side by side, a pawn on
/// its first or last rank, or the side that just moved in check.
fn setup(pieces: &[(char, usize)], white_to_move: bool) -> Option<Position> {
    let mut board = [None; 64];
    for &(letter, square) in pieces {
        if board[square].replace(letter).is_some() {
            return None;
        }
        let rank = square / 8;
        if letter.eq_ignore_ascii_case(&'p') && (rank == 0 || rank == 7) {
            return None;
        }
    }
    let side = if white_to_move { 'w' } else { 'b' };
    let fen = format!("{} {side} - - 0 1", board_fen(&board));
    let pos = Position::from_fen(&fen).ok()?;
    let mover = pos.side_to_move();
    let waiting_king = pos.king_square(mover.flip());
    let kings_apart = king_distance(pos.king_square(mover), waiting_king) > 1;
    (kings_apart && !pos.is_attacked(waiting_king, mover, pos.occupied())).then_some(pos)
}

fn king_distance(a: Square, b: Square) -> u8 {
    a.file().abs_diff(b.file()).max(a.rank().abs_diff(b.rank()))
}

/// Square index `square` seen from `color` (Black's pieces mirror White's ranks).
fn relative(square: usize, color: Color) -> usize {
    Square::new(square as u8).relative(color).index()
}

/// The letters of `color`'s pieces, given White's.
fn letters(color: Color, white: [char; 3]) -> [char; 3] {
    if color == Color::White {
        white
    } else {
        white.map(|c| c.to_ascii_lowercase())
    }
}

fn drawn_by_tables(pos: &Position) -> bool {
    let wdl = tables().probe_wdl(pos).unwrap_or_else(|| panic!("no table for {}", pos.to_fen()));
    wdl == Wdl::Draw
}

fn scaled_to_draw(pos: &Position) -> bool {
    evaluate_traced(pos).scale == 0
}

/// A KPK position has no middlegame half: its evaluation is the endgame half,
/// scaled. Zero is a draw, whether scaled to it or summed to it.
fn evaluated_as_draw(pos: &Position) -> bool {
    evaluate_traced(pos).white_cp == 0
}

#[test]
fn every_kpk_position_is_called_a_draw_exactly_when_drawn() {
    let mut checked = 0;
    let mut wrong = Vec::new();
    for strong in Color::BOTH {
        let [king, pawn, bare] = letters(strong, ['K', 'P', 'k']);
        for pawn_square in 8..56 {
            for strong_king in 0..64 {
                for weak_king in 0..64 {
                    for white_to_move in [true, false] {
                        let pieces = [(king, strong_king), (pawn, pawn_square), (bare, weak_king)];
                        let Some(pos) = setup(&pieces, white_to_move) else { continue };
                        checked += 1;
                        if evaluated_as_draw(&pos) != drawn_by_tables(&pos) {
                            wrong.push(pos.to_fen());
                        }
                    }
                }
            }
        }
    }
    assert!(checked > 300_000, "only {checked} KPK positions");
    assert!(wrong.is_empty(), "{} of {checked} wrong, e.g. {:?}", wrong.len(), &wrong[..wrong.len().min(5)]);
}

/// Positions the evaluation scales to a draw, each checked against the tables.
#[derive(Default)]
struct DrawsCalled {
    called: usize,
    wrong: Vec<String>,
}

impl DrawsCalled {
    fn check(&mut self, pos: Option<Position>) {
        let Some(pos) = pos.filter(scaled_to_draw) else { return };
        self.called += 1;
        if !drawn_by_tables(&pos) {
            self.wrong.push(pos.to_fen());
        }
    }

    /// How many were called drawn, none of them wrongly, and enough to show the rule at work.
    fn assert_sound(&self, at_least: usize) {
        let wrong = &self.wrong;
        assert!(wrong.is_empty(), "{} called drawn but won, e.g. {:?}", wrong.len(), &wrong[..wrong.len().min(5)]);
        assert!(self.called >= at_least, "the rule fired only {} times", self.called);
    }
}

#[test]
fn rook_pawns_before_the_bare_king_are_drawn() {
    let mut draws = DrawsCalled::default();
    for strong in Color::BOTH {
        let [king, pawn, bare] = letters(strong, ['K', 'P', 'k']);
        for file in [0, 7] {
            for low in 1..7 {
                for high in low + 1..7 {
                    let pawns = [relative(low * 8 + file, strong), relative(high * 8 + file, strong)];
                    for strong_king in 0..64 {
                        for weak_king in 0..64 {
                            for white_to_move in [true, false] {
                                let pieces =
                                    [(king, strong_king), (pawn, pawns[0]), (pawn, pawns[1]), (bare, weak_king)];
                                draws.check(setup(&pieces, white_to_move));
                            }
                        }
                    }
                }
            }
        }
    }
    draws.assert_sound(5_000);
}

#[test]
fn a_bishop_of_the_wrong_colour_cannot_win_with_a_rook_pawn() {
    let mut draws = DrawsCalled::default();
    for strong in Color::BOTH {
        let [king, bishop, pawn] = letters(strong, ['K', 'B', 'P']);
        let bare = if strong == Color::White { 'k' } else { 'K' };
        for file in [0, 7] {
            let queening = Square::new(relative(56 + file, strong) as u8);
            // Wider than the rule's reach, so that a looser rule would be caught.
            let near_queening = (0..64).filter(|&s| king_distance(Square::new(s as u8), queening) <= 3);
            for weak_king in near_queening {
                for rank in 1..7 {
                    let pawn_square = relative(rank * 8 + file, strong);
                    for bishop_square in 0..64 {
                        for strong_king in 0..64 {
                            for white_to_move in [true, false] {
                                let pieces = [
                                    (king, strong_king),
                                    (bishop, bishop_square),
                                    (pawn, pawn_square),
                                    (bare, weak_king),
                                ];
                                draws.check(setup(&pieces, white_to_move));
                            }
                        }
                    }
                }
            }
        }
    }
    draws.assert_sound(5_000);
}
