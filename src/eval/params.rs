//! Every weight of the evaluation, in one place, as named tables of `S(mg, eg)`.
//!
//! The tuner treats this file as a vector: the `s(mg, eg)` literals read in file
//! order are the parameters, in the order of `layout::GROUPS`, and `ferrochamp tune`
//! rewrites the numbers in place. So: one `s(..)` per weight, no `s(` in comments,
//! nothing computed. Tables by square are drawn as a board from White's side (a8 first).
//! The `i32` constants after the tables are not tuned (scale factors out of 128).

use super::score::{s, S};

// ---- Material and placement ----

/// Material by piece type: pawn, knight, bishop, rook, queen, king.
pub const MATERIAL: [S; 6] = [
    s(  71,  104), s( 323,  379), s( 361,  404), s( 451,  671), s(1043, 1218), s(   0,    0),
];

/// Piece-square bonuses by piece type, on top of `MATERIAL`.
pub const PST: [[S; 64]; 6] = [
    [ // pawn
        s(   0,    0), s(   0,    0), s(   0,    0), s(   0,    0), s(   0,    0), s(   0,    0), s(   0,    0), s(   0,    0),
        s(  30,   11), s(  18,   36), s(  21,   46), s(  23,   39), s(  18,   50), s(  23,   36), s(  11,   60), s(   7,    5),
        s(  14,   23), s(  10,    5), s(   9,   15), s(  21,   18), s(  20,   31), s(  14,   19), s(  10,   15), s(  -1,   15),
        s(  11,   11), s(   4,    9), s(  -3,    2), s(   5,   -9), s(  11,   -5), s(  10,   -8), s(  14,   10), s(   2,   13),
        s(  -2,   13), s( -11,    7), s(  -2,   -6), s(  11,  -12), s(  12,  -12), s(   4,   -4), s(  -4,    1), s(  -1,   -7),
        s(  -2,    3), s(  -7,   -2), s(   1,   -7), s(   0,    2), s(   9,   -2), s(   4,    1), s(  13,  -14), s(  -4,   -4),
        s(  -1,   12), s(   1,    7), s(  -3,   10), s(   5,    5), s(   3,   18), s(  -1,    7), s(  20,    0), s(   5,   -3),
        s(   0,    0), s(   0,    0), s(   0,    0), s(   0,    0), s(   0,    0), s(   0,    0), s(   0,    0), s(   0,    0),
    ],
    [ // knight
        s( -25,  -26), s( -18,  -20), s( -18,  -20), s( -18,  -19), s( -16,  -17), s( -18,  -20), s( -18,  -20), s( -18,  -20),
        s( -25,  -14), s( -11,   -8), s(   5,  -10), s(  -2,    5), s(   1,    4), s(   5,   -7), s(  -6,   -5), s( -21,  -20),
        s( -12,  -18), s(  13,   -6), s(   6,    4), s(  35,   16), s(  34,    4), s(  24,    1), s(   9,    0), s(   4,  -10),
        s(   4,  -10), s(   3,   -2), s(  26,    3), s(  28,   18), s(  25,   20), s(  29,    9), s(  16,    2), s(  10,  -18),
        s(  -4,  -17), s( -15,    4), s(  13,   12), s(  12,   17), s(  13,   22), s(  26,   12), s(  18,   12), s(   2,   -2),
        s( -26,  -25), s(  -6,  -14), s(  -6,   -7), s(   5,    2), s(   2,    7), s(  -6,   -8), s(  -2,  -16), s( -29,   -2),
        s( -30,  -24), s( -30,  -18), s( -15,   -7), s(  -7,   -5), s(  -8,   -4), s(   0,  -16), s( -14,   -8), s( -27,  -19),
        s( -33,  -22), s( -36,  -34), s(  -9,  -22), s( -18,  -17), s(  -7,   -4), s( -21,  -17), s( -37,  -18), s( -30,  -19),
    ],
    [ // bishop
        s(  -9,  -13), s(  -6,   -7), s(  -9,   -4), s(  -8,   -9), s(  -8,  -11), s(  -7,   -6), s(  -7,   -7), s(  -3,   -7),
        s( -12,    3), s( -13,    2), s(   1,    8), s(   3,   10), s(  -1,    5), s(  -3,   -2), s( -15,    0), s(  -9,   -8),
        s(  -7,   -9), s( -11,    6), s(  11,    6), s(  12,   10), s(  23,   11), s(  18,    6), s(  15,   -3), s(   1,   -6),
        s(  -2,  -12), s(  10,   -1), s(  10,    8), s(  19,   16), s(  19,   19), s(  14,    7), s(  12,    4), s(   3,  -12),
        s(  -9,  -14), s(   3,   -3), s(  11,   12), s(  28,   16), s(  23,   10), s(  10,    5), s(   5,   -4), s(  -5,   -4),
        s(   3,  -16), s(   8,    7), s(   0,    5), s(   5,    4), s(  -1,   16), s(  -1,   -3), s(   8,    3), s(   1,  -11),
        s(  13,  -10), s(   1,  -22), s(  18,  -14), s(  -5,    0), s(   1,   -5), s(   7,  -15), s(   6,  -24), s( -12,  -14),
        s( -21,   -9), s(  -6,   -5), s( -11,   -6), s( -10,    7), s( -10,   -5), s( -27,   -4), s( -12,  -12), s( -30,  -26),
    ],
    [ // rook
        s(  10,   11), s(  -1,    8), s(  -4,    8), s(  12,    7), s(   4,    7), s(   7,    8), s(   9,   11), s(  12,   12),
        s(  -6,   -1), s(  -3,   -4), s(  15,   -3), s(  12,   -7), s(  16,   -6), s(  13,   -6), s(  -2,    5), s(   9,  -10),
        s(  -5,   31), s(   4,   18), s(   9,   11), s(  13,   12), s(  18,    7), s(  19,   11), s(   5,   12), s(   6,   16),
        s( -17,   23), s(  -7,   16), s(  17,   15), s(   4,   14), s(  18,    8), s(  12,   13), s(  11,    9), s(   0,   10),
        s( -18,   13), s(  -4,   10), s(   3,    9), s(  -9,    6), s(  -3,    3), s(   4,   10), s(  16,    6), s(  -9,   10),
        s( -15,    0), s( -14,    2), s(  -7,    4), s( -14,    7), s( -12,   -1), s(  -7,    9), s(  -8,    8), s( -13,   -5),
        s( -24,   -6), s( -15,   -3), s(   3,  -12), s(  -6,   -5), s(   5,  -16), s(   6,  -15), s(  -7,  -18), s( -42,  -15),
        s( -12,  -17), s(  -6,  -20), s(  -1,  -14), s(   4,  -17), s(  12,  -28), s(  12,  -21), s( -18,   -2), s(   1,  -28),
    ],
    [ // queen
        s( -20,  -14), s(  -7,   -8), s(  -6,  -12), s(  -2,   -4), s(  -4,   -4), s(  -8,  -11), s(  -8,  -10), s(  -1,   -8),
        s( -20,  -15), s( -19,   -2), s(  -5,    1), s(  -3,    3), s(   2,   11), s(  11,    8), s(  -9,    1), s(   0,  -10),
        s( -21,  -13), s(  -6,    5), s(  -4,   15), s(   4,   18), s(  24,   16), s(   5,   15), s(  17,   16), s(  -7,   -6),
        s(  -5,   -3), s(   0,   -1), s(   5,    7), s(  -8,   25), s(   7,   23), s(  -8,   22), s(   4,    5), s(   7,   -3),
        s(   0,  -15), s(  -1,   13), s(   3,   12), s(   1,   37), s(   3,   26), s(  15,   17), s(  11,   14), s( -11,    0),
        s( -16,  -16), s(   0,   -3), s(  -3,   12), s(   3,    8), s(   0,   13), s(  -4,   14), s(  -8,    3), s(   7,  -12),
        s( -20,  -13), s(   1,  -28), s(   6,  -32), s(   2,   -9), s(   8,  -24), s(  -1,   -7), s(  -1,  -21), s( -10,  -13),
        s( -11,  -28), s( -12,  -20), s(  -9,  -37), s(  -3,  -37), s( -12,  -21), s( -20,  -26), s(  -8,  -14), s(  -8,  -13),
    ],
    [ // king
        s( -61,  -28), s( -61,  -27), s( -60,  -24), s( -60,  -25), s( -60,  -26), s( -60,  -25), s( -61,  -26), s( -61,  -30),
        s( -62,  -35), s( -57,    2), s( -55,   10), s( -58,    2), s( -60,   10), s( -55,   14), s( -54,   13), s( -60,  -26),
        s( -58,  -21), s( -51,   19), s( -52,   35), s( -53,   31), s( -54,   33), s( -55,   32), s( -51,   29), s( -51,   -5),
        s( -45,  -25), s( -42,    8), s( -42,   27), s( -54,   24), s( -48,   16), s( -44,   17), s( -36,    9), s( -41,  -15),
        s( -31,  -21), s( -25,    9), s( -35,    9), s( -40,   13), s( -45,   12), s( -31,    7), s( -28,    3), s( -37,  -13),
        s( -17,  -23), s(  -8,   -2), s( -26,    4), s( -22,    6), s( -32,    6), s( -27,    4), s(   3,   -2), s( -34,  -14),
        s(   9,  -20), s(   3,   -5), s( -13,   -5), s( -21,   -7), s( -27,   -6), s(  -9,  -10), s(   6,   -5), s(  14,  -29),
        s(   2,  -32), s(  14,  -25), s(  -1,  -19), s( -21,  -25), s(  41,  -63), s( -15,  -24), s(  11,  -28), s(  -8,  -39),
    ],
];

