//! The staged move picker: hands out one move at a time, generating lazily,
//! so that a node cut off by its first move never generates or sorts the rest.
//!
//! Order in the main search: TT move, good captures (MVV-LVA + capture history,
//! SEE >= 0, queen promotions), the two killers, the counter move, quiet moves by
//! butterfly (by threatened squares) + continuation history, and last the bad captures and
//! under-promotions. In quiescence: TT move and the noisy moves only (captures,
//! queen promotions). In check, every evasion.
//! The board generates legal moves only; moves from tables are checked for legality.

use std::mem::MaybeUninit;

use crate::board::movegen::{generate_legal, generate_noisy, generate_quiet};
use crate::board::{Color, Move, MoveList, PieceType, Position, Threats};

use super::history::{Histories, QuietContext};
use super::params::{CAPTURE_HISTORY_DIVISOR, LVA_DIVISOR, MVV_WEIGHT};
use super::see::{see_ge, see_value};

#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Stage {
    TtMove,
    GenerateNoisy,
    GoodNoisy,
    Killer1,
    Killer2,
    Counter,
    GenerateQuiets,
    Quiets,
    BadNoisy,
    GenerateEvasions,
    Evasions,
    Done,
}

/// Which moves a node wants.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PickerMode {
    /// Every legal move, staged as described above.
    Main,
    /// Captures and queen promotions only (in check: every evasion).
    Quiescence,
}

/// Ordering helpers a node hands to its picker.
#[derive(Clone, Copy, Debug)]
pub struct OrderingHints {
    pub tt_move: Move,
    pub killers: [Move; 2],
    pub counter: Move,
    pub quiet: QuietContext,
}

/// Score of every evasion capture over every quiet evasion.
const EVASION_CAPTURE_BONUS: i32 = 1 << 24;

/// Quiet-move ordering bonus (or malus) for leaving (or entering) a square a
/// cheaper piece attacks, on the scale of the three history tables (±16384 each).
const QUEEN_THREAT_SCORE: i32 = 25_000;
const ROOK_THREAT_SCORE: i32 = 12_500;
const MINOR_THREAT_SCORE: i32 = 7_500;

/// Moves with scores, picked best first. Each move is packed with its score
/// into one key that sorts as the order wants: the score in the high half
/// (sign bit flipped, so unsigned order is score order), then the move's place
/// in the list (inverted, so that of equal scores the earlier move is the
/// larger key), then the move itself. One array of keys sorts faster than
/// moves and scores kept side by side.
struct ScoredMoves {
    /// Uninitialised until pushed, as in `MoveList`: a picker is made at every
    /// node and zeroing 2 KB there showed in the profile.
    keys: [MaybeUninit<u64>; MoveList::CAPACITY],
    /// The first `len` keys are initialised (every write goes through `push`).
    len: usize,
    next: usize,
}

impl ScoredMoves {
    const SCORE_SHIFT: u32 = 32;
    const SIGN_FLIP: u32 = 1 << 31;

    fn new() -> ScoredMoves {
        ScoredMoves { keys: [const { MaybeUninit::uninit() }; MoveList::CAPACITY], len: 0, next: 0 }
    }

    fn reset(&mut self) {
        self.len = 0;
        self.next = 0;
    }

    fn push(&mut self, mv: Move, score: i32) {
        let score_bits = u64::from(score.cast_unsigned() ^ Self::SIGN_FLIP);
        // The list holds at most 256 moves, so the place fits in 16 bits.
        let place_bits = u64::from(u16::MAX - self.len as u16);
        // Filled from a `MoveList`, which never holds more than the keys fit.
        if let Some(key) = self.keys.get_mut(self.len) {
            key.write(score_bits << Self::SCORE_SHIFT | place_bits << 16 | u64::from(mv.raw()));
            self.len += 1;
        }
    }

    /// The keys pushed so far.
    fn filled(&mut self) -> &mut [u64] {
        let filled = &mut self.keys[..self.len];
        // SAFETY: `push` initialised every key below `len` (the only place `len`
        // grows), and `MaybeUninit<u64>` has the layout of `u64`.
        unsafe { &mut *(std::ptr::from_mut(filled) as *mut [u64]) }
    }

    fn move_of(key: u64) -> Move {
        Move::from_raw(key as u16)
    }

