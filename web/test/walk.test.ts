// Unit tests of walking a proof step by step (walk.ts).
import assert from "node:assert/strict";
import { test } from "node:test";
import type { Branch, Hint, Link } from "../src/contract.gen";
import { seenBranch, seenLink, Walk, walkSteps, type Words } from "../src/walk";

const words: Words = {
  link: (l: Link) => `${l.strong ? "strong" : "weak"} r${l.from.row}c${l.from.col}-r${l.to.row}c${l.to.col}`,
  lit: (c, on) => `r${c.row}c${c.col}${on ? "=" : "!="}${c.digit}`,
};

const lit = (row: number, col: number, digit: number, on: boolean) => ({ row, col, digit, on });

// Two cases, the second nested in two sub-cases; the first ends in a contradiction.
const branches: Branch[] = [
  {
    assume: lit(1, 5, 1, true),
    text: "If r1c5 is 1",
    steps: [
      { lit: lit(1, 8, 1, false), reason: "same-unit", from: [lit(1, 5, 1, true)], text: "r1c8 is not 1 (same row as r1c5)" },
      { lit: lit(3, 9, 1, true), reason: "hidden-single", text: "r3c9 is 1" },
    ],
    contradiction: { kind: "both", row: 3, col: 9, digit: 1 },
    end: "r3c9 would be both 1 and not 1",
  },
  {
    assume: lit(1, 8, 1, true),
    steps: [{ lit: lit(1, 8, 2, false), reason: "same-cell", from: [lit(1, 8, 1, true)] }],
    sub: [
      { assume: lit(5, 5, 2, true), text: "If r5c5 is 2", steps: [{ lit: lit(5, 9, 2, false), reason: "same-unit", text: "r5c9 is not 2" }] },
      { assume: lit(5, 5, 7, true), text: "If r5c5 is 7", steps: null },
    ],
  },
];

function hint(h: Partial<Hint>): Hint {
  return { kind: "step", level: 2, text: "", texts: null, state: null, ...h };
}

test("a forcing chain walks each case: assumption, implications, ending, nested cases", () => {
  const steps = walkSteps(hint({ branches }), words);
  assert.deepEqual(
    steps.map((s) => s.text),
    [
      "If r1c5 is 1",
      "r1c8 is not 1 (same row as r1c5)",
      "r3c9 is 1",
      "r3c9 would be both 1 and not 1",
      "r1c8=1", // no text from the server: the candidate itself
      "r1c8!=2",
      "If r5c5 is 2",
      "r5c9 is not 2",
      "If r5c5 is 7",
    ],
  );
  assert.deepEqual(
    steps.map((s) => (s.kind === "link" ? [] : [s.kind, s.path.join("."), s.at])),
    [
      ["assume", "0", -1],
      ["imply", "0", 0],
      ["imply", "0", 1],
      ["end", "0", 2],
      ["assume", "1", -1],
      ["imply", "1", 0],
      ["assume", "1.0", -1],
      ["imply", "1.0", 0],
      ["assume", "1.1", -1],
    ],
  );
});

test("a chain walks link by link; level 1 and a hint without a proof have no walk", () => {
  const links: Link[] = [
    { from: { row: 1, col: 1, digit: 4 }, to: { row: 1, col: 9, digit: 4 }, strong: true },
    { from: { row: 1, col: 9, digit: 4 }, to: { row: 5, col: 9, digit: 4 }, strong: false },
  ];
  assert.deepEqual(
    walkSteps(hint({ links }), words).map((s) => s.text),
    ["strong r1c1-r1c9", "weak r1c9-r5c9"],
  );
  assert.deepEqual(walkSteps(hint({ links, level: 1 }), words), []);
  assert.deepEqual(walkSteps(hint({}), words), []);
  assert.deepEqual(walkSteps(null, words), []);
});

test("Next and Back move one stop, from the whole proof to the last stop and back", () => {
  const w = new Walk(walkSteps(hint({ branches }), words));
  assert.equal(w.at, -1);
  assert.equal(w.current, null);
  assert.ok(!w.canBack());
  assert.ok(!w.back());
  for (let i = 0; i < w.steps.length; i++) assert.ok(w.next());
  assert.equal(w.at, w.steps.length - 1);
  assert.ok(!w.canNext());
  assert.ok(!w.next());
  assert.deepEqual(w.caseOf(), { n: 2, total: 2 });
  while (w.back());
  assert.equal(w.at, -1);
  w.next();
  assert.deepEqual(w.caseOf(), { n: 1, total: 2 });
});

test("a case's earlier stops are past, the current one now, later ones hidden, other cases faded", () => {
  const steps = walkSteps(hint({ branches }), words);
  const at = (i: number) => steps[i];
  // At "r1c8 is not 1": the assumption is past, the next implication hidden.
  assert.equal(seenBranch(at(1), [0], -1), "past");
  assert.equal(seenBranch(at(1), [0], 0), "now");
  assert.equal(seenBranch(at(1), [0], 1), "hidden");
  assert.equal(seenBranch(at(1), [1], 0), "faded");
  assert.equal(seenBranch(at(1), [1, 0], 0), "faded");
  // At the contradiction every implication of the case is past.
  assert.equal(seenBranch(at(3), [0], 1), "past");
  assert.equal(seenBranch(at(3), [0], 2), "now");
  // In a nested case its outer case is read (past), its sibling faded.
  assert.equal(seenBranch(at(7), [1], 0), "past");
  assert.equal(seenBranch(at(7), [1], -1), "past");
  assert.equal(seenBranch(at(7), [1, 0], 0), "now");
  assert.equal(seenBranch(at(7), [1, 1], -1), "faded");
  assert.equal(seenBranch(at(7), [0], 0), "faded");
  // The whole proof draws everything.
  assert.equal(seenBranch(null, [0], 5), "all");
});

test("a chain's links before the current one are past, later ones hidden", () => {
  const links: Link[] = [0, 1, 2].map((i) => ({ from: { row: 1, col: 1 + i, digit: 4 }, to: { row: 1, col: 2 + i, digit: 4 }, strong: i % 2 === 0 }));
  const steps = walkSteps(hint({ links }), words);
  assert.deepEqual([0, 1, 2].map((i) => seenLink(steps[1], i)), ["past", "now", "hidden"]);
  assert.deepEqual([0, 1, 2].map((i) => seenLink(null, i)), ["all", "all", "all"]);
});
