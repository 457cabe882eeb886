//! The win/draw/loss fit recovers a model it did not see: positions are drawn
//! at random, each given a result by known constants, and the fit of those
//! results must land close to the constants.

mod common;

use common::cli::run_binary;
use common::rng::Rng;
use common::scratch::temp_file;
use ferrochamp::wdl::mle::{fit, pool, Outcome};
use ferrochamp::wdl::{WdlModel, MAX_MATERIAL};

/// Constants in the range real games give: a win needs more score with less material.
const TRUTH: WdlModel = WdlModel { a: [300.0, -500.0, 400.0, -120.0], b: [110.0, -100.0, 150.0, -40.0] };
const POSITIONS: usize = 300_000;

fn synthetic_samples(model: &WdlModel, seed: u64) -> Vec<(i32, u32, Outcome)> {
    let mut rng = Rng::new(seed);
    (0..POSITIONS)
        .map(|_| {
            let material = rng.below(MAX_MATERIAL as usize + 1) as u32;
            let score = rng.below(1201) as i32 - 600;
            let (win, loss) = model.win_loss(f64::from(score), material);
            let roll = rng.unit();
            let outcome = if roll < win {
                Outcome::Win
            } else if roll < win + loss {
                Outcome::Loss
            } else {
                Outcome::Draw
            };
            (score, material, outcome)
        })
        .collect()
}

#[test]
fn the_fit_recovers_known_constants() {
    let cells = pool(synthetic_samples(&TRUTH, 2024));
    let fitted = fit(&cells).expect("the fit converges").model;
    for material in [0, 10, 20, 40, 60, MAX_MATERIAL] {
        let (truth_a, fitted_a) = (TRUTH.midpoint(material), fitted.midpoint(material));
        let (truth_b, fitted_b) = (TRUTH.spread(material), fitted.spread(material));
        assert!((fitted_a - truth_a).abs() < 10.0, "a({material}): fitted {fitted_a:.1}, truth {truth_a:.1}");
        assert!((fitted_b - truth_b).abs() < 6.0, "b({material}): fitted {fitted_b:.1}, truth {truth_b:.1}");
    }
    // The constant terms are pinned down best (every material count informs them).
    assert!((fitted.a[0] - TRUTH.a[0]).abs() < 15.0, "{fitted:?}");
    assert!((fitted.b[0] - TRUTH.b[0]).abs() < 10.0, "{fitted:?}");
}

#[test]
fn the_fit_explains_fresh_data_as_well_as_the_truth() {
    // The fitted model explains fresh data from the truth better than a model
    // with the midpoint a pawn off does: the fit found the truth, not just anything.
    let fitted = fit(&pool(synthetic_samples(&TRUTH, 7))).expect("fits").model;
    let fresh = pool(synthetic_samples(&TRUTH, 8));
    let shifted = WdlModel { a: [TRUTH.a[0] + 100.0, TRUTH.a[1], TRUTH.a[2], TRUTH.a[3]], ..TRUTH };
    let loss = |model: &WdlModel| ferrochamp::wdl::mle::mean_log_loss(model, &fresh);
    assert!(loss(&fitted) < loss(&shifted), "fitted {} vs shifted {}", loss(&fitted), loss(&shifted));
    assert!(loss(&fitted) - loss(&TRUTH) < 1e-3, "fitted {} vs truth {}", loss(&fitted), loss(&TRUTH));
}

/// Runs `ferrochamp wdl-fit` with `args`: exit code, stdout, stderr.
fn wdl_fit(args: &[&str]) -> (Option<i32>, String, String) {
    let run = run_binary(&[&["wdl-fit"], args].concat());
    (run.code, run.stdout, run.stderr)
}

#[test]
fn the_command_fits_datagen_lines_and_refuses_bad_input() {
    // Twenty short "games" in datagen's format, men leaving the board as they go on;
    // the move number going back starts a new one.
    let mut text = String::new();
    for game in 0..20 {
        let result = ["1.0", "0.5", "0.0"][game % 3];
        let scores = [(5, 20), (12, 60 - 10 * game as i32), (30, 150 - 20 * game as i32)];
        for (ply, score) in scores {
            let fen = format!("r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 {ply}");
            text.push_str(&format!("{fen} | {score} | {result}\n"));
        }
        for (ply, score) in scores {
            text.push_str(&format!("8/5pk1/8/8/8/8/3R1PK1/r7 w - - 0 {} | {} | {result}\n", ply + 40, score / 2));
        }
    }
    let data = temp_file("games.txt", &text);
    let data = data.to_str().expect("a UTF-8 path");
    let (code, stdout, stderr) = wdl_fit(&["--input", data, "--holdout", "0.25"]);
    assert_eq!(code, Some(0), "{stderr}");
    assert!(stderr.contains("120 positions in 20 games"), "{stderr}");
    assert!(stdout.contains("held out: 30 positions of 5 games"), "{stdout}");
    assert!(stdout.contains("| predicted win | positions |") && stdout.contains("Constants: WdlModel"), "{stdout}");

    let (code, _, stderr) = wdl_fit(&["--input", "/nonexistent/games.txt"]);
    assert_eq!(code, Some(1));
    assert!(stderr.contains("wdl-fit: cannot open /nonexistent/games.txt"), "{stderr}");
    let (code, _, stderr) = wdl_fit(&["--input", data, "--holdout", "1.5"]);
    assert_eq!(code, Some(1));
    assert!(stderr.contains("--holdout must be at least 0 and below 1"), "{stderr}");
    let garbage = temp_file("garbage.txt", "not a position\n| 12 | 1.0\n");
    let (code, _, stderr) = wdl_fit(&["--input", garbage.to_str().expect("UTF-8")]);
    assert_eq!(code, Some(1));
    assert!(stderr.contains("no positions to fit") && stderr.contains("2 malformed"), "{stderr}");
}
