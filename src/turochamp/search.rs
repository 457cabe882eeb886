//! Turing's search: every move to two plies (own move and reply), then only
//! *considerable* moves until the position is dead; values minimaxed back.
//!
//! Interpretations (each a choice the description leaves open):
//! - **Considerable moves** beyond the second ply: a capture on the square
//!   where the previous move captured (a recapture); a capture of a piece
//!   worth more than the capturing one; a capture of a piece that no piece of
//!   its own side attacks (defence counted before the capture, without
//!   x-rays); a move that gives checkmate. Checks, promotions and escapes from
//!   check are not considerable unless they are one of these.
//! - **Dead position**: one without considerable moves; its value is the
//!   material ratio ([`Value`]).
//! - **Declining**: in a position that is not dead the side to move may still
//!   decline every considerable move (nobody is obliged to capture), so the
//!   value there is the better of the material standing and the considerable
//!   moves — the "stand pat" of later programs. On plies 1 and 2 every legal
//!   move is searched and there is no standing pat.
//! - **Mate and stalemate** anywhere in the tree: checkmate ranks above (or
//!   below) every ratio, stalemate is 1:1.
//! - **Choice**: the greatest value; among moves of exactly that value, the
//!   greatest position-play value of the position after the move
//!   ([`super::eval`]); a remaining tie goes to the first move in our move
//!   generation order (Turing: "at random, or according to an arbitrary
//!   additional condition").
//!
//! Bounds (Turing's hand search had none, a program needs them): the extension
//! stops at ply [`MAX_PLY`] (dead or not: material is then taken as it
//! stands), the caller's node budget and stop flag end the search early, and
//! alpha-beta with strict cut-offs prunes only lines that cannot change the
//! value — ties survive, so the position-play tie-break sees every tied move.

use std::sync::atomic::{AtomicBool, Ordering};

use crate::board::movegen::{generate_legal, has_legal_move};
use crate::board::{Color, Move, MoveList, Position, Square};

use super::eval::{position_play, PositionPlay};
use super::value::{piece_value, Value};

/// Deepest ply the considerable-move extension may reach.
pub const MAX_PLY: usize = 24;

/// A root move with its exact value, and its position play when computed.
#[derive(Clone, Debug)]
pub struct TurochampRootMove {
    /// The move, legal in the root position.
    pub mv: Move,
    /// Its material value for the side to move at the root.
    pub value: Value,
    /// Computed only for moves whose value reached the best value seen so far.
    pub play: Option<PositionPlay>,
    /// The expected line, starting with `mv`.
    pub pv: Vec<Move>,
}

/// What one Turochamp search found.
#[derive(Clone, Debug)]
pub struct TurochampResult {
    /// The chosen move: the greatest value, ties broken by position play.
    pub best: TurochampRootMove,
    /// Positions visited below the root.
    pub nodes: u64,
    /// Deepest ply reached.
    pub seldepth: usize,
    /// False when the stop flag or the node budget cut the search short; the
    /// best move is then the best of the root moves searched to the end.
    pub complete: bool,
}

/// Searches `candidates` (legal moves of `root`, at least one) by Turing's rules.
#[must_use]
pub fn search(root: &Position, candidates: &[Move], stop: &AtomicBool, max_nodes: u64) -> TurochampResult {
    let mut searcher = Searcher { us: root.side_to_move(), stop, max_nodes, nodes: 0, seldepth: 0, aborted: false };
    let mut pos = root.clone();
    let mut best: Option<TurochampRootMove> = None;
    for &mv in candidates {
        pos.make_move(mv);
        let alpha = best.as_ref().map_or(Value::WORST, |b| b.value);
        let mut pv = vec![mv];
        let value = searcher.reply_node(&mut pos, alpha, &mut pv);
        let play = (!searcher.aborted && value >= alpha).then(|| position_play(&pos, mv.is_castling()));
        pos.unmake_move();
        if searcher.aborted {
            break;
        }
        let candidate = TurochampRootMove { mv, value, play, pv };
        if best.as_ref().is_none_or(|b| is_better(&candidate, b)) {
            best = Some(candidate);
        }
    }
    let complete = !searcher.aborted;
    let best = best.unwrap_or_else(|| TurochampRootMove {
        mv: candidates[0],
        value: Value::draw(),
        play: None,
        pv: vec![candidates[0]],
    });
    TurochampResult { best, nodes: searcher.nodes, seldepth: searcher.seldepth, complete }
}

/// The exact value and position play of one move (for reports that compare a
/// move with the one chosen).
#[must_use]
pub fn evaluate_move(root: &Position, mv: Move, stop: &AtomicBool, max_nodes: u64) -> TurochampRootMove {
    search(root, &[mv], stop, max_nodes).best
}

