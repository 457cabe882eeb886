use std::sync::atomic::AtomicBool;
use std::sync::Mutex;

use super::*;
use crate::board::movegen::generate_legal;
use crate::board::MoveList;
use crate::engine::budget::TimeControl;
use crate::search::score::mate_in;
use crate::search::tt::TranspositionTable;
use crate::search::{MainDuties, NoClock, NoInfo, SharedState, Worker};
use crate::uci::options::OptionKind;

/// Lines with these scores, each a one-move line of a distinct legal move of the start position.
fn lines_scoring(scores: &[i32]) -> Vec<RootLine> {
    let pos = Position::startpos();
    let mut legal = MoveList::new();
    generate_legal(&pos, &mut legal);
    scores.iter().zip(legal.iter()).map(|(&score, &mv)| RootLine { score, pv: vec![mv] }).collect()
}

/// How often each line is drawn in `draws` draws with seeds 0, 1, 2, ...
fn draw_counts(handicap: &Handicap, lines: &[RootLine], draws: u64) -> Vec<usize> {
    let mut counts = vec![0; lines.len()];
    for seed in 0..draws {
        counts[handicap.choose(lines, &mut Rng::new(seed))] += 1;
    }
    counts
}

#[test]
fn the_elo_range_is_the_option_tables() {
    let values = OptionValues::default();
    let spec = values.table().find(names::UCI_ELO).expect("the UCI_Elo row exists");
    let OptionKind::Spin { min, max, .. } = spec.kind else { panic!("UCI_Elo is a spin: {spec:?}") };
    assert_eq!((min, max), (i64::from(ELO_MIN), i64::from(ELO_MAX)));
    assert!(min <= 1000 && max >= 2800, "the issue asks for at least 1000-2800");
}

#[test]
fn the_handicap_eases_steadily_as_the_elo_grows() {
    let mut previous = Handicap::for_elo(ELO_MIN);
    for elo in (ELO_MIN + 25..=ELO_MAX).step_by(25) {
        let handicap = Handicap::for_elo(elo);
        assert!(handicap.nodes >= previous.nodes, "{previous:?} -> {handicap:?}");
        assert!(handicap.temperature_cp < previous.temperature_cp, "{previous:?} -> {handicap:?}");
        assert!(handicap.margin_cp <= previous.margin_cp, "{previous:?} -> {handicap:?}");
        previous = handicap;
    }
    let (weakest, strongest) = (Handicap::for_elo(ELO_MIN), Handicap::for_elo(ELO_MAX));
    assert!(strongest.nodes > 100 * weakest.nodes, "{weakest:?} {strongest:?}");
    assert_eq!(Handicap::for_elo(ELO_MIN - 500), weakest);
    assert_eq!(Handicap::for_elo(ELO_MAX + 500), strongest);
}

#[test]
fn options_select_the_handicap() {
    let mut values = OptionValues::default();
    assert_eq!(Handicap::from_options(&values), None, "full strength by default");
    values.set("UCI_Elo", Some("1800")).expect("in range");
    assert_eq!(Handicap::from_options(&values), None, "UCI_Elo alone changes nothing");
    values.set("uci_limitstrength", Some("true")).expect("a check");
    assert_eq!(Handicap::from_options(&values), Some(Handicap::for_elo(1800)));
    values.set("Skill Level", Some("3")).expect("in range");
    assert_eq!(Handicap::from_options(&values), Some(Handicap::for_elo(1800)), "UCI_LimitStrength first");
    values.set("UCI_LimitStrength", Some("false")).expect("a check");
    assert_eq!(Handicap::from_options(&values), Some(Handicap::for_elo(1195)));
    values.set("Skill Level", Some("19")).expect("in range");
    assert_eq!(Handicap::from_options(&values), Some(Handicap::for_elo(2235)), "the strongest level is limited");
    values.set("Skill Level", Some("20")).expect("in range");
    assert_eq!(Handicap::from_options(&values), None);
    values.set("UCI_LimitStrength", Some("true")).expect("a check");
    values.set("UCI_Elo", Some(&FULL_STRENGTH_ELO.to_string())).expect("in range");
    assert_eq!(Handicap::from_options(&values), None, "no handicap plays stronger than full strength");
    values.set("UCI_Elo", Some("1800")).expect("in range");
    assert!(values.set("UCI_Elo", Some("799")).is_err());
    assert!(values.set("UCI_Elo", Some("2851")).is_err());
    assert!(values.set("Skill Level", Some("21")).is_err());
    assert_eq!(values.spin(names::UCI_ELO), 1800, "a refused value leaves the last good one");
}

