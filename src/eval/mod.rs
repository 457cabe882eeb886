//! The tapered hand-crafted evaluation.
//!
//! Every term is computed for White and for Black, each from its own side, and
//! the result is White minus Black as a pair `S(mg, eg)`; the pair is blended by
//! the game phase, the endgame half scaled down in drawish endings, and the
//! result returned from the side to move's point of view.
//!
//! The evaluation is generic over a [`trace::Tracer`]: the search runs it with
//! [`trace::NoTrace`] (no cost), the `eval` command and the tuner with
//! [`trace::EvalTrace`], so all three see the same code. A play style runs it
//! with [`trace::Styled`], which reads the weights from a run-time vector
//! ([`evaluate_with`]); the other tracers read the compiled constants.
//!
//! Layout: `params.rs` holds every weight, `layout.rs` sees them as a vector,
//! `pawns.rs` (hashed), `pieces.rs` (material, placement, mobility, attack maps),
//! `king.rs`, `threats.rs`, `passed.rs` and `endgame.rs` hold the terms;
//! `kpk.rs` probes the KPK bitbase that `endgame.rs` asks about drawn endings,
//! `kpk_index.rs` says where each position sits in it (the build script that
//! writes the table includes it too). `cache.rs` keeps each search thread's
//! recent evaluations by position key.

mod cache;
mod endgame;
mod king;
mod kpk;
mod kpk_index;
pub mod layout;
#[rustfmt::skip]
pub mod params;
mod passed;
mod pawns;
mod pieces;
mod report;
pub mod score;
mod threats;
pub mod trace;

use crate::board::attacks::king_attacks;
use crate::board::{Bitboard, Color, PieceType, Position, Square};

pub use cache::{EvalCache, EvalTables};
pub use endgame::complexity_adjustment;
pub use king::danger_penalty;
pub use pawns::PawnTable;
pub use report::{eval_report, eval_report_with};
use score::{phase, S};
use trace::{weight, EvalTrace, NoTrace, Styled, Term, Tracer};

/// No static evaluation goes beyond this, so that it never reaches mate scores.
pub const EVAL_LIMIT: i32 = 20_000;

/// The static evaluation of `pos` in centipawns, from the side to move's point of view.
#[must_use]
pub fn evaluate(pos: &Position, pawns: &mut PawnTable) -> i32 {
    let white = evaluate_white(pos, Some(pawns), &mut NoTrace);
    white * pos.side_to_move().sign()
}

/// [`evaluate`] with the weights of a play style: a flat vector in the order of
/// [`layout::GROUPS`]. `pawns` must hold entries of these weights only.
#[must_use]
pub fn evaluate_with(pos: &Position, pawns: &mut PawnTable, weights: &[S]) -> i32 {
    let white = evaluate_white(pos, Some(pawns), &mut Styled { weights, inner: NoTrace });
    white * pos.side_to_move().sign()
}

/// [`evaluate_traced`] with the weights of a play style.
#[must_use]
pub fn evaluate_traced_with(pos: &Position, weights: &[S]) -> EvalTrace {
    let mut styled = Styled { weights, inner: EvalTrace::default() };
    evaluate_white(pos, None, &mut styled);
    styled.inner
}

/// The evaluation with every term and weight coefficient recorded (for the
/// `eval` command and the tuner). Its `white_cp` equals `evaluate` from White's side.
#[must_use]
pub fn evaluate_traced(pos: &Position) -> EvalTrace {
    let mut trace = EvalTrace::default();
    evaluate_white(pos, None, &mut trace);
    trace
}

/// What one evaluation computes once and every term reads: attack maps, king zones.
pub(crate) struct EvalInfo {
    pub occupied: Bitboard,
    pub king_square: [Square; 2],
    /// The king's square, its neighbours and the squares in front of those.
    pub king_zone: [Bitboard; 2],
    /// Pieces of each colour pinned to their own king.
    pub pinned: [Bitboard; 2],
    /// Squares a colour's pieces may move to without loss: not own pieces, not enemy pawn attacks.
    pub mobility_area: [Bitboard; 2],
    /// Squares attacked by each colour, by piece type.
    pub attacked_by: [[Bitboard; 6]; 2],
    /// Squares attacked by each colour at all.
    pub attacked: [Bitboard; 2],
    /// Squares attacked by each colour at least twice.
    pub attacked2: [Bitboard; 2],
    /// Per colour, how many pieces of each type attack the enemy king zone.
    pub king_attackers: [[i32; 6]; 2],
    /// Per colour, how many attacks its pieces make on enemy king-zone squares.
    pub king_zone_attacks: [i32; 2],
    pub pawns: pawns::PawnEntry,
}