/// Bonus for the side to move.
pub const TEMPO: S = s(  24,   13);

// ---- Mobility: safe squares a piece attacks (not own pieces, not enemy pawn attacks) ----

/// Knight mobility, by the number of safe squares (0..=8).
pub const MOBILITY_KNIGHT: [S; 9] = [
    s( -24,  -27), s(  -8,  -29), s(   0,   -2), s(   4,   12), s(   8,   21), s(  13,   25), s(  15,   29), s(  19,   21), s(  10,   23),
];

/// Bishop mobility (0..=13).
pub const MOBILITY_BISHOP: [S; 14] = [
    s( -14,  -36), s(  -5,  -15), s(   4,   -6), s(  10,    7), s(  13,   17), s(  17,   24), s(  17,   25),
    s(  19,   27), s(  23,   24), s(  18,   26), s(  31,   15), s(  18,   19), s(  24,   27), s(  13,   24),
];

/// Rook mobility (0..=14).
pub const MOBILITY_ROOK: [S; 15] = [
    s( -31,  -41), s( -18,  -17), s( -11,   -7), s(  -5,    3), s(  -3,   15), s(   0,   22), s(   3,   23), s(   8,   27),
    s(  14,   33), s(  16,   34), s(  19,   40), s(  13,   50), s(  23,   50), s(  34,   47), s(  39,   48),
];

