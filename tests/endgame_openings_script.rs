//! `scripts/endgame_openings.py` and the set it wrote, `data/openings/endgames_3k.epd`:
//! the script rebuilds that file byte for byte from the labelled positions it
//! names, every position meets its material rule, and too small a pool fails
//! with a message.

mod common;

use std::process::{Command, Output};

use common::position::position;
use ferrochamp::board::{Color, PieceType};

const ROOT: &str = env!("CARGO_MANIFEST_DIR");
const TEACHER_FILES: [&str; 4] =
    ["sf8_s3301_step3.txt.xz", "sf8_s3302_step3.txt.xz", "sf8_sf15q_step5.txt.xz", "sf10_s4101_step3.txt.xz"];

fn script(args: &[&str]) -> Output {
    Command::new("python3")
        .arg(format!("{ROOT}/scripts/endgame_openings.py"))
        .args(args)
        .output()
        .expect("python3 runs")
}

fn committed_set() -> String {
    std::fs::read_to_string(format!("{ROOT}/data/openings/endgames_3k.epd")).expect("the set is in the repository")
}

#[test]
fn the_committed_set_is_what_the_script_writes() {
    let inputs: Vec<String> = TEACHER_FILES.iter().map(|f| format!("{ROOT}/data/teacher/{f}")).collect();
    let mut args = vec!["--count", "3000", "--seed", "1"];
    args.extend(inputs.iter().map(String::as_str));
    let output = script(&args);
    assert!(output.status.success(), "{}", String::from_utf8_lossy(&output.stderr));
    assert!(String::from_utf8_lossy(&output.stdout) == committed_set(), "the script no longer writes the set");
}

#[test]
fn every_position_is_an_ending_of_three_to_six_pawns_and_at_most_a_piece_a_side() {
    let set = committed_set();
    let fens: Vec<&str> = set.lines().collect();
    assert_eq!(fens.len(), 3000);
    for fen in fens {
        let pos = position(fen);
        let pawns = pos.by_type(PieceType::Pawn).count();
        assert!((3..=6).contains(&pawns), "{fen}: {pawns} pawns");
        assert!(pos.by_type(PieceType::Queen).is_empty(), "{fen}: a queen");
        for color in Color::BOTH {
            assert!(pos.non_pawn_pieces(color) <= 1, "{fen}: more than one piece for {color:?}");
        }
    }
}

#[test]
fn too_few_qualifying_positions_fail_with_a_message() {
    let dir = std::env::temp_dir().join(format!("endgame-openings-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let input = dir.join("two.txt");
    let lines = "8/5k2/4p3/3pP3/3P4/5K2/8/8 w - - 0 40 | 20 | 0.5\n\
                 8/5k2/4p3/3pP3/3P4/5K2/8/8 w - - 0 40 | 20 | 0.5\n\
                 r3k3/8/8/8/8/8/8/4K2R w - - 0 1 | 0 | 0.5\n";
    std::fs::write(&input, lines).expect("temp file");
    let output = script(&["--count", "2", input.to_str().expect("utf-8 path")]);
    let _ = std::fs::remove_dir_all(&dir);
    assert!(!output.status.success(), "two wanted, one qualifies (the repeat and the pawnless one do not)");
    assert!(String::from_utf8_lossy(&output.stderr).contains("only 1 positions qualify"), "{output:?}");
}
