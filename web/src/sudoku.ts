// Pure Sudoku helpers for the page: indexes, peers, candidates and
// conflicts, computed locally so a move shows at once, before the server's
// answer (which is the truth and replaces it).

/** Index 0-80 of row r, column c (both 1-9). */
export const idx = (r: number, c: number): number => (r - 1) * 9 + (c - 1);
export const rowOf = (i: number): number => Math.floor(i / 9) + 1;
export const colOf = (i: number): number => (i % 9) + 1;
export const boxOf = (i: number): number => Math.floor((rowOf(i) - 1) / 3) * 3 + Math.floor((colOf(i) - 1) / 3);

/** The 20 cells that share a row, column or box with cell i. */
export function peers(i: number): number[] {
  const out: number[] = [];
  for (let j = 0; j < 81; j++) {
    if (j !== i && (rowOf(j) === rowOf(i) || colOf(j) === colOf(i) || boxOf(j) === boxOf(i))) {
      out.push(j);
    }
  }
  return out;
}

const PEERS: number[][] = Array.from({ length: 81 }, (_, i) => peers(i));

/** The digits of an 81-character string (0 = blank). */
export function digits(s: string | undefined): number[] {
  const out = new Array<number>(81).fill(0);
  if (!s) return out;
  for (let i = 0; i < 81 && i < s.length; i++) {
    const d = s.charCodeAt(i) - 48;
    out[i] = d >= 1 && d <= 9 ? d : 0;
  }
  return out;
}

/** Candidates of every blank cell: digits no peer holds. */
export function candidates(grid: number[]): number[][] {
  return grid.map((v, i) => {
    if (v !== 0) return [];
    const seen = new Set(PEERS[i].map((j) => grid[j]));
    const out: number[] = [];
    for (let d = 1; d <= 9; d++) if (!seen.has(d)) out.push(d);
    return out;
  });
}

/** Cells whose digit a peer also holds. */
export function conflicts(grid: number[]): Set<number> {
  const out = new Set<number>();
  grid.forEach((v, i) => {
    if (v !== 0 && PEERS[i].some((j) => grid[j] === v)) out.add(i);
  });
  return out;
}

/** Peers of cell i, for highlighting. */
export const peersOf = (i: number): number[] => PEERS[i];
