// A tiny stand-in for the bot's API (web/API.md), for working on the page
// without the Go server: serves dist/ at /board/ and /activity/, one game
// in memory, the words from l10n/locales, a canned hint per level.
//
//   npm run build && node dev/mock.mjs 8787   # then open http://127.0.0.1:8787/board/#x

import http from "node:http";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";

const here = path.dirname(fileURLToPath(import.meta.url));
const dist = path.join(here, "..", "dist");
const locales = path.join(here, "..", "..", "l10n", "locales");
const port = Number(process.argv[2] || 8787);

const givens = "530070000600195000098000060800060003400803001700020006060000280000419005000080079";
const solution = "534678912672195348198342567859761423426853791713924856961537284287419635345286179";
const game = { game_id: 1, version: 1, title: "Daily Sudoku #328 · Easy", level: "easy", givens, entries: "0".repeat(81),
  marks: Array(81).fill(""), conflicts: [], wrong: [], solved: false, gave_up: false, started_at: new Date().toISOString(),
  elapsed_ms: 0, hints: 0, mistakes: 0 };
const t0 = Date.now();

function state() {
  const g = game.givens.split("").map((c, i) => (c !== "0" ? c : game.entries[i]));
  const conflicts = [];
  for (let i = 0; i < 81; i++) {
    if (g[i] === "0") continue;
    for (let j = 0; j < 81; j++) {
      if (i === j || g[i] !== g[j]) continue;
      const [ri, ci, rj, cj] = [Math.floor(i / 9), i % 9, Math.floor(j / 9), j % 9];
      if (ri === rj || ci === cj || (Math.floor(ri / 3) === Math.floor(rj / 3) && Math.floor(ci / 3) === Math.floor(cj / 3))) {
        conflicts.push({ row: ri + 1, col: ci + 1 });
        break;
      }
    }
  }
  game.solved = g.join("") === solution;
  const s = { ...game, conflicts, elapsed_ms: Date.now() - t0 };
  if (game.solved) Object.assign(s, { solution, share_text: "Daily Sudoku #328 · Easy\n⏱ 4:12 · 0 hints", card: "api/card.png" });
  if (game.gave_up) s.solution = solution;
  return s;
}

async function words(lang) {
  const tag = ["en-US", "en-GB", "de", "fr", "es-ES", "pt-BR", "ja", "zh-CN", "zh-TW"].find((t) => t.toLowerCase() === lang.toLowerCase()) || "en-US";
  const src = await readFile(path.join(locales, tag + ".toml"), "utf8");
  const out = {};
  for (const m of src.matchAll(/^\[(Web\w+)\]\nother = (".*")$/gm)) out[m[1]] = JSON.parse(m[2]);
  return out;
}

const hints = {
  1: { level: 1, kind: "step", technique: "", text: "Look at box 5.", houses: [{ unit: "box", index: 5 }] },
  2: { level: 2, kind: "step", technique: "hidden single", text: "Hidden single: in box 5, 5 has one place.", houses: [{ unit: "box", index: 5, role: "base" }],
    pattern: [{ row: 5, col: 5, digits: [5], role: "link-on" }, { row: 4, col: 1, digits: [5], role: "blocker" }],
    links: [{ from: { row: 2, col: 4, digit: 1 }, to: { row: 5, col: 5, digit: 5 }, strong: true }, { from: { row: 5, col: 5, digit: 5 }, to: { row: 8, col: 2, digit: 3 }, strong: false }] },
  3: { level: 3, kind: "step", technique: "hidden single", text: "Hidden single: r5c5 is 5.", houses: [{ unit: "box", index: 5, role: "base" }],
    pattern: [{ row: 5, col: 5, digits: [5], role: "link-on" }], placements: [{ row: 5, col: 5, digit: 5 }], eliminations: [{ row: 5, col: 4, digit: 5 }],
    branches: [{ assume: { row: 7, col: 1, digit: 9, on: true }, steps: [{ lit: { row: 7, col: 3, digit: 9, on: false }, reason: "same-unit", from: [{ row: 7, col: 1, digit: 9, on: true }] }] }] },
};

async function body(req) {
  let s = "";
  for await (const c of req) s += c;
  return s ? JSON.parse(s) : {};
}

http.createServer(async (req, res) => {
  const url = new URL(req.url, "http://x");
  const json = (code, v) => { res.writeHead(code, { "Content-Type": "application/json" }); res.end(JSON.stringify(v)); };
  const m = url.pathname.match(/^\/(board|activity)\/(.*)$/);
  if (!m) return json(404, { error: "not found", code: "not_found" });
  const rest = m[2];
  const lang = req.headers["x-sudoku-lang"] || "en-US";
  if (rest === "api/words") return json(200, await words(lang));
  if (rest === "api/config") return json(200, { client_id: "1", activity: true });
  if (rest.startsWith("api/") && !req.headers.authorization) return json(401, { error: "no token", code: "unauthorized" });
  if (rest === "api/game") return json(200, state());
  if (rest === "api/moves") {
    const b = await body(req);
    if (b.version !== game.version) return json(409, { error: "stale", code: "stale", state: state() });
    const e = game.entries.split("");
    for (const mv of b.moves || []) e[(mv.row - 1) * 9 + mv.col - 1] = String(mv.digit);
    game.entries = e.join("");
    for (const mk of b.marks || []) game.marks[(mk.row - 1) * 9 + mk.col - 1] = mk.digits.join("");
    game.version++;
    return json(200, state());
  }
  if (rest === "api/check") {
    const s = state();
    s.wrong = [];
    for (let i = 0; i < 81; i++) if (game.entries[i] !== "0" && game.entries[i] !== solution[i]) s.wrong.push({ row: Math.floor(i / 9) + 1, col: (i % 9) + 1 });
    return json(200, s);
  }
  if (rest === "api/hint") { const b = await body(req); game.hints++; return json(200, { ...hints[b.level], state: state() }); }
  if (rest === "api/giveup") { game.gave_up = true; game.version++; return json(200, state()); }
  const file = rest === "" ? "index.html" : rest;
  try {
    const data = await readFile(path.join(dist, path.normalize(file)));
    const type = file.endsWith(".js") ? "text/javascript" : file.endsWith(".css") ? "text/css" : "text/html";
    res.writeHead(200, { "Content-Type": type });
    res.end(data);
  } catch {
    json(404, { error: "not found", code: "not_found" });
  }
}).listen(port, "127.0.0.1", () => console.log(`mock on http://127.0.0.1:${port}/board/#x`));
