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
    s(  85,  120), s( 330,  350), s( 345,  370), s( 470,  620), s(1000, 1150), s(   0,    0),
];

/// Piece-square bonuses by piece type, on top of `MATERIAL`.
pub const PST: [[S; 64]; 6] = [
    [ // pawn
        s(   0,    0), s(   0,    0), s(   0,    0), s(   0,    0), s(   0,    0), s(   0,    0), s(   0,    0), s(   0,    0),
        s(  17,   40), s(  20,   40), s(  20,   40), s(  20,   40), s(  20,   40), s(  20,   40), s(  20,   40), s(  17,   40),
        s(   7,   20), s(  10,   20), s(  10,   20), s(  18,   20), s(  18,   20), s(  10,   20), s(  10,   20), s(   7,   20),
        s(   3,    8), s(   6,    8), s(  13,    8), s(  20,    8), s(  20,    8), s(  13,    8), s(   6,    8), s(   3,    8),
        s(   0,    0), s(   3,    0), s(   9,    0), s(  15,    0), s(  15,    0), s(   9,    0), s(   3,    0), s(   0,    0),
        s(  -3,   -4), s(   0,   -4), s(   3,   -4), s(   2,   -4), s(   2,   -4), s(   3,   -4), s(   0,   -4), s(  -3,   -4),
        s(  -3,   -3), s(   0,   -3), s(  -2,   -3), s(  -6,   -3), s(  -6,   -3), s(  -2,   -3), s(   0,   -3), s(  -3,   -3),
        s(   0,    0), s(   0,    0), s(   0,    0), s(   0,    0), s(   0,    0), s(   0,    0), s(   0,    0), s(   0,    0),
    ],
    [ // knight
        s( -18,  -20), s( -18,  -20), s( -18,  -20), s( -18,  -20), s( -18,  -20), s( -18,  -20), s( -18,  -20), s( -18,  -20),
        s( -18,  -20), s(  -2,   -4), s(  -2,   -4), s(  -2,   -4), s(  -2,   -4), s(  -2,   -4), s(  -2,   -4), s( -18,  -20),
        s( -13,  -20), s(   3,   -4), s(  13,    6), s(  13,    6), s(  13,    6), s(  13,    6), s(   3,   -4), s( -13,  -20),
        s( -13,  -20), s(   3,   -4), s(  13,    6), s(  21,   12), s(  21,   12), s(  13,    6), s(   3,   -4), s( -13,  -20),
        s( -18,  -20), s(  -2,   -4), s(   8,    6), s(  16,   12), s(  16,   12), s(   8,    6), s(  -2,   -4), s( -18,  -20),
        s( -18,  -20), s(  -2,   -4), s(   8,    6), s(   8,    6), s(   8,    6), s(   8,    6), s(  -2,   -4), s( -18,  -20),
        s( -18,  -20), s(  -2,   -4), s(  -2,   -4), s(  -2,   -4), s(  -2,   -4), s(  -2,   -4), s(  -2,   -4), s( -18,  -20),
        s( -30,  -20), s( -18,  -20), s( -18,  -20), s( -18,  -20), s( -18,  -20), s( -18,  -20), s( -18,  -20), s( -30,  -20),
    ],
    [ // bishop
        s(  -2,   -8), s(  -6,   -8), s(  -6,   -8), s(  -6,   -8), s(  -6,   -8), s(  -6,   -8), s(  -6,   -8), s(  -2,   -8),
        s(  -6,   -8), s(   6,    0), s(   2,    0), s(   2,    0), s(   2,    0), s(   2,    0), s(   6,    0), s(  -6,   -8),
        s(  -6,   -8), s(   2,    0), s(  10,    4), s(   6,    4), s(   6,    4), s(  10,    4), s(   2,    0), s(  -6,   -8),
        s(  -6,   -8), s(   2,    0), s(   6,    4), s(  12,    6), s(  12,    6), s(   6,    4), s(   2,    0), s(  -6,   -8),
        s(  -6,   -8), s(   2,    0), s(   6,    4), s(  12,    6), s(  12,    6), s(   6,    4), s(   2,    0), s(  -6,   -8),
        s(  -6,   -8), s(   2,    0), s(  10,    4), s(   6,    4), s(   6,    4), s(  10,    4), s(   2,    0), s(  -6,   -8),
        s(  -6,   -8), s(   6,    0), s(   2,    0), s(   2,    0), s(   2,    0), s(   2,    0), s(   6,    0), s(  -6,   -8),
        s(  -6,   -8), s( -10,   -8), s( -10,   -8), s( -10,   -8), s( -10,   -8), s( -10,   -8), s( -10,   -8), s(  -6,   -8),
    ],
    [ // rook
        s(  -4,    0), s(   0,    0), s(   0,    0), s(   0,    0), s(   0,    0), s(   0,    0), s(   0,    0), s(  -4,    0),
        s(  10,    8), s(  10,    8), s(  10,    8), s(  10,    8), s(  10,    8), s(  10,    8), s(  10,    8), s(  10,    8),
        s(  -4,    0), s(   0,    0), s(   0,    0), s(   0,    0), s(   0,    0), s(   0,    0), s(   0,    0), s(  -4,    0),
        s(  -4,    0), s(   0,    0), s(   0,    0), s(   0,    0), s(   0,    0), s(   0,    0), s(   0,    0), s(  -4,    0),
        s(  -4,    0), s(   0,    0), s(   0,    0), s(   0,    0), s(   0,    0), s(   0,    0), s(   0,    0), s(  -4,    0),
        s(  -4,    0), s(   0,    0), s(   0,    0), s(   0,    0), s(   0,    0), s(   0,    0), s(   0,    0), s(  -4,    0),
        s(  -4,    0), s(   0,    0), s(   0,    0), s(   0,    0), s(   0,    0), s(   0,    0), s(   0,    0), s(  -4,    0),
        s(   0,    0), s(   0,    0), s(   0,    0), s(   5,    0), s(   5,    0), s(   0,    0), s(   0,    0), s(   0,    0),
    ],
    [ // queen
        s( -10,  -12), s( -10,  -12), s( -10,  -12), s( -10,  -12), s( -10,  -12), s( -10,  -12), s( -10,  -12), s( -10,  -12),
        s( -10,  -12), s(  -4,    0), s(  -4,    0), s(  -4,    0), s(  -4,    0), s(  -4,    0), s(  -4,    0), s( -10,  -12),
        s( -10,  -12), s(  -4,    0), s(  -2,    6), s(  -2,    6), s(  -2,    6), s(  -2,    6), s(  -4,    0), s( -10,  -12),
        s(  -6,  -12), s(   0,    0), s(   2,    6), s(   4,   10), s(   4,   10), s(   2,    6), s(   0,    0), s(  -6,  -12),
        s(  -6,  -12), s(   0,    0), s(   2,    6), s(   4,   10), s(   4,   10), s(   2,    6), s(   0,    0), s(  -6,  -12),
        s(  -6,  -12), s(   0,    0), s(   2,    6), s(   2,    6), s(   2,    6), s(   2,    6), s(   0,    0), s(  -6,  -12),
        s(  -6,  -12), s(   0,    0), s(   0,    0), s(   0,    0), s(   0,    0), s(   0,    0), s(   0,    0), s(  -6,  -12),
        s(  -6,  -12), s(  -6,  -12), s(  -6,  -12), s(  -6,  -12), s(  -6,  -12), s(  -6,  -12), s(  -6,  -12), s(  -6,  -12),
    ],
    [ // king
        s( -60,  -24), s( -60,  -24), s( -60,  -24), s( -60,  -24), s( -60,  -24), s( -60,  -24), s( -60,  -24), s( -60,  -24),
        s( -60,  -24), s( -60,    0), s( -60,    0), s( -60,    0), s( -60,    0), s( -60,    0), s( -60,    0), s( -60,  -24),
        s( -58,  -24), s( -58,    0), s( -58,   14), s( -58,   14), s( -58,   14), s( -58,   14), s( -58,    0), s( -58,  -24),
        s( -46,  -24), s( -46,    0), s( -46,   14), s( -46,   24), s( -46,   24), s( -46,   14), s( -46,    0), s( -46,  -24),
        s( -34,  -24), s( -34,    0), s( -34,   14), s( -34,   24), s( -34,   24), s( -34,   14), s( -34,    0), s( -34,  -24),
        s( -22,  -24), s( -22,    0), s( -22,   14), s( -22,   14), s( -22,   14), s( -22,   14), s( -22,    0), s( -22,  -24),
        s(   5,  -24), s(   5,    0), s(  -8,    0), s( -18,    0), s( -18,    0), s(  -8,    0), s(   5,    0), s(   5,  -24),
        s(  15,  -24), s(  25,  -24), s(  10,  -24), s(  -5,  -24), s(  -5,  -24), s(  10,  -24), s(  25,  -24), s(  15,  -24),
    ],
];

