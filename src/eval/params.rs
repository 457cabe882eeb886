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
    s(  57,  115), s( 325,  360), s( 327,  397), s( 465,  643), s(1043, 1198), s(   0,    0),
];

/// Piece-square bonuses by piece type, on top of `MATERIAL`.
pub const PST: [[S; 64]; 6] = [
    [ // pawn
        s(   0,    0), s(   0,    0), s(   0,    0), s(   0,    0), s(   0,    0), s(   0,    0), s(   0,    0), s(   0,    0),
        s(  25,   45), s(  22,   37), s(  19,   46), s(  22,   39), s(  22,   47), s(  18,   32), s(  15,   42), s(  13,   34),
        s(  24,   35), s( -12,   20), s(   9,   10), s(  27,   22), s(  13,   17), s(  19,   10), s(  11,    9), s(   4,   28),
        s(  35,   14), s( -13,   20), s(  -9,   18), s(  13,   -4), s(   7,  -18), s(  26,  -11), s(  14,   -3), s(   4,    4),
        s(  -6,    0), s(  -8,   16), s(  10,    5), s(   6,   -5), s(  14,  -23), s(   4,    2), s(  12,  -12), s(  -5,  -10),
        s(  -1,   -1), s( -15,   -7), s(  20,  -10), s(  -5,    2), s(  -7,    6), s(  -1,   -5), s(  -8,  -10), s(  -3,   -4),
        s(   1,   -4), s( -15,   17), s(   1,   13), s(   7,   17), s(   5,  -10), s( -20,    5), s(  12,    9), s(  11,   -4),
        s(   0,    0), s(   0,    0), s(   0,    0), s(   0,    0), s(   0,    0), s(   0,    0), s(   0,    0), s(   0,    0),
    ],
    [ // knight
        s( -18,  -20), s( -18,  -20), s( -18,  -20), s( -18,  -20), s( -18,  -20), s( -18,  -20), s( -18,  -20), s( -18,  -20),
        s( -20,  -18), s(  -5,   -4), s(  -1,   -9), s(  -1,   -4), s(  -3,   -1), s(   1,   -5), s(  -2,   -4), s( -18,  -20),
        s( -13,  -20), s(  12,    1), s(  17,   12), s(   7,    1), s(   8,    2), s(  17,    5), s(  -7,   -3), s(  -9,  -13),
        s(  -3,  -13), s(   3,  -11), s(  26,    6), s(   4,    2), s(  23,   20), s(  13,    3), s(   5,   -3), s( -14,  -22),
        s( -20,  -21), s(  -4,    1), s(   9,    8), s(   6,   13), s(  11,   17), s(  12,   12), s(  14,    4), s( -19,  -18),
        s( -21,  -22), s(  17,  -12), s(  -5,    1), s(  14,    4), s(   9,   12), s(   4,   -5), s(  -1,    4), s( -30,  -19),
        s( -40,  -24), s( -17,  -11), s( -24,  -11), s(   7,    7), s(   6,   -9), s(  15,    6), s( -12,   -7), s( -19,  -19),
        s( -30,  -20), s( -18,  -33), s(  -8,  -21), s(  -8,  -21), s(  -1,   -1), s(   3,  -18), s( -34,  -18), s( -30,  -20),
    ],
    [ // bishop
        s(   0,  -11), s(  -6,   -8), s(  -7,   -9), s(  -5,  -11), s(  -9,  -15), s(  -6,   -8), s(  -6,   -8), s(  -2,   -8),
        s( -10,   -9), s(   8,    0), s(   5,    2), s(   3,    4), s(   2,    6), s(   4,    3), s(  -1,   -3), s(  -5,   -8),
        s( -14,   -8), s(  -5,   -5), s(  17,   13), s(  -1,    0), s(   8,    6), s(  19,   11), s(   1,    5), s(  -2,   -7),
        s(  -2,  -10), s(  -7,   -1), s(   5,    5), s(  17,    7), s(   5,   -2), s(  10,    1), s(  18,    7), s( -15,   -8),
        s( -27,  -17), s(  -2,   -1), s(   9,    8), s(  24,    3), s(  12,    0), s(   2,    0), s(   3,    0), s(  -7,   -6),
        s(   1,   -4), s(  13,   11), s(  14,   10), s(   0,   11), s(  -6,    5), s(   4,    5), s(   6,   -2), s( -13,  -15),
        s(  -1,    1), s(  -1,    3), s(  22,    5), s(   4,  -10), s(  -7,   10), s(   9,  -13), s(  31,   -2), s( -25,  -15),
        s( -15,   -8), s( -15,   -6), s(  -8,   -8), s(  -4,   11), s( -18,   -5), s( -21,   -5), s(  -9,   -9), s(   3,   -7),
    ],
    [ // rook
        s(  -6,    5), s(   2,    9), s(   2,   10), s(   5,    9), s(   6,    8), s(   3,    5), s(   2,    4), s(  -2,    7),
        s(  -6,    2), s(   7,    0), s(  15,   12), s(  12,    3), s(  11,   -2), s(  12,    5), s(   6,    5), s(  14,    6),
        s( -13,    3), s(  -3,    9), s(   3,   -1), s(   5,    8), s(   2,   -1), s(   4,    0), s(   2,    7), s(  -1,   -1),
        s(  -2,    2), s(   2,    2), s(  10,    2), s(   9,    7), s(  -3,   -9), s(   6,    5), s(   2,    0), s(  -2,   -5),
        s(  -8,   -2), s(  -6,   -2), s(   8,   10), s( -10,    3), s(   3,   -1), s(   3,    9), s(   7,    4), s(  -7,   -1),
        s( -15,  -10), s(  -3,    1), s(   8,    2), s(  -2,    2), s(   5,   -5), s(   3,    8), s(  13,    7), s(  -3,    7),
        s( -37,  -10), s(  -2,   -1), s(  -2,   -5), s( -14,   -1), s(   8,    0), s( -12,   -7), s(  -1,  -12), s(  -1,   -6),
        s( -26,   19), s(   6,   -3), s(  -5,    3), s(   9,    1), s(  15,  -17), s(  -3,    3), s(   6,   -6), s(  -3,  -18),
    ],
    [ // queen
        s( -16,  -13), s(  -9,  -11), s(  -8,  -11), s(  -8,  -11), s( -10,  -11), s( -11,  -14), s( -11,  -12), s( -14,  -14),
        s( -10,  -13), s( -11,    0), s( -16,   -3), s(  -9,   -4), s(   2,    5), s(  -5,    0), s(  -8,    0), s(  -7,  -12),
        s(  -8,   -8), s(  -6,   -1), s(  -2,   10), s(  -3,   10), s(   2,    8), s(  -7,    6), s(   4,    5), s(  -9,   -9),
        s(  -1,   -9), s(  13,    6), s(   9,    9), s( -10,    8), s(  10,   19), s(  -1,   11), s(   3,    4), s(  15,   -6),
        s(  20,   -9), s(  -3,    6), s( -15,    1), s(   9,   16), s( -13,    9), s(  14,    9), s(  11,    5), s( -10,  -10),
        s( -17,  -12), s(  11,    0), s(  -8,    6), s(   7,    7), s(   2,   11), s(  -8,   10), s( -14,   -2), s(   9,  -11),
        s(  -9,  -11), s(   0,   -9), s(  -2,   -3), s(  23,   -2), s(   2,   -2), s( -18,    3), s(   7,   -3), s(  -6,  -12),
        s(   5,  -14), s( -22,  -12), s(  -5,  -13), s(  11,  -14), s(  -5,  -14), s(  -6,  -14), s(  -6,  -12), s(  -6,  -12),
    ],
    [ // king
        s( -60,  -24), s( -61,  -28), s( -60,  -25), s( -60,  -26), s( -60,  -26), s( -60,  -25), s( -61,  -25), s( -60,  -24),
        s( -61,  -30), s( -61,   -5), s( -60,   -1), s( -61,   -5), s( -61,   -1), s( -60,    2), s( -60,   -2), s( -59,  -21),
        s( -58,  -26), s( -57,    6), s( -58,   15), s( -57,   22), s( -56,   20), s( -58,   20), s( -57,    6), s( -57,  -23),
        s( -45,  -22), s( -43,    9), s( -44,   14), s( -49,   27), s( -48,   25), s( -44,   27), s( -45,    2), s( -44,  -20),
        s( -34,  -27), s( -34,   -4), s( -33,   13), s( -36,   15), s( -38,   16), s( -33,   15), s( -34,   -1), s( -33,  -17),
        s( -21,  -22), s( -13,    5), s( -20,   11), s( -11,   18), s( -28,   12), s( -27,   11), s( -11,    5), s( -31,  -35),
        s(  28,  -17), s(   3,  -15), s(  -9,   -2), s( -10,    3), s( -17,    4), s( -15,    4), s(  18,   -9), s(  22,  -20),
        s(  16,  -22), s(  30,  -13), s(  11,  -17), s( -21,  -30), s(   9,  -30), s(  -7,  -28), s(   8,  -30), s( -26,  -34),
    ],
];