/// Queen mobility (0..=27).
pub const MOBILITY_QUEEN: [S; 28] = [
    s( -13,  -45), s(  -8,  -25), s(  -5,  -26), s(  -1,  -28), s(   0,  -22), s(   1,  -11), s(   3,   -5),
    s(   7,    1), s(   9,    6), s(   9,   17), s(  13,   15), s(  11,   28), s(  11,   39), s(  10,   40),
    s(  11,   53), s(  16,   49), s(  12,   55), s(  17,   53), s(  26,   48), s(  21,   51), s(  21,   39),
    s(  16,   45), s(  19,   43), s(  17,   40), s(  21,   46), s(  21,   46), s(  24,   53), s(  25,   55),
];

// ---- Pawn structure (hashed) ----

/// A pawn with another own pawn in front of it on its file (once per extra pawn).
pub const PAWN_DOUBLED: S = s(  -7,  -10);

/// A pawn with no own pawn on either neighbouring file.
pub const PAWN_ISOLATED: S = s(  -4,   -8);

/// A pawn that no neighbour can support and whose stop square an enemy pawn holds;
/// index 1 when no enemy pawn stands in front of it (easier to attack).
pub const PAWN_BACKWARD: [S; 2] = [
    s(   2,  -12), s( -14,  -15),
];

