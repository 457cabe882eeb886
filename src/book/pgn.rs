//! A small PGN reader: splits a file into games, each with its tags, the SAN
//! words of its main line and its result.
//!
//! Comments (`{...}` and `;` to the end of the line), `%` escape lines,
//! variations `(...)` at any depth, NAGs (`$n`, `!`, `?`, `!?`, ...), move
//! numbers (`12.`, `12...`) and results are recognised and dropped; only the
//! main line's moves are kept. SAN words are resolved later by [`crate::board::san`],
//! against a position, so this module knows nothing about chess rules.

/// How a game ended, from White's point of view.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GameResult {
    /// `1-0`.
    WhiteWins,
    /// `0-1`.
    BlackWins,
    /// `1/2-1/2` (or `½-½`).
    Draw,
    /// `*`: unfinished or unknown.
    Unknown,
}

impl GameResult {
    fn parse(word: &str) -> Option<GameResult> {
        match word {
            "1-0" => Some(GameResult::WhiteWins),
            "0-1" => Some(GameResult::BlackWins),
            "1/2-1/2" | "½-½" => Some(GameResult::Draw),
            "*" => Some(GameResult::Unknown),
            _ => None,
        }
    }
}

/// One game of a PGN file.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PgnGame {
    /// 1-based position of the game in its file, for messages.
    pub number: usize,
    /// The tag pairs (name, value), in file order.
    pub tags: Vec<(String, String)>,
    /// The SAN words of the main line, annotations still attached (`Nf3!`).
    pub moves: Vec<String>,
    /// The result token that ended the movetext, or else the `Result` tag.
    pub result: Option<GameResult>,
    /// What made the game unreadable, if anything; such a game is skipped.
    pub problem: Option<String>,
}

impl PgnGame {
    /// The value of the tag `name` (case-sensitive, as PGN tags are).
    #[must_use]
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags.iter().find(|(tag, _)| tag == name).map(|(_, value)| value.as_str())
    }

    /// The game's result: the movetext's result token, or the `Result` tag.
    #[must_use]
    pub fn outcome(&self) -> GameResult {
        self.result.or_else(|| self.tag("Result").and_then(GameResult::parse)).unwrap_or(GameResult::Unknown)
    }
}

/// One lexical element of movetext or the tag section.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Token {
    Tag(String, String),
    VariationStart,
    VariationEnd,
    Result(GameResult),
    San(String),
    /// Something that is not PGN; the message says what.
    Bad(String),
}

/// Splits `text` into games. Never fails: a game with a lexical problem comes
/// back with `problem` set, and the games after it are still read.
#[must_use]
pub fn parse_games(text: &str) -> Vec<PgnGame> {
    let mut games = Vec::new();
    let mut game = PgnGame { number: 1, ..PgnGame::default() };
    let mut depth = 0usize;
    let mut in_movetext = false;
    for token in tokenize(text) {
        if in_movetext && matches!(token, Token::Tag(..)) {
            // A tag after movetext: the previous game ended without a result token.
            finish(&mut games, &mut game, &mut depth, &mut in_movetext);
        }
        match token {
            Token::Tag(name, value) => game.tags.push((name, value)),
            Token::VariationStart => {
                in_movetext = true;
                depth += 1;
            }
            Token::VariationEnd if depth == 0 => note_problem(&mut game, "a ')' closes no variation"),
            Token::VariationEnd => depth -= 1,
            Token::San(word) => {
                in_movetext = true;
                if depth == 0 {
                    game.moves.push(word);
                }
            }
            // A result never belongs inside a variation: one there means the
            // variation was left open, which `finish` reports.
            Token::Result(result) => {
                game.result = Some(result);
                finish(&mut games, &mut game, &mut depth, &mut in_movetext);
            }
            Token::Bad(message) => note_problem(&mut game, &message),
        }
    }
    if in_movetext || !game.tags.is_empty() {
        finish(&mut games, &mut game, &mut depth, &mut in_movetext);
    }
    games
}

fn note_problem(game: &mut PgnGame, message: &str) {
    if game.problem.is_none() {
        game.problem = Some(message.to_string());
    }
}

fn finish(games: &mut Vec<PgnGame>, game: &mut PgnGame, depth: &mut usize, in_movetext: &mut bool) {
    if *depth > 0 {
        note_problem(game, "a variation is not closed");
    }
    let next = PgnGame { number: game.number + 1, ..PgnGame::default() };
    games.push(std::mem::replace(game, next));
    *depth = 0;
    *in_movetext = false;
}

/// Characters that end a word of movetext.
fn is_delimiter(c: char) -> bool {
    c.is_whitespace() || matches!(c, '{' | '}' | '(' | ')' | '[' | ']' | ';' | '$')
}

fn tokenize(text: &str) -> Vec<Token> {
    let chars: Vec<char> = text.chars().collect();
    let mut tokens = Vec::new();
    let mut i = 0;
    let mut line_start = true;
    while i < chars.len() {
        let c = chars[i];
        if c == '\n' {
            line_start = true;
            i += 1;
            continue;
        }
        let at_line_start = std::mem::replace(&mut line_start, false);
        if c.is_whitespace() {
            line_start = at_line_start;
            i += 1;
        } else if c == ';' || (c == '%' && at_line_start) {
            i = skip_until(&chars, i, '\n');
        } else if c == '{' {
            let end = skip_until(&chars, i, '}');
            if end >= chars.len() {
                tokens.push(Token::Bad("a comment '{' is not closed".into()));
            }
            i = end + 1;
        } else if c == '[' {
            let (token, next) = read_tag(&chars, i);
            tokens.push(token);
            i = next;
        } else if c == '(' || c == ')' {
            tokens.push(if c == '(' { Token::VariationStart } else { Token::VariationEnd });
            i += 1;
        } else if c == '$' {
            // A numeric annotation glyph: `$` and its digits, dropped.
            i += 1;
            while i < chars.len() && chars[i].is_ascii_digit() {
                i += 1;
            }
        } else {
            let start = i;
            while i < chars.len() && !is_delimiter(chars[i]) {
                i += 1;
            }
            if i == start {
                tokens.push(Token::Bad(format!("unexpected '{c}'")));
                i += 1;
            } else {
                let word: String = chars[start..i].iter().collect();
                tokens.extend(classify_word(&word));
            }
        }
    }
    tokens
}