/// Bonus for the side to move.
pub const TEMPO: S = s(   8,   10);

// ---- Mobility: safe squares a piece attacks (not own pieces, not enemy pawn attacks) ----

/// Knight mobility, by the number of safe squares (0..=8).
pub const MOBILITY_KNIGHT: [S; 9] = [
    s( -28,  -37), s(  -1,  -22), s(  -5,   -9), s(   7,   15), s(  12,   17), s(  14,   17), s(  15,   29), s(  13,   29), s(  14,   14),
];

/// Bishop mobility (0..=13).
pub const MOBILITY_BISHOP: [S; 14] = [
    s( -18,  -32), s(  -2,  -18), s(   8,  -21), s(   2,   -1), s(   6,   17), s(  10,   12), s(  11,   15),
    s(  13,   27), s(   8,   22), s(  15,   21), s(  17,   31), s(  20,   27), s(  29,   32), s(  34,   41),
];

/// Rook mobility (0..=14).
pub const MOBILITY_ROOK: [S; 15] = [
    s( -19,  -46), s( -12,  -23), s( -12,  -20), s(  -4,   -7), s(  -3,   19), s(  -2,   22), s(   4,   25), s(   7,   29),
    s(  20,   34), s(  27,   33), s(  20,   36), s(  16,   45), s(  23,   48), s(  22,   61), s(  22,   42),
];

