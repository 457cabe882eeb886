//! The loss curve of a tuning run as a small SVG: training and validation
//! loss by epoch, so that a run can be judged at a glance (steady descent,
//! a validation loss that turns up when the tuner starts fitting noise).
//!
//! Written by hand: two polylines, axes and a few labels do not justify a
//! plotting dependency.

use std::fmt::Write;
use std::path::{Path, PathBuf};

const WIDTH: f64 = 640.0;
const HEIGHT: f64 = 400.0;
/// Room for the axis labels: left, right, top, bottom.
const MARGIN: (f64, f64, f64, f64) = (80.0, 20.0, 40.0, 50.0);
const TRAIN_COLOUR: &str = "#1f77b4";
const VALIDATION_COLOUR: &str = "#d62728";

/// One epoch's losses.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct LossPoint {
    /// The epoch, counted from 1.
    pub epoch: usize,
    /// The mean loss on the training set.
    pub train: f64,
    /// The mean loss on the validation set.
    pub validation: f64,
}

/// Where the curve of a run writing `output` goes: beside it, `<stem>.loss.svg`.
#[must_use]
pub fn svg_path(output: &Path) -> PathBuf {
    output.with_extension("loss.svg")
}

/// The SVG document of `points` (in epoch order).
#[must_use]
pub fn loss_curve_svg(points: &[LossPoint]) -> String {
    let finite = |v: f64| v.is_finite();
    let losses: Vec<f64> = points.iter().flat_map(|p| [p.train, p.validation]).filter(|&v| finite(v)).collect();
    let (mut low, mut high) = losses.iter().fold((f64::MAX, f64::MIN), |(lo, hi), &v| (lo.min(v), hi.max(v)));
    if losses.is_empty() {
        (low, high) = (0.0, 1.0);
    }
    if high - low < 1e-12 {
        high = low + 1e-6;
    }
    let first_epoch = points.first().map_or(0, |p| p.epoch) as f64;
    let last_epoch = points.last().map_or(1, |p| p.epoch) as f64;
    let epoch_span = (last_epoch - first_epoch).max(1.0);
    let (left, right, top, bottom) = MARGIN;
    let plot_w = WIDTH - left - right;
    let plot_h = HEIGHT - top - bottom;
    let x = |epoch: usize| left + (epoch as f64 - first_epoch) / epoch_span * plot_w;
    let y = |loss: f64| top + (high - loss) / (high - low) * plot_h;

    let mut svg = String::new();
    // Writing to a String cannot fail.
    let _ = writeln!(
        svg,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH}" height="{HEIGHT}" viewBox="0 0 {WIDTH} {HEIGHT}" font-family="sans-serif" font-size="12">"#
    );
    let _ = writeln!(svg, r#"<rect width="{WIDTH}" height="{HEIGHT}" fill="white"/>"#);
    let _ = writeln!(
        svg,
        r#"<text x="{}" y="24" text-anchor="middle" font-size="14">Tuning loss by epoch</text>"#,
        WIDTH / 2.0
    );
    axes(&mut svg, (low, high), (first_epoch, last_epoch));
    for (name, colour, pick) in [
        ("train", TRAIN_COLOUR, (|p: &LossPoint| p.train) as fn(&LossPoint) -> f64),
        ("validation", VALIDATION_COLOUR, |p: &LossPoint| p.validation),
    ] {
        let coordinates: Vec<String> =
            points.iter().filter(|p| finite(pick(p))).map(|p| format!("{:.2},{:.2}", x(p.epoch), y(pick(p)))).collect();
        let _ = writeln!(
            svg,
            r#"<polyline class="{name}" fill="none" stroke="{colour}" stroke-width="2" points="{}"/>"#,
            coordinates.join(" ")
        );
    }
    legend(&mut svg);
    svg.push_str("</svg>\n");
    svg
}