    /// The best remaining move, moved to the front of the remaining part (ties:
    /// the earlier move). For stages that usually hand out only a few moves.
    fn pick_best(&mut self) -> Option<Move> {
        if self.next >= self.len {
            return None;
        }
        let next = self.next;
        let keys = self.filled();
        let mut best = next;
        for index in next + 1..keys.len() {
            if keys[index] >> Self::SCORE_SHIFT > keys[best] >> Self::SCORE_SHIFT {
                best = index;
            }
        }
        keys.swap(next, best);
        self.take_next()
    }

    /// Sorts the remaining moves best first (of equal scores, the one pushed
    /// first), for stages that hand out many of their moves: cheaper than
    /// repeated selection. The keys are unique, so an unstable sort is exact.
    fn sort_remaining(&mut self) {
        let next = self.next;
        self.filled()[next..].sort_unstable_by_key(|&key| std::cmp::Reverse(key));
    }

    /// The next remaining move in list order.
    fn take_next(&mut self) -> Option<Move> {
        let next = self.next;
        let key = *self.filled().get(next)?;
        self.next += 1;
        Some(Self::move_of(key))
    }
}

pub struct MovePicker {
    stage: Stage,
    mode: PickerMode,
    hints: OrderingHints,
    list: ScoredMoves,
    bad_noisy: MoveList,
    bad_next: usize,
}

impl MovePicker {
    /// A picker for a node; `in_check` switches to evasions in any mode.
    #[must_use]
    pub fn new(pos: &Position, mode: PickerMode, mut hints: OrderingHints) -> MovePicker {
        let wanted = mode == PickerMode::Main || pos.in_check() || is_qsearch_noisy(pos, hints.tt_move);
        if !wanted || !pos.is_legal(hints.tt_move) {
            hints.tt_move = Move::NONE;
        }
        MovePicker {
            stage: Stage::TtMove,
            mode,
            hints,
            list: ScoredMoves::new(),
            bad_noisy: MoveList::new(),
            bad_next: 0,
        }
    }

    /// The next legal move, or None when all have been handed out.
    pub fn next(&mut self, pos: &Position, histories: &Histories) -> Option<Move> {
        loop {
            if let Some(mv) = self.step(pos, histories) {
                return Some(mv);
            }
            if self.stage == Stage::Done {
                return None;
            }
        }
    }

    /// Runs the current stage: a move, or None after moving on to another stage.
    fn step(&mut self, pos: &Position, histories: &Histories) -> Option<Move> {
        match self.stage {
            Stage::TtMove => {
                self.stage = if pos.in_check() { Stage::GenerateEvasions } else { Stage::GenerateNoisy };
                self.hints.tt_move.is_some().then_some(self.hints.tt_move)
            }
            Stage::GenerateNoisy => {
                self.generate_noisy(pos, histories);
                self.stage = Stage::GoodNoisy;
                None
            }
            Stage::GoodNoisy => self.next_good_noisy(pos),
            Stage::Killer1 => self.table_move(pos, self.hints.killers[0], Stage::Killer2),
            Stage::Killer2 => self.table_move(pos, self.hints.killers[1], Stage::Counter),
            Stage::Counter => self.table_move(pos, self.hints.counter, Stage::GenerateQuiets),
            Stage::GenerateQuiets => {
                self.generate_quiets(pos, histories);
                self.stage = Stage::Quiets;
                None
            }
            Stage::Quiets => self.next_quiet(),
            Stage::BadNoisy => {
                let mv = self.bad_noisy.as_slice().get(self.bad_next).copied();
                self.bad_next += 1;
                if mv.is_none() {
                    self.stage = Stage::Done;
                }
                mv
            }
            Stage::GenerateEvasions => {
                self.generate_evasions(pos, histories);
                self.stage = Stage::Evasions;
                None
            }
            Stage::Evasions => {
                let mv = self.list.take_next();
                if mv.is_none() {
                    self.stage = Stage::Done;
                }
                mv
            }
            Stage::Done => None,
        }
    }

    fn generate_noisy(&mut self, pos: &Position, histories: &Histories) {
        let mut generated = MoveList::new();
        generate_noisy(pos, &mut generated);
        self.list.reset();
        for &mv in generated.iter() {
            if mv == self.hints.tt_move {
                continue;
            }
            if self.mode == PickerMode::Quiescence && !is_qsearch_noisy(pos, mv) {
                continue;
            }
            self.list.push(mv, noisy_score(pos, histories, mv));
        }
    }

