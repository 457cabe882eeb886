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
    s(  63,  112), s( 324,  388), s( 328,  427), s( 439,  682), s(1047, 1200), s(   0,    0),
];

/// Piece-square bonuses by piece type, on top of `MATERIAL`.
pub const PST: [[S; 64]; 6] = [
    [ // pawn
        s(   0,    0), s(   0,    0), s(   0,    0), s(   0,    0), s(   0,    0), s(   0,    0), s(   0,    0), s(   0,    0),
        s(  22,   29), s(  24,   37), s(  17,   45), s(  17,   40), s(  24,   55), s(  19,   29), s(  20,   51), s(  10,   29),
        s(  21,   26), s(  -3,   20), s(  10,   16), s(  22,   13), s(  19,   19), s(  11,   19), s(  15,   18), s(  -3,   17),
        s(   5,    9), s(  10,    8), s(   5,    3), s(  12,  -10), s(  19,  -18), s(  25,   -4), s(  18,    1), s(  -5,   -6),
        s(  -3,    7), s(  -9,    3), s(   8,   -9), s(  11,   -9), s(  11,  -13), s(   5,    3), s(   3,   -4), s(  -8,   -6),
        s(  -3,    1), s( -11,    0), s(   4,   -5), s(  -7,   -3), s(  -6,    8), s(  -8,    2), s(  20,  -15), s(  -1,   -2),
        s(   2,   12), s(  -1,    8), s(  -8,   14), s(  -5,    8), s(  -4,   14), s( -10,    9), s(  21,    3), s(   7,    3),
        s(   0,    0), s(   0,    0), s(   0,    0), s(   0,    0), s(   0,    0), s(   0,    0), s(   0,    0), s(   0,    0),
    ],
    [ // knight
        s( -22,  -22), s( -18,  -20), s( -18,  -20), s( -18,  -19), s( -17,  -18), s( -18,  -20), s( -18,  -20), s( -18,  -20),
        s( -25,  -16), s( -14,   -7), s(   2,   -9), s(  -2,   -2), s(  -4,   -2), s(   0,   -6), s(  -4,   -5), s( -22,  -20),
        s( -11,  -16), s(   2,   -6), s(   8,   10), s(  14,   13), s(  16,    8), s(  18,    2), s( -11,   -4), s(  -6,  -14),
        s(  -2,  -17), s(  -4,    0), s(  19,    5), s(  12,   18), s(  13,   16), s(  19,    6), s(  10,   -2), s(   7,  -14),
        s( -14,  -21), s(  -6,    0), s(   9,   12), s(  10,   14), s(  11,   22), s(  19,    4), s(   9,   11), s(   0,   -6),
        s( -24,  -28), s(  -4,  -14), s(  -6,    0), s(   9,    3), s(   9,   10), s(   7,   -2), s(   4,   -6), s( -18,  -14),
        s( -33,  -29), s( -25,  -16), s( -19,  -14), s(   2,    0), s(   3,   -5), s(   6,   -7), s( -11,   -3), s( -17,  -17),
        s( -30,  -19), s( -22,  -36), s(  -5,  -21), s( -13,  -19), s(  -6,    3), s( -12,  -21), s( -17,  -14), s( -30,  -19),
    ],
    [ // bishop
        s(  -3,  -10), s(  -6,   -8), s(  -7,   -9), s(  -6,   -9), s(  -8,  -14), s(  -7,   -7), s(  -7,   -8), s(  -3,   -9),
        s(  -9,   -6), s(  -3,   -3), s(  -5,   -3), s(   1,    4), s(  -1,    1), s(  -2,   -2), s(  -7,   -4), s(  -9,   -7),
        s( -13,   -4), s(  -7,    0), s(  12,    9), s(   0,    5), s(   9,    3), s(  19,    9), s(   3,    5), s(  -3,   -5),
        s(  -3,  -14), s(  -1,    0), s(   5,    7), s(  13,    9), s(  10,   10), s(  13,    7), s(   7,   13), s(  -8,   -4),
        s( -16,  -15), s(   9,    2), s(  11,    2), s(  26,    4), s(  15,    4), s(   5,    6), s(   0,   -2), s(  -8,   -6),
        s(  -4,   -8), s(   6,    7), s(  18,    9), s(   1,   16), s(   1,    7), s(  15,    1), s(  14,    4), s(  -3,   -6),
        s(  -2,   -2), s(   6,  -11), s(  11,   -2), s(   7,    1), s(   8,    8), s(  10,   -9), s(  22,   -9), s( -29,  -16),
        s( -16,   -8), s( -15,   -3), s( -10,    1), s(  -3,    9), s( -15,   -1), s( -15,   -7), s( -11,  -12), s( -12,  -15),
    ],
    [ // rook
        s(  -1,    6), s(   8,   12), s(   1,    9), s(  10,   10), s(   6,    7), s(   4,    8), s(   7,   12), s(   7,   13),
        s( -11,    4), s(   6,    1), s(  13,   10), s(  12,   -1), s(   8,   -2), s(  13,    3), s(   5,    2), s(  11,   -2),
        s( -12,   17), s(   6,   15), s(   6,    9), s(  10,   10), s(   7,    2), s(   7,    7), s(   4,    5), s(   2,    2),
        s(  -4,   15), s(   5,   18), s(   6,    8), s(   9,    5), s(   5,    3), s(   4,   11), s(   7,    7), s(   8,    2),
        s( -16,    8), s(  -2,    9), s(  -3,    7), s(  -5,    5), s(  -7,   -4), s(   5,   14), s(   8,    8), s( -16,    5),
        s( -14,   -7), s( -18,    7), s(   9,    3), s(  -8,    2), s(   6,   -5), s(  -9,    6), s(  16,   -4), s( -15,    1),
        s( -33,    2), s( -15,    1), s(   1,  -11), s( -15,   -3), s(  -1,  -12), s(   3,   -6), s(  -7,  -13), s( -24,  -16),
        s( -15,   -1), s(  -3,  -10), s(  -1,   -2), s(   7,  -10), s(  15,  -21), s(   8,  -14), s(  -9,  -11), s(   2,  -22),
    ],
    [ // queen
        s( -15,  -11), s(  -5,   -6), s(  -8,  -12), s(  -8,  -11), s(  -9,   -9), s(  -9,  -12), s( -10,  -12), s(  -8,  -12),
        s(  -9,   -9), s( -15,    1), s( -10,   -1), s(  -5,   -1), s(   0,    6), s(  -6,    1), s(  -7,    1), s(  -7,  -12),
        s(  -8,   -6), s(  -2,    0), s(  -8,   12), s(   1,   11), s(   4,    9), s(  -3,   11), s(   1,    8), s(  -4,   -8),
        s(   3,   -7), s(  10,    4), s(   8,    7), s( -10,   15), s(   7,   19), s( -10,   14), s(  -4,    4), s(   4,   -4),
        s(   5,  -13), s(  -9,    4), s(   0,    6), s(   2,   20), s(  -3,   17), s(   8,    9), s(   9,   11), s( -17,   -5),
        s(  -9,  -16), s(   5,    1), s(   6,    8), s(   4,    5), s(  12,    7), s(   1,   11), s(  -8,    1), s(   8,  -11),
        s(  -9,  -11), s(   8,  -13), s(   9,  -10), s(  11,   -6), s(   7,  -10), s( -15,    0), s(  -5,   -9), s(  -5,  -13),
        s(  -6,  -21), s( -12,  -10), s(   1,  -20), s(   7,  -35), s( -13,  -16), s( -17,  -14), s(  -9,  -14), s(  -8,  -13),
    ],
    [ // king
        s( -61,  -28), s( -61,  -27), s( -60,  -24), s( -60,  -25), s( -60,  -26), s( -60,  -24), s( -61,  -25), s( -61,  -30),
        s( -62,  -33), s( -61,   -5), s( -59,    4), s( -61,   -3), s( -61,    3), s( -59,    7), s( -58,    4), s( -60,  -23),
        s( -58,  -25), s( -56,   11), s( -57,   23), s( -55,   24), s( -55,   26), s( -56,   32), s( -57,   12), s( -56,  -19),
        s( -45,  -21), s( -45,   13), s( -43,   18), s( -50,   24), s( -49,   23), s( -43,   28), s( -42,    6), s( -45,  -22),
        s( -34,  -25), s( -31,   -1), s( -32,   10), s( -41,   13), s( -40,   15), s( -31,   11), s( -33,   -2), s( -35,  -18),
        s( -21,  -25), s( -10,   -2), s( -16,   10), s( -20,    5), s( -38,    8), s( -22,    9), s(  -4,   -4), s( -27,  -19),
        s(  17,  -22), s(   7,  -12), s(  -9,    6), s(  -8,    0), s( -14,   -3), s( -10,   -1), s(   7,   -5), s(  16,  -23),
        s(   7,  -27), s(  18,  -30), s(   1,  -25), s( -10,  -27), s(  18,  -42), s( -13,  -16), s(  14,  -28), s( -16,  -29),
    ],
];

