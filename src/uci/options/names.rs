//! Canonical names of the options the engine's code reads, checked against the
//! table by tests so that a typo cannot hide behind a string.

/// Transposition table size, in MiB.
pub const HASH: &str = "Hash";
/// Number of search threads.
pub const THREADS: &str = "Threads";
/// Number of best root moves reported, each with its own `info` line.
pub const MULTI_PV: &str = "MultiPV";
/// Whether the GUI may send `go ponder` (the engine then suggests a ponder move).
pub const PONDER: &str = "Ponder";
/// Milliseconds kept back per move for GUI and network lag.
pub const MOVE_OVERHEAD: &str = "Move Overhead";
/// Button that empties the transposition table.
pub const CLEAR_HASH: &str = "Clear Hash";
/// Play Chess960 (castling written as king takes rook).
pub const UCI_CHESS960: &str = "UCI_Chess960";
/// Add `wdl W D L` to every `info` score.
pub const UCI_SHOW_WDL: &str = "UCI_ShowWDL";
/// File every line in and out is appended to; empty means none.
pub const DEBUG_LOG_FILE: &str = "Debug Log File";
/// Play from the Polyglot book while it has a move.
pub const OWN_BOOK: &str = "OwnBook";
/// Path of the Polyglot `.bin` book.
pub const BOOK_FILE: &str = "BookFile";
/// Always the heaviest book move, rather than a weighted random one.
pub const BOOK_BEST_MOVE: &str = "BookBestMove";
/// Plies from the start of the game after which the book is no longer asked.
pub const BOOK_DEPTH: &str = "BookDepth";
/// Directories of the Syzygy tables; empty means none.
pub const SYZYGY_PATH: &str = "SyzygyPath";
/// Nodes shallower than this many plies are not probed in the search.
pub const SYZYGY_PROBE_DEPTH: &str = "SyzygyProbeDepth";
/// Most pieces (kings included) a probed position may have; 0 switches probing off.
pub const SYZYGY_PROBE_LIMIT: &str = "SyzygyProbeLimit";
/// Whether wins spoiled by the fifty-move rule count as draws.
pub const SYZYGY_50_MOVE_RULE: &str = "Syzygy50MoveRule";
/// The playing style (combo: Default, Aggressive, Solid, Turochamp, File).
pub const STYLE: &str = "Style";
/// The style file used while `Style` is `File`.
pub const STYLE_FILE: &str = "StyleFile";
/// Play at the strength of `UCI_Elo`.
pub const UCI_LIMIT_STRENGTH: &str = "UCI_LimitStrength";
/// The strength played at while `UCI_LimitStrength` is on.
pub const UCI_ELO: &str = "UCI_Elo";
/// 0 to 19 weaken play; 20 is full strength.
pub const SKILL_LEVEL: &str = "Skill Level";
/// Centipawns the engine gives up to avoid a draw (negative: seeks draws); not in analysis.
pub const CONTEMPT: &str = "Contempt";
/// XBoard: resign below minus this many centipawns (0: never resign).
pub const RESIGN_SCORE: &str = "Resign Score";
/// XBoard: consecutive lost moves before resigning.
pub const RESIGN_MOVES: &str = "Resign Moves";
/// XBoard: largest absolute score, in centipawns, still counted as drawn.
pub const DRAW_OFFER_SCORE: &str = "Draw Offer Score";
/// XBoard: consecutive drawn moves before offering a draw (0: never offer).
pub const DRAW_OFFER_MOVES: &str = "Draw Offer Moves";
/// XBoard: no draw offer before this move number.
pub const DRAW_OFFER_AFTER: &str = "Draw Offer After";
/// XBoard: accept the opponent's draw offers when not better.
pub const DRAW_ACCEPT: &str = "Draw Accept";