/// Material first; position play breaks exact ties; then the earlier move stays.
fn is_better(candidate: &TurochampRootMove, incumbent: &TurochampRootMove) -> bool {
    match candidate.value.cmp(&incumbent.value) {
        std::cmp::Ordering::Greater => true,
        std::cmp::Ordering::Less => false,
        std::cmp::Ordering::Equal => {
            let total = |m: &TurochampRootMove| m.play.map_or(f64::NEG_INFINITY, |p| p.total());
            total(candidate) > total(incumbent)
        }
    }
}

struct Searcher<'a> {
    /// The machine's side: values are its material ratio.
    us: Color,
    stop: &'a AtomicBool,
    max_nodes: u64,
    nodes: u64,
    seldepth: usize,
    aborted: bool,
}

impl Searcher<'_> {
    fn enter_node(&mut self, ply: usize) {
        self.nodes += 1;
        self.seldepth = self.seldepth.max(ply);
        if self.nodes >= self.max_nodes || (self.nodes.is_multiple_of(1024) && self.stop.load(Ordering::Relaxed)) {
            self.aborted = true;
        }
    }

    /// Value of a position without legal moves, `ply` plies from the root.
    fn terminal(&self, pos: &Position, ply: usize) -> Value {
        match (pos.in_check(), pos.side_to_move() == self.us) {
            (false, _) => Value::draw(),
            (true, true) => Value::mated_at(ply),
            (true, false) => Value::mates_at(ply),
        }
    }

    /// Ply 1: the opponent's reply, every legal move, no standing pat. Lines
    /// worth less than `alpha` are cut (a move worse than the best so far is
    /// not chosen whatever its exact value); lines equal to it are kept.
    fn reply_node(&mut self, pos: &mut Position, alpha: Value, pv: &mut Vec<Move>) -> Value {
        self.enter_node(1);
        let mut legal = MoveList::new();
        generate_legal(pos, &mut legal);
        if legal.is_empty() {
            return self.terminal(pos, 1);
        }
        let mut best = Value::BEST;
        let mut best_line = Vec::new();
        for &reply in legal.iter() {
            let captured_on = pos.is_capture(reply).then(|| reply.to());
            pos.make_move(reply);
            let mut line = Vec::new();
            let value = self.considerable_node(pos, 2, captured_on, alpha, best, &mut line);
            pos.unmake_move();
            if self.aborted {
                return best;
            }
            if value < best {
                best = value;
                best_line = std::iter::once(reply).chain(line).collect();
                if best < alpha {
                    break;
                }
            }
        }
        pv.extend(best_line);
        best
    }

    /// Ply 2 and beyond: only considerable moves, and the side to move may
    /// stand on the material as it is. Fail-soft alpha-beta with strict
    /// cut-offs: a value inside `[alpha, beta]` (bounds included) is exact.
    fn considerable_node(
        &mut self,
        pos: &mut Position,
        ply: usize,
        captured_on: Option<Square>,
        alpha: Value,
        beta: Value,
        pv: &mut Vec<Move>,
    ) -> Value {
        self.enter_node(ply);
        let mut legal = MoveList::new();
        generate_legal(pos, &mut legal);
        if legal.is_empty() {
            return self.terminal(pos, ply);
        }
        let standing = Value::of_material(pos, self.us);
        if ply >= MAX_PLY || self.aborted {
            return standing;
        }
        let maximizing = pos.side_to_move() == self.us;
        let cut = |value: Value, alpha: Value, beta: Value| if maximizing { value > beta } else { value < alpha };
        let mut best = standing;
        if cut(best, alpha, beta) {
            return best;
        }
        let moves = considerable_moves(pos, &legal, captured_on);
        for mv in moves {
            let next_captured_on = pos.is_capture(mv).then(|| mv.to());
            let (child_alpha, child_beta) = if maximizing { (alpha.max(best), beta) } else { (alpha, beta.min(best)) };
            pos.make_move(mv);
            let mut line = Vec::new();
            let value = self.considerable_node(pos, ply + 1, next_captured_on, child_alpha, child_beta, &mut line);
            pos.unmake_move();
            if self.aborted {
                return best;
            }
            let improves = if maximizing { value > best } else { value < best };
            if improves {
                best = value;
                pv.clear();
                pv.push(mv);
                pv.extend(line);
                if cut(best, alpha, beta) {
                    break;
                }
            }
        }
        best
    }
}

