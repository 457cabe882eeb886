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
    s(  70,  111), s( 312,  395), s( 334,  422), s( 424,  694), s(1046, 1205), s(   0,    0),
];

/// Piece-square bonuses by piece type, on top of `MATERIAL`.
pub const PST: [[S; 64]; 6] = [
    [ // pawn
        s(   0,    0), s(   0,    0), s(   0,    0), s(   0,    0), s(   0,    0), s(   0,    0), s(   0,    0), s(   0,    0),
        s(  23,   25), s(  24,   36), s(  17,   44), s(  19,   41), s(  22,   51), s(  19,   30), s(  18,   52), s(  11,   29),
        s(  19,   26), s(   0,   12), s(   9,   17), s(  22,   10), s(  22,   24), s(  12,   19), s(  10,   19), s(  -1,   21),
        s(   2,    9), s(   5,    4), s(   5,   -3), s(  10,  -13), s(  21,  -17), s(  18,  -10), s(  15,    7), s(  -5,    6),
        s(  -2,   14), s(  -9,    3), s(   4,  -18), s(  14,  -14), s(   9,   -9), s(   5,   -3), s(   0,    1), s(  -4,   -7),
        s(  -5,    2), s( -10,   -1), s(  -3,   -1), s(  -5,    5), s(   2,    4), s(   0,    3), s(  20,  -18), s(   3,   -3),
        s(  -5,   18), s(   3,    6), s(  -9,   14), s(   0,    9), s(  -2,   21), s(  -6,    6), s(  26,   -2), s(   9,    3),
        s(   0,    0), s(   0,    0), s(   0,    0), s(   0,    0), s(   0,    0), s(   0,    0), s(   0,    0), s(   0,    0),
    ],
    [ // knight
        s( -25,  -26), s( -18,  -20), s( -18,  -20), s( -18,  -19), s( -16,  -17), s( -18,  -20), s( -18,  -20), s( -18,  -20),
        s( -25,  -15), s( -12,   -8), s(   2,   -9), s(  -1,    0), s(  -2,   -2), s(   1,   -7), s(  -6,   -5), s( -21,  -20),
        s( -12,  -18), s(   8,   -5), s(   7,    9), s(  21,   16), s(  19,    7), s(  19,    2), s(  -8,   -4), s(  -2,  -13),
        s(   2,  -15), s(  -6,    1), s(  18,    2), s(  14,   19), s(  20,   17), s(  22,    9), s(   9,    2), s(   8,  -17),
        s(  -9,  -21), s(  -9,    1), s(   9,   11), s(  11,   17), s(  11,   22), s(  24,    6), s(  14,   12), s(   5,   -3),
        s( -24,  -25), s(  -9,  -15), s(  -7,   -3), s(   4,    1), s(   8,    7), s(   0,   -2), s(  -2,  -10), s( -20,  -10),
        s( -30,  -28), s( -28,  -18), s( -16,  -10), s(  -4,   -3), s(  -5,   -1), s(   7,  -12), s(  -8,   -1), s( -26,  -19),
        s( -33,  -22), s( -28,  -36), s(  -7,  -22), s( -15,  -19), s(  -3,    1), s( -17,  -18), s( -20,  -14), s( -30,  -19),
    ],
    [ // bishop
        s(  -5,  -10), s(  -6,   -7), s(  -8,   -7), s(  -7,   -9), s(  -8,  -14), s(  -7,   -6), s(  -7,   -7), s(  -3,   -7),
        s( -10,   -3), s(  -4,   -1), s(  -5,    0), s(   2,    7), s(   0,    2), s(  -2,   -1), s(  -8,   -1), s( -10,   -7),
        s( -10,   -5), s( -10,    1), s(  13,    7), s(   5,    9), s(  11,    6), s(  19,   11), s(   4,    4), s(  -5,   -7),
        s(  -4,  -16), s(   2,   -1), s(   6,    9), s(  10,   12), s(  13,   14), s(  11,    7), s(   6,    9), s(  -3,   -6),
        s( -14,  -14), s(   9,   -1), s(   9,    3), s(  23,   10), s(  15,    5), s(   7,    4), s(   1,   -5), s(  -5,   -4),
        s(   1,  -11), s(   5,    9), s(  15,    9), s(  -1,    6), s(  -1,   12), s(  14,    3), s(  12,    3), s(   2,   -8),
        s(   5,   -5), s(   6,  -16), s(  11,   -5), s(   3,   -1), s(   8,    2), s(   9,   -9), s(  17,  -10), s( -26,  -16),
        s( -17,   -9), s( -13,   -2), s( -10,   -1), s(  -1,    8), s( -12,   -5), s( -18,   -5), s( -12,  -12), s( -16,  -17),
    ],
    [ // rook
        s(   4,    9), s(   4,    9), s(   0,    8), s(  10,   10), s(   5,    7), s(   4,    7), s(   8,   13), s(   8,   12),
        s(  -9,    3), s(   4,   -1), s(  13,    5), s(  11,   -4), s(  11,   -2), s(  12,    0), s(   4,    3), s(   9,   -4),
        s(  -7,   24), s(   6,   16), s(   5,   10), s(  10,   10), s(   9,    3), s(  10,    9), s(   5,    7), s(   1,    7),
        s(  -8,   18), s(   0,   15), s(  12,   13), s(   9,    9), s(  12,    6), s(   7,   14), s(  10,    6), s(   4,    4),
        s( -14,   12), s(  -2,   10), s(   0,    8), s(  -5,    6), s(  -7,   -3), s(   3,   13), s(   8,    6), s( -10,    9),
        s( -11,   -2), s( -17,    7), s(   2,    5), s(  -9,    3), s(  -4,   -2), s( -11,   10), s(   4,   -1), s( -14,   -1),
        s( -31,    3), s( -15,    0), s(   3,  -10), s( -12,   -4), s(   2,  -14), s(   7,   -8), s( -10,  -11), s( -35,  -15),
        s( -14,  -11), s(  -8,  -19), s(  -1,   -8), s(   2,  -12), s(   9,  -25), s(   7,  -15), s( -11,   -7), s(   3,  -26),
    ],
    [ // queen
        s( -16,  -11), s(  -5,   -6), s(  -7,  -11), s(  -6,   -8), s(  -7,   -7), s(  -8,  -11), s(  -8,  -10), s(  -5,  -10),
        s( -11,  -10), s( -17,    1), s(  -6,    1), s(  -3,    0), s(  -1,    6), s(  -1,    2), s(  -7,    1), s(  -5,  -11),
        s( -10,   -7), s(  -2,    2), s(  -5,   13), s(   1,   13), s(   8,   11), s(   0,   13), s(   4,   10), s(  -3,   -7),
        s(   1,   -6), s(   6,    2), s(   7,    7), s( -13,   15), s(   5,   18), s( -10,   16), s(  -3,    4), s(   5,   -4),
        s(   1,  -13), s(  -5,    8), s(   3,    8), s(   3,   24), s(  -2,   19), s(   6,   11), s(  10,   11), s( -19,   -4),
        s( -13,  -16), s(   6,    0), s(  -2,    8), s(   5,    5), s(   5,    6), s(  -4,   10), s( -11,    1), s(   4,  -12),
        s( -12,  -12), s(   9,  -15), s(  10,  -18), s(   4,   -7), s(   7,  -17), s(  -3,    0), s(  -5,  -12), s( -10,  -13),
        s(  -8,  -23), s(  -3,  -11), s(   2,  -23), s(   4,  -37), s( -12,  -16), s( -18,  -17), s(  -8,  -14), s(  -8,  -13),
    ],
    [ // king
        s( -61,  -28), s( -61,  -27), s( -60,  -24), s( -60,  -25), s( -60,  -26), s( -60,  -25), s( -61,  -26), s( -61,  -30),
        s( -62,  -35), s( -60,   -3), s( -58,    7), s( -61,   -1), s( -60,    7), s( -58,    9), s( -57,    6), s( -60,  -26),
        s( -58,  -24), s( -55,   15), s( -56,   27), s( -54,   27), s( -54,   28), s( -56,   30), s( -55,   17), s( -55,  -16),
        s( -45,  -22), s( -45,   11), s( -42,   22), s( -50,   25), s( -48,   22), s( -44,   21), s( -41,    6), s( -44,  -18),
        s( -33,  -24), s( -30,   -1), s( -34,    8), s( -40,   15), s( -41,   15), s( -31,    9), s( -33,   -4), s( -35,  -17),
        s( -21,  -25), s( -11,   -3), s( -21,    4), s( -22,    8), s( -34,   10), s( -23,    6), s(  -2,   -6), s( -30,  -16),
        s(  12,  -23), s(   3,   -8), s( -10,    4), s(  -8,   -4), s( -19,   -6), s( -10,   -7), s(   4,   -6), s(  18,  -23),
        s(  10,  -29), s(  18,  -28), s(  -2,  -20), s( -13,  -22), s(  26,  -48), s( -14,  -20), s(  16,  -25), s( -11,  -30),
    ],
];

