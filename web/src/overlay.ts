// The hint overlay: an SVG over the board, drawn from the API's step data
// (web/API.md, the fields of `sudokubot hint --json`). Like the PNG hints
// (render/roles.go), every role has a shape as well as a colour: base units
// a solid border, cover units a dashed one, true candidates a disc, false
// ones a ring, fins a square, links arrows (strong solid, weak dashed),
// each forcing-chain branch its own colour and dash, placements framed,
// eliminations struck out. Colours are CSS classes, so both themes apply.
//
// Roles, fields and each role's shape come from contract.gen.ts, generated
// from the Go types and render's table of shapes (internal/tsgen): a role
// renamed or added in Go fails the generator until render gives it a shape.

import { SHAPES } from "./contract.gen";
import type { BoardShape, Branch, Cell, Hint, House, Lit, Role } from "./contract.gen";
import { seenBranch, seenLink, type Seen, type WalkStep } from "./walk";

const NS = "http://www.w3.org/2000/svg";
const S = 100; // one cell in viewBox units
const R = 14; // radius of a candidate's ring

function el(name: string, attrs: Record<string, string | number>, parent?: Element): SVGElement {
  const e = document.createElementNS(NS, name);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, String(v));
  parent?.appendChild(e);
  return e;
}

/** The centre of candidate d of cell (r, c); d = 0 is the cell's centre. */
function at(r: number, c: number, d = 0): [number, number] {
  if (!d) return [(c - 0.5) * S, (r - 0.5) * S];
  return [(c - 1) * S + (((d - 1) % 3) + 0.5) * (S / 3), (r - 1) * S + (Math.floor((d - 1) / 3) + 0.5) * (S / 3)];
}

function houseRect(h: House): [number, number, number, number] {
  const i = h.index - 1;
  switch (h.unit) {
    case "row":
      return [0, i * S, 9 * S, S];
    case "column":
      return [i * S, 0, S, 9 * S];
    case "box":
      return [(i % 3) * 3 * S, Math.floor(i / 3) * 3 * S, 3 * S, 3 * S];
    default: {
      const never: never = h.unit;
      throw new Error(`unknown unit ${String(never)}`);
    }
  }
}

/** digitsOf reads a pattern's digits 1-9 (stepjson.Digits: a list of numbers). */
export function digitsOf(v: readonly number[] | null | undefined): number[] {
  return (v ?? []).filter((d) => d >= 1 && d <= 9);
}

/**
 * Shape is what is drawn for a pattern cell's candidates (render.BoardShape):
 * "cell", "cell-dashed" and "cross" go round or across the whole cell,
 * "result" is drawn with the result (level 3) and "area" only tints the cell.
 */
export type Shape = BoardShape;

/**
 * SHAPES gives every role the engine emits its shape, as render draws it:
 * generated from render's table (render.RoleShape), which a Go test holds
 * to the PNG, so the board and the PNG cannot draw a role apart.
 */
export { SHAPES };

/**
 * shapeFor gives a pattern role its shape (SHAPES); an endo fin (a fin of
 * group 1, inside two base units) gets two squares.
 */
export function shapeFor(role: Role, group?: number): Shape {
  if (role === "fin" && group === 1) return "endo";
  return SHAPES[role];
}

/** wholeCell says whether a shape goes round (or across) the cell rather than a candidate. */
function wholeCell(shape: Shape): boolean {
  return shape === "cell" || shape === "cell-dashed" || shape === "cross";
}