impl EvalInfo {
    fn new(pos: &Position, pawn_entry: pawns::PawnEntry) -> EvalInfo {
        let king_square = [pos.king_square(Color::White), pos.king_square(Color::Black)];
        let mut info = EvalInfo {
            occupied: pos.occupied(),
            king_square,
            king_zone: [king_zone(Color::White, king_square[0]), king_zone(Color::Black, king_square[1])],
            pinned: [pieces::pinned(pos, Color::White), pieces::pinned(pos, Color::Black)],
            mobility_area: [Bitboard::EMPTY; 2],
            attacked_by: [[Bitboard::EMPTY; 6]; 2],
            attacked: [Bitboard::EMPTY; 2],
            attacked2: [Bitboard::EMPTY; 2],
            king_attackers: [[0; 6]; 2],
            king_zone_attacks: [0; 2],
            pawns: pawn_entry,
        };
        for us in Color::BOTH {
            let (u, th) = (us.index(), us.flip().index());
            let pawn_attacks = pawn_entry.attacks[u];
            let king = king_attacks(king_square[u]);
            info.mobility_area[u] = !(pos.by_color(us) | pawn_entry.attacks[th]);
            info.attacked_by[u][PieceType::Pawn.index()] = pawn_attacks;
            info.attacked_by[u][PieceType::King.index()] = king;
            info.attacked[u] = pawn_attacks | king;
            info.attacked2[u] = pawn_attacks & king;
        }
        info
    }

    /// Adds the attacks of one piece of `us` to the maps.
    #[inline]
    pub fn add_attacks(&mut self, us: Color, piece_type: PieceType, attacks: Bitboard) {
        let u = us.index();
        self.attacked2[u] |= self.attacked[u] & attacks;
        self.attacked[u] |= attacks;
        self.attacked_by[u][piece_type.index()] |= attacks;
    }
}

/// The squares around a king where enemy attacks count as an attack on the king.
fn king_zone(color: Color, square: Square) -> Bitboard {
    let around = king_attacks(square) | Bitboard::from_square(square);
    around | around.forward(color)
}

/// The evaluation from White's point of view (tempo included), recording in `t`.
/// With `pawns` it uses the pawn hash; tracing always recomputes, so that every
/// pawn term is recorded.
fn evaluate_white<T: Tracer>(pos: &Position, pawns: Option<&mut PawnTable>, t: &mut T) -> i32 {
    let pawn_entry = match pawns {
        Some(table) if !T::ENABLED => table.probe(pos, t),
        _ => pawns::evaluate_pawns(pos, t),
    };
    let mut info = EvalInfo::new(pos, pawn_entry);
    let mut total = S::ZERO;

    for color in Color::BOTH {
        t.term(Term::Pawns, color, pawn_entry.score[color.index()]);
    }
    total += pawn_entry.score[0] - pawn_entry.score[1];
    let mut material = [S::ZERO; 2];
    let mut placement = [S::ZERO; 2];
    for us in Color::BOTH {
        (material[us.index()], placement[us.index()]) = pieces::material_and_placement(pos, us, t);
    }
    total += record(t, Term::Material, material) + record(t, Term::Psqt, placement);

    // Pieces fill the attack maps, which every later term reads.
    let mut mobility = [S::ZERO; 2];
    let mut piece_terms = [S::ZERO; 2];
    for us in Color::BOTH {
        let (m, p) = pieces::pieces(pos, &mut info, us, t);
        mobility[us.index()] = m;
        piece_terms[us.index()] = p;
    }
    total += record(t, Term::Mobility, mobility) + record(t, Term::Pieces, piece_terms);

    total += both_sides(t, Term::KingSafety, |t, us| king::king_safety(pos, &info, us, t));
    total += both_sides(t, Term::Threats, |t, us| threats::threats(pos, &info, us, t));
    total += both_sides(t, Term::Passed, |t, us| passed::passed_pawns(pos, &info, us, t));
    total += both_sides(t, Term::Mopup, |t, us| endgame::mop_up(pos, us, t));

    let stm = pos.side_to_move();
    let tempo = weight!(t, stm, TEMPO);
    t.term(Term::Tempo, stm, tempo);
    total += tempo * stm.sign();

    // Complexity reads the whole endgame half, so it comes last.
    let complexity = endgame::complexity(pos, total.eg(), t);
    t.term(Term::Complexity, Color::White, complexity);
    total += complexity;

    let phase = game_phase(pos);
    let scale = endgame::scale_factor(pos, total.eg());
    let white_cp = total.blend(phase, scale).clamp(-EVAL_LIMIT, EVAL_LIMIT);
    t.finish(phase, scale, white_cp);
    white_cp
}

/// Runs a term for both colours, records both, and returns White minus Black.
#[inline(always)]
fn both_sides<T: Tracer>(t: &mut T, term: Term, mut f: impl FnMut(&mut T, Color) -> S) -> S {
    let white = f(t, Color::White);
    let black = f(t, Color::Black);
    record(t, term, [white, black])
}

#[inline(always)]
fn record<T: Tracer>(t: &mut T, term: Term, scores: [S; 2]) -> S {
    t.term(term, Color::White, scores[0]);
    t.term(term, Color::Black, scores[1]);
    scores[0] - scores[1]
}

/// The phase 0 (bare kings and pawns) ..= 256 (all pieces) from the non-pawn pieces.
#[must_use]
pub fn game_phase(pos: &Position) -> i32 {
    let mut counts = [0; 6];
    for pt in [PieceType::Knight, PieceType::Bishop, PieceType::Rook, PieceType::Queen] {
        counts[pt.index()] = pos.by_type(pt).count() as i32;
    }
    phase(counts)
}