/// Queen mobility (0..=27).
pub const MOBILITY_QUEEN: [S; 28] = [
    s( -20,  -45), s(  -6,  -25), s(  -4,  -18), s(   7,  -10), s(   1,   -8), s(   3,   -3), s(   6,   -3),
    s(   2,    0), s(   9,   12), s(   1,   15), s(  11,   12), s(   3,   25), s(   2,   33), s(   6,   31),
    s(   9,   36), s(  16,   36), s(  22,   42), s(  17,   36), s(  20,   41), s(  22,   42), s(  19,   39),
    s(  18,   42), s(  22,   45), s(  24,   48), s(  23,   50), s(  22,   49), s(  24,   53), s(  25,   55),
];

// ---- Pawn structure (hashed) ----

/// A pawn with another own pawn in front of it on its file (once per extra pawn).
pub const PAWN_DOUBLED: S = s(   2,  -18);

/// A pawn with no own pawn on either neighbouring file.
pub const PAWN_ISOLATED: S = s(  -9,  -14);

/// A pawn that no neighbour can support and whose stop square an enemy pawn holds;
/// index 1 when no enemy pawn stands in front of it (easier to attack).
pub const PAWN_BACKWARD: [S; 2] = [
    s(  -3,  -12), s( -18,  -14),
];

/// A pawn with an own pawn beside it, by relative rank.
pub const PAWN_PHALANX: [S; 8] = [
    s(   0,    0), s(   3,   -7), s(  -2,    6), s(   6,    8), s(  32,   22), s(  43,   51), s(  70,   80), s(   0,    0),
];

/// A pawn defended by an own pawn, by relative rank.
pub const PAWN_SUPPORTED: [S; 8] = [
    s(   0,    0), s(   0,    0), s(  15,   14), s(  16,   -1), s(  18,   17), s(  24,   45), s(  47,   56), s(   0,    0),
];

