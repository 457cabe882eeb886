//! [`SearchRun`]: the state of one thread during one search (its position
//! copy, search stack, PV table and node counters) and the small helpers every
//! node uses. The recursive search (`negamax`, `qsearch`, ...) is its methods.

use std::sync::atomic::{AtomicBool, Ordering};

use crate::board::{Move, Position, Threats};

use super::claims::CLAIM_MAX_PLY;
use super::history::{ContinuationKeys, Histories, PieceTo, QuietContext};
use super::params::LmrTable;
use super::picker::OrderingHints;
use super::root::RootMove;
use super::score::{INFINITE, MAX_PLY};
use super::tt::TranspositionTable;
use super::{MainDuties, SearchLimits, SharedState};
use crate::eval::score::S;
use crate::eval::{evaluate, evaluate_with, EvalTables};

/// Local nodes are added to the shared counter in batches of this size, and
/// the main worker looks at the clock as often: well under a millisecond of
/// search between two looks, and one clock read per thousand nodes costs nothing.
const NODE_FLUSH_INTERVAL: u64 = 1024;

/// Frames before ply 0, so that a node can always look 4 plies back.
const STACK_OFFSET: usize = 4;

/// The static eval of a node in check (there is none).
pub(super) const EVAL_NONE: i32 = INFINITE + 1;

/// What the search remembers about each ply of the current line.
#[derive(Clone, Copy)]
pub(super) struct Frame {
    /// Static evaluation of the node at this ply (`EVAL_NONE` in check).
    pub static_eval: i32,
    /// The move made from this ply, as a continuation-history key (None: null move).
    pub played: Option<PieceTo>,
    /// The move made from this ply was a null move.
    pub null_move: bool,
    /// A move this ply's node must skip (set during a singular-extension search).
    pub excluded: Move,
    /// The squares the side not to move attacks at this ply's node (main search).
    pub threats: Threats,
}

impl Frame {
    const EMPTY: Frame =
        Frame { static_eval: EVAL_NONE, played: None, null_move: false, excluded: Move::NONE, threats: Threats::NONE };
}

/// Triangular PV table: line `ply` holds the best line found from that ply on.
pub(super) struct PvTable {
    lines: Box<[[Move; MAX_PLY + 1]]>,
    lengths: [usize; MAX_PLY + 1],
}

impl PvTable {
    fn new() -> PvTable {
        PvTable { lines: vec![[Move::NONE; MAX_PLY + 1]; MAX_PLY + 1].into_boxed_slice(), lengths: [0; MAX_PLY + 1] }
    }

    /// Every node starts with an empty line.
    #[inline]
    pub fn clear(&mut self, ply: usize) {
        self.lengths[ply] = 0;
    }

    /// `mv` followed by the child's line becomes this ply's line.
    pub fn update(&mut self, ply: usize, mv: Move) {
        let child_len = if ply < MAX_PLY { self.lengths[ply + 1].min(MAX_PLY - 1) } else { 0 };
        let (head, tail) = self.lines.split_at_mut(ply + 1);
        let line = &mut head[ply];
        line[0] = mv;
        if child_len > 0 {
            line[1..=child_len].copy_from_slice(&tail[0][..child_len]);
        }
        self.lengths[ply] = child_len + 1;
    }

    #[must_use]
    pub fn line(&self, ply: usize) -> &[Move] {
        &self.lines[ply][..self.lengths[ply]]
    }
}

/// One search on one thread: built by `Worker::search`, dropped when the search returns.
pub(super) struct SearchRun<'w> {
    pub pos: Position,
    pub histories: &'w mut Histories,
    eval_tables: &'w mut EvalTables,
    /// The play style's evaluation weights; `None`: the compiled ones.
    pub weights: Option<&'w [S]>,
    pub lmr: &'w LmrTable,
    pub shared: &'w SharedState,
    /// `shared.tt` and `shared.stop` without the `Arc`: every node reads them.
    pub tt: &'w TranspositionTable,
    pub stop: &'w AtomicBool,
    pub main: Option<&'w MainDuties>,
    pub limits: &'w SearchLimits,
    frames: Vec<Frame>,
    pub pv: PvTable,
    /// Nodes this thread searched during this `go`.
    pub nodes: u64,
    unflushed: u64,
    /// The shared node count as of this thread's last flush (its own nodes included).
    shared_nodes_seen: u64,
    pub seldepth: usize,
    pub stopped: bool,
    /// Null-move verification: no null moves for the side to move before this ply.
    pub nmp_min_ply: usize,
    pub root_moves: Vec<RootMove>,
    /// Index of the MultiPV line being searched.
    pub pv_index: usize,
    /// Depth of the iteration in progress.
    pub root_depth: i32,
    /// Whether the last completed iteration's best score is lopsided
    /// (`score::is_lopsided`): the game is decided, and the pruning that trusts
    /// the static eval is off for this iteration.
    pub lopsided: bool,
    /// Whether a `currmove` or bound line came after the last iteration's
    /// lines: the last `info` line is then not the PV, so the search ends by
    /// printing its lines again.
    pub interim_printed: bool,
    /// The key of the node this thread claims at each ply near the root (0: none).
    pub own_claims: [u64; CLAIM_MAX_PLY],
}