/// A pawn with an own pawn beside it, by relative rank.
pub const PAWN_PHALANX: [S; 8] = [
    s(   0,    0), s(   4,   -2), s(   6,    2), s(   9,   11), s(  25,   37), s(  54,   74), s(  70,   80), s(   0,    0),
];

/// A pawn defended by an own pawn, by relative rank.
pub const PAWN_SUPPORTED: [S; 8] = [
    s(   0,    0), s(   0,    0), s(  14,    6), s(  12,    8), s(  23,   22), s(  37,   59), s(  53,   79), s(   0,    0),
];

/// A candidate passer (its helpers outnumber its sentries), by relative rank.
pub const PAWN_CANDIDATE: [S; 8] = [
    s(   0,    0), s(   0,   -7), s(   0,    4), s(  -4,   13), s(  -5,   13), s(  20,   48), s(   0,    0), s(   0,    0),
];

/// An own pawn on the relative fifth or sixth rank (index 0, 1) with an enemy pawn right in front.
pub const PAWN_BLOCKED: [S; 2] = [
    s( -14,   -3), s(  -4,   -6),
];

/// An isolated pawn with no enemy pawn ahead on its file: open to rooks from the front (on top of `PAWN_ISOLATED`).
pub const PAWN_ISOLATED_UNOPPOSED: S = s(  -9,   -7);

// ---- Passed pawns ----

/// A passed pawn, by relative rank.
pub const PASSED_RANK: [S; 8] = [
    s(   0,    0), s(  -8,   21), s(  12,   28), s(  -1,   56), s(  38,   71), s(  50,   62), s(  64,   84), s(   0,    0),
];

/// No piece stands on the passer's path to promotion, by relative rank.
pub const PASSED_FREE_PATH: [S; 8] = [
    s(   0,    0), s(  -5,    9), s(  -8,    5), s( -12,   13), s(   8,   10), s(   9,   28), s(  33,   41), s(   0,    0),
];

/// No enemy attacks the passer's path (unless we defend it), by relative rank.
pub const PASSED_SAFE_PATH: [S; 8] = [
    s(   0,    0), s(  -1,   18), s(  -9,   12), s( -16,   23), s(  -3,   37), s(  18,   52), s(  25,   37), s(   0,    0),
];

/// The passer's stop square is empty and not attacked by the enemy, by relative rank.
pub const PASSED_SAFE_PUSH: [S; 8] = [
    s(   0,    0), s(  -1,    8), s(  -1,    7), s(   6,   11), s(  10,   18), s(  16,   37), s(  19,   63), s(   0,    0),
];

/// Per square of distance from the own king to the stop square, by relative rank.
pub const PASSED_KING_DIST_OWN: [S; 8] = [
    s(   0,    0), s(  -2,   -1), s(   4,   -8), s(   5,  -16), s(  -3,  -20), s(  -1,  -25), s(   8,  -40), s(   0,    0),
];

/// Per square of distance from the enemy king to the stop square, by relative rank.
pub const PASSED_KING_DIST_ENEMY: [S; 8] = [
    s(   0,    0), s(   1,   -2), s( -11,    4), s(  -7,   11), s(  -6,   22), s(  -1,   41), s(  -4,   63), s(   0,    0),
];

/// A passed pawn by its file's distance from the edge (a/h 0 ..= d/e 3).
pub const PASSED_FILE: [S; 4] = [
    s(   7,    0), s(   1,    4), s(  -3,   -1), s(  -3,   -3),
];

/// A passer the enemy king cannot catch (rule of the square) when the enemy has only pawns.
pub const PASSED_UNSTOPPABLE: S = s(   0,  425);

/// An own rook behind the passer on its file with nothing between.
pub const PASSED_ROOK_BEHIND: S = s(  16,   14);

/// An enemy rook behind the passer on its file with nothing between.
pub const PASSED_ENEMY_ROOK_BEHIND: S = s( -18,  -49);

