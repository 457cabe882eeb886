//! The tuner's fitting: K on synthetic data, Adam recovering known weights,
//! the parameters writer, and a small end-to-end run.

mod common;

use common::rng::Rng;
use common::scratch::temp_path;
use ferrochamp::eval::layout;
use ferrochamp::eval::score::S;
use ferrochamp::tune::model::{Coeff, SampleParts, SampleSet};
use ferrochamp::tune::texel::{fit_k, mean_loss, sigmoid, train, Loss, TrainSettings};
use ferrochamp::tune::{output, run_tune, TuneConfig};

#[test]
fn k_is_recovered_from_synthetic_games() {
    let mut rng = Rng::new(42);
    for true_k in [0.003, 0.0065, 0.012] {
        let evals: Vec<f64> = (0..200_000).map(|_| rng.unit() * 1200.0 - 600.0).collect();
        // Each "game" is won with the probability the true K gives its evaluation.
        let results: Vec<f32> =
            evals.iter().map(|&e| if rng.unit() < sigmoid(true_k * e) { 1.0 } else { 0.0 }).collect();
        let k = fit_k(&evals, &results);
        assert!((k - true_k).abs() < 0.05 * true_k, "fitted {k} for true {true_k}");
    }
}

/// Samples whose results follow known weights exactly, for the optimiser to find.
fn synthetic_set(truth: &[[f64; 2]], count: usize, k: f64, seed: u64) -> SampleSet {
    let mut rng = Rng::new(seed);
    let mut set = SampleSet::default();
    for _ in 0..count {
        let linear: Vec<Coeff> = (0..truth.len())
            .map(|i| Coeff { index: i as u16, count: rng.below(5) as i16 - 2 })
            .filter(|c| c.count != 0)
            .collect();
        let phase = rng.below(257) as i32;
        let (mg, eg) = (f64::from(phase) / 256.0, f64::from(256 - phase) / 256.0);
        let eval: f64 = linear
            .iter()
            .map(|c| f64::from(c.count) * (mg * truth[usize::from(c.index)][0] + eg * truth[usize::from(c.index)][1]))
            .sum();
        let result = sigmoid(k * eval) as f32;
        set.push(&SampleParts { linear, phase, scale: 128, result, ..SampleParts::default() });
    }
    set
}

#[test]
fn adam_recovers_known_weights() {
    let truth = [[100.0, 150.0], [-40.0, 20.0], [10.0, -60.0], [0.0, 80.0]];
    let k = 0.006;
    let train_set = synthetic_set(&truth, 20_000, k, 1);
    let validation = synthetic_set(&truth, 2_000, k, 2);
    // The frozen weight starts (and must stay) at its true value; the others at zero.
    let mut weights = vec![[0.0, 0.0], [0.0, 0.0], [0.0, 0.0], truth[3]];
    let before = mean_loss(&validation, &weights, k, Loss::Mse, 1);
    let settings = TrainSettings {
        epochs: 60,
        learning_rate: 4.0,
        rate_decay: 0.95,
        batch_size: 1024,
        k,
        loss: Loss::Mse,
        threads: 2,
        seed: 9,
        frozen: vec![false, false, false, true],
        l2: 0.0,
        anchor: Vec::new(),
    };
    let mut reports = Vec::new();
    train(&train_set, &validation, &mut weights, &settings, |r| reports.push(*r));
    assert_eq!(reports.len(), 60);
    let after = reports.last().expect("reports").validation_loss;
    assert!(after < before / 10.0, "validation loss {before} -> {after}");
    for i in 0..3 {
        for half in 0..2 {
            assert!(
                (weights[i][half] - truth[i][half]).abs() < 5.0,
                "weight {i}.{half}: {} vs {}",
                weights[i][half],
                truth[i][half]
            );
        }
    }
    assert_eq!(weights[3], truth[3], "a frozen weight moved");
}