/// Bonus for the side to move.
pub const TEMPO: S = s(  10,    9);

// ---- Mobility: safe squares a piece attacks (not own pieces, not enemy pawn attacks) ----

/// Knight mobility, by the number of safe squares (0..=8).
pub const MOBILITY_KNIGHT: [S; 9] = [
    s( -17,  -29), s(  -5,  -25), s(   0,    0), s(   5,   15), s(   9,   21), s(  14,   25), s(  12,   29), s(  14,   28), s(   6,   18),
];

/// Bishop mobility (0..=13).
pub const MOBILITY_BISHOP: [S; 14] = [
    s( -13,  -43), s(  -3,  -20), s(   1,   -9), s(   6,    1), s(   9,   15), s(  11,   22), s(  13,   22),
    s(  13,   31), s(  13,   26), s(  15,   29), s(  18,   29), s(  17,   24), s(  29,   33), s(  25,   39),
];

/// Rook mobility (0..=14).
pub const MOBILITY_ROOK: [S; 15] = [
    s( -27,  -52), s( -14,  -26), s(  -9,  -10), s(  -3,    7), s(  -3,   18), s(  -2,   24), s(   3,   22), s(   8,   27),
    s(  10,   34), s(  10,   41), s(  12,   42), s(  18,   50), s(  23,   51), s(  25,   53), s(  34,   57),
];