/// Bonus for the side to move.
pub const TEMPO: S = s(  11,    9);

// ---- Mobility: safe squares a piece attacks (not own pieces, not enemy pawn attacks) ----

/// Knight mobility, by the number of safe squares (0..=8).
pub const MOBILITY_KNIGHT: [S; 9] = [
    s( -17,  -25), s(  -7,  -26), s(   0,   -1), s(   2,   13), s(   6,   24), s(  11,   27), s(  12,   31), s(  14,   25), s(   5,   21),
];

/// Bishop mobility (0..=13).
pub const MOBILITY_BISHOP: [S; 14] = [
    s( -15,  -43), s(  -4,  -18), s(   2,  -10), s(   6,    0), s(   9,   17), s(  13,   24), s(  13,   25),
    s(  16,   29), s(  16,   27), s(  15,   25), s(  22,   25), s(  16,   25), s(  28,   34), s(  22,   35),
];

/// Rook mobility (0..=14).
pub const MOBILITY_ROOK: [S; 15] = [
    s( -27,  -48), s( -16,  -22), s( -11,   -6), s(  -5,    8), s(  -4,   17), s(  -2,   27), s(   0,   23), s(   5,   28),
    s(   9,   36), s(  10,   36), s(  14,   43), s(  13,   49), s(  18,   55), s(  27,   52), s(  38,   54),
];