/// The index of the next `stop` at or after `from` (or the end of the text).
fn skip_until(chars: &[char], from: usize, stop: char) -> usize {
    chars[from..].iter().position(|&c| c == stop).map_or(chars.len(), |offset| from + offset)
}

/// Reads `[Name "value"]` starting at the `[`; returns the token and the index after `]`.
fn read_tag(chars: &[char], open: usize) -> (Token, usize) {
    let mut i = open + 1;
    let mut name = String::new();
    while i < chars.len() && chars[i].is_whitespace() {
        i += 1;
    }
    while i < chars.len() && (chars[i].is_alphanumeric() || chars[i] == '_') {
        name.push(chars[i]);
        i += 1;
    }
    while i < chars.len() && chars[i].is_whitespace() {
        i += 1;
    }
    if name.is_empty() || chars.get(i) != Some(&'"') {
        let end = skip_until(chars, open, ']');
        return (Token::Bad("a malformed tag".into()), end + 1);
    }
    let mut value = String::new();
    i += 1;
    while i < chars.len() && chars[i] != '"' {
        // Inside a tag value `\"` and `\\` stand for `"` and `\`.
        if chars[i] == '\\' && i + 1 < chars.len() {
            i += 1;
        }
        value.push(chars[i]);
        i += 1;
    }
    let end = skip_until(chars, i, ']');
    if i >= chars.len() || end >= chars.len() {
        return (Token::Bad(format!("the tag {name} is not closed")), chars.len());
    }
    (Token::Tag(name, value), end + 1)
}

/// A word of movetext: a result, a move number (possibly glued to a move,
/// `12.e4`), annotation glyphs (`!?`), dots, or a move.
fn classify_word(word: &str) -> Vec<Token> {
    if let Some(result) = GameResult::parse(word) {
        return vec![Token::Result(result)];
    }
    let digits = word.chars().take_while(char::is_ascii_digit).count();
    let rest =
        if digits > 0 && word[digits..].starts_with('.') { word[digits..].trim_start_matches('.') } else { word };
    let rest = rest.trim_start_matches('.');
    if rest.is_empty() || rest.chars().all(|c| matches!(c, '!' | '?')) {
        return Vec::new();
    }
    // Some files write "e.p." after an en-passant capture.
    if rest.eq_ignore_ascii_case("e.p.") {
        return Vec::new();
    }
    if let Some(result) = GameResult::parse(rest) {
        return vec![Token::Result(result)];
    }
    vec![Token::San(rest.to_string())]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tags_comments_variations_and_nags_are_read_and_dropped() {
        let text = "[Event \"Test \\\"quoted\\\"\"]\n[Result \"1-0\"]\n\n\
            1. e4 {best by test} e5 2.Nf3 $1 (2. f4 exf4 (2... d5) 3. Nf3) 2... Nc6!? ; a comment\n\
            % an escaped line 3. Qh5\n3. Bb5 a6?! 4.Ba4 1-0\n\n[Event \"Second\"]\n1. d4 d5 *";
        let games = parse_games(text);
        assert_eq!(games.len(), 2);
        assert_eq!(games[0].tag("Event"), Some("Test \"quoted\""));
        assert_eq!(games[0].moves, ["e4", "e5", "Nf3", "Nc6!?", "Bb5", "a6?!", "Ba4"]);
        assert_eq!(games[0].outcome(), GameResult::WhiteWins);
        assert_eq!(games[0].problem, None);
        assert_eq!((games[1].number, games[1].moves.len(), games[1].outcome()), (2, 2, GameResult::Unknown));
    }

    #[test]
    fn a_game_without_result_token_ends_at_the_next_tags() {
        let games = parse_games("[Result \"1/2-1/2\"]\n1. e4 e5\n[Result \"0-1\"]\n1. d4 0-1");
        assert_eq!(games.len(), 2);
        assert_eq!(games[0].outcome(), GameResult::Draw);
        assert_eq!(games[1].outcome(), GameResult::BlackWins);
        assert_eq!(games[1].moves, ["d4"]);
    }

    #[test]
    fn broken_games_carry_a_problem_and_the_next_game_is_read() {
        let games = parse_games("1. e4 ( 1. d4 1-0\n\n1. e4 ) e5 1-0\n\n1. c4 c5 1/2-1/2\n1. e4 {never closed");
        assert_eq!(games.len(), 4);
        assert!(games[0].problem.as_deref().is_some_and(|p| p.contains("variation")));
        assert!(games[1].problem.as_deref().is_some_and(|p| p.contains("')'")));
        assert_eq!(games[2].problem, None);
        assert!(games[3].problem.as_deref().is_some_and(|p| p.contains("comment")));
    }

    #[test]
    fn castling_with_zeros_is_a_move_not_a_result() {
        let games = parse_games("1. e4 e5 2. 0-0 0-0-0 3.O-O 0-1");
        assert_eq!(games[0].moves, ["e4", "e5", "0-0", "0-0-0", "O-O"]);
        assert_eq!(games[0].outcome(), GameResult::BlackWins);
    }
}