/// Bonus for the side to move.
pub const TEMPO: S = s(  18,   10);

// ---- Mobility: safe squares a piece attacks (not own pieces, not enemy pawn attacks) ----

/// Knight mobility, by the number of safe squares (0..=8).
pub const MOBILITY_KNIGHT: [S; 9] = [
    s( -30,  -40), s( -11,  -15), s(  -2,   -5), s(   4,    3), s(   9,    9), s(  13,   15), s(  18,   21), s(  21,   25), s(  25,   30),
];

/// Bishop mobility (0..=13).
pub const MOBILITY_BISHOP: [S; 14] = [
    s( -30,  -45), s( -12,  -21), s(  -5,  -12), s(   1,   -4), s(   6,    2), s(  10,    8), s(  14,   13),
    s(  18,   17), s(  21,   22), s(  24,   26), s(  27,   30), s(  30,   33), s(  32,   37), s(  35,   40),
];

/// Rook mobility (0..=14).
pub const MOBILITY_ROOK: [S; 15] = [
    s( -25,  -50), s( -12,  -22), s(  -6,  -10), s(  -2,   -1), s(   2,    6), s(   5,   13), s(   8,   19), s(  10,   24),
    s(  13,   29), s(  15,   34), s(  17,   39), s(  19,   43), s(  21,   47), s(  23,   51), s(  25,   55),
];

