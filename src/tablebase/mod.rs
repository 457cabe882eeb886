//! Syzygy endgame tablebases: loading, probing, and ranking root moves.
//!
//! The probing itself is the `pyrrhic-rs` crate (MIT), a Rust translation of
//! the Fathom/Pyrrhic prober; it generates moves itself and asks
//! [`adapter::FerrochampAttacks`] for attack sets. Three of its traits shape
//! this module:
//!
//! - it keeps its tables in process-wide state, so only one set can be loaded
//!   at a time: the engine holds one [`Tablebase`] behind an `Arc` and changes
//!   the path only when no search holds it;
//! - it reads files through raw pointers, so [`files`] checks every table file
//!   before the prober is allowed to see the directory;
//! - it is C code in Rust clothes: each call into it runs under `catch_unwind`,
//!   and a panic (a failed internal assertion on a bad file) switches the
//!   tables off instead of taking the engine down.
//!
//! Probes from several search threads at once are safe: the prober maps a
//! table on first use under its own mutex and only reads afterwards.
//!
//! Files: this one (the prober's wrapper, [`Wdl`], [`SearchTables`]), `files`
//! (checking table files), `adapter` (attack sets for the prober), `root`
//! (ranking root moves), `probe` (probes inside the search tree) and
//! `engine_setup` (the engine's side: reloading on `SyzygyPath`, the options of
//! one search, narrowing a search's root moves).

mod adapter;
pub(crate) mod engine_setup;
pub mod files;
pub(crate) mod probe;
pub mod root;

use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

use pyrrhic_rs::{DtzProbeValue, TableBases, WdlProbeResult};

use crate::board::movegen::generate_legal;
use crate::board::{Color, Move, MoveList, PieceType, Position};

use adapter::FerrochampAttacks;
use files::TableScan;

/// A position's value with best play, from the side to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Wdl {
    /// Lost with best play.
    Loss,
    /// Lost, but the fifty-move rule saves the game.
    BlessedLoss,
    /// Drawn with best play.
    Draw,
    /// Won, but the fifty-move rule prevents it.
    CursedWin,
    /// Won with best play.
    Win,
}

impl Wdl {
    /// -2 (loss) ..= 2 (win).
    #[must_use]
    pub fn signed(self) -> i32 {
        match self {
            Wdl::Loss => -2,
            Wdl::BlessedLoss => -1,
            Wdl::Draw => 0,
            Wdl::CursedWin => 1,
            Wdl::Win => 2,
        }
    }

    /// The same value from the other side.
    #[must_use]
    pub fn flip(self) -> Wdl {
        match self {
            Wdl::Loss => Wdl::Win,
            Wdl::BlessedLoss => Wdl::CursedWin,
            Wdl::Draw => Wdl::Draw,
            Wdl::CursedWin => Wdl::BlessedLoss,
            Wdl::Win => Wdl::Loss,
        }
    }

    /// The value as the game goes: without the fifty-move rule a cursed win
    /// is a win and a blessed loss a loss.
    #[must_use]
    pub fn counting_rule50(self, use_rule50: bool) -> Wdl {
        match self {
            Wdl::CursedWin if !use_rule50 => Wdl::Win,
            Wdl::BlessedLoss if !use_rule50 => Wdl::Loss,
            other => other,
        }
    }

    fn from_prober(result: WdlProbeResult) -> Wdl {
        match result {
            WdlProbeResult::Loss => Wdl::Loss,
            WdlProbeResult::BlessedLoss => Wdl::BlessedLoss,
            WdlProbeResult::Draw => Wdl::Draw,
            WdlProbeResult::CursedWin => Wdl::CursedWin,
            WdlProbeResult::Win => Wdl::Win,
        }
    }
}

/// One legal move's value from a DTZ probe of the root.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MoveDtz {
    /// The root move.
    pub mv: Move,
    /// From the root side's view, counting the root's fifty-move counter.
    pub wdl: Wdl,
    /// Plies to the next capture or pawn move (or mate) after this move, this move included.
    pub dtz: u32,
}

/// A loaded set of tables.
pub struct Tablebase {
    prober: TableBases<FerrochampAttacks>,
    scan: TableScan,
    /// Set when a probe panicked: the tables are not trusted any more.
    broken: AtomicBool,
}

/// What a `SyzygyPath` change did: the tables (if any) and what to tell the user.
pub struct LoadOutcome {
    /// The tables, when at least one good file was found.
    pub tables: Option<Tablebase>,
    /// What to say to the user as `info string` lines.
    pub messages: Vec<String>,
}

