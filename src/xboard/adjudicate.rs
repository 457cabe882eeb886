//! When the engine resigns, offers a draw or accepts one in an XBoard game:
//! from the scores of its own searches, move after move, and from the
//! tablebases where they know the result.

use crate::board::types::PieceType;
use crate::board::{Color, Move, Position};
use crate::search::score::is_decisive;
use crate::uci::options::names;
use crate::uci::OptionValues;

/// The resign and draw options, read at each decision.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Settings {
    /// Resign at or below minus this score (0: never).
    pub resign_cp: i32,
    /// Consecutive lost moves before resigning.
    pub resign_moves: u32,
    /// Scores within plus or minus this count as drawn.
    pub offer_cp: i32,
    /// Consecutive drawn moves before offering (0: never offer).
    pub offer_moves: u32,
    /// No offer before this move number.
    pub offer_after: u32,
    /// Accept offers when not better.
    pub accept: bool,
    /// `Contempt`: with a positive one, accept only when worse by that much.
    pub contempt: i32,
}

impl Settings {
    /// The settings the options hold now.
    #[must_use]
    pub fn from_options(options: &OptionValues) -> Settings {
        let int = |name| i32::try_from(options.spin(name)).unwrap_or(0);
        let count = |name| u32::try_from(options.spin(name)).unwrap_or(0);
        Settings {
            resign_cp: int(names::RESIGN_SCORE),
            resign_moves: count(names::RESIGN_MOVES),
            offer_cp: int(names::DRAW_OFFER_SCORE),
            offer_moves: count(names::DRAW_OFFER_MOVES),
            offer_after: count(names::DRAW_OFFER_AFTER),
            accept: options.check(names::DRAW_ACCEPT),
            contempt: int(names::CONTEMPT),
        }
    }
}

/// The game's result as the tablebases know it, for the engine.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Known {
    /// The engine wins with best play.
    Win,
    /// A draw with best play (cursed wins and blessed losses included).
    Draw,
    /// The engine loses with best play.
    Loss,
}

/// The root's result from the tablebases' ranking of its moves (empty: not in the tables).
#[must_use]
pub fn tablebase_outcome(scores: &[(Move, i32)]) -> Option<Known> {
    let best = scores.iter().map(|&(_, score)| score).max()?;
    Some(match best {
        s if is_decisive(s) && s > 0 => Known::Win,
        s if is_decisive(s) => Known::Loss,
        _ => Known::Draw,
    })
}

/// What to do along with the move just found.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// Just move.
    Play,
    /// Send `offer draw` before the move.
    OfferDraw,
    /// Send `resign` instead of the move.
    Resign,
}

/// The engine's view of the game so far, one search after another.
#[derive(Clone, Debug, Default)]
pub struct Adjudicator {
    lost_streak: u32,
    drawn_streak: u32,
    /// An offer made during the current drawn streak: one is enough.
    offered: bool,
    last_score: Option<i32>,
    last_known: Option<Known>,
}

impl Adjudicator {
    /// After the search for the engine's move in `pos`: `score` from the
    /// engine's side, `known` the tablebases' verdict at the root.
    pub fn after_search(&mut self, score: i32, known: Option<Known>, pos: &Position, settings: &Settings) -> Verdict {
        self.last_score = Some(score);
        self.last_known = known;
        let lost = match known {
            Some(known) => known == Known::Loss,
            None => is_decisive(score) && score < 0 || settings.resign_cp > 0 && score <= -settings.resign_cp,
        };
        self.lost_streak = if lost { self.lost_streak + 1 } else { 0 };
        if settings.resign_cp > 0 && self.lost_streak >= settings.resign_moves {
            return Verdict::Resign;
        }
        let drawn = match known {
            Some(known) => known == Known::Draw,
            None => score.abs() <= settings.offer_cp,
        };
        self.drawn_streak = if drawn { self.drawn_streak + 1 } else { 0 };
        if !drawn {
            self.offered = false;
        }
        let due = known == Some(Known::Draw)
            || self.drawn_streak >= settings.offer_moves
                && pos.fullmove_number() >= settings.offer_after
                && level_material(pos);
        if settings.offer_moves > 0 && drawn && due && !self.offered {
            self.offered = true;
            return Verdict::OfferDraw;
        }
        Verdict::Play
    }