// ---- King safety: danger units, turned into a penalty nonlinearly ----

/// Danger per enemy piece attacking the king zone, by its type.
pub const KS_ATTACKER_WEIGHT: [S; 6] = [
    s(   0,    0), s(  43,   16), s(  42,   13), s(  53,    3), s(  15,   15), s(   0,    0),
];

/// Danger per attack of an enemy piece on a king-zone square.
pub const KS_ZONE_ATTACKS: S = s(  17,    8);

/// Danger per piece type that can give a safe check.
pub const KS_SAFE_CHECK: [S; 6] = [
    s(   0,    0), s( 146,   14), s(  63,   17), s( 133,   20), s( 119,   23), s(   0,    0),
];

/// Danger per square from which an enemy piece could check, though not safely.
pub const KS_UNSAFE_CHECKS: S = s(  17,   17);

/// Danger per king-zone square the enemy attacks and only our king or queen defends.
pub const KS_WEAK_SQUARES: S = s(  23,   -7);

/// Danger adjustment when the attacker has no queen.
pub const KS_NO_QUEEN: S = s(-186,  -26);

/// Danger offset, so that a lone light attack costs nothing.
pub const KS_OFFSET: S = s( -30,    1);

// ---- King safety: linear terms ----

/// Own pawn shelter per file next to the king, by the file's distance from the
/// edge (a/h = 0), then the relative rank of the pawn (0 = no pawn).
pub const KING_SHELTER: [[S; 8]; 4] = [
    [ // edge file
        s( -27,   11), s(  15,  -26), s(  24,  -25), s(   4,  -19), s(   2,  -20), s(   2,   -2), s(   7,   13), s( -12,    0),
    ],
    [ // second file
        s( -16,   16), s(  26,  -12), s(  17,  -13), s(   4,  -13), s( -13,  -10), s( -10,  -10), s(  -9,   11), s( -12,    0),
    ],
    [ // third file
        s( -23,    9), s(  28,  -12), s(  -4,  -17), s(  -3,  -20), s(  -4,  -13), s(   5,   -6), s(  -4,    3), s( -12,    0),
    ],
    [ // fourth file
        s( -13,   18), s(   4,   -1), s(   0,   -5), s(  -5,   -4), s(  -8,   -7), s( -14,  -12), s(  -4,   -4), s( -12,    0),
    ],
];

/// Enemy pawn storm per file next to the king: index 1 when our pawn blocks it,
/// then the relative rank (from our side) of the nearest enemy pawn (0 = none).
pub const KING_STORM: [[S; 8]; 2] = [
    [ // free storm
        s(  -8,   -3), s(   0,  -14), s( -30,   -6), s( -15,   -9), s(  -7,  -13), s(   5,  -14), s(  -2,  -12), s(   0,    0),
    ],
    [ // blocked storm
        s(   0,    0), s(   0,    0), s( -27,  -29), s(  -4,  -16), s(   5,  -17), s(  15,  -16), s(   6,  -16), s(   0,    0),
    ],
];

/// A file next to (or at) the king with no own pawn; index 1 when it has no pawn at all.
pub const KING_OPEN_FILE: [S; 2] = [
    s(  -1,  -19), s(   6,  -29),
];

/// The king on this file (a..h) while the enemy has a queen: a king left in the
/// centre. Hand-set, not tuned: the tuning games (Stockfish's) castle early, so
/// they hold almost no late positions with an uncastled king to learn it from.
pub const KING_CENTRE_FILE: [S; 8] = [
    s(   0,    0), s(   0,    0), s(   0,    0), s( -40,    0), s( -40,    0), s( -20,    0), s(   0,    0), s(   0,    0),
];

/// Own pawns and minor pieces in the king zone, by their number (capped at 11):
/// defenders the enemy has to remove before an attack lands.
pub const KING_DEFENDERS: [S; 12] = [
    s( -23,  -11), s( -10,  -12), s(  -1,   -9), s(   2,   -7), s(   6,   -4), s(  10,    1),
    s(  11,    0), s(   0,    0), s(   0,    0), s(   0,    0), s(   0,    0), s(   0,    0),
];

