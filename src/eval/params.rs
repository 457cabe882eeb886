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
    s(  75,  101), s( 330,  386), s( 351,  414), s( 441,  680), s(1039, 1205), s(   0,    0),
];

/// Piece-square bonuses by piece type, on top of `MATERIAL`.
pub const PST: [[S; 64]; 6] = [
    [ // pawn
        s(   0,    0), s(   0,    0), s(   0,    0), s(   0,    0), s(   0,    0), s(   0,    0), s(   0,    0), s(   0,    0),
        s(  24,   20), s(  23,   36), s(  18,   44), s(  20,   39), s(  21,   49), s(  20,   32), s(  17,   55), s(  10,   25),
        s(  14,   21), s(   5,    9), s(   9,   18), s(  23,   13), s(  23,   27), s(  14,   21), s(   9,   17), s(   0,   20),
        s(   4,    7), s(   3,    5), s(   0,   -3), s(   5,  -11), s(  18,  -11), s(  13,  -10), s(  14,    8), s(  -3,   10),
        s(  -2,   15), s(  -8,    5), s(   0,  -12), s(  11,  -12), s(   9,   -9), s(   3,   -6), s(  -1,    1), s(  -1,   -6),
        s(   0,    3), s(  -7,   -1), s(  -1,   -5), s(   0,    5), s(   9,    0), s(   2,    2), s(  15,  -15), s(   0,   -3),
        s(  -3,   17), s(   3,    6), s(  -5,   10), s(   3,    4), s(   1,   19), s(  -1,    5), s(  22,   -3), s(   5,    0),
        s(   0,    0), s(   0,    0), s(   0,    0), s(   0,    0), s(   0,    0), s(   0,    0), s(   0,    0), s(   0,    0),
    ],
    [ // knight
        s( -25,  -26), s( -18,  -20), s( -18,  -20), s( -18,  -19), s( -16,  -17), s( -18,  -20), s( -18,  -20), s( -18,  -20),
        s( -25,  -15), s( -12,   -9), s(   2,  -10), s(  -2,    0), s(  -2,   -2), s(   2,   -7), s(  -6,   -5), s( -21,  -20),
        s( -12,  -18), s(   9,   -6), s(   5,    6), s(  27,   17), s(  24,    7), s(  20,    1), s(  -2,   -3), s(  -2,  -13),
        s(   1,  -14), s(  -5,   -1), s(  20,    2), s(  21,   20), s(  26,   18), s(  24,    9), s(  14,    2), s(   7,  -18),
        s( -10,  -20), s( -11,    1), s(  12,   12), s(  15,   17), s(  15,   23), s(  29,    9), s(  16,   11), s(   5,   -2),
        s( -31,  -25), s( -10,  -15), s(  -3,   -5), s(   7,    3), s(   8,    7), s(   1,   -3), s(   1,  -13), s( -22,   -7),
        s( -30,  -27), s( -28,  -18), s( -15,   -8), s(  -5,   -3), s(  -4,    1), s(   4,  -13), s(  -9,   -3), s( -25,  -19),
        s( -33,  -22), s( -35,  -37), s(  -9,  -22), s( -16,  -18), s(  -4,   -1), s( -20,  -17), s( -28,  -15), s( -30,  -19),
    ],
    [ // bishop
        s(  -5,  -10), s(  -6,   -7), s(  -8,   -7), s(  -7,   -9), s(  -8,  -14), s(  -7,   -6), s(  -7,   -7), s(  -3,   -7),
        s( -10,   -1), s(  -5,    1), s(  -4,    2), s(   3,    8), s(   0,    2), s(  -4,   -2), s(  -9,    0), s( -11,   -8),
        s(  -8,   -6), s( -11,    3), s(  13,    6), s(   7,   10), s(  14,    8), s(  18,    9), s(   7,    3), s(  -5,   -7),
        s(  -4,  -16), s(   6,   -1), s(   6,    8), s(  12,   13), s(  15,   16), s(  11,    7), s(  13,    5), s(   0,   -8),
        s( -11,  -14), s(   6,   -3), s(   8,    5), s(  23,   13), s(  17,    8), s(   9,    5), s(   1,   -5), s(  -5,   -4),
        s(  -1,  -14), s(   4,    9), s(  11,    9), s(   2,    4), s(   0,   16), s(  13,    3), s(  12,    4), s(   2,   -9),
        s(   7,   -7), s(   7,  -19), s(  12,   -8), s(  -1,    1), s(   6,   -2), s(   8,  -10), s(  17,  -14), s( -26,  -16),
        s( -18,   -9), s( -12,   -3), s(  -9,   -3), s(  -3,    7), s( -11,   -6), s( -20,   -4), s( -12,  -12), s( -21,  -20),
    ],
    [ // rook
        s(   7,   11), s(   2,    7), s(  -1,    8), s(  10,    9), s(   4,    6), s(   4,    7), s(   9,   12), s(   9,   11),
        s(  -6,    2), s(   1,   -3), s(  14,    2), s(  12,   -4), s(  13,   -3), s(  12,   -2), s(   3,    3), s(   8,   -7),
        s(  -4,   28), s(   6,   16), s(   6,   11), s(  12,   11), s(  12,    5), s(  13,   10), s(   5,    8), s(   2,   11),
        s( -10,   20), s(  -3,   15), s(  14,   15), s(   8,   11), s(  15,    8), s(   9,   15), s(  10,    7), s(   3,    7),
        s( -15,   13), s(  -2,    9), s(   2,    8), s(  -5,    6), s(  -5,    0), s(   2,   11), s(  11,    6), s(  -8,   10),
        s( -13,   -1), s( -17,    4), s(  -2,    5), s( -11,    3), s(  -8,   -1), s(  -9,   11), s(  -4,    1), s( -13,   -2),
        s( -25,    0), s( -15,   -2), s(   3,  -11), s(  -9,   -4), s(   2,  -15), s(   7,  -10), s( -10,  -13), s( -39,  -15),
        s( -11,  -16), s(  -7,  -20), s(  -1,  -13), s(   4,  -15), s(  10,  -26), s(  13,  -19), s( -17,   -4), s(   1,  -25),
    ],
    [ // queen
        s( -16,  -11), s(  -5,   -6), s(  -7,  -11), s(  -6,   -8), s(  -7,   -7), s(  -8,  -11), s(  -8,  -10), s(  -5,  -10),
        s( -12,  -10), s( -18,    1), s(  -5,    1), s(  -3,    0), s(  -1,    7), s(   4,    4), s(  -7,    1), s(  -3,  -10),
        s( -13,   -9), s(  -4,    3), s(  -4,   14), s(   2,   14), s(  13,   12), s(   2,   14), s(   8,   12), s(  -5,   -7),
        s(   0,   -4), s(   4,    1), s(   6,    7), s( -11,   18), s(   6,   19), s(  -9,   18), s(  -2,    4), s(   4,   -3),
        s(  -6,  -14), s(  -4,   10), s(   4,    9), s(   2,   28), s(   1,   21), s(   8,   13), s(   8,   12), s( -17,   -3),
        s( -15,  -16), s(   2,   -2), s(  -2,    9), s(   4,    5), s(   2,    7), s(  -3,   10), s(  -9,    1), s(   4,  -12),
        s( -15,  -13), s(   5,  -19), s(  10,  -24), s(   4,   -8), s(  10,  -20), s(   0,   -2), s(  -4,  -15), s( -10,  -13),
        s( -10,  -24), s(  -6,  -14), s(  -2,  -28), s(   2,  -39), s( -12,  -18), s( -19,  -20), s(  -8,  -14), s(  -8,  -13),
    ],
    [ // king
        s( -61,  -28), s( -61,  -27), s( -60,  -24), s( -60,  -25), s( -60,  -26), s( -60,  -25), s( -61,  -26), s( -61,  -30),
        s( -62,  -35), s( -60,   -3), s( -58,    7), s( -61,   -1), s( -60,    7), s( -58,    9), s( -57,    6), s( -60,  -26),
        s( -58,  -24), s( -54,   16), s( -55,   30), s( -54,   28), s( -54,   29), s( -56,   29), s( -54,   21), s( -54,  -13),
        s( -45,  -24), s( -45,    9), s( -42,   24), s( -51,   23), s( -48,   20), s( -44,   17), s( -39,    7), s( -44,  -18),
        s( -32,  -23), s( -28,    4), s( -35,    9), s( -40,   15), s( -42,   14), s( -31,    9), s( -31,   -1), s( -36,  -17),
        s( -20,  -24), s( -11,   -2), s( -23,    5), s( -22,    9), s( -33,   10), s( -24,    8), s(  -1,   -4), s( -31,  -15),
        s(   9,  -23), s(   3,   -6), s( -12,    2), s( -15,   -4), s( -23,   -4), s(  -8,   -6), s(   9,   -4), s(  14,  -26),
        s(   6,  -32), s(  16,  -28), s(   1,  -17), s( -17,  -21), s(  37,  -55), s( -14,  -21), s(  18,  -30), s( -10,  -35),
    ],
];