/// Queen mobility (0..=27).
pub const MOBILITY_QUEEN: [S; 28] = [
    s( -20,  -45), s( -11,  -26), s(  -8,  -18), s(  -5,  -12), s(  -3,   -7), s(  -1,   -2), s(   1,    2),
    s(   3,    6), s(   4,    9), s(   6,   13), s(   7,   16), s(   9,   19), s(  10,   22), s(  11,   24),
    s(  12,   27), s(  14,   30), s(  15,   32), s(  16,   34), s(  17,   37), s(  18,   39), s(  19,   41),
    s(  20,   43), s(  21,   45), s(  22,   47), s(  22,   49), s(  23,   51), s(  24,   53), s(  25,   55),
];

// ---- Pawn structure (hashed) ----

/// A pawn with another own pawn in front of it on its file (once per extra pawn).
pub const PAWN_DOUBLED: S = s(  -8,  -24);

/// A pawn with no own pawn on either neighbouring file.
pub const PAWN_ISOLATED: S = s(  -7,  -12);

/// A pawn that no neighbour can support and whose stop square an enemy pawn holds;
/// index 1 when no enemy pawn stands in front of it (easier to attack).
pub const PAWN_BACKWARD: [S; 2] = [
    s(  -6,   -8), s( -14,  -12),
];

/// A pawn with an own pawn beside it, by relative rank.
pub const PAWN_PHALANX: [S; 8] = [
    s(   0,    0), s(   2,    0), s(   5,    2), s(   9,    6), s(  18,   16), s(  40,   40), s(  70,   80), s(   0,    0),
];

/// A pawn defended by an own pawn, by relative rank.
pub const PAWN_SUPPORTED: [S; 8] = [
    s(   0,    0), s(   0,    0), s(   8,    5), s(   7,    6), s(  12,   12), s(  28,   30), s(  50,   60), s(   0,    0),
];

