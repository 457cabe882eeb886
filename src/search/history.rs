//! What one search thread learns across its searches: history tables, killers
//! and counter moves for move ordering, and the static-eval correction.
//!
//! History scores move towards a bound with "gravity": an update of size `b` moves
//! an entry `v` by `b - v * |b| / MAX`, so entries saturate smoothly at ±`MAX`
//! instead of overflowing, and recent results weigh more than old ones.

use crate::board::{Bitboard, Color, Move, Piece, PieceType, Square, Threats};

use super::correction::CorrectionHistory;
use super::params::history_bonus;
use super::score::MAX_PLY;

/// The bound every history entry stays within.
pub const HISTORY_MAX: i32 = 16_384;

/// A moved piece and its destination: the key of continuation and counter-move tables.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PieceTo(u16);

impl PieceTo {
    const COUNT: usize = 12 * 64;

    #[inline]
    #[must_use]
    pub fn new(piece: Piece, to: Square) -> PieceTo {
        PieceTo((piece.index() * 64 + to.index()) as u16)
    }

    #[inline]
    fn index(self) -> usize {
        usize::from(self.0)
    }
}

#[inline]
fn apply_gravity(entry: &mut i16, bonus: i32) {
    let bonus = bonus.clamp(-HISTORY_MAX, HISTORY_MAX);
    let value = i32::from(*entry);
    let updated = value + bonus - value * bonus.abs() / HISTORY_MAX;
    // The gravity formula keeps |updated| <= HISTORY_MAX, which fits an i16.
    *entry = updated.clamp(-HISTORY_MAX, HISTORY_MAX) as i16;
}

/// A flat table of `i16` history entries on the heap (the large ones do not fit a stack).
struct Table(Box<[i16]>);

impl Table {
    fn new(len: usize) -> Table {
        Table(vec![0; len].into_boxed_slice())
    }

    fn clear(&mut self) {
        self.0.fill(0);
    }

    #[inline]
    fn get(&self, index: usize) -> i32 {
        i32::from(self.0[index])
    }

    #[inline]
    fn update(&mut self, index: usize, bonus: i32) {
        apply_gravity(&mut self.0[index], bonus);
    }
}

/// The continuation keys of the moves one and two plies before a node (None after
/// a null move or near the root).
pub type ContinuationKeys = [Option<PieceTo>; 2];

/// One quiet or capture move tried at a node, with the piece that made it.
#[derive(Clone, Copy, Debug)]
pub struct TriedMove {
    pub mv: Move,
    pub piece: Piece,
    /// The captured piece type for captures (en passant: pawn), None for quiets.
    pub captured: Option<PieceType>,
}

/// All ordering tables of one thread.
pub struct Histories {
    /// [color][from attacked][to attacked][from][to]: how often a quiet move
    /// caused a cut-off, apart by whether the opponent attacks its squares.
    butterfly: Table,
    /// [piece][to][captured type]: the same for captures.
    capture: Table,
    /// [previous piece/to][piece/to], for the moves 1 and 2 plies back.
    continuation: [Table; 2],
    /// Two quiet moves per ply that recently caused cut-offs there.
    killers: Box<[[Move; 2]]>,
    /// [previous piece/to]: the quiet move that last refuted that move.
    counters: Box<[Move]>,
    /// The static eval's average error by pawn structure and by each side's pieces.
    pub correction: CorrectionHistory,
}

impl Default for Histories {
    fn default() -> Self {
        Histories::new()
    }
}

impl Histories {
    #[must_use]
    pub fn new() -> Histories {
        Histories {
            butterfly: Table::new(2 * 4 * 64 * 64),
            capture: Table::new(12 * 64 * 6),
            continuation: [Table::new(PieceTo::COUNT * PieceTo::COUNT), Table::new(PieceTo::COUNT * PieceTo::COUNT)],
            killers: vec![[Move::NONE; 2]; MAX_PLY + 2].into_boxed_slice(),
            counters: vec![Move::NONE; PieceTo::COUNT].into_boxed_slice(),
            correction: CorrectionHistory::new(),
        }
    }