/// Queen mobility (0..=27).
pub const MOBILITY_QUEEN: [S; 28] = [
    s(   1,  -45), s(   1,  -25), s(   2,  -22), s(   3,  -18), s(   4,  -12), s(   6,   -3), s(   5,   -4),
    s(   8,    2), s(   6,    7), s(   6,   17), s(   8,   19), s(   6,   30), s(   5,   38), s(   3,   39),
    s(   3,   41), s(   9,   39), s(   9,   41), s(  17,   41), s(  18,   40), s(  19,   41), s(  17,   38),
    s(  17,   40), s(  20,   43), s(  23,   46), s(  22,   48), s(  22,   48), s(  24,   53), s(  25,   55),
];

// ---- Pawn structure (hashed) ----

/// A pawn with another own pawn in front of it on its file (once per extra pawn).
pub const PAWN_DOUBLED: S = s(  -4,  -15);

/// A pawn with no own pawn on either neighbouring file.
pub const PAWN_ISOLATED: S = s(  -8,  -11);

/// A pawn that no neighbour can support and whose stop square an enemy pawn holds;
/// index 1 when no enemy pawn stands in front of it (easier to attack).
pub const PAWN_BACKWARD: [S; 2] = [
    s(   0,  -16), s(  -8,  -13),
];

/// A pawn with an own pawn beside it, by relative rank.
pub const PAWN_PHALANX: [S; 8] = [
    s(   0,    0), s(   3,    2), s(   6,    2), s(   6,   11), s(  17,   34), s(  48,   60), s(  70,   80), s(   0,    0),
];

/// A pawn defended by an own pawn, by relative rank.
pub const PAWN_SUPPORTED: [S; 8] = [
    s(   0,    0), s(   0,    0), s(  13,    8), s(  13,    8), s(  15,   21), s(  26,   51), s(  51,   63), s(   0,    0),
];

/// A candidate passer (its helpers outnumber its sentries), by relative rank.
pub const PAWN_CANDIDATE: [S; 8] = [
    s(   0,    0), s(   3,  -13), s(  10,    8), s(   4,   12), s(   4,   21), s(  20,   47), s(   0,    0), s(   0,    0),
];

// ---- Passed pawns ----

/// A passed pawn, by relative rank.
pub const PASSED_RANK: [S; 8] = [
    s(   0,    0), s(  -4,   15), s(   9,   24), s(  11,   45), s(  29,   61), s(  42,   61), s(  68,  116), s(   0,    0),
];