    /// Good captures first; those losing material (SEE < 0) and under-promotions wait for the end.
    fn next_good_noisy(&mut self, pos: &Position) -> Option<Move> {
        while let Some(mv) = self.list.pick_best() {
            if self.mode == PickerMode::Quiescence {
                // Quiescence prunes by SEE itself, with the margin it chooses.
                return Some(mv);
            }
            let under_promotion = mv.promotion_piece().is_some_and(|piece| piece != PieceType::Queen);
            if !under_promotion && see_ge(pos, mv, 0) {
                return Some(mv);
            }
            self.bad_noisy.push(mv);
        }
        self.stage = if self.mode == PickerMode::Quiescence { Stage::Done } else { Stage::Killer1 };
        None
    }

    /// A killer or counter move, if usable here and not already handed out.
    fn table_move(&mut self, pos: &Position, mv: Move, next_stage: Stage) -> Option<Move> {
        self.stage = next_stage;
        let earlier_killers = match next_stage {
            Stage::Killer2 => &self.hints.killers[..0],
            Stage::Counter => &self.hints.killers[..1],
            _ => &self.hints.killers[..],
        };
        let duplicate = mv == self.hints.tt_move || earlier_killers.contains(&mv);
        let usable = !duplicate && pos.is_legal(mv) && pos.is_quiet(mv);
        usable.then_some(mv)
    }

    fn generate_quiets(&mut self, pos: &Position, histories: &Histories) {
        let mut generated = MoveList::new();
        generate_quiet(pos, &mut generated);
        self.list.reset();
        let color = pos.side_to_move();
        for &mv in generated.iter() {
            if mv == self.hints.tt_move || self.hints.killers.contains(&mv) || mv == self.hints.counter {
                continue;
            }
            let score = quiet_score(pos, histories, color, mv, &self.hints.quiet);
            self.list.push(mv, score);
        }
        self.list.sort_remaining();
    }

    fn next_quiet(&mut self) -> Option<Move> {
        let mv = self.list.take_next();
        if mv.is_none() {
            self.stage = Stage::BadNoisy;
        }
        mv
    }

    fn generate_evasions(&mut self, pos: &Position, histories: &Histories) {
        let mut generated = MoveList::new();
        generate_legal(pos, &mut generated);
        self.list.reset();
        let color = pos.side_to_move();
        for &mv in generated.iter() {
            if mv == self.hints.tt_move {
                continue;
            }
            let score = if pos.is_quiet(mv) {
                quiet_score(pos, histories, color, mv, &self.hints.quiet)
            } else {
                EVASION_CAPTURE_BONUS + noisy_score(pos, histories, mv)
            };
            self.list.push(mv, score);
        }
        self.list.sort_remaining();
    }
}

/// Captures and queen promotions: what quiescence searches when not in check.
fn is_qsearch_noisy(pos: &Position, mv: Move) -> bool {
    match mv.promotion_piece() {
        Some(piece) => piece == PieceType::Queen,
        None => pos.is_capture(mv),
    }
}

/// MVV-LVA refined by capture history: the most valuable victim first, and
/// among equal victims the attacker that has captured there well before.
fn noisy_score(pos: &Position, histories: &Histories, mv: Move) -> i32 {
    let piece = pos.moved_piece(mv);
    let promotion = mv.promotion_piece().map_or(0, see_value);
    match pos.captured_piece_type(mv) {
        Some(captured) => {
            MVV_WEIGHT * see_value(captured) + promotion - see_value(piece.piece_type()) / LVA_DIVISOR
                + histories.capture_history(piece, mv.to(), captured) / CAPTURE_HISTORY_DIVISOR
        }
        None => promotion,
    }
}

/// History, then whether the move takes a piece out of reach of a cheaper
/// attacker or puts it there: the history tables cannot tell a queen from a
/// knight on an attacked square.
fn quiet_score(pos: &Position, histories: &Histories, color: Color, mv: Move, context: &QuietContext) -> i32 {
    let piece = pos.moved_piece(mv);
    histories.quiet_score(color, mv, piece, context) + threat_score(piece.piece_type(), mv, &context.threats)
}

/// The ordering bonus for a piece leaving a square a cheaper piece attacks,
/// and the same malus for one moving onto such a square.
fn threat_score(piece_type: PieceType, mv: Move, threats: &Threats) -> i32 {
    let (cheaper_attacks, value) = match piece_type {
        PieceType::Queen => (threats.by_rook, QUEEN_THREAT_SCORE),
        PieceType::Rook => (threats.by_minor, ROOK_THREAT_SCORE),
        PieceType::Knight | PieceType::Bishop => (threats.by_pawn, MINOR_THREAT_SCORE),
        PieceType::Pawn | PieceType::King => return 0,
    };
    match (cheaper_attacks.contains(mv.from()), cheaper_attacks.contains(mv.to())) {
        (true, false) => value,
        (false, true) => -value,
        _ => 0,
    }
}