/// The frame, and the loss and epoch values at the ends of each axis.
fn axes(svg: &mut String, (low, high): (f64, f64), (first, last): (f64, f64)) {
    let (left, right, top, bottom) = MARGIN;
    let (x_end, y_end) = (WIDTH - right, HEIGHT - bottom);
    let _ = writeln!(svg, r#"<path d="M{left},{top} V{y_end} H{x_end}" fill="none" stroke="black"/>"#);
    for (value, y) in [(high, top), ((high + low) / 2.0, (top + y_end) / 2.0), (low, y_end)] {
        let _ = writeln!(svg, r#"<text x="{}" y="{}" text-anchor="end">{value:.5}</text>"#, left - 6.0, y + 4.0);
    }
    let _ = writeln!(svg, r#"<text x="{left}" y="{}" text-anchor="middle">{first}</text>"#, y_end + 18.0);
    let _ = writeln!(svg, r#"<text x="{x_end}" y="{}" text-anchor="middle">{last}</text>"#, y_end + 18.0);
    let _ =
        writeln!(svg, r#"<text x="{}" y="{}" text-anchor="middle">epoch</text>"#, (left + x_end) / 2.0, y_end + 38.0);
}

fn legend(svg: &mut String) {
    let x = WIDTH - MARGIN.1 - 110.0;
    for (row, (name, colour)) in [("train", TRAIN_COLOUR), ("validation", VALIDATION_COLOUR)].into_iter().enumerate() {
        let y = MARGIN.2 + 14.0 + 18.0 * row as f64;
        let _ =
            writeln!(svg, r#"<line x1="{x}" y1="{y}" x2="{}" y2="{y}" stroke="{colour}" stroke-width="2"/>"#, x + 20.0);
        let _ = writeln!(svg, r#"<text x="{}" y="{}">{name}</text>"#, x + 26.0, y + 4.0);
    }
}

/// Writes the curve of `points` to `path`.
///
/// # Errors
/// When the file cannot be written.
pub fn write_loss_curve(path: &Path, points: &[LossPoint]) -> Result<(), String> {
    std::fs::write(path, loss_curve_svg(points)).map_err(|err| format!("cannot write {}: {err}", path.display()))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Checks that every tag is closed in order (`<a>..</a>`, `<b/>`): enough
    /// of well-formedness to catch a broken writer.
    fn tags_balance(svg: &str) -> bool {
        let mut open: Vec<String> = Vec::new();
        let mut rest = svg;
        while let Some(start) = rest.find('<') {
            let Some(end) = rest[start..].find('>') else { return false };
            let tag = &rest[start + 1..start + end];
            rest = &rest[start + end + 1..];
            if let Some(name) = tag.strip_prefix('/') {
                if open.pop().as_deref() != Some(name.trim()) {
                    return false;
                }
            } else if !tag.ends_with('/') {
                open.push(tag.split_whitespace().next().unwrap_or_default().to_string());
            }
        }
        open.is_empty()
    }

    fn polyline_points(svg: &str, class: &str) -> Vec<(f64, f64)> {
        let marker = format!(r#"class="{class}""#);
        let line = svg.lines().find(|l| l.contains(&marker)).expect("the polyline");
        let points = line.split("points=\"").nth(1).and_then(|s| s.split('"').next()).expect("points");
        points
            .split_whitespace()
            .map(|pair| {
                let (x, y) = pair.split_once(',').expect("x,y");
                (x.parse().expect("x"), y.parse().expect("y"))
            })
            .collect()
    }

    #[test]
    fn the_curve_is_well_formed_and_has_every_epoch() {
        let points: Vec<LossPoint> = (1..=5)
            .map(|epoch| LossPoint { epoch, train: 0.1 - 0.01 * epoch as f64, validation: 0.1 - 0.008 * epoch as f64 })
            .collect();
        let svg = loss_curve_svg(&points);
        assert!(svg.starts_with("<svg xmlns=\"http://www.w3.org/2000/svg\""));
        assert!(tags_balance(&svg), "{svg}");
        let train = polyline_points(&svg, "train");
        let validation = polyline_points(&svg, "validation");
        assert_eq!((train.len(), validation.len()), (5, 5));
        // Epochs run left to right; a falling loss climbs up the page (y grows downwards).
        assert!(train.windows(2).all(|w| w[1].0 > w[0].0 && w[1].1 > w[0].1));
        // The extremes touch the plot's top and bottom.
        let ys: Vec<f64> = train.iter().chain(&validation).map(|p| p.1).collect();
        let top = ys.iter().copied().fold(f64::MAX, f64::min);
        let bottom = ys.iter().copied().fold(f64::MIN, f64::max);
        assert!((top - MARGIN.2).abs() < 0.01 && (bottom - (HEIGHT - MARGIN.3)).abs() < 0.01, "{top} {bottom}");
    }

    #[test]
    fn degenerate_runs_still_make_a_valid_picture() {
        for points in [vec![], vec![LossPoint { epoch: 1, train: 0.5, validation: f64::NAN }]] {
            let svg = loss_curve_svg(&points);
            assert!(tags_balance(&svg));
            assert!(!svg.contains("NaN") && !svg.contains("inf"));
        }
        assert_eq!(svg_path(Path::new("out/tuned.rs")), Path::new("out/tuned.loss.svg"));
    }
}