function candidate(g: Element, r: number, c: number, d: number, shape: Shape, cls: string): void {
  const [x, y] = at(r, c, d);
  const rad = d ? R : S * 0.4;
  switch (shape) {
    case "disc":
      el("circle", { cx: x, cy: y, r: rad, class: cls + " fill" }, g);
      break;
    case "square":
      el("rect", { x: x - rad, y: y - rad, width: 2 * rad, height: 2 * rad, class: cls + " fill" }, g);
      break;
    case "fin":
      el("rect", { x: x - rad, y: y - rad, width: 2 * rad, height: 2 * rad, class: cls + " stroke" }, g);
      break;
    case "endo":
      el("rect", { x: x - rad, y: y - rad, width: 2 * rad, height: 2 * rad, class: cls + " stroke" }, g);
      el("rect", { x: x - rad - 4, y: y - rad - 4, width: 2 * rad + 8, height: 2 * rad + 8, class: cls + " stroke thin" }, g);
      break;
    case "frame": {
      const [cx, cy] = at(r, c);
      el("rect", { x: cx - S / 2 + 5, y: cy - S / 2 + 5, width: S - 10, height: S - 10, class: cls + " stroke" }, g);
      el("circle", { cx: x, cy: y, r: rad, class: cls + " stroke" }, g);
      break;
    }
    case "double":
      el("circle", { cx: x, cy: y, r: rad, class: cls + " stroke" }, g);
      el("circle", { cx: x, cy: y, r: rad + 5, class: cls + " stroke thin" }, g);
      break;
    case "cross":
      el("line", { x1: x - rad, y1: y - rad, x2: x + rad, y2: y + rad, class: cls + " stroke dashed" }, g);
      el("line", { x1: x - rad, y1: y + rad, x2: x + rad, y2: y - rad, class: cls + " stroke dashed" }, g);
      break;
    default:
      el("circle", { cx: x, cy: y, r: rad, class: cls + " stroke" + (shape === "dashed" || shape === "cell-dashed" ? " dashed" : "") }, g);
  }
  if (d) {
    const filled = shape === "disc" || shape === "square";
    const t = el("text", { x, y, class: "cand" + (filled ? " on-fill" : "") }, g);
    t.textContent = String(d);
  }
}

/** TRIED_R is how far from a cell's centre an arrow stops at a cell tagged x: at its frame. */
const TRIED_R = 46;
/** BADGE_R is the radius of the badge with the letter x on a tagged cell's corner. */
export const BADGE_R = 16;

/**
 * triedCell draws a cell a refutation's proof says is, or is not, its
 * hidden digit x (the API writes that digit 0, stepjson.AtLevel): a frame
 * round the cell (two for the assumption) and a badge with the letter x on
 * a corner of the cell, where grid lines cross and no candidate
 * sits, so the picture names no digit; the badge is filled for "is x" and
 * hollow for "is not x", as candidates are discs and rings (render draws
 * the same, render/draw_hint.go drawTried); a cell on the last column or
 * the first row has it on the corner across from the board's edge.
 */
function triedCell(g: Element, r: number, c: number, shape: Shape, cls: string): void {
  const x0 = (c - 1) * S;
  const y0 = (r - 1) * S;
  const t = el("g", { class: cls + " tried", "data-tried": `r${r}c${c}` }, g);
  el("rect", { x: x0 + 5, y: y0 + 5, width: S - 10, height: S - 10, class: cls + " stroke" }, t);
  if (shape === "double") el("rect", { x: x0 + 12, y: y0 + 12, width: S - 24, height: S - 24, class: cls + " stroke" }, t);
  const on = shape !== "ring";
  // The top right corner, or the one across from the board's edge (render's triedCorner).
  const bx = c === 9 ? x0 : x0 + S;
  const by = r === 1 ? y0 + S : y0;
  el("circle", { cx: bx, cy: by, r: BADGE_R + 3, class: "badge-bg" }, t);
  el("circle", { cx: bx, cy: by, r: BADGE_R, class: cls + (on ? " fill" : " stroke") }, t);
  const x = el("text", { x: bx, y: by, class: "badge" + (on ? " on-fill" : "") }, t);
  x.textContent = "x";
}

/** arrow draws a line between two candidates, stopping short of their rings (or of a tagged cell's frame: ra, rb). */
function arrow(g: Element, a: [number, number], b: [number, number], cls: string, marker: string, ra = R, rb = R): void {
  const dx = b[0] - a[0];
  const dy = b[1] - a[1];
  const len = Math.hypot(dx, dy);
  if (len < ra + rb + 2) return;
  const ux = dx / len;
  const uy = dy / len;
  el(
    "line",
    {
      x1: a[0] + ux * ra,
      y1: a[1] + uy * ra,
      x2: b[0] - ux * (rb + 3),
      y2: b[1] - uy * (rb + 3),
      class: cls,
      "marker-end": `url(#${marker})`,
    },
    g,
  );
}