/// Queen mobility (0..=27).
pub const MOBILITY_QUEEN: [S; 28] = [
    s(  -1,  -45), s(   4,  -25), s(   4,  -23), s(   5,  -21), s(   4,  -13), s(   4,   -7), s(   4,   -3),
    s(   8,    0), s(   7,    9), s(   7,   19), s(   9,   19), s(   7,   28), s(   6,   38), s(   5,   39),
    s(   6,   45), s(  11,   43), s(   6,   45), s(  14,   44), s(  18,   42), s(  17,   42), s(  17,   39),
    s(  16,   40), s(  19,   42), s(  21,   43), s(  21,   46), s(  21,   46), s(  24,   53), s(  25,   55),
];

// ---- Pawn structure (hashed) ----

/// A pawn with another own pawn in front of it on its file (once per extra pawn).
pub const PAWN_DOUBLED: S = s(  -7,   -9);

/// A pawn with no own pawn on either neighbouring file.
pub const PAWN_ISOLATED: S = s(  -8,  -11);

/// A pawn that no neighbour can support and whose stop square an enemy pawn holds;
/// index 1 when no enemy pawn stands in front of it (easier to attack).
pub const PAWN_BACKWARD: [S; 2] = [
    s(   5,  -14), s( -10,  -19),
];

/// A pawn with an own pawn beside it, by relative rank.
pub const PAWN_PHALANX: [S; 8] = [
    s(   0,    0), s(   3,    1), s(   6,    0), s(   7,   13), s(  20,   37), s(  49,   61), s(  70,   80), s(   0,    0),
];

/// A pawn defended by an own pawn, by relative rank.
pub const PAWN_SUPPORTED: [S; 8] = [
    s(   0,    0), s(   0,    0), s(  15,    9), s(  13,    8), s(  18,   28), s(  31,   53), s(  51,   65), s(   0,    0),
];

/// A candidate passer (its helpers outnumber its sentries), by relative rank.
pub const PAWN_CANDIDATE: [S; 8] = [
    s(   0,    0), s(  -2,  -10), s(   4,    6), s(  -2,   16), s(  -3,   17), s(  20,   48), s(   0,    0), s(   0,    0),
];

// ---- Passed pawns ----

/// A passed pawn, by relative rank.
pub const PASSED_RANK: [S; 8] = [
    s(   0,    0), s(  -5,   16), s(  10,   25), s(  10,   48), s(  32,   65), s(  44,   58), s(  66,  110), s(   0,    0),
];

/// No piece stands on the passer's path to promotion, by relative rank.
pub const PASSED_FREE_PATH: [S; 8] = [
    s(   0,    0), s(  -4,    7), s(  -8,    7), s( -10,   10), s(   8,   14), s(  12,   30), s(  24,   56), s(   0,    0),
];