/// Bonus for the side to move.
pub const TEMPO: S = s(  23,   12);

// ---- Mobility: safe squares a piece attacks (not own pieces, not enemy pawn attacks) ----

/// Knight mobility, by the number of safe squares (0..=8).
pub const MOBILITY_KNIGHT: [S; 9] = [
    s( -22,  -27), s(  -7,  -27), s(   1,   -1), s(   5,   13), s(  10,   22), s(  15,   26), s(  16,   30), s(  19,   22), s(   8,   23),
];

/// Bishop mobility (0..=13).
pub const MOBILITY_BISHOP: [S; 14] = [
    s( -19,  -41), s(  -8,  -17), s(   0,  -10), s(   7,    1), s(  12,   14), s(  16,   23), s(  17,   25),
    s(  20,   27), s(  23,   27), s(  19,   28), s(  27,   22), s(  19,   24), s(  27,   33), s(  19,   32),
];

/// Rook mobility (0..=14).
pub const MOBILITY_ROOK: [S; 15] = [
    s( -34,  -46), s( -20,  -21), s( -13,   -7), s(  -6,    5), s(  -4,   15), s(  -1,   24), s(   3,   23), s(   8,   27),
    s(  14,   35), s(  16,   35), s(  20,   43), s(  14,   51), s(  22,   55), s(  33,   50), s(  38,   50),
];