function litAt(l: Lit | Cell): [number, number] {
  return at(l.row, l.col, l.digit || 0);
}

/** litR is where an arrow stops at a chain node: a candidate's ring, or the frame of a cell tagged x. */
function litR(l: Lit | Cell): number {
  return l.digit ? R : TRIED_R;
}

/** branchLit draws a case's assumption or implication: round its candidate, or as a cell tagged x when its digit is hidden. */
function branchLit(g: Element, l: Lit, shape: Shape, cls: string): void {
  if (l.digit) candidate(g, l.row, l.col, l.digit, shape, cls);
  else triedCell(g, l.row, l.col, shape, cls);
}

/** halo marks the candidate a walk stands on, under its shape, so it shows on a phone. */
function halo(g: Element, l: Lit | Cell, cls: string): void {
  const [x, y] = litAt(l);
  el("circle", { cx: x, cy: y, r: l.digit ? R + 9 : S * 0.45, class: cls + " halo" }, g);
}

/** seenClass is the class a stop of a walked proof adds to its shapes ("" when drawn as usual). */
function seenClass(seen: Seen): string {
  return seen === "all" ? "" : " " + seen;
}

/**
 * drawBranch draws a case of a forcing chain in its colour i, each of its
 * stops as the walk sees it at cur (walk.ts; null: the whole proof, the
 * longest cases cut at 24 implications and two levels of nesting).
 */
function drawBranch(g: Element, b: Branch, i: number, path: number[], cur: WalkStep | null): void {
  const cls = `branch b${i % 6}`;
  const head = seenBranch(cur, path, -1);
  if (head !== "hidden") {
    const c = cls + seenClass(head);
    if (head === "now") halo(g, b.assume, c);
    branchLit(g, b.assume, "double", c);
    for (const a of b.also ?? []) branchLit(g, a, "double", c);
  }
  const steps = b.steps ?? [];
  (cur ? steps : steps.slice(0, 24)).forEach((s, k) => {
    const seen = seenBranch(cur, path, k);
    if (seen === "hidden") return;
    const c = cls + seenClass(seen);
    if (seen === "now") halo(g, s.lit, c);
    branchLit(g, s.lit, s.lit.on ? "disc" : "ring", c);
    for (const f of s.from ?? []) arrow(g, litAt(f), litAt(s.lit), c + " line", `arrow-b${i % 6}`, litR(f), litR(s.lit));
  });
  const x = b.contradiction;
  if (x?.row && x.col && seenBranch(cur, path, steps.length) === "now") {
    candidate(g, x.row, x.col, 0, "cell", cls + " now contra");
  }
  if (cur || path.length < 3) (b.sub ?? []).forEach((sub, k) => drawBranch(g, sub, i, [...path, k], cur));
}

/**
 * draw replaces the overlay's content with the hint's picture (null clears
 * it). With cur, a stop of the proof's walk (walk.ts), the proof is drawn
 * up to that stop: the current implication or link highlighted ("now"),
 * earlier ones fainter ("past"), later ones left out, the other cases of a
 * forcing chain faded.
 */
