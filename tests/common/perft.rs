//! The EPD perft suites (`FEN ;D1 20 ;D2 400 ...`) and their parser.

/// The suites, compiled into the test binaries so that the tests never depend
/// on the working directory or on `../shared`.
pub const STANDARD_SUITE: &str = include_str!("../data/perftsuite_standard.epd");
pub const FISCHER_SUITE: &str = include_str!("../data/fischer960.epd");
pub const CPW_SUITE: &str = include_str!("../data/cpw6_perft.epd");

/// One line of a perft suite: a position and its known node counts.
#[derive(Clone, Debug)]
pub struct PerftEntry {
    /// 1-based line number in the suite file, for failure messages.
    pub line: usize,
    pub fen: String,
    /// `(depth, nodes)` sorted by depth, no duplicate depths.
    pub counts: Vec<(u8, u64)>,
}

/// Parses `FEN ;D1 20 ;D2 400 ...` lines. Blank lines and `#` comments are
/// skipped; CRLF line ends and extra spaces are tolerated; anything else that
/// does not fit the format is an error naming the line.
pub fn parse_perft_epd(text: &str) -> Result<Vec<PerftEntry>, String> {
    let mut entries = Vec::new();
    for (index, raw_line) in text.lines().enumerate() {
        let line = raw_line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let entry = parse_perft_line(line).map_err(|err| format!("line {}: {err}: {line}", index + 1))?;
        entries.push(PerftEntry { line: index + 1, ..entry });
    }
    Ok(entries)
}

fn parse_perft_line(line: &str) -> Result<PerftEntry, String> {
    let mut segments = line.split(';');
    let fen = segments.next().unwrap_or_default().trim();
    if fen.is_empty() {
        return Err("no FEN before the first ';'".into());
    }
    let mut counts = Vec::new();
    for segment in segments.map(str::trim).filter(|s| !s.is_empty()) {
        counts.push(parse_depth_count(segment)?);
    }
    counts.sort_unstable();
    if counts.is_empty() {
        return Err("no ;Dn counts".into());
    }
    if counts.windows(2).any(|pair| pair[0].0 == pair[1].0) {
        return Err("a depth is listed twice".into());
    }
    Ok(PerftEntry { line: 0, fen: fen.to_string(), counts })
}

/// Parses `D3 8902`.
fn parse_depth_count(segment: &str) -> Result<(u8, u64), String> {
    let mut words = segment.split_whitespace();
    let (Some(label), Some(count), None) = (words.next(), words.next(), words.next()) else {
        return Err(format!("expected `Dn count`, found `{segment}`"));
    };
    let depth = label
        .strip_prefix(['D', 'd'])
        .and_then(|d| d.parse::<u8>().ok())
        .filter(|&d| d >= 1)
        .ok_or_else(|| format!("bad depth label `{label}`"))?;
    let count = count.parse::<u64>().map_err(|_| format!("bad node count `{count}`"))?;
    Ok((depth, count))
}

/// Loads a compiled-in suite; the data is ours, so a malformed file fails the test.
pub fn load_suite(text: &str) -> Vec<PerftEntry> {
    match parse_perft_epd(text) {
        Ok(entries) => entries,
        Err(err) => panic!("malformed perft suite: {err}"),
    }
}