/// Queen mobility (0..=27).
pub const MOBILITY_QUEEN: [S; 28] = [
    s(  -6,  -45), s(  -2,  -25), s(   0,  -24), s(   1,  -24), s(   3,  -16), s(   2,   -9), s(   4,   -4),
    s(   7,   -1), s(   9,    7), s(   8,   18), s(  10,   18), s(   9,   27), s(   8,   39), s(   7,   39),
    s(   8,   47), s(  13,   46), s(   8,   49), s(  15,   47), s(  20,   44), s(  17,   44), s(  18,   39),
    s(  16,   41), s(  19,   43), s(  19,   41), s(  21,   46), s(  21,   46), s(  24,   53), s(  25,   55),
];

// ---- Pawn structure (hashed) ----

/// A pawn with another own pawn in front of it on its file (once per extra pawn).
pub const PAWN_DOUBLED: S = s(  -6,   -6);

/// A pawn with no own pawn on either neighbouring file.
pub const PAWN_ISOLATED: S = s(  -6,  -14);

/// A pawn that no neighbour can support and whose stop square an enemy pawn holds;
/// index 1 when no enemy pawn stands in front of it (easier to attack).
pub const PAWN_BACKWARD: [S; 2] = [
    s(   4,  -13), s( -11,  -19),
];

/// A pawn with an own pawn beside it, by relative rank.
pub const PAWN_PHALANX: [S; 8] = [
    s(   0,    0), s(   5,   -2), s(   7,    0), s(   8,   12), s(  24,   40), s(  49,   61), s(  70,   80), s(   0,    0),
];

/// A pawn defended by an own pawn, by relative rank.
pub const PAWN_SUPPORTED: [S; 8] = [
    s(   0,    0), s(   0,    0), s(  16,    4), s(  12,    8), s(  19,   25), s(  35,   57), s(  52,   70), s(   0,    0),
];

/// A candidate passer (its helpers outnumber its sentries), by relative rank.
pub const PAWN_CANDIDATE: [S; 8] = [
    s(   0,    0), s(   0,   -8), s(   1,    5), s(  -1,   13), s(  -1,   17), s(  20,   48), s(   0,    0), s(   0,    0),
];

// ---- Passed pawns ----

/// A passed pawn, by relative rank.
pub const PASSED_RANK: [S; 8] = [
    s(   0,    0), s(  -6,   17), s(  10,   24), s(   6,   51), s(  34,   67), s(  46,   58), s(  65,  101), s(   0,    0),
];

/// No piece stands on the passer's path to promotion, by relative rank.
pub const PASSED_FREE_PATH: [S; 8] = [
    s(   0,    0), s(  -5,    7), s(  -8,    6), s( -11,   12), s(   9,   12), s(  11,   30), s(  25,   50), s(   0,    0),
];

/// No enemy attacks the passer's path (unless we defend it), by relative rank.
pub const PASSED_SAFE_PATH: [S; 8] = [
    s(   0,    0), s(  -1,   18), s(  -9,   15), s( -11,   21), s(   0,   33), s(  21,   49), s(  22,   43), s(   0,    0),
];

/// The passer's stop square is empty and not attacked by the enemy, by relative rank.
pub const PASSED_SAFE_PUSH: [S; 8] = [
    s(   0,    0), s(   0,   10), s(   1,    6), s(   6,   11), s(   9,   19), s(  19,   30), s(  16,   52), s(   0,    0),
];

