//! The king-and-pawn-against-king bitbase: which KPK positions the pawn's side
//! wins, found by retrograde iteration and written as a bit table, so that the
//! evaluation knows every drawn KPK position exactly and the engine starts with
//! it ready.
//!
//! Positions are seen from the pawn's side ("White", pawn moving up), laid
//! out as `src/eval/kpk_index.rs` says; a set bit is a win for White, a clear
//! bit a draw or an impossible position.

#[path = "../src/eval/kpk_index.rs"]
mod kpk_index;

use kpk_index::{PAWN_SQUARES, POSITIONS};
use std::fmt::Write as _;

#[derive(Clone, Copy, PartialEq, Eq)]
enum Outcome {
    Invalid = 0,
    Unknown = 1,
    Draw = 2,
    Win = 4,
}

#[derive(Clone, Copy)]
struct Setup {
    white_to_move: bool,
    pawn: usize,
    white_king: usize,
    black_king: usize,
}

impl Setup {
    fn from_index(index: usize) -> Setup {
        let black_king = index % 64;
        let white_king = (index / 64) % 64;
        let pawn_index = (index / 4096) % PAWN_SQUARES;
        let white_to_move = index / (4096 * PAWN_SQUARES) == 0;
        let pawn = (pawn_index / 4 + 1) * 8 + pawn_index % 4;
        Setup { white_to_move, pawn, white_king, black_king }
    }

    fn index(self) -> usize {
        kpk_index::index_of(self.white_to_move, self.pawn, self.white_king, self.black_king)
    }
}

fn bit(square: usize) -> u64 {
    1 << square
}

/// The squares a king on `square` attacks.
fn king_attacks(square: usize) -> u64 {
    let (file, rank) = ((square % 8) as i32, (square / 8) as i32);
    let mut attacks = 0;
    for df in -1..=1 {
        for dr in -1..=1 {
            let (f, r) = (file + df, rank + dr);
            if (df, dr) != (0, 0) && (0..8).contains(&f) && (0..8).contains(&r) {
                attacks |= bit((r * 8 + f) as usize);
            }
        }
    }
    attacks
}

/// The squares a white pawn on `square` attacks.
fn pawn_attacks(square: usize) -> u64 {
    let file = square % 8;
    let mut attacks = 0;
    if file > 0 {
        attacks |= bit(square + 7);
    }
    if file < 7 {
        attacks |= bit(square + 9);
    }
    attacks
}

/// What the position is before looking at any move: impossible, decided at
/// once, or still unknown.
fn first_look(s: Setup) -> Outcome {
    let (pawn, wk, bk) = (s.pawn, s.white_king, s.black_king);
    let impossible = wk == bk
        || wk == pawn
        || bk == pawn
        || king_attacks(wk) & bit(bk) != 0
        // With White to move, Black cannot be in check.
        || (s.white_to_move && pawn_attacks(pawn) & bit(bk) != 0);
    if impossible {
        return Outcome::Invalid;
    }
    if s.white_to_move {
        // The pawn queens and the new queen cannot be taken.
        let queening = pawn + 8;
        let promotes = pawn / 8 == 6
            && queening != wk
            && queening != bk
            && (king_attacks(bk) & bit(queening) == 0 || king_attacks(wk) & bit(queening) != 0);
        return if promotes { Outcome::Win } else { Outcome::Unknown };
    }
    let guarded = king_attacks(wk) | pawn_attacks(pawn);
    let escapes = king_attacks(bk) & !guarded;
    let in_check = pawn_attacks(pawn) & bit(bk) != 0;
    if escapes == 0 {
        // Mated or stalemated.
        return if in_check { Outcome::Win } else { Outcome::Draw };
    }
    if escapes & bit(pawn) != 0 {
        // The pawn is undefended and the king takes it.
        return Outcome::Draw;
    }
    Outcome::Unknown
}

/// The positions White's moves lead to (a failed promotion is left out: it
/// only matters when it wins, and then [`first_look`] has said so).
fn white_moves(s: Setup, mut visit: impl FnMut(Setup)) {
    let mut kings = king_attacks(s.white_king);
    while kings != 0 {
        let to = kings.trailing_zeros() as usize;
        kings &= kings - 1;
        visit(Setup { white_to_move: false, white_king: to, ..s });
    }
    let rank = s.pawn / 8;
    let one_step = s.pawn + 8;
    if rank < 6 && one_step != s.white_king && one_step != s.black_king {
        visit(Setup { white_to_move: false, pawn: one_step, ..s });
        let two_steps = one_step + 8;
        if rank == 1 && two_steps != s.white_king && two_steps != s.black_king {
            visit(Setup { white_to_move: false, pawn: two_steps, ..s });
        }
    }
}

/// The positions Black's king moves lead to (taking the pawn is in [`first_look`]).
fn black_moves(s: Setup, mut visit: impl FnMut(Setup)) {
    let mut kings = king_attacks(s.black_king) & !bit(s.pawn);
    while kings != 0 {
        let to = kings.trailing_zeros() as usize;
        kings &= kings - 1;
        visit(Setup { white_to_move: true, black_king: to, ..s });
    }
}

/// The outcome of an unknown position from those of its successors
/// (impossible successors, such as a king moving into check, do not count):
/// the side to move reaches its best outcome if any move leads there, and is
/// left with the other one only when every move is known to lead there.
fn from_successors(s: Setup, outcomes: &[Outcome]) -> Outcome {
    let mut seen = 0u8;
    let mut record = |next: Setup| seen |= outcomes[next.index()] as u8;
    let (best, worst) = if s.white_to_move {
        white_moves(s, &mut record);
        (Outcome::Win, Outcome::Draw)
    } else {
        black_moves(s, &mut record);
        (Outcome::Draw, Outcome::Win)
    };
    if seen & best as u8 != 0 {
        best
    } else if seen & Outcome::Unknown as u8 != 0 {
        Outcome::Unknown
    } else {
        worst
    }
}

/// The win bits of every position, `POSITIONS / 64` words.
pub fn generate() -> Vec<u64> {
    let mut outcomes: Vec<Outcome> = (0..POSITIONS).map(|i| first_look(Setup::from_index(i))).collect();
    // Each pass settles the positions one move further from a decided one;
    // what is still unknown when nothing changes can never be won.
    loop {
        let mut changed = false;
        for index in 0..POSITIONS {
            if outcomes[index] == Outcome::Unknown {
                let outcome = from_successors(Setup::from_index(index), &outcomes);
                if outcome != Outcome::Unknown {
                    outcomes[index] = outcome;
                    changed = true;
                }
            }
        }
        if !changed {
            break;
        }
    }
    let mut wins = vec![0u64; POSITIONS / 64];
    for (index, outcome) in outcomes.iter().enumerate() {
        if *outcome == Outcome::Win {
            wins[index / 64] |= 1 << (index % 64);
        }
    }
    wins
}

/// The bitbase as Rust source.
pub fn source() -> String {
    let wins = generate();
    let mut out = String::from("// Generated by build.rs (build/kpk.rs): the KPK bitbase, a set bit a win.\n");
    writeln!(out, "pub(crate) static KPK_WINS: [u64; {}] = [", wins.len()).unwrap();
    for chunk in wins.chunks(8) {
        let line: Vec<String> = chunk.iter().map(|w| format!("{w:#x}")).collect();
        writeln!(out, "    {},", line.join(", ")).unwrap();
    }
    out.push_str("];\n");
    out
}