#[cfg(test)]
mod tests {
    //! Small on purpose: these also run under Miri (`scripts/sanitize.sh`),
    //! which checks the `MaybeUninit` keys of `ScoredMoves`.

    use super::*;
    use crate::board::movegen::generate_legal;
    use crate::board::Square;

    fn hints(tt_move: Move) -> OrderingHints {
        let quiet = QuietContext { keys: [None, None], threats: Threats::NONE };
        OrderingHints { tt_move, killers: [Move::NONE; 2], counter: Move::NONE, quiet }
    }

    fn legal(pos: &Position) -> Vec<Move> {
        let mut list = MoveList::new();
        generate_legal(pos, &mut list);
        list.as_slice().to_vec()
    }

    fn picked(pos: &Position, mode: PickerMode, hints: OrderingHints) -> Vec<Move> {
        let histories = Histories::new();
        let mut picker = MovePicker::new(pos, mode, hints);
        std::iter::from_fn(|| picker.next(pos, &histories)).collect()
    }

    fn sorted(mut moves: Vec<Move>) -> Vec<u16> {
        let mut raw: Vec<u16> = moves.drain(..).map(Move::raw).collect();
        raw.sort_unstable();
        raw
    }

    #[test]
    fn every_legal_move_comes_once_with_the_tt_move_first_and_good_captures_next() {
        // White: exd5 wins a pawn, Qxa8 wins a rook for the queen; the rest is quiet.
        let pos = Position::from_fen("rk6/8/8/3p4/4P3/8/8/Q3K3 w - - 0 1").expect("FEN");
        let tt_move = pos.parse_uci_move("e1d2", false).expect("legal");
        let moves = picked(&pos, PickerMode::Main, hints(tt_move));
        assert_eq!(sorted(moves.clone()), sorted(legal(&pos)));
        assert_eq!(moves[0], tt_move);
        assert_eq!(moves[1], pos.parse_uci_move("e4d5", false).expect("legal"));
        // A capture that loses material waits until after every quiet move.
        let losing = pos.parse_uci_move("a1a8", false).expect("legal");
        assert_eq!(moves.last(), Some(&losing));
    }

    #[test]
    fn pieces_leave_cheaper_attacks_first_and_walk_into_them_last() {
        // The knight on d5 attacks the queen on e3, b4 and b6; the pawn on c4 attacks b3 and d3.
        let pos = Position::from_fen("7k/8/8/3n4/2p5/4Q3/8/1R2K3 w - - 0 1").expect("FEN");
        let mut with_threats = hints(Move::NONE);
        with_threats.quiet.threats = pos.threats_by(Color::Black);
        let moves = picked(&pos, PickerMode::Main, with_threats);
        assert_eq!(sorted(moves.clone()), sorted(legal(&pos)));
        let queen = Square::from_file_rank(4, 2);
        let safe = !with_threats.quiet.threats.by_rook;
        let escapes = legal(&pos).into_iter().filter(|mv| mv.from() == queen && safe.contains(mv.to())).count();
        assert!(escapes > 0);
        assert!(moves[..escapes].iter().all(|mv| mv.from() == queen && safe.contains(mv.to())));
        let mut last: Vec<String> = moves[moves.len() - 3..].iter().map(|&mv| pos.move_to_uci(mv, false)).collect();
        last.sort();
        assert_eq!(last, ["b1b3", "b1b4", "b1b6"]);
    }

    #[test]
    fn in_check_only_evasions_come_captures_first() {
        let pos = Position::from_fen("4k3/8/8/8/8/8/3q4/4K3 w - - 0 1").expect("FEN");
        let moves = picked(&pos, PickerMode::Main, hints(Move::NONE));
        assert_eq!(sorted(moves.clone()), sorted(legal(&pos)));
        assert_eq!(moves.first(), Some(&pos.parse_uci_move("e1d2", false).expect("legal")));
    }

    #[test]
    fn quiescence_hands_out_the_captures_only() {
        let pos = Position::from_fen("rk6/8/8/3p4/4P3/8/8/Q3K3 w - - 0 1").expect("FEN");
        let quiet_tt_move = pos.parse_uci_move("e4e5", false).expect("legal");
        let moves = picked(&pos, PickerMode::Quiescence, hints(quiet_tt_move));
        let captures: Vec<Move> = legal(&pos).into_iter().filter(|&mv| pos.is_capture(mv)).collect();
        assert_eq!(sorted(moves), sorted(captures));
    }
}