/// The king by its distance in files from the nearest pawn of either colour (7 =
/// no pawn): in an endgame a king far from every pawn takes no part in the play.
pub const KING_PAWN_FILE_DISTANCE: [S; 8] = [
    s(  30,   31), s(  -4,   37), s(  -1,   37), s(  -5,  -12), s(  -7,  -44), s(  -8,  -43), s(  -4,  -27), s(  -3,  -14),
];

// ---- Threats ----

/// Per square both sides attack that the enemy does not hold firmly (no pawn
/// guard, and not attacked twice against our once): the enemy's pieces there are restricted.
pub const RESTRICTED: S = s(   4,    2);

/// Space: safe central squares on our side (behind our pawns counting twice),
/// times our pieces, over 4.
pub const SPACE: S = s(   4,   -2);

/// An enemy piece attacked by our pawn, by the victim's type.
pub const THREAT_BY_PAWN: [S; 6] = [
    s(   0,    0), s(  62,   40), s(  64,   47), s(  57,   30), s(  49,   25), s(   0,    0),
];

/// An enemy piece (major, or not pawn-defended) attacked by our knight or bishop, by victim.
pub const THREAT_BY_MINOR: [S; 6] = [
    s(   2,   21), s(  12,   31), s(  34,   22), s(  44,   32), s(  39,   46), s(   0,    0),
];

/// An enemy queen, or undefended piece, attacked by our rook, by the victim's type.
pub const THREAT_BY_ROOK: [S; 6] = [
    s(  17,   28), s(  21,   34), s(  19,   37), s(   2,   15), s(  50,   34), s(   0,    0),
];

/// An undefended enemy piece or pawn attacked by our king.
pub const THREAT_BY_KING: S = s(  36,   33);

/// An enemy non-pawn piece we attack that nothing defends.
pub const HANGING: S = s(  18,   -8);

/// An enemy piece a safe pawn push of ours would attack.
pub const THREAT_PAWN_PUSH: S = s(  20,   13);

/// Per safe square from which one of our knights could attack the enemy queen next move.
pub const KNIGHT_ON_QUEEN: S = s(  10,   -2);

/// Per safe square, attacked twice by us, from which one of our sliders could attack the enemy queen.
pub const SLIDER_ON_QUEEN: S = s(  14,    0);

// ---- Pieces ----

/// Two or more bishops.
pub const BISHOP_PAIR: S = s(  29,   62);

/// Per own pawn on the colour of a bishop's square.
pub const BISHOP_PAWNS: S = s(  -3,   -6);

/// A knight or bishop (index 0, 1) on a pawn-protected square no enemy pawn can attack.
pub const OUTPOST: [S; 2] = [
    s(  25,    8), s(  20,    4),
];

/// A knight attacking an empty outpost square.
pub const OUTPOST_REACHABLE: S = s(  19,    8);

/// A knight or bishop right behind a pawn.
pub const MINOR_BEHIND_PAWN: S = s(   8,   11);

/// A rook on a file without own pawns (0) or without any pawn (1).
pub const ROOK_FILE: [S; 2] = [
    s(  15,    0), s(  37,   -3),
];

/// A rook on the relative seventh rank with enemy pawns there or the enemy king on the eighth.
pub const ROOK_ON_SEVENTH: S = s(   2,   33);

/// A queen likewise on the seventh.
pub const QUEEN_ON_SEVENTH: S = s(  -3,   32);

/// A rook boxed in by its own uncastled king.
pub const TRAPPED_ROOK: S = s(  -4,  -34);

/// A bishop on a7/h7 (b8/g8 too) shut in by an enemy pawn on b6/g6.
pub const TRAPPED_BISHOP: S = s( -70,  -60);

/// Per knight, by how closed the pawns are (0 open ..= 8 locked; see `closedness`).
pub const CLOSED_KNIGHT: [S; 9] = [
    s( -10,   -9), s(  -2,   -3), s(  -4,    0), s(  -1,    0), s(   2,    2), s(   2,    0), s(   4,   -1), s(   2,    3),
    s(  -1,    2),
];