impl Tablebase {
    /// Finds, checks and loads the tables in `path` (directories separated by
    /// [`files::PATH_SEPARATOR`]). Fails, with the reason in the messages, on an
    /// empty path, no tables, or any file that is not a valid table; the engine
    /// then plays on without tables. The previous `Tablebase` must be dropped
    /// first: the prober holds one set per process.
    #[must_use]
    pub fn load(path: &str) -> LoadOutcome {
        let directories = files::split_path(path);
        if directories.is_empty() {
            return LoadOutcome { tables: None, messages: vec!["Syzygy tablebases off (empty SyzygyPath)".into()] };
        }
        let scan = files::scan(&directories);
        let mut messages: Vec<String> =
            scan.unreadable.iter().map(|text| format!("Syzygy: cannot read directory {text}")).collect();
        let refuse = |mut messages: Vec<String>, reason: String| {
            messages.push(format!("{reason}; playing without tablebases"));
            LoadOutcome { tables: None, messages }
        };
        if !scan.invalid.is_empty() {
            messages.extend(scan.invalid.iter().map(|text| format!("Syzygy: bad table file {text}")));
            return refuse(messages, format!("Syzygy: {} bad table file(s)", scan.invalid.len()));
        }
        if scan.wdl.is_empty() {
            return refuse(messages, format!("Syzygy: no WDL tables (.rtbw) found in {path}"));
        }
        let prober_path = match files::prober_path(&scan.directories) {
            Ok(joined) => joined,
            Err(reason) => return refuse(messages, format!("Syzygy: {reason}")),
        };
        match guarded(|| TableBases::<FerrochampAttacks>::new(&prober_path)) {
            Some(Ok(prober)) => {
                messages.push(format!(
                    "Syzygy: found {} WDL and {} DTZ tables, largest {} pieces",
                    scan.wdl.len(),
                    scan.dtz.len(),
                    scan.largest()
                ));
                LoadOutcome { tables: Some(Tablebase { prober, scan, broken: AtomicBool::new(false) }), messages }
            }
            Some(Err(err)) => refuse(messages, format!("Syzygy: the prober refused the tables ({err:?})")),
            None => refuse(messages, "Syzygy: the prober failed while loading".to_string()),
        }
    }

    /// The most pieces (kings included) of any loaded WDL table.
    #[must_use]
    pub fn largest(&self) -> u32 {
        self.scan.largest()
    }

    /// True once a probe has failed badly; the engine then drops the tables.
    #[must_use]
    pub fn is_broken(&self) -> bool {
        self.broken.load(Ordering::Relaxed)
    }

    /// Could this position be probed at all: no castling rights, few enough
    /// pieces, and a WDL table for its material?
    #[must_use]
    pub fn covers(&self, pos: &Position) -> bool {
        pos.castling_rights() == 0
            && pos.occupied().count() <= self.largest()
            && TableScan::has_table(&self.scan.wdl, pos)
            && !self.is_broken()
    }

    /// The position's value ignoring the fifty-move counter (a WDL table is
    /// exact right after a capture or pawn move); `None` if it cannot be probed.
    #[must_use]
    pub fn probe_wdl(&self, pos: &Position) -> Option<Wdl> {
        if !self.covers(pos) {
            return None;
        }
        let b = BoardSets::of(pos);
        let result = self.guard(|| {
            self.prober.probe_wdl(
                b.white,
                b.black,
                b.kings,
                b.queens,
                b.rooks,
                b.bishops,
                b.knights,
                b.pawns,
                b.ep,
                b.white_to_move,
            )
        })?;
        result.ok().map(Wdl::from_prober)
    }

    /// Every legal move's value and distance to zeroing, from a DTZ probe of
    /// `pos` counting its fifty-move counter. `None` without a DTZ table for
    /// the material, when the probe fails, or when a move cannot be matched.
    #[must_use]
    pub fn probe_root_moves(&self, pos: &Position) -> Option<Vec<MoveDtz>> {
        if !self.covers(pos) || !TableScan::has_table(&self.scan.dtz, pos) {
            return None;
        }
        let probe = self.probe_root(pos)?;
        let mut legal = MoveList::new();
        generate_legal(pos, &mut legal);
        let mut moves = Vec::with_capacity(probe.num_moves);
        for value in &probe.moves[..probe.num_moves] {
            let DtzProbeValue::DtzResult(result) = value else { return None };
            let promotion = match result.promotion {
                pyrrhic_rs::Piece::Queen => Some(PieceType::Queen),
                pyrrhic_rs::Piece::Rook => Some(PieceType::Rook),
                pyrrhic_rs::Piece::Bishop => Some(PieceType::Bishop),
                pyrrhic_rs::Piece::Knight => Some(PieceType::Knight),
                _ => None,
            };
            let mv = legal.iter().copied().find(|mv| {
                mv.from().index() == usize::from(result.from_square)
                    && mv.to().index() == usize::from(result.to_square)
                    && mv.promotion_piece() == promotion
            })?;
            moves.push(MoveDtz { mv, wdl: Wdl::from_prober(result.wdl), dtz: u32::from(result.dtz) });
        }
        (moves.len() == legal.len()).then_some(moves)
    }