#[test]
fn restrict_takes_the_smaller_node_budget_and_enough_lines() {
    let handicap = Handicap::for_elo(1400);
    let mut limits = SearchLimits { multipv: 1, ..SearchLimits::default() };
    handicap.restrict(&mut limits);
    assert_eq!(limits.nodes, Some(handicap.nodes));
    assert_eq!(limits.multipv, handicap.lines);
    let mut asked =
        SearchLimits { nodes: Some(handicap.nodes / 2), multipv: handicap.lines + 3, ..SearchLimits::default() };
    handicap.restrict(&mut asked);
    assert_eq!(asked.nodes, Some(handicap.nodes / 2));
    assert_eq!(asked.multipv, handicap.lines + 3);
}

#[test]
fn the_same_seed_draws_the_same_line() {
    let lines = lines_scoring(&[30, 25, 10, 0]);
    let handicap = Handicap::for_elo(ELO_MIN);
    for seed in 0..200 {
        let first = handicap.choose(&lines, &mut Rng::new(seed));
        assert_eq!(handicap.choose(&lines, &mut Rng::new(seed)), first);
        assert!(first < lines.len());
    }
}

#[test]
fn close_lines_are_all_drawn_and_the_best_most_often() {
    let lines = lines_scoring(&[30, 25, 10, 0]);
    let counts = draw_counts(&Handicap::for_elo(1400), &lines, 4000);
    assert!(counts.iter().all(|&count| count > 0), "{counts:?}");
    assert!(counts.windows(2).all(|pair| pair[0] > pair[1]), "better lines are drawn more often: {counts:?}");
}

#[test]
fn a_stronger_setting_plays_the_best_line_more_often() {
    let lines = lines_scoring(&[30, 10, 0, -20]);
    let best_share = |elo| draw_counts(&Handicap::for_elo(elo), &lines, 4000)[0];
    let shares: Vec<usize> = [1000, 1400, 1800, 2000, 2200].into_iter().map(best_share).collect();
    assert!(shares.windows(2).all(|pair| pair[0] < pair[1]), "{shares:?}");
    assert_eq!(shares[4], 4000, "the strongest settings search one line and always play it");
    assert_eq!(Handicap::for_elo(2200).lines, 1);
}

#[test]
fn no_line_beyond_the_margin_is_ever_drawn() {
    for elo in [ELO_MIN, 1400, 1800, 2200, 2600, ELO_MAX] {
        let handicap = Handicap::for_elo(elo);
        let best = 40;
        let margin = handicap.margin_cp;
        let lines = lines_scoring(&[best, best - margin, best - margin - 1, best - margin - 500]);
        let counts = draw_counts(&handicap, &lines, 2000);
        assert_eq!(&counts[2..], &[0, 0], "Elo {elo}, margin {}: {counts:?}", handicap.margin_cp);
    }
}

#[test]
fn only_the_drawn_lines_count_and_the_ranking_need_not_be_sorted() {
    let handicap = Handicap::for_elo(1400);
    assert_eq!(handicap.lines, 4);
    // The fifth line scores best but lies beyond the lines searched for the draw.
    let lines = lines_scoring(&[0, 10, 5, -10, 500]);
    let counts = draw_counts(&handicap, &lines, 2000);
    assert_eq!(counts[4], 0, "{counts:?}");
    assert!(counts[1] > counts[0], "the best of the drawn lines leads even when not first: {counts:?}");
}