/// No piece stands on the passer's path to promotion, by relative rank.
pub const PASSED_FREE_PATH: [S; 8] = [
    s(   0,    0), s(  -3,    8), s( -11,    3), s(  -8,   10), s(   2,   15), s(  11,   34), s(  23,   57), s(   0,    0),
];

/// No enemy attacks the passer's path (unless we defend it), by relative rank.
pub const PASSED_SAFE_PATH: [S; 8] = [
    s(   0,    0), s(   2,   19), s( -10,   18), s(  -6,   23), s(   1,   34), s(  21,   49), s(  23,   57), s(   0,    0),
];

/// The passer's stop square is empty and not attacked by the enemy, by relative rank.
pub const PASSED_SAFE_PUSH: [S; 8] = [
    s(   0,    0), s(   4,    4), s(  10,    4), s(   3,   11), s(   3,   15), s(  17,   18), s(  14,   45), s(   0,    0),
];

/// Per square of distance from the own king to the stop square, by relative rank.
pub const PASSED_KING_DIST_OWN: [S; 8] = [
    s(   0,    0), s(  -4,    0), s(   0,   -5), s(  11,  -19), s(  -1,  -20), s(   1,  -26), s(  -5,  -36), s(   0,    0),
];

/// Per square of distance from the enemy king to the stop square, by relative rank.
pub const PASSED_KING_DIST_ENEMY: [S; 8] = [
    s(   0,    0), s(   0,   -1), s(  -5,    3), s( -13,   18), s(  -2,   26), s(  -1,   43), s(  20,   44), s(   0,    0),
];

/// A passer the enemy king cannot catch (rule of the square) when the enemy has only pawns.
pub const PASSED_UNSTOPPABLE: S = s(   0,  440);

/// An own rook behind the passer on its file with nothing between.
pub const PASSED_ROOK_BEHIND: S = s(  26,   20);

/// An enemy rook behind the passer on its file with nothing between.
pub const PASSED_ENEMY_ROOK_BEHIND: S = s( -13,  -51);

// ---- King safety: danger units, turned into a penalty nonlinearly ----

/// Danger per enemy piece attacking the king zone, by its type.
pub const KS_ATTACKER_WEIGHT: [S; 6] = [
    s(   0,    0), s(  31,   14), s(  34,   10), s(  42,    6), s(  25,   12), s(   0,    0),
];

/// Danger per attack of an enemy piece on a king-zone square.
pub const KS_ZONE_ATTACKS: S = s(  14,   15);

/// Danger per piece type that can give a safe check.
pub const KS_SAFE_CHECK: [S; 6] = [
    s(   0,    0), s( 116,   13), s(  58,   12), s( 109,   14), s( 113,   16), s(   0,    0),
];

/// Danger per square from which an enemy piece could check, though not safely.
pub const KS_UNSAFE_CHECKS: S = s(  18,   14);

/// Danger per king-zone square the enemy attacks and only our king or queen defends.
pub const KS_WEAK_SQUARES: S = s(  21,    7);

/// Danger adjustment when the attacker has no queen.
pub const KS_NO_QUEEN: S = s(-158,  -21);

/// Danger offset, so that a lone light attack costs nothing.
pub const KS_OFFSET: S = s( -39,   -3);

// ---- King safety: linear terms ----

/// Own pawn shelter per file next to the king, by the file's distance from the
/// edge (a/h = 0), then the relative rank of the pawn (0 = no pawn).
pub const KING_SHELTER: [[S; 8]; 4] = [
    [ // edge file
        s(  -8,   21), s(   5,  -17), s(  11,  -16), s(   5,  -10), s(  -2,    3), s(  -2,   -6), s(  -5,   -2), s( -12,    0),
    ],
    [ // second file
        s( -13,   16), s(  13,   -5), s(   6,    0), s(  -2,   -1), s(  -8,    0), s(   2,   -1), s(  -4,   11), s( -12,    0),
    ],
    [ // third file
        s( -12,   17), s(  25,    6), s(   1,   -7), s(  -1,   -9), s( -12,  -18), s(   5,   -1), s(  -7,    0), s( -12,    0),
    ],
    [ // fourth file
        s(  -5,   18), s(   5,    8), s(   5,  -10), s(   1,   -7), s(   4,  -11), s(  -5,  -17), s(  -5,    2), s( -12,    0),
    ],
];