/// A candidate passer (its helpers outnumber its sentries), by relative rank.
pub const PAWN_CANDIDATE: [S; 8] = [
    s(   0,    0), s(  -1,   -9), s(   8,    5), s(   0,   20), s(   5,   27), s(  20,   45), s(   0,    0), s(   0,    0),
];

// ---- Passed pawns ----

/// A passed pawn, by relative rank.
pub const PASSED_RANK: [S; 8] = [
    s(   0,    0), s(  -5,    6), s(   7,   22), s(   7,   30), s(  24,   53), s(  42,   75), s(  72,  123), s(   0,    0),
];

/// No piece stands on the passer's path to promotion, by relative rank.
pub const PASSED_FREE_PATH: [S; 8] = [
    s(   0,    0), s(   3,    4), s( -11,   -6), s(  -6,   17), s(  -1,   16), s(   4,   37), s(  14,   51), s(   0,    0),
];

/// No enemy attacks the passer's path (unless we defend it), by relative rank.
pub const PASSED_SAFE_PATH: [S; 8] = [
    s(   0,    0), s(  -1,   12), s(   3,   14), s(   2,   20), s(   4,   29), s(  15,   40), s(  20,   58), s(   0,    0),
];

/// The passer's stop square is empty and not attacked by the enemy, by relative rank.
pub const PASSED_SAFE_PUSH: [S; 8] = [
    s(   0,    0), s(   5,   -1), s(   3,    5), s(   5,   12), s(  -4,   17), s(  14,   22), s(  10,   32), s(   0,    0),
];

/// Per square of distance from the own king to the stop square, by relative rank.
pub const PASSED_KING_DIST_OWN: [S; 8] = [
    s(   0,    0), s(   8,   -1), s(  -4,   -8), s(  11,  -16), s(   1,  -16), s(   7,  -24), s(   8,  -39), s(   0,    0),
];

/// Per square of distance from the enemy king to the stop square, by relative rank.
pub const PASSED_KING_DIST_ENEMY: [S; 8] = [
    s(   0,    0), s(  -4,   -2), s(  -1,    0), s( -13,   13), s(  -2,   16), s( -13,   34), s(  12,   47), s(   0,    0),
];

/// A passer the enemy king cannot catch (rule of the square) when the enemy has only pawns.
pub const PASSED_UNSTOPPABLE: S = s(   0,  442);

/// An own rook behind the passer on its file with nothing between.
pub const PASSED_ROOK_BEHIND: S = s(  35,   30);

/// An enemy rook behind the passer on its file with nothing between.
pub const PASSED_ENEMY_ROOK_BEHIND: S = s( -16,  -49);

// ---- King safety: danger units, turned into a penalty nonlinearly ----

/// Danger per enemy piece attacking the king zone, by its type.
pub const KS_ATTACKER_WEIGHT: [S; 6] = [
    s(   0,    0), s(  36,   12), s(  27,    8), s(  26,    8), s(  28,   11), s(   0,    0),
];

/// Danger per attack of an enemy piece on a king-zone square.
pub const KS_ZONE_ATTACKS: S = s(  17,   15);

/// Danger per piece type that can give a safe check.
pub const KS_SAFE_CHECK: [S; 6] = [
    s(   0,    0), s( 107,   11), s(  59,   10), s( 101,   11), s( 103,   12), s(   0,    0),
];

/// Danger per square from which an enemy piece could check, though not safely.
pub const KS_UNSAFE_CHECKS: S = s(  17,    8);

/// Danger per king-zone square the enemy attacks and only our king or queen defends.
pub const KS_WEAK_SQUARES: S = s(  33,   12);

/// Danger adjustment when the attacker has no queen.
pub const KS_NO_QUEEN: S = s(-149,  -19);

/// Danger offset, so that a lone light attack costs nothing.
pub const KS_OFFSET: S = s( -34,   -3);

// ---- King safety: linear terms ----