    /// Forgets everything (`ucinewgame`).
    pub fn clear(&mut self) {
        self.butterfly.clear();
        self.capture.clear();
        self.continuation.iter_mut().for_each(Table::clear);
        self.clear_killers();
        self.counters.fill(Move::NONE);
        self.correction.clear();
    }

    /// Killers only make sense within one search tree.
    pub fn clear_killers(&mut self) {
        self.killers.fill([Move::NONE; 2]);
    }

    /// Forgets the killers of `ply` (the children of a node are cleared before it searches them).
    pub fn reset_killers(&mut self, ply: usize) {
        if let Some(slot) = self.killers.get_mut(ply) {
            *slot = [Move::NONE; 2];
        }
    }

    /// The same move leaving an attacked square, or going to one, is another
    /// matter for the ordering: a piece escaping a threat, or walking into one.
    #[inline]
    fn butterfly_index(color: Color, mv: Move, threats: Bitboard) -> usize {
        let from_attacked = usize::from(threats.contains(mv.from()));
        let to_attacked = usize::from(threats.contains(mv.to()));
        ((color.index() * 2 + from_attacked) * 2 + to_attacked) * 4096 + mv.from().index() * 64 + mv.to().index()
    }

    #[inline]
    fn capture_index(piece: Piece, to: Square, captured: PieceType) -> usize {
        (piece.index() * 64 + to.index()) * 6 + captured.index()
    }

    #[inline]
    fn continuation_index(previous: PieceTo, current: PieceTo) -> usize {
        previous.index() * PieceTo::COUNT + current.index()
    }

    /// `threats`: the squares the opponent attacks where `color` moves.
    #[must_use]
    pub fn butterfly_history(&self, color: Color, mv: Move, threats: Bitboard) -> i32 {
        self.butterfly.get(Self::butterfly_index(color, mv, threats))
    }

    #[must_use]
    pub fn capture_history(&self, piece: Piece, to: Square, captured: PieceType) -> i32 {
        self.capture.get(Self::capture_index(piece, to, captured))
    }

    /// Continuation history of `current` after the move `back` + 1 plies earlier.
    #[must_use]
    pub fn continuation_history(&self, back: usize, previous: Option<PieceTo>, current: PieceTo) -> i32 {
        previous.map_or(0, |previous| self.continuation[back].get(Self::continuation_index(previous, current)))
    }

    /// The ordering score of a quiet move: butterfly plus both continuation histories.
    #[must_use]
    pub fn quiet_score(&self, color: Color, mv: Move, piece: Piece, context: &QuietContext) -> i32 {
        let current = PieceTo::new(piece, mv.to());
        let keys = &context.keys;
        self.butterfly_history(color, mv, context.threats.all)
            + self.continuation_history(0, keys[0], current)
            + self.continuation_history(1, keys[1], current)
    }

    #[must_use]
    pub fn killers(&self, ply: usize) -> [Move; 2] {
        self.killers.get(ply).copied().unwrap_or([Move::NONE; 2])
    }

    #[must_use]
    pub fn counter_move(&self, previous: Option<PieceTo>) -> Move {
        previous.map_or(Move::NONE, |previous| self.counters[previous.index()])
    }

    fn update_quiet(&mut self, color: Color, tried: &TriedMove, context: &QuietContext, bonus: i32) {
        self.update_butterfly(color, tried.mv, context.threats.all, bonus);
        let current = PieceTo::new(tried.piece, tried.mv.to());
        for (back, previous) in context.keys.iter().enumerate() {
            if let Some(previous) = previous {
                self.continuation[back].update(Self::continuation_index(*previous, current), bonus);
            }
        }
    }

    /// Moves the butterfly history of `color`'s quiet move `mv` by `bonus`.
    pub fn update_butterfly(&mut self, color: Color, mv: Move, threats: Bitboard, bonus: i32) {
        self.butterfly.update(Self::butterfly_index(color, mv, threats), bonus);
    }

    fn update_capture(&mut self, tried: &TriedMove, bonus: i32) {
        if let Some(captured) = tried.captured {
            self.capture.update(Self::capture_index(tried.piece, tried.mv.to(), captured), bonus);
        }
    }