#[test]
fn below_the_lowest_calibrated_point_more_lines_are_drawn_from() {
    let floor = CALIBRATED_NODES[0].0;
    assert_eq!(Handicap::for_elo(floor).lines, LINES);
    let mut previous = Handicap::for_elo(floor);
    for elo in (ELO_MIN..floor).rev().step_by(50) {
        let handicap = Handicap::for_elo(elo);
        assert!(handicap.lines >= previous.lines && handicap.lines <= MAX_LINES, "{previous:?} -> {handicap:?}");
        previous = handicap;
    }
    assert!(Handicap::for_elo(ELO_MIN).lines > LINES);
}

#[test]
fn a_mate_found_is_always_played_and_a_mated_line_never_drawn() {
    let handicap = Handicap::for_elo(ELO_MIN);
    let mating = lines_scoring(&[mate_in(3), mate_in(5), 20, 10]);
    assert_eq!(draw_counts(&handicap, &mating, 500)[0], 500);
    let mated = lines_scoring(&[0, -mate_in(4), -10]);
    assert_eq!(draw_counts(&handicap, &mated, 500)[1], 0);
    assert_eq!(handicap.choose(&[], &mut Rng::new(1)), 0, "no lines: the search's own move");
}

/// A search of `fen` as a limited `go` runs it, on one thread without a clock.
fn limited_search(fen: &str, handicap: &Handicap) -> (Position, crate::search::SearchResult) {
    let pos = Position::from_fen(fen).expect("test FEN is valid");
    let mut limits = SearchLimits { multipv: 1, ..SearchLimits::default() };
    handicap.restrict(&mut limits);
    let tt = Arc::new(TranspositionTable::new(1));
    let shared = SharedState::new(tt, Arc::new(AtomicBool::new(false)));
    let clock = Arc::new(NoClock(std::time::Instant::now()));
    let main = MainDuties { clock, info: Arc::new(NoInfo), chess960: false, show_wdl: false };
    let result = Worker::new().search(&pos, &shared, &limits, Some(&main));
    (pos, result)
}

#[test]
fn a_limited_search_draws_a_legal_move_within_the_margin() {
    let fens = [
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4",
        "8/8/4k3/8/2K5/8/3P4/8 w - - 0 1",
        "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
    ];
    for elo in [ELO_MIN, 1800, 2400] {
        let handicap = Handicap::for_elo(elo);
        for fen in fens {
            let (pos, result) = limited_search(fen, &handicap);
            let mut legal = MoveList::new();
            generate_legal(&pos, &mut legal);
            assert_eq!(result.lines.len(), handicap.lines.min(legal.len()), "{fen}");
            let best = result.lines.iter().map(|line| line.score).max().expect("lines");
            for seed in 0..50 {
                let line = &result.lines[handicap.choose(&result.lines, &mut Rng::new(seed))];
                assert!(legal.contains(line.pv[0]), "Elo {elo}, {fen}: illegal {:?}", line.pv[0]);
                assert!(best - line.score <= handicap.margin_cp, "Elo {elo}, {fen}: {line:?}");
            }
        }
    }
}

struct Recorded(Mutex<Vec<String>>);

impl InfoSink for Recorded {
    fn info(&self, line: &str) {
        self.0.lock().expect("not poisoned").push(line.to_string());
    }
}

#[test]
fn only_the_lines_the_gui_asked_for_are_shown() {
    let recorded = Arc::new(Recorded(Mutex::new(Vec::new())));
    let shown = ShownLines { inner: Arc::clone(&recorded) as Arc<dyn InfoSink + Send>, shown: 2 };
    for line in [
        "info depth 3 seldepth 4 multipv 1 score cp 20 nodes 10 pv e2e4",
        "info depth 3 seldepth 4 multipv 2 score cp 10 nodes 10 pv d2d4",
        "info depth 3 seldepth 4 multipv 3 score cp 5 nodes 10 pv g1f3",
        "info depth 3 currmove e2e4 currmovenumber 1",
        "info string hello",
    ] {
        shown.info(line);
    }
    let passed = recorded.0.lock().expect("not poisoned").clone();
    assert_eq!(passed.len(), 4, "{passed:?}");
    assert!(passed.iter().all(|line| !line.contains("multipv 3")), "{passed:?}");
}

