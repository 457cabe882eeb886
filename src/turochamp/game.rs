//! Replaying a recorded game and asking Turochamp, before each move of one
//! side, which move it would choose: the check against Turing's 1952 game.

use std::fmt::Write;
use std::sync::atomic::AtomicBool;

use crate::board::movegen::generate_legal;
use crate::board::{Color, Move, MoveList, Position};

use super::eval::PositionPlay;
use super::search::{evaluate_move, search, TurochampRootMove};
use crate::book::pgn::parse_games;

/// Node budget per position for the replay: far above what any of these
/// positions needs, so every search runs to the end.
const REPLAY_MAX_NODES: u64 = 50_000_000;

/// One move of the analysed side: what was played and what Turochamp chooses.
#[derive(Clone, Debug)]
pub struct MoveReport {
    /// The full-move number of the position, as in the PGN.
    pub move_number: u32,
    /// The position before the move, as FEN.
    pub fen: String,
    /// The move of the game in SAN, without `!` or `?`.
    pub played: String,
    /// The move Turochamp chooses, in SAN.
    pub chosen: String,
    /// Whether Turochamp chooses the move that was played.
    pub matched: bool,
    /// The search's result for the chosen move.
    pub chosen_eval: TurochampRootMove,
    /// The played move searched on its own, to compare with the chosen one.
    pub played_eval: TurochampRootMove,
    /// False when the node budget cut the search of all moves short.
    pub complete: bool,
}

impl MoveReport {
    /// Why the two moves differ, in Turochamp's own terms.
    #[must_use]
    pub fn reason(&self) -> String {
        if self.matched {
            return String::new();
        }
        let (ours, theirs) = (&self.chosen_eval, &self.played_eval);
        if theirs.value < ours.value {
            return format!(
                "material: {} ({}) beats {} ({})",
                self.line_text(ours),
                ours.value.describe(),
                self.line_text(theirs),
                theirs.value.describe()
            );
        }
        let (Some(ours_play), Some(theirs_play)) = (ours.play, theirs.play) else {
            return "equal material; position play not computed".to_string();
        };
        format!(
            "equal material; position play {} {:.2} vs {} {:.2} ({})",
            self.chosen,
            ours_play.total(),
            self.played,
            theirs_play.total(),
            term_differences(&ours_play, &theirs_play)
        )
    }
}

impl MoveReport {
    /// The expected line of a root move in SAN.
    fn line_text(&self, root_move: &TurochampRootMove) -> String {
        let Ok(mut pos) = Position::from_fen(&self.fen) else { return String::new() };
        let mut sans = Vec::new();
        for &mv in &root_move.pv {
            sans.push(pos.move_to_san(mv));
            pos.make_move(mv);
        }
        sans.join(" ")
    }
}

/// The terms where two position-play values differ, as `name ±difference`.
fn term_differences(ours: &PositionPlay, theirs: &PositionPlay) -> String {
    let terms = [
        ("mobility", ours.mobility - theirs.mobility),
        ("piece safety", ours.piece_safety - theirs.piece_safety),
        ("king mobility", ours.king_mobility - theirs.king_mobility),
        ("king safety", ours.king_safety - theirs.king_safety),
        ("castling", ours.castling - theirs.castling),
        ("pawns", ours.pawns - theirs.pawns),
        ("mate threat", ours.mate_threat - theirs.mate_threat),
        ("check", ours.check - theirs.check),
    ];
    let differing: Vec<String> =
        terms.iter().filter(|(_, diff)| diff.abs() > 1e-9).map(|(name, diff)| format!("{name} {diff:+.2}")).collect();
    differing.join(", ")
}

/// Analyses every move of `side` in the PGN game.
///
/// # Errors
/// A move of the game that cannot be read or is illegal.
pub fn analyse_game(pgn: &str, side: Color) -> Result<Vec<MoveReport>, String> {
    let sans = first_game_moves(pgn)?;
    let moves = replay(&sans)?;
    let stop = AtomicBool::new(false);
    let mut pos = Position::startpos();
    let mut reports = Vec::new();
    for (san, &played) in sans.iter().zip(&moves) {
        if pos.side_to_move() == side {
            reports.push(analyse_position(&pos, played, san, &stop));
        }
        pos.make_move(played);
    }
    Ok(reports)
}

/// The SAN words of the first game's main line (the shared PGN reader).
fn first_game_moves(pgn: &str) -> Result<Vec<String>, String> {
    let game = parse_games(pgn).into_iter().next().ok_or("no game in the PGN text")?;
    match game.problem {
        Some(problem) => Err(format!("game 1: {problem}")),
        None => Ok(game.moves),
    }
}

/// Replays the SAN moves from the start position.
fn replay(sans: &[String]) -> Result<Vec<Move>, String> {
    let mut pos = Position::startpos();
    let mut moves = Vec::with_capacity(sans.len());
    for (index, san) in sans.iter().enumerate() {
        let mv = pos.parse_san(san).map_err(|err| format!("ply {}: {err}", index + 1))?;
        pos.make_move(mv);
        moves.push(mv);
    }
    Ok(moves)
}

fn analyse_position(pos: &Position, played: Move, played_san: &str, stop: &AtomicBool) -> MoveReport {
    let mut legal = MoveList::new();
    generate_legal(pos, &mut legal);
    let candidates: Vec<Move> = legal.iter().copied().collect();
    let result = search(pos, &candidates, stop, REPLAY_MAX_NODES);
    let played_eval = evaluate_move(pos, played, stop, REPLAY_MAX_NODES);
    let chosen = result.best.mv;
    MoveReport {
        move_number: pos.fullmove_number(),
        fen: pos.to_fen(),
        played: played_san.trim_end_matches(['!', '?']).to_string(),
        chosen: pos.move_to_san(chosen),
        matched: chosen == played,
        chosen_eval: result.best,
        played_eval,
        complete: result.complete,
    }
}

/// The reports as a Markdown table with a closing count.
#[must_use]
pub fn markdown_table(reports: &[MoveReport]) -> String {
    let mut table =
        String::from("| Move | Turing | Turochamp (ours) | Match | Why they differ |\n|---:|---|---|:---:|---|\n");
    for report in reports {
        let mark = if report.matched { "yes" } else { "no" };
        // Writing to a String cannot fail.
        let _ = writeln!(
            table,
            "| {} | {} | {} | {mark} | {} |",
            report.move_number,
            report.played,
            report.chosen,
            report.reason()
        );
    }
    let matched = reports.iter().filter(|r| r.matched).count();
    let _ = writeln!(table, "\nReproduced: {matched} of {}", reports.len());
    table
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_forced_recapture_is_reproduced() {
        // Black's third move takes a queen that gives check: Turochamp must find it.
        let pgn = "1. e4 e5 2. Qh5 Nc6 3. Qxf7+ Kxf7 *";
        let reports = analyse_game(pgn, Color::Black).expect("legal game");
        assert_eq!(reports.len(), 3);
        assert!(reports[2].matched, "{:?}", reports[2]);
        assert_eq!(reports[2].chosen, "Kxf7");
        assert!(markdown_table(&reports).contains("Reproduced: "));
    }
}