/// A candidate passer (its helpers outnumber its sentries), by relative rank.
pub const PAWN_CANDIDATE: [S; 8] = [
    s(   0,    0), s(  -4,    4), s(  -2,    8), s(   4,   14), s(  10,   28), s(  20,   45), s(   0,    0), s(   0,    0),
];

// ---- Passed pawns ----

/// A passed pawn, by relative rank.
pub const PASSED_RANK: [S; 8] = [
    s(   0,    0), s(  -4,    8), s(  -6,   12), s(  -2,   20), s(  16,   38), s(  40,   75), s(  70,  120), s(   0,    0),
];

/// No piece stands on the passer's path to promotion, by relative rank.
pub const PASSED_FREE_PATH: [S; 8] = [
    s(   0,    0), s(   0,    2), s(   0,    3), s(   2,    6), s(   4,   14), s(   8,   28), s(  12,   45), s(   0,    0),
];

/// No enemy attacks the passer's path (unless we defend it), by relative rank.
pub const PASSED_SAFE_PATH: [S; 8] = [
    s(   0,    0), s(   0,    1), s(   0,    2), s(   2,    6), s(   6,   14), s(  12,   30), s(  20,   50), s(   0,    0),
];

/// The passer's stop square is empty and not attacked by the enemy, by relative rank.
pub const PASSED_SAFE_PUSH: [S; 8] = [
    s(   0,    0), s(   0,    1), s(   1,    2), s(   2,    4), s(   4,    8), s(   8,   16), s(  10,   24), s(   0,    0),
];

/// Per square of distance from the own king to the stop square, by relative rank.
pub const PASSED_KING_DIST_OWN: [S; 8] = [
    s(   0,    0), s(   0,    0), s(   0,   -1), s(   0,   -3), s(   0,   -6), s(   0,   -9), s(   0,  -11), s(   0,    0),
];

/// Per square of distance from the enemy king to the stop square, by relative rank.
pub const PASSED_KING_DIST_ENEMY: [S; 8] = [
    s(   0,    0), s(   0,    0), s(   0,    2), s(   0,    6), s(   0,   12), s(   0,   18), s(   0,   22), s(   0,    0),
];

/// A passer the enemy king cannot catch (rule of the square) when the enemy has only pawns.
pub const PASSED_UNSTOPPABLE: S = s(   0,  450);

/// An own rook behind the passer on its file with nothing between.
pub const PASSED_ROOK_BEHIND: S = s(   6,   18);

/// An enemy rook behind the passer on its file with nothing between.
pub const PASSED_ENEMY_ROOK_BEHIND: S = s(  -6,  -18);

// ---- King safety: danger units, turned into a penalty nonlinearly ----

/// Danger per enemy piece attacking the king zone, by its type.
pub const KS_ATTACKER_WEIGHT: [S; 6] = [
    s(   0,    0), s(  35,   10), s(  25,    8), s(  35,    6), s(  45,   10), s(   0,    0),
];

/// Danger per attack of an enemy piece on a king-zone square.
pub const KS_ZONE_ATTACKS: S = s(  10,    2);

/// Danger per piece type that can give a safe check.
pub const KS_SAFE_CHECK: [S; 6] = [
    s(   0,    0), s(  90,   10), s(  60,    8), s(  80,    8), s(  70,   10), s(   0,    0),
];

/// Danger per square from which an enemy piece could check, though not safely.
pub const KS_UNSAFE_CHECKS: S = s(  15,    2);

/// Danger per king-zone square the enemy attacks and only our king or queen defends.
pub const KS_WEAK_SQUARES: S = s(  25,    4);

/// Danger adjustment when the attacker has no queen.
pub const KS_NO_QUEEN: S = s(-150,  -20);

/// Danger offset, so that a lone light attack costs nothing.
pub const KS_OFFSET: S = s( -30,   -6);

// ---- King safety: linear terms ----