export function draw(svg: SVGSVGElement, h: Hint | null, cur: WalkStep | null = null): void {
  svg.replaceChildren();
  if (!h) return;
  const defs = el("defs", {}, svg);
  const markers = ["link", ...Array.from({ length: 6 }, (_, i) => `b${i}`)];
  for (const m of markers) {
    const mk = el("marker", { id: `arrow-${m}`, viewBox: "0 0 10 10", refX: 8, refY: 5, markerWidth: 5, markerHeight: 5, orient: "auto-start-reverse" }, defs);
    el("path", { d: "M0,0 L10,5 L0,10 z", class: `arrowhead ${m === "link" ? "link" : "branch " + m}` }, mk);
  }
  const houses = el("g", { class: "houses" }, svg);
  for (const hs of h.houses ?? []) {
    const [x, y, w, hh] = houseRect(hs);
    el("rect", { x: x + 3, y: y + 3, width: w - 6, height: hh - 6, class: `house role-${hs.role || "area"}`, "data-house": `${hs.unit}${hs.index}` }, houses);
  }
  const cells = el("g", { class: "cells" }, svg);
  const placed = new Set((h.placements ?? []).map((p) => `${p.row},${p.col}`));
  for (const c of h.cells ?? []) {
    if (placed.has(`${c.row},${c.col}`)) continue;
    el("rect", { x: (c.col - 1) * S + 4, y: (c.row - 1) * S + 4, width: S - 8, height: S - 8, class: "focus" }, cells);
  }
  for (const p of h.pattern ?? []) {
    el("rect", { x: (p.col - 1) * S, y: (p.row - 1) * S, width: S, height: S, class: `pcell role-${p.role}` }, cells);
  }
  const links = el("g", { class: "links" }, svg);
  // A chain walked link by link shows only the links read so far; a
  // forcing chain's links (its implications again) give way to its cases.
  const linkSeen = (h.links ?? []).map((_, i) => seenLink(cur, i));
  (h.links ?? []).forEach((l, i) => {
    if (linkSeen[i] === "hidden") return;
    if (linkSeen[i] === "now") halo(links, l.to, "link now");
    arrow(links, litAt(l.from), litAt(l.to), "link line" + (l.strong ? "" : " weak") + seenClass(linkSeen[i]), "arrow-link", litR(l.from), litR(l.to));
  });
  const marks = el("g", { class: "marks" }, svg);
  // A link's end that has no role of its own gets a thin ring (render's shapeThinRing).
  const inPattern = new Set((h.pattern ?? []).map((p) => `${p.row},${p.col}`));
  (h.links ?? []).forEach((l, i) => {
    if (linkSeen[i] === "hidden") return;
    for (const e of [l.from, l.to]) {
      if (e.digit && !inPattern.has(`${e.row},${e.col}`)) candidate(marks, e.row, e.col, e.digit, "ring", "link-end" + seenClass(linkSeen[i]));
    }
  });
  // While a chain is walked, a chain node's role is drawn once a link read so far reaches it.
  const reached = new Set<string>();
  (h.links ?? []).forEach((l, i) => {
    if (linkSeen[i] === "hidden") return;
    for (const e of [l.from, l.to, ...(l.from_group ?? []), ...(l.to_group ?? [])]) reached.add(`${e.row},${e.col}`);
  });
  const walkingLinks = !!cur && cur.kind === "link";
  // A forcing chain's true and false candidates and its assumptions are
  // drawn per branch, in the branch's colour (as render does).
  const perBranch = new Set<Role>(h.branches?.length ? ["link-on", "link-off", "assumption"] : []);
  for (const p of h.pattern ?? []) {
    // The result is drawn below; a blocker is a digit in its cell, so its
    // ring goes round the whole cell.
    const shape = shapeFor(p.role, p.group);
    if (shape === "result" || shape === "area" || perBranch.has(p.role) || placed.has(`${p.row},${p.col}`)) continue;
    if (walkingLinks && (p.role === "link-on" || p.role === "link-off") && !reached.has(`${p.row},${p.col}`)) continue;
    const ds = wholeCell(shape) ? [0] : digitsOf(p.digits);
    if (!ds.length) ds.push(0);
    for (const d of ds) candidate(marks, p.row, p.col, d, shape, `role role-${p.role}`);
  }
  (h.branches ?? []).forEach((b, i) => drawBranch(marks, b, i, [i], cur));
  const result = el("g", { class: "result" }, svg);
  for (const e of h.eliminations ?? []) {
    const [x, y] = at(e.row, e.col, e.digit);
    const t = el("text", { x, y, class: "cand elim" }, result);
    t.textContent = String(e.digit);
    el("line", { x1: x - R, y1: y - R, x2: x + R, y2: y + R, class: "elim-x" }, result);
    el("line", { x1: x - R, y1: y + R, x2: x + R, y2: y - R, class: "elim-x" }, result);
  }
  for (const p of h.placements ?? []) {
    const [x, y] = at(p.row, p.col);
    el("rect", { x: x - S / 2 + 6, y: y - S / 2 + 6, width: S - 12, height: S - 12, rx: 8, class: "place" }, result);
    const t = el("text", { x, y, class: "placed" }, result);
    t.textContent = String(p.digit ?? "");
  }
}