#[test]
fn the_calibrated_points_rise_in_elo_and_in_nodes() {
    for pair in CALIBRATED_NODES.windows(2) {
        let ((low_elo, low_nodes), (high_elo, high_nodes)) = (pair[0], pair[1]);
        assert!(low_elo < high_elo && low_nodes < high_nodes, "{pair:?}");
    }
    let (highest, _) = CALIBRATED_NODES[CALIBRATED_NODES.len() - 1];
    assert!(highest < FULL_STRENGTH_ELO, "a calibrated point at full strength is never played");
}

#[test]
fn a_calibrated_setting_searches_exactly_its_measured_budget() {
    for (elo, nodes) in CALIBRATED_NODES {
        assert_eq!(Handicap::for_elo(elo).nodes, nodes.round() as u64, "UCI_Elo {elo}");
    }
    let ((low, low_nodes), (high, high_nodes)) = (CALIBRATED_NODES[0], CALIBRATED_NODES[1]);
    let midway = Handicap::for_elo((low + high) / 2).nodes as f64;
    let geometric_mean = (low_nodes * high_nodes).sqrt();
    assert!((midway - geometric_mean).abs() <= 1.0, "{midway} vs {geometric_mean}");
}

fn clock(seconds: f64, increment: f64) -> TimeControl {
    let ms = |s: f64| (s * 1000.0).round() as i64;
    TimeControl { time: Some(ms(seconds)), increment: ms(increment), movestogo: None, movetime: None }
}

#[test]
fn the_table_holds_unchanged_through_a_long_game_at_its_own_control() {
    let setting = Handicap::for_elo(1850);
    // A 10+0.1 game starts at 10 s; a limited search then banks most of each
    // increment, about 0.09 s a move, for 80 moves.
    for seconds in [0.0, 10.0, 13.0, 17.0] {
        assert_eq!(setting.at_control(&clock(seconds, 0.1)), setting, "{seconds} s + 0.1");
    }
    for no_clock in [TimeControl::default(), TimeControl { increment: 5000, ..TimeControl::default() }] {
        assert_eq!(setting.at_control(&no_clock), setting);
    }
}

#[test]
fn a_longer_control_plays_a_higher_setting_under_the_same_label() {
    let setting = Handicap::for_elo(1850);
    let at_60 = setting.at_control(&clock(60.0, 0.6));
    // 3 s a move: log2(3000 / 800) = 1.9 doublings.
    let shift = time_shift_elo(&clock(60.0, 0.6));
    assert!((100..=110).contains(&shift), "{shift}");
    assert_eq!(at_60, Handicap { elo: 1850, ..Handicap::for_elo(1850 + shift) });
    assert!(at_60.nodes > setting.nodes && at_60.temperature_cp < setting.temperature_cp);
    let shifts: Vec<i32> = [5.0, 20.0, 60.0, 300.0, 3600.0, 36_000.0]
        .iter()
        .map(|&minutes| time_shift_elo(&clock(minutes * 60.0, 0.0)))
        .collect();
    assert!(shifts.windows(2).all(|pair| pair[0] <= pair[1]), "{shifts:?}");
    assert_eq!(shifts.last(), Some(&(MAX_TIME_SHIFT_ELO as i32)), "{shifts:?}");
}

#[test]
fn movetime_and_moves_to_go_set_the_time_of_a_move() {
    let movetime = |ms| TimeControl { movetime: Some(ms), ..TimeControl::default() };
    assert_eq!(time_shift_elo(&movetime(800)), 0);
    assert_eq!(time_shift_elo(&movetime(1600)), ELO_PER_TIME_DOUBLING as i32);
    assert_eq!(time_shift_elo(&movetime(-5)), 0);
    // 40 moves in 64 s is 1.6 s a move; the last moves before the control
    // spread the clock over at least ten.
    let to_go = |moves| TimeControl { time: Some(64_000), movestogo: Some(moves), ..TimeControl::default() };
    assert_eq!(time_shift_elo(&to_go(40)), time_shift_elo(&to_go(25)));
    assert_eq!(time_shift_elo(&to_go(1)), time_shift_elo(&to_go(10)));
    assert!(time_shift_elo(&to_go(10)) > time_shift_elo(&to_go(25)));
}