    /// Rewards the quiet move that caused a beta cut-off and punishes the quiets tried
    /// before it; also makes it a killer and the counter move to the previous move.
    pub fn on_quiet_cutoff(&mut self, cutoff: &QuietCutoff<'_>) {
        let bonus = history_bonus(cutoff.depth);
        self.update_quiet(cutoff.color, &cutoff.best, cutoff.context, bonus);
        for tried in cutoff.failed_quiets {
            self.update_quiet(cutoff.color, tried, cutoff.context, -bonus);
        }
        if let Some(killers) = self.killers.get_mut(cutoff.ply) {
            if killers[0] != cutoff.best.mv {
                killers[1] = killers[0];
                killers[0] = cutoff.best.mv;
            }
        }
        if let Some(previous) = cutoff.context.keys[0] {
            self.counters[previous.index()] = cutoff.best.mv;
        }
    }

    /// Rewards the capture that caused a cut-off (if it was one) and punishes the
    /// captures tried before it, whatever kind the best move was.
    pub fn on_capture_results(&mut self, best: Option<&TriedMove>, failed_captures: &[TriedMove], depth: i32) {
        let bonus = history_bonus(depth);
        if let Some(best) = best {
            self.update_capture(best, bonus);
        }
        for tried in failed_captures {
            self.update_capture(tried, -bonus);
        }
    }
}

/// Everything needed to learn from a beta cut-off by a quiet move.
pub struct QuietCutoff<'a> {
    pub color: Color,
    pub ply: usize,
    pub depth: i32,
    pub best: TriedMove,
    pub failed_quiets: &'a [TriedMove],
    pub context: &'a QuietContext,
}

/// What a quiet move's history is read and taught under at a node: the moves
/// before it (continuation history) and the squares the opponent attacks, by
/// the cheapest attacker (butterfly history, and the picker's threat score).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct QuietContext {
    pub keys: ContinuationKeys,
    pub threats: Threats,
}

#[cfg(test)]
mod tests {
    use super::*;

    fn quiet(from: &str, to: &str) -> TriedMove {
        let square = |name: &str| Square::parse(name).expect("square");
        TriedMove {
            mv: Move::new(square(from), square(to)),
            piece: Piece::new(Color::White, PieceType::Knight),
            captured: None,
        }
    }

    #[test]
    fn gravity_saturates_within_bounds() {
        let mut entry = 0_i16;
        for _ in 0..1000 {
            apply_gravity(&mut entry, 5000);
        }
        assert!(i32::from(entry) <= HISTORY_MAX && i32::from(entry) > HISTORY_MAX - 100);
        for _ in 0..1000 {
            apply_gravity(&mut entry, -1_000_000);
        }
        assert_eq!(i32::from(entry), -HISTORY_MAX);
    }

    #[test]
    fn cutoffs_reward_best_punish_others_and_set_killers() {
        let mut histories = Histories::new();
        let best = quiet("g1", "f3");
        let failed = [quiet("b1", "c3")];
        let previous = PieceTo::new(Piece::new(Color::Black, PieceType::Pawn), Square::parse("e5").expect("e5"));
        let context = QuietContext { keys: [Some(previous), None], threats: Threats::NONE };
        histories.on_quiet_cutoff(&QuietCutoff {
            color: Color::White,
            ply: 3,
            depth: 5,
            best,
            failed_quiets: &failed,
            context: &context,
        });
        let score_best = histories.quiet_score(Color::White, best.mv, best.piece, &context);
        let score_failed = histories.quiet_score(Color::White, failed[0].mv, failed[0].piece, &context);
        assert!(score_best > 0 && score_failed < 0);
        assert_eq!(histories.butterfly_history(Color::Black, best.mv, Bitboard::EMPTY), 0, "colours are separate");
        let attacked = Bitboard::from_square(best.mv.from());
        assert_eq!(histories.butterfly_history(Color::White, best.mv, attacked), 0, "so are threatened squares");
        assert_eq!(histories.killers(3), [best.mv, Move::NONE]);
        assert_eq!(histories.counter_move(Some(previous)), best.mv);
        histories.clear();
        assert_eq!(histories.quiet_score(Color::White, best.mv, best.piece, &context), 0);
        assert_eq!(histories.killers(3), [Move::NONE; 2]);
    }
}