/// Own pawn shelter per file next to the king, by the file's distance from the
/// edge (a/h = 0), then the relative rank of the pawn (0 = no pawn).
pub const KING_SHELTER: [[S; 8]; 4] = [
    [ // edge file
        s( -22,    0), s(   0,    0), s(  20,    0), s(  10,    0), s(   2,    0), s(  -2,    0), s(  -6,    0), s( -12,    0),
    ],
    [ // second file
        s( -18,    0), s(   0,    0), s(  17,    0), s(   8,    0), s(   2,    0), s(  -2,    0), s(  -6,    0), s( -12,    0),
    ],
    [ // third file
        s( -14,    0), s(   0,    0), s(  14,    0), s(   6,    0), s(   2,    0), s(  -2,    0), s(  -6,    0), s( -12,    0),
    ],
    [ // fourth file
        s( -10,    0), s(   0,    0), s(  11,    0), s(   4,    0), s(   2,    0), s(  -2,    0), s(  -6,    0), s( -12,    0),
    ],
];

/// Enemy pawn storm per file next to the king: index 1 when our pawn blocks it,
/// then the relative rank (from our side) of the nearest enemy pawn (0 = none).
pub const KING_STORM: [[S; 8]; 2] = [
    [ // free storm
        s(   4,    0), s(   0,    0), s( -20,    0), s( -14,    0), s(  -8,    0), s(  -4,    0), s(   0,    0), s(   0,    0),
    ],
    [ // blocked storm
        s(   0,    0), s(   0,    0), s(  -4,    0), s(  -6,    0), s(  -3,    0), s(   0,    0), s(   0,    0), s(   0,    0),
    ],
];

/// A file next to (or at) the king with no own pawn; index 1 when it has no pawn at all.
pub const KING_OPEN_FILE: [S; 2] = [
    s( -12,    0), s( -22,   -4),
];

// ---- Threats ----

/// An enemy piece attacked by our pawn, by the victim's type.
pub const THREAT_BY_PAWN: [S; 6] = [
    s(   0,    0), s(  45,   30), s(  45,   30), s(  60,   35), s(  55,   30), s(   0,    0),
];

/// An enemy piece (major, or not pawn-defended) attacked by our knight or bishop, by victim.
pub const THREAT_BY_MINOR: [S; 6] = [
    s(   2,   10), s(  18,   22), s(  20,   24), s(  36,   48), s(  30,   60), s(   0,    0),
];

/// An enemy queen, or undefended piece, attacked by our rook, by the victim's type.
pub const THREAT_BY_ROOK: [S; 6] = [
    s(   0,   12), s(  14,   24), s(  14,   24), s(   0,   12), s(  36,   40), s(   0,    0),
];

/// An undefended enemy piece or pawn attacked by our king.
pub const THREAT_BY_KING: S = s(  10,   30);

/// An enemy non-pawn piece we attack that nothing defends.
pub const HANGING: S = s(  30,   18);

/// An enemy piece a safe pawn push of ours would attack.
pub const THREAT_PAWN_PUSH: S = s(  16,   12);

// ---- Pieces ----

/// Two or more bishops.
pub const BISHOP_PAIR: S = s(  25,   55);

/// Per own pawn on the colour of a bishop's square.
pub const BISHOP_PAWNS: S = s(  -2,   -5);

/// A knight or bishop (index 0, 1) on a pawn-protected square no enemy pawn can attack.
pub const OUTPOST: [S; 2] = [
    s(  22,   14), s(  14,    6),
];

/// A knight attacking an empty outpost square.
pub const OUTPOST_REACHABLE: S = s(   8,    2);

/// A knight or bishop right behind a pawn.
pub const MINOR_BEHIND_PAWN: S = s(   6,    2);

/// A rook on a file without own pawns (0) or without any pawn (1).
pub const ROOK_FILE: [S; 2] = [
    s(  14,    6), s(  30,   10),
];

/// A rook on the relative seventh rank with enemy pawns there or the enemy king on the eighth.
pub const ROOK_ON_SEVENTH: S = s(   4,   20);

/// A queen likewise on the seventh.
pub const QUEEN_ON_SEVENTH: S = s(   2,   12);

/// A rook boxed in by its own uncastled king.
pub const TRAPPED_ROOK: S = s( -40,   -8);

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