/// Per rook, by how closed the pawns are (0 open ..= 8 locked).
pub const CLOSED_ROOK: [S; 9] = [
    s(  10,    2), s(  -3,    3), s(  -2,   -1), s(   0,   -4), s(  -1,   -7), s(   0,   -3), s(   0,    0), s(   0,    0),
    s(   0,    0),
];

/// A knight or bishop (index 0, 1) by its king distance to its own king (0..=7).
pub const MINOR_KING_DISTANCE: [[S; 8]; 2] = [
    [s(   0,    0), s(   6,   10), s(   8,    5), s(   5,    2), s(  -4,    0), s(  -1,   -3), s(  -6,  -10), s( -15,  -11)],
    [s(   0,    0), s(   9,    4), s(   6,    3), s(   4,    0), s(   2,   -3), s(  -4,   -2), s(  -4,   -4), s(  -6,   -6)],
];

/// A bishop on a long diagonal that sees both centre squares on it past the pawns.
pub const BISHOP_LONG_DIAGONAL: S = s(  19,    5);

/// A queen with one piece between it and an enemy rook or bishop on that piece's line (a pin or a discovery).
pub const WEAK_QUEEN: S = s( -18,   -4);

/// Per enemy pawn on a bishop's diagonals, seen through every piece.
pub const BISHOP_XRAY_PAWNS: S = s(  -4,   -1);

/// A rook on the file of either queen.
pub const ROOK_ON_QUEEN_FILE: S = s(   1,    2);

/// A queen on the enemy half on a square no enemy pawn can ever attack.
pub const QUEEN_INFILTRATION: S = s(   7,   10);

/// Per knight, per own pawn on the board: knights like many pawns, rooks like few.
pub const KNIGHT_PER_PAWN: S = s(   3,    2);

/// Per rook, per own pawn on the board.
pub const ROOK_PER_PAWN: S = s(   1,    0);

/// A king on a flank (its file and the two beside it) where neither side has a pawn.
pub const PAWNLESS_FLANK: S = s(  -1,  -10);

// ---- Endgames: mop-up against a lone king ----

/// A forced win against a bare king (mating material on the board).
pub const MOPUP_WIN: S = s( 400,  400);

/// Per unit of the bare king's Manhattan distance from the centre (0..=6); not in KBNK.
pub const MOPUP_EDGE: S = s(  20,   20);

/// Per unit of closeness of the two kings (14 minus their Manhattan distance).
pub const MOPUP_PROXIMITY: S = s(   8,    8);

/// KBNK, in place of `MOPUP_EDGE`: per diagonal step of the bare king's distance from the long diagonal the bishop does not cover.
pub const MOPUP_BN_CORNER: S = s( 200,  200);

// ---- Complexity: how winnable an endgame edge is (endgame half only; the middlegame half is unused) ----

/// Complexity units per pawn on the board (both colours).
pub const COMPLEXITY_PAWNS: S = s(   0,    8);

/// Complexity units when there are pawns on both wings (files a-d and e-h).
pub const COMPLEXITY_BOTH_FLANKS: S = s(   0,   85);

/// Complexity units when only kings and pawns are left.
pub const COMPLEXITY_PAWN_ENDGAME: S = s(   0,   61);

/// Complexity units in every position.
pub const COMPLEXITY_OFFSET: S = s(   0, -152);

// ---- Scale factors for the endgame half, out of 128 (not tuned) ----

/// Opposite-coloured bishops and pawns only.
pub const SCALE_OCB_BISHOPS_ONLY: i32 = 48;

/// Opposite-coloured bishops with other pieces.
pub const SCALE_OCB_WITH_PIECES: i32 = 96;

/// The stronger side has no pawns and is less than a rook ahead.
pub const SCALE_NO_PAWNS_SMALL_EDGE: i32 = 16;

/// The stronger side cannot mate at all (bare minor, two knights); 0 zeroes both halves.
pub const SCALE_INSUFFICIENT: i32 = 0;

/// Opposite bishops only: extra scale per pawn of the stronger side past the first.
pub const SCALE_PAWN_PER: i32 = 8;