#[test]
fn l2_penalty_holds_weights_near_their_anchor() {
    let truth = [[100.0, 150.0], [-40.0, 20.0]];
    let k = 0.006;
    let set = synthetic_set(&truth, 5_000, k, 3);
    let settings_with = |l2: f64| TrainSettings {
        epochs: 30,
        learning_rate: 4.0,
        rate_decay: 0.95,
        batch_size: 1024,
        k,
        loss: Loss::Mse,
        threads: 1,
        seed: 9,
        frozen: vec![false; 2],
        l2,
        anchor: vec![[0.0, 0.0]; 2],
    };
    let distance = |l2: f64| {
        let mut weights = vec![[0.0, 0.0]; 2];
        train(&set, &set, &mut weights, &settings_with(l2), |_| {});
        weights.iter().map(|w| w[0].abs() + w[1].abs()).sum::<f64>()
    };
    let free = distance(0.0);
    let held = distance(1e-3);
    assert!(free > 250.0, "unpenalised weights should approach the truth: {free}");
    assert!(held < free / 3.0, "penalised {held} vs free {free}");
}

#[test]
fn params_file_round_trips() {
    let mut values = layout::current();
    for (i, v) in values.iter_mut().enumerate() {
        let i = i as i32;
        *v = S(v.0 + i % 17 - 8, v.1 - i % 13 + 6);
    }
    let path = temp_path("params.rs");
    output::write_params(&path, &values).expect("write");
    let back = output::read_params(&path).expect("read");
    assert_eq!(back, values);
    // The written file keeps the layout: the same text apart from the numbers.
    let text = std::fs::read_to_string(&path).expect("read text");
    assert_eq!(text.lines().count(), layout::PARAMS_FILE.lines().count());
    assert!(text.contains("pub const PST: [[S; 64]; 6] = ["));
    let _ = std::fs::remove_file(&path);
    assert!(output::write_params(&path, &values[1..]).is_err());
}

#[test]
fn small_end_to_end_run_writes_a_parameters_file() {
    let data = temp_path("data.txt");
    let lines = [
        "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1 | 0.5",
        "4k3/8/4p3/3Q4/8/8/8/4K3 b - - 0 1 | 0.0",
        "6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1 | 1.0",
        "r1bq1rk1/pp1nppbp/2p2np1/3p4/P2P4/4PN2/1PPNBPPP/R1BQ1RK1 w - - 1 5 | 12 | 0.5",
        "4k3/8/8/8/8/8/8/4K2R b K - 0 1 [1.0]",
        "4k3/8/8/8/8/8/8/4K2R w K - 0 1 | 1.0",
        "4k3/8/8/8/8/8/4r3/4K3 w - - 0 1 | 0.0",
        "not a fen | 0.5",
        "rnbqkbnr/pppp1ppp/8/4p3/4P3/5Q2/PPPP1PPP/RNB1KBNR b KQkq - 1 2 | 0.5",
    ];
    std::fs::write(&data, lines.join("\n")).expect("write data");
    let out = temp_path("tuned.rs");
    let config = TuneConfig {
        files: vec![data.clone()],
        epochs: 3,
        batch_size: 4,
        validation: 0.25,
        split_block: 1,
        min_samples: 0,
        output: out.clone(),
        ..TuneConfig::default()
    };
    run_tune(config).expect("tune runs");
    let tuned = output::read_params(&out).expect("a parameters file");
    assert_eq!(tuned.len(), layout::idx::COUNT);
    assert_ne!(tuned, layout::current(), "nothing moved");
    // The loss curve lies beside the parameters file, one point per epoch and set.
    let curve_path = ferrochamp::tune::plot::svg_path(&out);
    let svg = std::fs::read_to_string(&curve_path).expect("a loss curve beside the output");
    assert!(svg.starts_with("<svg") && svg.trim_end().ends_with("</svg>"));
    for class in ["train", "validation"] {
        let marker = format!("class=\"{class}\"");
        let line = svg.lines().find(|l| l.contains(&marker)).expect("a polyline per set");
        let points = line.split("points=\"").nth(1).and_then(|s| s.split('"').next()).expect("points");
        assert_eq!(points.split_whitespace().count(), 3, "{line}");
    }
    let _ = std::fs::remove_file(&data);
    let _ = std::fs::remove_file(&out);
    let _ = std::fs::remove_file(&curve_path);
}