    /// Whether to accept the opponent's draw offer: never when the engine
    /// sees a win or thinks itself better (with a positive `Contempt`, only
    /// when worse by that much), never before it has a score at all.
    #[must_use]
    pub fn accepts_draw(&self, settings: &Settings) -> bool {
        if !settings.accept {
            return false;
        }
        match (self.last_known, self.last_score) {
            (Some(known), _) => known != Known::Win,
            (None, Some(score)) => score <= 0.min(-settings.contempt),
            (None, None) => false,
        }
    }
}

/// The same pieces in value on both sides and pawns within one: nobody is
/// playing a material edge, so a long run of even scores means a dead draw.
fn level_material(pos: &Position) -> bool {
    let side = |color| {
        let count = |piece| i32::try_from(pos.pieces(color, piece).count()).unwrap_or(0);
        let pieces = 3 * (count(PieceType::Knight) + count(PieceType::Bishop))
            + 5 * count(PieceType::Rook)
            + 9 * count(PieceType::Queen);
        (pieces, count(PieceType::Pawn))
    };
    let (white, black) = (side(Color::White), side(Color::Black));
    white.0 == black.0 && (white.1 - black.1).abs() <= 1
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::score::{mated_in, tb_win_in};

    fn settings() -> Settings {
        Settings::from_options(&OptionValues::default())
    }

    #[test]
    fn resigns_after_the_set_number_of_lost_moves_only() {
        let pos = Position::startpos();
        let mut judge = Adjudicator::default();
        let s = Settings { resign_moves: 3, resign_cp: 800, ..settings() };
        assert_eq!(judge.after_search(-900, None, &pos, &s), Verdict::Play);
        assert_eq!(judge.after_search(-50, None, &pos, &s), Verdict::Play);
        assert_eq!(judge.after_search(-900, None, &pos, &s), Verdict::Play);
        assert_eq!(judge.after_search(mated_in(9), None, &pos, &s), Verdict::Play);
        assert_eq!(judge.after_search(-100, Some(Known::Loss), &pos, &s), Verdict::Resign);
        let never = Settings { resign_cp: 0, ..s };
        let mut judge = Adjudicator::default();
        for _ in 0..10 {
            assert_eq!(judge.after_search(mated_in(3), None, &pos, &never), Verdict::Play);
        }
    }

    #[test]
    fn offers_once_after_a_drawn_streak_late_enough_with_level_material() {
        let late = Position::from_fen("4k3/pp6/8/8/8/8/PP6/4K3 w - - 0 60").expect("valid");
        let s = Settings { offer_moves: 2, offer_after: 40, offer_cp: 10, ..settings() };
        let mut judge = Adjudicator::default();
        assert_eq!(judge.after_search(5, None, &late, &s), Verdict::Play);
        assert_eq!(judge.after_search(-5, None, &late, &s), Verdict::OfferDraw);
        assert_eq!(judge.after_search(0, None, &late, &s), Verdict::Play);
        let mut early = Adjudicator::default();
        for _ in 0..5 {
            assert_eq!(early.after_search(0, None, &Position::startpos(), &s), Verdict::Play);
        }
        let pawn_up = Position::from_fen("4k3/p7/8/8/8/8/PPP5/4K3 w - - 0 60").expect("valid");
        let mut judge = Adjudicator::default();
        for _ in 0..5 {
            assert_eq!(judge.after_search(0, None, &pawn_up, &s), Verdict::Play);
        }
        let mut judge = Adjudicator::default();
        assert_eq!(judge.after_search(30, Some(Known::Draw), &pawn_up, &s), Verdict::OfferDraw);
    }

    #[test]
    fn accepts_only_when_not_better() {
        let pos = Position::startpos();
        let s = settings();
        let mut judge = Adjudicator::default();
        assert!(!judge.accepts_draw(&s), "no score yet");
        judge.after_search(-20, None, &pos, &s);
        assert!(judge.accepts_draw(&s));
        assert!(!judge.accepts_draw(&Settings { accept: false, ..s }));
        assert!(!judge.accepts_draw(&Settings { contempt: 50, ..s }));
        judge.after_search(40, None, &pos, &s);
        assert!(!judge.accepts_draw(&s));
        judge.after_search(-30_000, Some(Known::Win), &pos, &s);
        assert!(!judge.accepts_draw(&s));
        judge.after_search(tb_win_in(4), Some(Known::Draw), &pos, &s);
        assert!(judge.accepts_draw(&s));
        assert_eq!(tablebase_outcome(&[(Move::NONE, 0), (Move::NONE, -tb_win_in(3))]), Some(Known::Draw));
        assert_eq!(tablebase_outcome(&[(Move::NONE, tb_win_in(3))]), Some(Known::Win));
        assert_eq!(tablebase_outcome(&[]), None);
    }
}
