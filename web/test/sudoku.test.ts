// Unit tests of the page's pure helpers (node's test runner; `npm test`
// bundles them with esbuild first).
import assert from "node:assert/strict";
import { test } from "node:test";
import { candidates, conflicts, digits, idx, peers } from "../src/sudoku";
import { setWords, t } from "../src/words";
import { digitsOf } from "../src/overlay";

const puzzle = "530070000600195000098000060800060003400803001700020006060000280000419005000080079";

test("every cell has 20 peers, none itself", () => {
  for (let i = 0; i < 81; i++) {
    const p = peers(i);
    assert.equal(p.length, 20);
    assert.ok(!p.includes(i));
  }
});

test("digits reads 81 characters, blanks as 0", () => {
  const d = digits(puzzle);
  assert.equal(d.length, 81);
  assert.equal(d[0], 5);
  assert.equal(d[2], 0);
  assert.deepEqual(digits(undefined), new Array(81).fill(0));
  assert.equal(digits("x".repeat(81))[0], 0);
});

test("candidates are the digits no peer holds", () => {
  const c = candidates(digits(puzzle));
  assert.deepEqual(c[idx(9, 2)], [1, 2, 4, 5]); // row 9, column 2 and box 7 hold 3 6 7 8 9
  assert.deepEqual(c[idx(1, 1)], []); // a given
});

test("conflicts mark both cells of a clash, and only them", () => {
  const g = digits(puzzle);
  assert.equal(conflicts(g).size, 0);
  g[idx(1, 3)] = 5; // r1c1 is a given 5
  assert.deepEqual([...conflicts(g)].sort((a, b) => a - b), [idx(1, 1), idx(1, 3)]);
});

test("t fills fields, leaves unknown ones, and shows a missing id as itself", () => {
  setWords({ WebCellGiven: "Row {{.Row}}, column {{ .Col }}, given {{.Digit}}", WebHint: "{{.Nope}}!" });
  assert.equal(t("WebCellGiven", { Row: 4, Col: 6, Digit: 7 }), "Row 4, column 6, given 7");
  assert.equal(t("WebHint"), "{{.Nope}}!");
  // An id the words answer lacks (an older server) shows as itself.
  assert.equal(t("WebCheck"), "WebCheck");
});

test("pattern digits are the list's 1-9", () => {
  assert.deepEqual(digitsOf([8, 0, 10, 3]), [8, 3]);
  assert.deepEqual(digitsOf(null), []);
});