impl<'w> SearchRun<'w> {
    pub fn new(
        pos: Position,
        histories: &'w mut Histories,
        eval_tables: &'w mut EvalTables,
        lmr: &'w LmrTable,
        shared: &'w SharedState,
        limits: &'w SearchLimits,
        main: Option<&'w MainDuties>,
    ) -> SearchRun<'w> {
        SearchRun {
            pos,
            histories,
            eval_tables,
            weights: None,
            lmr,
            shared,
            tt: &shared.tt,
            stop: &shared.stop,
            main,
            limits,
            frames: vec![Frame::EMPTY; MAX_PLY + STACK_OFFSET + 2],
            pv: PvTable::new(),
            nodes: 0,
            unflushed: 0,
            shared_nodes_seen: 0,
            seldepth: 0,
            stopped: false,
            nmp_min_ply: 0,
            root_moves: Vec::new(),
            pv_index: 0,
            root_depth: 0,
            lopsided: false,
            interim_printed: false,
            own_claims: [0; CLAIM_MAX_PLY],
        }
    }

    /// Counts a node and says whether the search must unwind now.
    #[inline]
    pub fn visit_node(&mut self, ply: usize) -> bool {
        self.nodes += 1;
        self.unflushed += 1;
        self.seldepth = self.seldepth.max(ply + 1);
        if self.unflushed >= NODE_FLUSH_INTERVAL {
            self.flush_nodes();
            self.check_hard_limit();
        }
        self.should_stop()
    }

    /// Main worker: raises the stop flag itself once the clock's hard limit has
    /// passed, without waiting for the time-manager thread to be scheduled. Depth
    /// and node searches have no hard limit, so their node counts never change.
    fn check_hard_limit(&self) {
        if let Some(main) = self.main {
            if main.clock.hard_limit_reached() {
                self.stop.store(true, Ordering::Relaxed);
            }
        }
    }

    /// Adds this thread's uncounted nodes to the shared counter.
    pub fn flush_nodes(&mut self) {
        let before = self.shared.progress.nodes.fetch_add(self.unflushed, Ordering::Relaxed);
        self.shared_nodes_seen = before + self.unflushed;
        self.unflushed = 0;
    }

    /// All threads' nodes as far as this thread knows.
    #[must_use]
    pub fn total_nodes(&self) -> u64 {
        self.shared.progress.nodes.load(Ordering::Relaxed) + self.unflushed
    }

    fn should_stop(&mut self) -> bool {
        if self.stopped {
            return true;
        }
        if self.main.is_some() {
            if let Some(limit) = self.limits.nodes {
                if self.shared_nodes_seen + self.unflushed >= limit {
                    self.stop.store(true, Ordering::Relaxed);
                }
            }
            // The main worker always completes its first iteration (well under a
            // millisecond): with a clock nearly run out, a move from an unsearched
            // root could hang the queen, and its score would be no score at all.
            if self.root_depth <= 1 {
                return false;
            }
        }
        self.stopped = self.stop.load(Ordering::Relaxed);
        self.stopped
    }

    #[inline]
    pub fn frame(&self, ply: usize) -> &Frame {
        &self.frames[ply + STACK_OFFSET]
    }

    #[inline]
    pub fn frame_mut(&mut self, ply: usize) -> &mut Frame {
        &mut self.frames[ply + STACK_OFFSET]
    }

    /// The frame `back` plies above `ply` (frames before the root are empty).
    #[inline]
    pub fn frame_back(&self, ply: usize, back: usize) -> &Frame {
        &self.frames[ply + STACK_OFFSET - back]
    }

    /// The moves one and two plies before the node at `ply`.
    pub fn continuation_keys(&self, ply: usize) -> ContinuationKeys {
        [self.frame_back(ply, 1).played, self.frame_back(ply, 2).played]
    }

    /// What quiet histories are read under at the main-search node at `ply`
    /// (its threats are set when its move loop begins).
    pub fn quiet_context(&self, ply: usize) -> QuietContext {
        QuietContext { keys: self.continuation_keys(ply), threats: self.frame(ply).threats }
    }

    pub fn ordering_hints(&self, ply: usize, tt_move: Move) -> OrderingHints {
        let quiet = self.quiet_context(ply);
        OrderingHints {
            tt_move,
            killers: self.histories.killers(ply),
            counter: self.histories.counter_move(quiet.keys[0]),
            quiet,
        }
    }

    /// The side to move's static evaluation (within `eval::EVAL_LIMIT`, clear of mate
    /// scores), from the eval cache when this position was evaluated lately.
    pub fn evaluate(&mut self) -> i32 {
        let key = self.pos.key();
        if let Some(eval) = self.eval_tables.evals.probe(key) {
            return eval;
        }
        let pawns = &mut self.eval_tables.pawns;
        let eval = match self.weights {
            None => evaluate(&self.pos, pawns),
            Some(weights) => evaluate_with(&self.pos, pawns, weights),
        };
        self.eval_tables.evals.store(key, eval);
        eval
    }

    /// Plays `mv` from the node at `ply`, remembering it for continuation history.
    pub fn make_move(&mut self, mv: Move, ply: usize) {
        // The child's first act is the TT probe, whose cache miss was half of
        // negamax's own time in the profile: start the load now.
        self.tt.prefetch(self.pos.key_after(mv));
        let played = PieceTo::new(self.pos.moved_piece(mv), mv.to());
        *self.frame_mut(ply) = Frame { played: Some(played), null_move: false, ..*self.frame(ply) };
        self.pos.make_move(mv);
    }

    pub fn unmake_move(&mut self) {
        self.pos.unmake_move();
    }

    pub fn make_null(&mut self, ply: usize) {
        *self.frame_mut(ply) = Frame { played: None, null_move: true, ..*self.frame(ply) };
        self.pos.make_null();
    }

    pub fn unmake_null(&mut self) {
        self.pos.unmake_null();
    }
}