/// Per square of distance from the own king to the stop square, by relative rank.
pub const PASSED_KING_DIST_OWN: [S; 8] = [
    s(   0,    0), s(  -4,   -1), s(   5,   -9), s(   6,  -16), s(  -2,  -19), s(   0,  -23), s(  -3,  -33), s(   0,    0),
];

/// Per square of distance from the enemy king to the stop square, by relative rank.
pub const PASSED_KING_DIST_ENEMY: [S; 8] = [
    s(   0,    0), s(   2,   -1), s( -10,    5), s( -10,   15), s(  -4,   24), s(  -1,   43), s(   7,   51), s(   0,    0),
];

/// A passer the enemy king cannot catch (rule of the square) when the enemy has only pawns.
pub const PASSED_UNSTOPPABLE: S = s(   0,  440);

/// An own rook behind the passer on its file with nothing between.
pub const PASSED_ROOK_BEHIND: S = s(  20,   13);

/// An enemy rook behind the passer on its file with nothing between.
pub const PASSED_ENEMY_ROOK_BEHIND: S = s( -14,  -46);

// ---- King safety: danger units, turned into a penalty nonlinearly ----

/// Danger per enemy piece attacking the king zone, by its type.
pub const KS_ATTACKER_WEIGHT: [S; 6] = [
    s(   0,    0), s(  42,   14), s(  42,   11), s(  50,    4), s(  20,   14), s(   0,    0),
];

/// Danger per attack of an enemy piece on a king-zone square.
pub const KS_ZONE_ATTACKS: S = s(  18,   10);

/// Danger per piece type that can give a safe check.
pub const KS_SAFE_CHECK: [S; 6] = [
    s(   0,    0), s( 131,   14), s(  61,   14), s( 120,   17), s( 114,   20), s(   0,    0),
];

/// Danger per square from which an enemy piece could check, though not safely.
pub const KS_UNSAFE_CHECKS: S = s(  17,   17);

/// Danger per king-zone square the enemy attacks and only our king or queen defends.
pub const KS_WEAK_SQUARES: S = s(  23,    0);

/// Danger adjustment when the attacker has no queen.
pub const KS_NO_QUEEN: S = s(-170,  -24);

/// Danger offset, so that a lone light attack costs nothing.
pub const KS_OFFSET: S = s( -28,   -2);

// ---- King safety: linear terms ----

/// Own pawn shelter per file next to the king, by the file's distance from the
/// edge (a/h = 0), then the relative rank of the pawn (0 = no pawn).
pub const KING_SHELTER: [[S; 8]; 4] = [
    [ // edge file
        s( -22,   16), s(  10,  -21), s(  18,  -18), s(   1,  -15), s(   3,   -9), s(   5,    0), s(   1,    6), s( -12,    0),
    ],
    [ // second file
        s( -11,   19), s(  18,   -5), s(  13,   -8), s(  -1,   -8), s( -14,   -8), s(  -7,   -9), s(  -6,   11), s( -12,    0),
    ],
    [ // third file
        s( -17,   14), s(  27,   -6), s(  -5,  -11), s(   0,  -12), s(  -5,  -12), s(   5,   -2), s(  -5,    2), s( -12,    0),
    ],
    [ // fourth file
        s(  -5,   20), s(   9,    1), s(   1,   -7), s(   0,   -3), s(  -4,   -4), s(  -8,  -16), s(  -5,   -1), s( -12,    0),
    ],
];

/// Enemy pawn storm per file next to the king: index 1 when our pawn blocks it,
/// then the relative rank (from our side) of the nearest enemy pawn (0 = none).
pub const KING_STORM: [[S; 8]; 2] = [
    [ // free storm
        s(  -9,    3), s(   5,    6), s( -28,    1), s( -15,   -6), s(  -7,   -8), s(   5,   -7), s(  -2,   -7), s(   0,    0),
    ],
    [ // blocked storm
        s(   0,    0), s(   0,    0), s( -20,  -23), s(   0,   -9), s(   2,  -11), s(  11,  -13), s(   4,   -9), s(   0,    0),
    ],
];

/// A file next to (or at) the king with no own pawn; index 1 when it has no pawn at all.
pub const KING_OPEN_FILE: [S; 2] = [
    s(  -8,  -16), s(  -3,  -28),
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
    s( -21,   -9), s(  -9,  -11), s(  -1,   -4), s(   2,    0), s(   8,    4), s(  12,    5),
    s(   7,    0), s(   0,    0), s(   0,    0), s(   0,    0), s(   0,    0), s(   0,    0),
];