/// The considerable moves among `legal`, most valuable victims first (the
/// order only speeds up the cut-offs).
fn considerable_moves(pos: &mut Position, legal: &MoveList, captured_on: Option<Square>) -> Vec<Move> {
    let mut moves: Vec<(i64, Move)> = Vec::new();
    for &mv in legal.iter() {
        if let Some(victim) = pos.captured_piece_type(mv) {
            if is_considerable_capture(pos, mv, victim, captured_on) {
                moves.push((piece_value(victim), mv));
                continue;
            }
        }
        if gives_mate(pos, mv) {
            moves.push((i64::MAX, mv));
        }
    }
    moves.sort_by_key(|&(victim, _)| std::cmp::Reverse(victim));
    moves.into_iter().map(|(_, mv)| mv).collect()
}

/// Recapture, capture of a more valuable piece, or capture of an undefended piece.
fn is_considerable_capture(
    pos: &Position,
    mv: Move,
    victim: crate::board::PieceType,
    captured_on: Option<Square>,
) -> bool {
    if captured_on == Some(mv.to()) {
        return true;
    }
    let attacker = pos.moved_piece(mv).piece_type();
    if piece_value(victim) > piece_value(attacker) {
        return true;
    }
    let victim_square = if mv.is_en_passant() { mv.to().forward(pos.side_to_move().flip()) } else { mv.to() };
    let owner = pos.side_to_move().flip();
    (pos.attackers_to(victim_square, pos.occupied()) & pos.by_color(owner)).is_empty()
}

/// Whether the (legal) move checkmates.
pub(super) fn gives_mate(pos: &mut Position, mv: Move) -> bool {
    if !pos.gives_check(mv) {
        return false;
    }
    pos.make_move(mv);
    let mate = !has_legal_move(pos);
    pos.unmake_move();
    mate
}

#[cfg(test)]
mod tests {
    use super::*;

    fn choose(fen: &str) -> (String, TurochampResult) {
        let pos = Position::from_fen(fen).expect("test FEN is valid");
        let mut legal = MoveList::new();
        generate_legal(&pos, &mut legal);
        let moves: Vec<Move> = legal.iter().copied().collect();
        let result = search(&pos, &moves, &AtomicBool::new(false), u64::MAX);
        (pos.move_to_uci(result.best.mv, false), result)
    }

    #[test]
    fn takes_a_hanging_queen_and_mates_in_one() {
        let (best, result) = choose("4k3/8/8/3q4/8/8/3R4/4K3 w - - 0 1");
        assert_eq!(best, "d2d5");
        assert!(result.complete);
        let (best, _) = choose("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1");
        assert_eq!(best, "a1a8");
    }

    #[test]
    fn sees_the_recapture_two_plies_deep() {
        // Rxd5 wins a pawn only if ...exd5 is not possible: here the pawn on
        // d5 is defended by e6, so taking with the rook loses the exchange.
        let (best, _) = choose("4k3/8/4p3/3p4/8/8/3R4/4K3 w - - 0 1");
        assert_ne!(best, "d2d5");
    }

    #[test]
    fn follows_captures_beyond_the_second_ply() {
        // Bxf7+ Kxf7 and then Ng5+ ... : the bishop sacrifice only looks like a
        // pawn won at ply 1; the recapture (ply 2) and the considerable captures
        // after it must be followed, and the search must not play it.
        let (best, result) = choose("r1bqk2r/pppp1ppp/2n2n2/2b1p3/2B1P3/3P1N2/PPP2PPP/RNBQK2R w KQkq - 0 1");
        assert!(result.seldepth >= 3, "considerable moves were followed: {result:?}");
        assert_ne!(best, "c4f7");
    }

    #[test]
    fn a_board_full_of_hanging_queens_stays_small() {
        // Every capture here is considerable (undefended or recapture): the
        // worst case of the extension (every pawn promoted to a queen: the most
        // material a legal FEN may hold). Alpha-beta keeps it to thousands of nodes.
        let (_, result) = choose("rnbqkbnr/qqqqqqqq/8/8/8/8/QQQQQQQQ/RNBQKBNR w - - 0 1");
        assert!(result.complete);
        assert!(result.nodes < 200_000, "{} nodes", result.nodes);
        assert!(result.seldepth < MAX_PLY, "ended on dead positions, not on the ply limit");
    }

    #[test]
    fn stops_within_the_node_budget() {
        let pos = Position::startpos();
        let mut legal = MoveList::new();
        generate_legal(&pos, &mut legal);
        let moves: Vec<Move> = legal.iter().copied().collect();
        let result = search(&pos, &moves, &AtomicBool::new(false), 100);
        assert!(!result.complete);
        assert!(result.nodes <= 100);
        assert!(moves.contains(&result.best.mv));
    }
}