/// No enemy attacks the passer's path (unless we defend it), by relative rank.
pub const PASSED_SAFE_PATH: [S; 8] = [
    s(   0,    0), s(   0,   19), s( -10,   17), s( -10,   21), s(   1,   33), s(  21,   50), s(  23,   52), s(   0,    0),
];

/// The passer's stop square is empty and not attacked by the enemy, by relative rank.
pub const PASSED_SAFE_PUSH: [S; 8] = [
    s(   0,    0), s(   1,    9), s(   4,    6), s(   6,   12), s(   7,   16), s(  20,   25), s(  15,   49), s(   0,    0),
];

/// Per square of distance from the own king to the stop square, by relative rank.
pub const PASSED_KING_DIST_OWN: [S; 8] = [
    s(   0,    0), s(  -5,    1), s(   4,   -9), s(   8,  -19), s(  -2,  -20), s(   1,  -25), s(  -6,  -36), s(   0,    0),
];

/// Per square of distance from the enemy king to the stop square, by relative rank.
pub const PASSED_KING_DIST_ENEMY: [S; 8] = [
    s(   0,    0), s(   2,   -3), s(  -9,    6), s( -13,   18), s(  -4,   25), s(  -2,   45), s(  14,   50), s(   0,    0),
];

/// A passer the enemy king cannot catch (rule of the square) when the enemy has only pawns.
pub const PASSED_UNSTOPPABLE: S = s(   0,  440);

/// An own rook behind the passer on its file with nothing between.
pub const PASSED_ROOK_BEHIND: S = s(  22,   17);

/// An enemy rook behind the passer on its file with nothing between.
pub const PASSED_ENEMY_ROOK_BEHIND: S = s( -13,  -48);

// ---- King safety: danger units, turned into a penalty nonlinearly ----

/// Danger per enemy piece attacking the king zone, by its type.
pub const KS_ATTACKER_WEIGHT: [S; 6] = [
    s(   0,    0), s(  34,   14), s(  35,   11), s(  46,    5), s(  22,   13), s(   0,    0),
];

/// Danger per attack of an enemy piece on a king-zone square.
pub const KS_ZONE_ATTACKS: S = s(  14,   16);

/// Danger per piece type that can give a safe check.
pub const KS_SAFE_CHECK: [S; 6] = [
    s(   0,    0), s( 124,   14), s(  56,   13), s( 115,   16), s( 110,   18), s(   0,    0),
];

/// Danger per square from which an enemy piece could check, though not safely.
pub const KS_UNSAFE_CHECKS: S = s(  18,   17);

/// Danger per king-zone square the enemy attacks and only our king or queen defends.
pub const KS_WEAK_SQUARES: S = s(  23,    5);

/// Danger adjustment when the attacker has no queen.
pub const KS_NO_QUEEN: S = s(-160,  -22);

/// Danger offset, so that a lone light attack costs nothing.
pub const KS_OFFSET: S = s( -39,   -2);

// ---- King safety: linear terms ----

/// Own pawn shelter per file next to the king, by the file's distance from the
/// edge (a/h = 0), then the relative rank of the pawn (0 = no pawn).
pub const KING_SHELTER: [[S; 8]; 4] = [
    [ // edge file
        s( -14,   20), s(   3,  -19), s(  13,  -15), s(   2,  -11), s(   4,   -2), s(   4,   -1), s(  -2,    2), s( -12,    0),
    ],
    [ // second file
        s(  -7,   18), s(  12,   -5), s(   9,   -6), s(   0,   -4), s( -15,   -7), s(  -5,   -7), s(  -5,   10), s( -12,    0),
    ],
    [ // third file
        s( -13,   17), s(  25,    2), s(  -6,   -9), s(   3,  -11), s(  -7,  -15), s(   4,   -4), s(  -6,    0), s( -12,    0),
    ],
    [ // fourth file
        s(  -4,   21), s(   9,    6), s(   3,  -10), s(   3,   -6), s(  -1,   -8), s(  -7,  -19), s(  -5,    1), s( -12,    0),
    ],
];

/// Enemy pawn storm per file next to the king: index 1 when our pawn blocks it,
/// then the relative rank (from our side) of the nearest enemy pawn (0 = none).
pub const KING_STORM: [[S; 8]; 2] = [
    [ // free storm
        s(  -8,    4), s(   7,    7), s( -26,    6), s( -13,   -1), s(  -9,   -5), s(   2,   -5), s(  -6,   -8), s(   0,    0),
    ],
    [ // blocked storm
        s(   0,    0), s(   0,    0), s( -12,  -19), s(   1,   -6), s(  -2,  -11), s(  14,  -16), s(   1,   -7), s(   0,    0),
    ],
];