/// The king by its distance in files from the nearest pawn of either colour (7 =
/// no pawn): in an endgame a king far from every pawn takes no part in the play.
pub const KING_PAWN_FILE_DISTANCE: [S; 8] = [
    s(  24,   18), s(  -6,   22), s(  -1,   17), s(  -5,  -15), s(  -5,  -25), s(  -4,  -17), s(  -1,   -6), s(   0,   -2),
];

// ---- Threats ----

/// Per square both sides attack that the enemy does not hold firmly (no pawn
/// guard, and not attacked twice against our once): the enemy's pieces there are restricted.
pub const RESTRICTED: S = s(   4,    1);

/// Space: safe central squares on our side (behind our pawns counting twice),
/// times our pieces, over 4.
pub const SPACE: S = s(   4,   -4);

/// An enemy piece attacked by our pawn, by the victim's type.
pub const THREAT_BY_PAWN: [S; 6] = [
    s(   0,    0), s(  57,   34), s(  55,   44), s(  61,   31), s(  46,   25), s(   0,    0),
];

/// An enemy piece (major, or not pawn-defended) attacked by our knight or bishop, by victim.
pub const THREAT_BY_MINOR: [S; 6] = [
    s(   3,   20), s(  14,   31), s(  31,   25), s(  43,   30), s(  39,   52), s(   0,    0),
];

/// An enemy queen, or undefended piece, attacked by our rook, by the victim's type.
pub const THREAT_BY_ROOK: [S; 6] = [
    s(  15,   30), s(  19,   32), s(  16,   37), s(   2,   15), s(  50,   37), s(   0,    0),
];

/// An undefended enemy piece or pawn attacked by our king.
pub const THREAT_BY_KING: S = s(  30,   36);

/// An enemy non-pawn piece we attack that nothing defends.
pub const HANGING: S = s(  16,   -8);

/// An enemy piece a safe pawn push of ours would attack.
pub const THREAT_PAWN_PUSH: S = s(  20,   11);

// ---- Pieces ----

/// Two or more bishops.
pub const BISHOP_PAIR: S = s(  26,   66);

/// Per own pawn on the colour of a bishop's square.
pub const BISHOP_PAWNS: S = s(  -3,   -7);

/// A knight or bishop (index 0, 1) on a pawn-protected square no enemy pawn can attack.
pub const OUTPOST: [S; 2] = [
    s(  27,   10), s(  17,    7),
];

/// A knight attacking an empty outpost square.
pub const OUTPOST_REACHABLE: S = s(  19,    8);

/// A knight or bishop right behind a pawn.
pub const MINOR_BEHIND_PAWN: S = s(   8,   11);

/// A rook on a file without own pawns (0) or without any pawn (1).
pub const ROOK_FILE: [S; 2] = [
    s(  17,    0), s(  40,   -3),
];

/// A rook on the relative seventh rank with enemy pawns there or the enemy king on the eighth.
pub const ROOK_ON_SEVENTH: S = s(  -1,   29);

/// A queen likewise on the seventh.
pub const QUEEN_ON_SEVENTH: S = s(   0,   31);

/// A rook boxed in by its own uncastled king.
pub const TRAPPED_ROOK: S = s(  -5,  -31);

/// A bishop on a7/h7 (b8/g8 too) shut in by an enemy pawn on b6/g6.
pub const TRAPPED_BISHOP: S = s( -70,  -60);

// ---- Endgames: mop-up against a lone king ----

/// A forced win against a bare king (mating material on the board).
pub const MOPUP_WIN: S = s( 400,  400);

/// Per unit of the bare king's Manhattan distance from the centre (0..=6).
pub const MOPUP_EDGE: S = s(  20,   20);

/// Per unit of closeness of the two kings (14 minus their Manhattan distance).
pub const MOPUP_PROXIMITY: S = s(   8,    8);

/// KBNK: per unit of closeness (14 minus Manhattan distance) of the bare king to a corner of the bishop's colour.
pub const MOPUP_BN_CORNER: S = s( 100,  100);

// ---- Complexity: how winnable an endgame edge is (endgame half only; the middlegame half is unused) ----

/// Complexity units per pawn on the board (both colours).
pub const COMPLEXITY_PAWNS: S = s(   0,    8);

/// Complexity units when there are pawns on both wings (files a-d and e-h).
pub const COMPLEXITY_BOTH_FLANKS: S = s(   0,   67);

/// Complexity units when only kings and pawns are left.
pub const COMPLEXITY_PAWN_ENDGAME: S = s(   0,   51);

/// Complexity units in every position.
pub const COMPLEXITY_OFFSET: S = s(   0, -131);

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
