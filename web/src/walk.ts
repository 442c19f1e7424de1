// Walking a proof one step at a time: a hint's forcing-chain cases (each
// case's assumption, its implications one by one, its contradiction) or a
// chain's links, in reading order. The hint panel's Back and Next move
// through these steps, and the overlay draws each as it is read (overlay.ts:
// the current step highlighted, earlier ones fainter, later ones hidden,
// the other cases faded). Pure logic, no DOM: web/test/walk.test.ts.

import type { Branch, Cell, Hint, Link } from "./contract.gen";

/**
 * WalkStep is one stop of the walk. A forcing chain's stop is in the case
 * at path (the indices from the top case down to a nested one) and is its
 * assumption (at -1), an implication (at its index) or its ending (at the
 * number of steps). A chain's stop is the link at link.
 */
export type WalkStep =
  | { kind: "assume" | "imply" | "end"; path: number[]; at: number; text: string }
  | { kind: "link"; link: number; text: string };

/** Words turns what the overlay knows into text, from the catalogue (words.ts). */
export interface Words {
  /** link words a chain's link: its two ends and whether it is strong. */
  link(l: Link): string;
  /** lit words a candidate without a text of its own (an older server). */
  lit(c: Cell, on: boolean): string;
}

/** walkSteps lists the stops of a hint's proof, in reading order; none for a hint without one. */
export function walkSteps(h: Hint | null, words: Words): WalkStep[] {
  if (!h || h.level < 2) return [];
  if (h.branches?.length) {
    const out: WalkStep[] = [];
    const visit = (bs: Branch[], path: number[]): void => {
      bs.forEach((b, i) => {
        const p = [...path, i];
        out.push({ kind: "assume", path: p, at: -1, text: b.text || words.lit(b.assume, b.assume.on) });
        (b.steps ?? []).forEach((s, k) => out.push({ kind: "imply", path: p, at: k, text: s.text || words.lit(s.lit, s.lit.on) }));
        if (b.end) out.push({ kind: "end", path: p, at: (b.steps ?? []).length, text: b.end });
        visit(b.sub ?? [], p);
      });
    };
    visit(h.branches, []);
    return out;
  }
  return (h.links ?? []).map((l, i) => ({ kind: "link", link: i, text: words.link(l) }));
}

/**
 * Walk is where a reader is in a proof: at -1 the whole proof (the hint as
 * drawn before any step), else the index of the current stop.
 */
export class Walk {
  private pos = -1;

  constructor(readonly steps: readonly WalkStep[]) {}

  /** at is the current stop's index, -1 for the whole proof. */
  get at(): number {
    return this.pos;
  }

  /** current is the current stop, null for the whole proof. */
  get current(): WalkStep | null {
    return this.pos >= 0 ? this.steps[this.pos] : null;
  }

  canBack(): boolean {
    return this.pos >= 0;
  }

  canNext(): boolean {
    return this.pos < this.steps.length - 1;
  }

  /** next moves one stop on and says whether it moved. */
  next(): boolean {
    if (!this.canNext()) return false;
    this.pos++;
    return true;
  }

  /** back moves one stop back (from the first stop to the whole proof) and says whether it moved. */
  back(): boolean {
    if (!this.canBack()) return false;
    this.pos--;
    return true;
  }

  /** caseOf is the current stop's top case and the number of top cases (0 of 0 for a chain). */
  caseOf(): { n: number; total: number } {
    const s = this.current;
    const tops = new Set(this.steps.map((x) => (x.kind === "link" ? -1 : x.path[0])));
    tops.delete(-1);
    if (!s || s.kind === "link") return { n: 0, total: tops.size };
    return { n: s.path[0] + 1, total: tops.size };
  }
}

/** Seen is how a stop of the proof is drawn at the walk's current stop. */
export type Seen = "all" | "now" | "past" | "hidden" | "faded";

/**
 * seenBranch says how the implication at index at of the case at path is
 * drawn when the walk stands at cur (-1: the case's assumption, the number
 * of its steps: its ending). The current case's earlier stops are past and
 * later ones hidden; a case it is nested in is past; every other case is
 * faded. Without a current stop everything is drawn ("all").
 */
export function seenBranch(cur: WalkStep | null, path: readonly number[], at: number): Seen {
  if (!cur) return "all";
  if (cur.kind === "link") return "hidden";
  if (samePath(cur.path, path)) {
    if (at === cur.at) return "now";
    return at < cur.at ? "past" : "hidden";
  }
  // An outer case of the current one has been read to its split.
  if (path.length < cur.path.length && samePath(cur.path.slice(0, path.length), path)) return "past";
  return "faded";
}

/** seenLink says how link i is drawn at the walk's current stop. */
export function seenLink(cur: WalkStep | null, i: number): Seen {
  if (!cur) return "all";
  if (cur.kind !== "link") return "hidden";
  if (i === cur.link) return "now";
  return i < cur.link ? "past" : "hidden";
}

function samePath(a: readonly number[], b: readonly number[]): boolean {
  return a.length === b.length && a.every((x, i) => x === b[i]);
}