/// Enemy pawn storm per file next to the king: index 1 when our pawn blocks it,
/// then the relative rank (from our side) of the nearest enemy pawn (0 = none).
pub const KING_STORM: [[S; 8]; 2] = [
    [ // free storm
        s(  -9,   10), s(   8,    7), s( -23,    7), s( -15,    2), s( -10,   -2), s(  -1,   -3), s(  -8,    0), s(   0,    0),
    ],
    [ // blocked storm
        s(   0,    0), s(   0,    0), s(  -4,  -13), s(   4,   -5), s(  -5,  -14), s(  11,  -19), s(   0,   -6), s(   0,    0),
    ],
];

/// A file next to (or at) the king with no own pawn; index 1 when it has no pawn at all.
pub const KING_OPEN_FILE: [S; 2] = [
    s(  -8,  -17), s( -13,  -38),
];

/// The king on this file (a..h) while the enemy has a queen: a king left in the
/// centre. Hand-set, not tuned: the tuning games (Stockfish's) castle early, so
/// they hold almost no late positions with an uncastled king to learn it from.
pub const KING_CENTRE_FILE: [S; 8] = [
    s(   0,    0), s(   0,    0), s(   0,    0), s( -40,    0), s( -40,    0), s( -20,    0), s(   0,    0), s(   0,    0),
];

// ---- Threats ----

/// An enemy piece attacked by our pawn, by the victim's type.
pub const THREAT_BY_PAWN: [S; 6] = [
    s(   0,    0), s(  53,   29), s(  49,   43), s(  61,   31), s(  48,   26), s(   0,    0),
];

/// An enemy piece (major, or not pawn-defended) attacked by our knight or bishop, by victim.
pub const THREAT_BY_MINOR: [S; 6] = [
    s(   1,   21), s(  13,   29), s(  22,   32), s(  41,   29), s(  38,   56), s(   0,    0),
];

/// An enemy queen, or undefended piece, attacked by our rook, by the victim's type.
pub const THREAT_BY_ROOK: [S; 6] = [
    s(  11,   32), s(  18,   30), s(  15,   36), s(   3,   14), s(  49,   40), s(   0,    0),
];

/// An undefended enemy piece or pawn attacked by our king.
pub const THREAT_BY_KING: S = s(  25,   35);

/// An enemy non-pawn piece we attack that nothing defends.
pub const HANGING: S = s(  12,   -5);

/// An enemy piece a safe pawn push of ours would attack.
pub const THREAT_PAWN_PUSH: S = s(  20,    9);

// ---- Pieces ----

/// Two or more bishops.
pub const BISHOP_PAIR: S = s(  24,   64);

/// Per own pawn on the colour of a bishop's square.
pub const BISHOP_PAWNS: S = s(   0,  -10);

/// A knight or bishop (index 0, 1) on a pawn-protected square no enemy pawn can attack.
pub const OUTPOST: [S; 2] = [
    s(  25,   11), s(  10,   15),
];

/// A knight attacking an empty outpost square.
pub const OUTPOST_REACHABLE: S = s(  22,   10);

/// A knight or bishop right behind a pawn.
pub const MINOR_BEHIND_PAWN: S = s(   4,   20);

/// A rook on a file without own pawns (0) or without any pawn (1).
pub const ROOK_FILE: [S; 2] = [
    s(  10,    5), s(  25,    4),
];

/// A rook on the relative seventh rank with enemy pawns there or the enemy king on the eighth.
pub const ROOK_ON_SEVENTH: S = s(  -9,   29);

/// A queen likewise on the seventh.
pub const QUEEN_ON_SEVENTH: S = s( -13,   22);

/// A rook boxed in by its own uncastled king.
pub const TRAPPED_ROOK: S = s(   0,  -29);

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
pub const COMPLEXITY_PAWNS: S = s(   0,    4);

/// Complexity units when there are pawns on both wings (files a-d and e-h).
pub const COMPLEXITY_BOTH_FLANKS: S = s(   0,   53);

/// Complexity units when only kings and pawns are left.
pub const COMPLEXITY_PAWN_ENDGAME: S = s(   0,   40);

/// Complexity units in every position.
pub const COMPLEXITY_OFFSET: S = s(   0,  -77);

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