/// Own pawn shelter per file next to the king, by the file's distance from the
/// edge (a/h = 0), then the relative rank of the pawn (0 = no pawn).
pub const KING_SHELTER: [[S; 8]; 4] = [
    [ // edge file
        s(  -1,   16), s(   7,  -14), s(  23,  -19), s(  10,    2), s( -10,    6), s(  -5,    3), s(  -4,    2), s( -12,    0),
    ],
    [ // second file
        s( -26,   17), s(  16,  -11), s(  16,   -1), s(  -2,    0), s(   1,    4), s(   0,   -1), s(  -7,    5), s( -12,    0),
    ],
    [ // third file
        s( -14,   13), s(  25,   16), s(   4,  -13), s(  -4,   -7), s(  -8,  -10), s(   5,    0), s(  -8,    2), s( -12,    0),
    ],
    [ // fourth file
        s(  -4,   14), s(   0,    4), s(   6,  -11), s( -10,   -6), s(   4,   -2), s(  -9,   -8), s(  -4,    0), s( -12,    0),
    ],
];

/// Enemy pawn storm per file next to the king: index 1 when our pawn blocks it,
/// then the relative rank (from our side) of the nearest enemy pawn (0 = none).
pub const KING_STORM: [[S; 8]; 2] = [
    [ // free storm
        s(  -4,   10), s(   4,    7), s( -26,    8), s( -22,    2), s(  -7,  -12), s(   2,   -9), s( -11,   -3), s(   0,    0),
    ],
    [ // blocked storm
        s(   0,    0), s(   0,    0), s(  -4,    2), s(  17,    1), s(  -7,   -2), s(   7,   -2), s(  -2,   -2), s(   0,    0),
    ],
];

/// A file next to (or at) the king with no own pawn; index 1 when it has no pawn at all.
pub const KING_OPEN_FILE: [S; 2] = [
    s( -16,   -1), s( -14,  -24),
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
    s(   0,    0), s(  46,   34), s(  53,   43), s(  59,   32), s(  54,   28), s(   0,    0),
];

/// An enemy piece (major, or not pawn-defended) attacked by our knight or bishop, by victim.
pub const THREAT_BY_MINOR: [S; 6] = [
    s( -10,   24), s(  23,   29), s(  21,   29), s(  40,   41), s(  35,   58), s(   0,    0),
];

/// An enemy queen, or undefended piece, attacked by our rook, by the victim's type.
pub const THREAT_BY_ROOK: [S; 6] = [
    s(   3,   29), s(  16,   23), s(  15,   30), s(   2,   12), s(  41,   40), s(   0,    0),
];

/// An undefended enemy piece or pawn attacked by our king.
pub const THREAT_BY_KING: S = s(  17,   33);

/// An enemy non-pawn piece we attack that nothing defends.
pub const HANGING: S = s(  22,   13);

/// An enemy piece a safe pawn push of ours would attack.
pub const THREAT_PAWN_PUSH: S = s(  14,   16);

// ---- Pieces ----

/// Two or more bishops.
pub const BISHOP_PAIR: S = s(  29,   66);

/// Per own pawn on the colour of a bishop's square.
pub const BISHOP_PAWNS: S = s(   1,   -5);

/// A knight or bishop (index 0, 1) on a pawn-protected square no enemy pawn can attack.
pub const OUTPOST: [S; 2] = [
    s(  36,   14), s(   8,   11),
];

/// A knight attacking an empty outpost square.
pub const OUTPOST_REACHABLE: S = s(  26,    9);

/// A knight or bishop right behind a pawn.
pub const MINOR_BEHIND_PAWN: S = s(   3,   16);

/// A rook on a file without own pawns (0) or without any pawn (1).
pub const ROOK_FILE: [S; 2] = [
    s(   1,   15), s(  18,    3),
];

/// A rook on the relative seventh rank with enemy pawns there or the enemy king on the eighth.
pub const ROOK_ON_SEVENTH: S = s(   1,   31);

/// A queen likewise on the seventh.
pub const QUEEN_ON_SEVENTH: S = s( -14,   13);

/// A rook boxed in by its own uncastled king.
pub const TRAPPED_ROOK: S = s(   7,  -23);

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