    /// The position's distance to zeroing in plies, signed as python-chess and
    /// Fathom do: positive when the side to move wins, negative when it loses,
    /// 0 for draws and positions without moves. Ignores the fifty-move counter.
    #[must_use]
    pub fn probe_dtz(&self, pos: &Position) -> Option<i32> {
        if !self.covers(pos) || !TableScan::has_table(&self.scan.dtz, pos) {
            return None;
        }
        let probe = self.probe_root(pos)?;
        match probe.root {
            DtzProbeValue::DtzResult(result) => {
                let dtz = i32::from(result.dtz);
                Some(match Wdl::from_prober(result.wdl).signed() {
                    s if s > 0 => dtz,
                    s if s < 0 => -dtz,
                    _ => 0,
                })
            }
            DtzProbeValue::Checkmate | DtzProbeValue::Stalemate => Some(0),
            DtzProbeValue::Failed => None,
        }
    }

    fn probe_root(&self, pos: &Position) -> Option<pyrrhic_rs::DtzProbeResult> {
        let b = BoardSets::of(pos);
        let rule50 = pos.halfmove_clock().min(255);
        let result = self.guard(|| {
            self.prober.probe_root(
                b.white,
                b.black,
                b.kings,
                b.queens,
                b.rooks,
                b.bishops,
                b.knights,
                b.pawns,
                rule50,
                b.ep,
                b.white_to_move,
            )
        })?;
        result.ok()
    }

    /// Runs a prober call; a panic inside marks the tables broken.
    fn guard<T>(&self, call: impl FnOnce() -> T) -> Option<T> {
        let result = guarded(call);
        if result.is_none() {
            self.broken.store(true, Ordering::Relaxed);
            log::error!("a Syzygy probe panicked; tablebases switched off");
        }
        result
    }
}

/// `call` under `catch_unwind`: `None` if it panicked.
fn guarded<T>(call: impl FnOnce() -> T) -> Option<T> {
    catch_unwind(AssertUnwindSafe(call)).ok()
}

/// The position in the prober's terms.
struct BoardSets {
    white: u64,
    black: u64,
    kings: u64,
    queens: u64,
    rooks: u64,
    bishops: u64,
    knights: u64,
    pawns: u64,
    /// The en-passant square, 0 for none (a1 can never be one).
    ep: u32,
    white_to_move: bool,
}

impl BoardSets {
    fn of(pos: &Position) -> BoardSets {
        let set = |piece_type| pos.by_type(piece_type).0;
        BoardSets {
            white: pos.by_color(Color::White).0,
            black: pos.by_color(Color::Black).0,
            kings: set(PieceType::King),
            queens: set(PieceType::Queen),
            rooks: set(PieceType::Rook),
            bishops: set(PieceType::Bishop),
            knights: set(PieceType::Knight),
            pawns: set(PieceType::Pawn),
            ep: pos.en_passant().map_or(0, |sq| sq.index() as u32),
            white_to_move: pos.side_to_move() == Color::White,
        }
    }
}

/// The tables as one search uses them, with the options of that search.
#[derive(Clone)]
pub struct SearchTables {
    /// The loaded tables.
    pub tables: Arc<Tablebase>,
    /// Nodes with more pieces are not probed: min(largest table, `SyzygyProbeLimit`).
    pub max_pieces: u32,
    /// Nodes shallower than this (`SyzygyProbeDepth`) are not probed.
    pub probe_depth: i32,
    /// `Syzygy50MoveRule`: cursed wins and blessed losses count as draws.
    pub use_rule50: bool,
}

impl SearchTables {
    /// The value of a probed position for the search, by the fifty-move option.
    #[must_use]
    pub fn effective(&self, wdl: Wdl) -> Wdl {
        wdl.counting_rule50(self.use_rule50)
    }
}