/// A file next to (or at) the king with no own pawn; index 1 when it has no pawn at all.
pub const KING_OPEN_FILE: [S; 2] = [
    s(  -6,  -20), s(  -9,  -33),
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
    s( -12,   -5), s(  -6,   -9), s(  -1,   -3), s(   1,    2), s(   5,    4), s(   8,    3),
    s(   4,    0), s(   0,    0), s(   0,    0), s(   0,    0), s(   0,    0), s(   0,    0),
];

/// The king by its distance in files from the nearest pawn of either colour (7 =
/// no pawn): in an endgame a king far from every pawn takes no part in the play.
pub const KING_PAWN_FILE_DISTANCE: [S; 8] = [
    s(  15,   11), s(  -4,   12), s(  -1,   11), s(  -3,  -11), s(  -3,  -14), s(  -2,  -10), s(  -1,   -6), s(   0,   -2),
];

// ---- Threats ----

/// Per square both sides attack that the enemy does not hold firmly (no pawn
/// guard, and not attacked twice against our once): the enemy's pieces there are restricted.
pub const RESTRICTED: S = s(   4,    1);

/// Space: safe central squares on our side (behind our pawns counting twice),
/// times our pieces, over 4.
pub const SPACE: S = s(   1,    0);

/// An enemy piece attacked by our pawn, by the victim's type.
pub const THREAT_BY_PAWN: [S; 6] = [
    s(   0,    0), s(  52,   32), s(  49,   45), s(  61,   31), s(  46,   25), s(   0,    0),
];

/// An enemy piece (major, or not pawn-defended) attacked by our knight or bishop, by victim.
pub const THREAT_BY_MINOR: [S; 6] = [
    s(   3,   22), s(   9,   31), s(  25,   29), s(  41,   30), s(  38,   54), s(   0,    0),
];

/// An enemy queen, or undefended piece, attacked by our rook, by the victim's type.
pub const THREAT_BY_ROOK: [S; 6] = [
    s(  14,   32), s(  18,   30), s(  15,   37), s(   2,   15), s(  48,   38), s(   0,    0),
];

/// An undefended enemy piece or pawn attacked by our king.
pub const THREAT_BY_KING: S = s(  28,   35);

/// An enemy non-pawn piece we attack that nothing defends.
pub const HANGING: S = s(  11,   -7);

/// An enemy piece a safe pawn push of ours would attack.
pub const THREAT_PAWN_PUSH: S = s(  17,   13);

// ---- Pieces ----

/// Two or more bishops.
pub const BISHOP_PAIR: S = s(  21,   72);

/// Per own pawn on the colour of a bishop's square.
pub const BISHOP_PAWNS: S = s(  -4,   -7);

/// A knight or bishop (index 0, 1) on a pawn-protected square no enemy pawn can attack.
pub const OUTPOST: [S; 2] = [
    s(  24,   13), s(  13,   13),
];

/// A knight attacking an empty outpost square.
pub const OUTPOST_REACHABLE: S = s(  17,   10);

/// A knight or bishop right behind a pawn.
pub const MINOR_BEHIND_PAWN: S = s(   5,   16);

/// A rook on a file without own pawns (0) or without any pawn (1).
pub const ROOK_FILE: [S; 2] = [
    s(  13,    3), s(  28,    3),
];

/// A rook on the relative seventh rank with enemy pawns there or the enemy king on the eighth.
pub const ROOK_ON_SEVENTH: S = s(  -6,   29);

/// A queen likewise on the seventh.
pub const QUEEN_ON_SEVENTH: S = s(  -4,   28);

/// A rook boxed in by its own uncastled king.
pub const TRAPPED_ROOK: S = s(  -5,  -29);

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
pub const COMPLEXITY_PAWNS: S = s(   0,    5);

/// Complexity units when there are pawns on both wings (files a-d and e-h).
pub const COMPLEXITY_BOTH_FLANKS: S = s(   0,   57);

/// Complexity units when only kings and pawns are left.
pub const COMPLEXITY_PAWN_ENDGAME: S = s(   0,   46);

/// Complexity units in every position.
pub const COMPLEXITY_OFFSET: S = s(   0,  -89);

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
