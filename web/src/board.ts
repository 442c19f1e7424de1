// The board: cells, keypad, controls, timer and status, kept in step with
// the server's State. A move shows at once (applied locally), is sent in
// order with the game's version, and the server's answer replaces the
// local guess; a 409 "stale" answer brings the newest state and is told.

import { Api, ApiError, type Hint, type Looks, type MarkSet, type Move, type State } from "./api";
import type { Cell, Link, StreamEvents } from "./contract.gen";
import { LiveStream } from "./live";
import { draw } from "./overlay";
import { candidates, colOf, conflicts, digits, idx, peersOf, rowOf } from "./sudoku";
import { Walk, walkSteps, type Words } from "./walk";
import { setText, t } from "./words";

/** cellName is a cell as the hints write it: r3c7. */
function cellName(c: Cell): string {
  return `r${c.row}c${c.col}`;
}

/** walkWords words a walk's links and bare candidates from the catalogue. */
const walkWords: Words = {
  link(l: Link): string {
    const end = (c: Cell, group?: Cell[]): string =>
      t("WebCand", { Digit: c.digit ?? "", Cell: group?.length ? group.map(cellName).join("/") : cellName(c) });
    return t(l.strong ? "WebLinkStrong" : "WebLinkWeak", { From: end(l.from, l.from_group), To: end(l.to, l.to_group) });
  },
  lit(c: Cell, on: boolean): string {
    return `${cellName(c)} ${on ? "=" : "≠"} ${c.digit || "x"}`;
  },
};

/** One undoable action: the moves and marks to send, with what they replaced. */
interface Action {
  moves: { i: number; digit: number; prev: number }[];
  marks: { i: number; digits: number[]; prev: number[] }[];
}

const $ = <T extends Element>(sel: string, root: ParentNode = document): T => root.querySelector(sel) as T;

function button(label: string, cls: string, onClick: () => void): HTMLButtonElement {
  const b = document.createElement("button");
  b.type = "button";
  b.className = cls;
  b.textContent = label;
  b.addEventListener("click", onClick);
  return b;
}

function clock(ms: number): string {
  const s = Math.max(0, Math.floor(ms / 1000));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const ss = String(s % 60).padStart(2, "0");
  return h ? `${h}:${String(m).padStart(2, "0")}:${ss}` : `${m}:${ss}`;
}

const markDigits = (s: string | undefined): number[] =>
  [...(s ?? "")].map(Number).filter((d) => d >= 1 && d <= 9).sort();

export class Board {
  private state!: State;
  private fetchedAt = 0;
  private givens: number[] = [];
  private entries: number[] = [];
  private marks: number[][] = [];
  private conflicts = new Set<number>();
  private wrong = new Set<number>();
  private sel = 40;
  private pencil = false;
  private auto = localStorage.getItem("sudokubot.auto") === "1";
  // A placed digit leaves its peers' pencil marks, unless the player turns that off.
  private clearPeers = localStorage.getItem("sudokubot.clearPeers") !== "0";
  /** highlight is the digit shown everywhere on the board (its cells and candidates), 0 for none. */
  private highlight = 0;
  /** numberFirst: choose a digit on the keypad (nfDigit; 0 erases, -1 none yet), then tap cells. */
  private numberFirst = false;
  private nfDigit = -1;
  /** colour is the colour mark being painted (1 or 2), 0 when not colouring. */
  private colour = 0;
  /** cellColours and candColours are the player's colour marks (1 or 2), kept in this browser per game. */
  private cellColours: number[] = new Array<number>(81).fill(0);
  private candColours = new Map<string, number>();
  private coloursOf = 0;
  private undo: Action[] = [];
  private redo: Action[] = [];
  private queue: Promise<unknown> = Promise.resolve();
  private busy = 0;
  private hint: Hint | null = null;
  private hintLevel = 0;
  private walk: Walk | null = null;
  private walkUI: { back: HTMLButtonElement; next: HTMLButtonElement; count: HTMLElement; text: HTMLElement; body: HTMLElement } | null = null;
  private giveUpArmed = 0;
  private cardShown = false;
  /** live: the event stream is connected, so the page need not poll. */
  private live = false;
  /** pending is a state the stream brought while the page's own calls were under way. */
  private pending: State | null = null;
  /** owners are, on a co-op board, the players (their place in coop.players) of the digits placed since the page opened. */
  private owners = new Map<number, number>();
  private players!: HTMLElement;
  /** looks are, on a co-op board, the cell each other player has selected (by place; -1 unknown). */
  private looks: number[] = [];
  /** lookSent is the cell last told to the others; lookTimer spaces the telling out. */
  private lookSent = -1;
  private lookTimer = 0;
  private stream: LiveStream | null = null;
  private racers!: HTMLElement;
  /** onTogether hears what the Activity's voice channel plays together (the live stream's together). */
  onTogether: ((t: NonNullable<State["together"]>) => void) | null = null;

  private cells: HTMLElement[] = [];
  private overlay!: SVGSVGElement;
  private status!: HTMLElement;
  private timer!: HTMLElement;
  private hintBox!: HTMLElement;
  private pencilBtn!: HTMLButtonElement;
  private autoBtn!: HTMLButtonElement;
  private nfBtn!: HTMLButtonElement;
  private colourBtn!: HTMLButtonElement;
  private clearBtn!: HTMLButtonElement;
  private board!: HTMLElement;
  private keys: HTMLButtonElement[] = [];
  private undoBtn!: HTMLButtonElement;
  private redoBtn!: HTMLButtonElement;
  private hintBtn!: HTMLButtonElement;
  private giveUpBtn!: HTMLButtonElement;
  private checkBtn!: HTMLButtonElement;
  private done!: HTMLElement;

  constructor(
    private root: HTMLElement,
    private api: Api,
  ) {}

  /**
   * start builds the page on the game as first loaded, and keeps it fresh:
   * a timer tick, the live stream of the game's changes, and a poll every
   * 5 s while the stream is not connected.
   */
  async start(first: State): Promise<void> {
    this.build();
    this.setBusy(0);
    this.adopt(first);
    setInterval(() => this.tick(), 1000);
    setInterval(() => this.poll(), 5000);
    document.addEventListener("visibilitychange", () => this.poll());
    this.openStream();
    this.cells[this.sel].focus({ preventScroll: true });
    document.body.dataset.ready = "1";
    performance.mark("interactive");
  }

  /**
   * switchTo shows another game on this page (the Activity's co-op board
   * or race): the token is the api's already; the stream follows it.
   */
  switchTo(s: State): void {
    this.stream?.stop();
    this.undo = [];
    this.redo = [];
    this.owners.clear();
    this.looks = [];
    this.lookSent = -1;
    this.pending = null;
    this.cardShown = false;
    this.done.hidden = true;
    this.clearHint();
    this.state = s;
    this.adopt(s);
    this.openStream();
  }

  /** isCoop and isRace say what the page shows now. */
  isCoop(): boolean {
    return !!this.state.coop;
  }
  isRace(): boolean {
    return !!this.state.race;
  }

  /** openStream follows the game live (api/events), polling while the stream is down. */
  private openStream(): void {
    this.stream = new LiveStream({
      open: (lastId, signal) => this.api.events(lastId || String(this.state.version), signal),
      event: (ev) => {
        // One handler for each of the stream's events (StreamEvents, generated from webapi):
        // an event added in Go fails tsc here until the page handles it.
        const on: { [K in keyof StreamEvents]: (data: StreamEvents[K]) => void } = {
          state: (s) => this.heard(s),
          look: (l) => this.heardLooks(l),
        };
        if (!Object.hasOwn(on, ev.type)) return;
        const name = ev.type as keyof StreamEvents;
        try {
          (on[name] as (data: unknown) => void)(JSON.parse(ev.data));
        } catch {
          // Not JSON: nothing to show.
        }
      },
      state: (st) => {
        this.live = st === "live";
        document.body.dataset.live = st;
        if (st !== "live") void this.poll();
        else if (this.state.coop) {
          // The server forgot this board's look when its stream ended.
          this.lookSent = -1;
          this.tellLook();
        }
      },
    });
    this.stream.start();
  }

  // ---- building the page

  private build(): void {
    this.root.replaceChildren();
    this.root.innerHTML = `
<header class="top">
  <div class="headline"><h1 class="title"></h1><div class="stats"><span class="timer" role="timer"></span></div></div>
  <div class="codeline"><span class="codelabel"></span><code class="sharecode"></code><button type="button" class="copy" data-action="copy-code"></button></div>
</header>
<ul class="players" hidden></ul>
<ol class="racers" hidden></ol>
<div class="play">
  <div class="boardwrap">
    <div class="board" role="grid"></div>
    <svg class="overlay" viewBox="0 0 900 900" aria-hidden="true"></svg>
  </div>
  <div class="side">
    <p class="status" role="status" aria-live="polite"></p>
    <div class="hintbox" aria-live="polite" hidden></div>
    <div class="keypad" role="group"></div>
    <div class="tools" role="group"></div>
    <div class="actions" role="group"></div>
    <section class="done" hidden></section>
    <details class="keys"><summary></summary><p></p></details>
  </div>
</div>`;
    const grid = $<HTMLElement>(".board", this.root);
    this.board = grid;
    grid.setAttribute("aria-label", t("WebBoard"));
    grid.setAttribute("aria-rowcount", "9");
    grid.setAttribute("aria-colcount", "9");
    grid.dataset.highlight = "";
    for (let r = 1; r <= 9; r++) {
      const row = document.createElement("div");
      row.setAttribute("role", "row");
      row.setAttribute("aria-rowindex", String(r));
      row.className = "row";
      for (let c = 1; c <= 9; c++) {
        const i = idx(r, c);
        const cell = document.createElement("div");
        cell.setAttribute("role", "gridcell");
        cell.setAttribute("aria-rowindex", String(r));
        cell.setAttribute("aria-colindex", String(c));
        cell.dataset.cell = `r${r}c${c}`;
        cell.className = "cell" + (c % 3 === 0 && c < 9 ? " bx" : "") + (r % 3 === 0 && r < 9 ? " by" : "");
        cell.tabIndex = -1;
        cell.addEventListener("click", () => this.tapCell(i));
        row.appendChild(cell);
        this.cells.push(cell);
      }
      grid.appendChild(row);
    }
    this.overlay = $<SVGSVGElement>(".overlay", this.root);
    this.status = $(".status", this.root);
    this.timer = $(".timer", this.root);
    this.timer.setAttribute("aria-label", t("WebTimer"));
    this.hintBox = $(".hintbox", this.root);
    this.done = $(".done", this.root);
    this.players = $(".players", this.root);
    this.racers = $(".racers", this.root);
    // What stands above the board (the header, which wraps a long title
    // or code, and a co-op board's players or a race's racers): on a
    // phone the controls take the rest of the screen under the board
    // (style.css, --above), so a long hint never pushes them out of view.
    const play = $<HTMLElement>(".play", this.root);
    const above = (): void => this.root.style.setProperty("--above", `${Math.ceil(play.getBoundingClientRect().top + window.scrollY)}px`);
    if (typeof ResizeObserver === "function") {
      const ro = new ResizeObserver(above);
      for (const el of [$(".top", this.root), this.players, this.racers]) ro.observe(el);
    }
    above();
    $(".keys summary", this.root).textContent = t("WebKeysTitle");
    $(".codelabel", this.root).textContent = t("WebCodeLabel");
    const copy = $<HTMLButtonElement>(".copy", this.root);
    copy.textContent = t("WebCopyCode");
    copy.setAttribute("aria-label", t("WebCopyCodeLabel"));
    copy.addEventListener("click", () => void this.copy(this.state.code, t("WebCodeCopied")));
    $(".keys p", this.root).textContent = t("WebKeys");

    const pad = $<HTMLElement>(".keypad", this.root);
    pad.setAttribute("aria-label", t("WebKeypad"));
    for (let d = 1; d <= 9; d++) {
      const b = button(String(d), "digit", () => this.pressDigit(d));
      b.dataset.digit = String(d);
      // The count of this digit still to place, under it.
      const n = document.createElement("span");
      n.className = "left";
      n.setAttribute("aria-hidden", "true");
      b.appendChild(n);
      pad.appendChild(b);
      this.keys.push(b);
    }
    const erase = button("⌫", "digit erase", () => this.pressDigit(0));
    erase.setAttribute("aria-label", t("WebErase"));
    erase.title = t("WebErase");
    erase.dataset.digit = "0";
    pad.appendChild(erase);

    const tools = $<HTMLElement>(".tools", this.root);
    this.pencilBtn = button(t("WebPencil"), "tool", () => this.setPencil(!this.pencil));
    this.pencilBtn.dataset.action = "pencil";
    this.autoBtn = button(t("WebAuto"), "tool", () => this.setAuto(!this.auto));
    this.autoBtn.dataset.action = "auto";
    this.undoBtn = button(t("WebUndo"), "tool", () => this.doUndo());
    this.undoBtn.dataset.action = "undo";
    this.redoBtn = button(t("WebRedo"), "tool", () => this.doRedo());
    this.redoBtn.dataset.action = "redo";
    this.nfBtn = button(t("WebNumberFirst"), "tool", () => this.setNumberFirst(!this.numberFirst));
    this.nfBtn.dataset.action = "numberfirst";
    this.nfBtn.title = t("WebNumberFirstHelp");
    this.colourBtn = button(t("WebColour"), "tool", () => this.setColour((this.colour + 1) % 3));
    this.colourBtn.dataset.action = "colour";
    this.colourBtn.title = t("WebColourHelp");
    this.clearBtn = button(t("WebClearPeers"), "tool", () => this.setClearPeers(!this.clearPeers));
    this.clearBtn.dataset.action = "clearpeers";
    // The switches show on or off by a mark of their own (aria-pressed);
    // undo and redo are actions.
    for (const b of [this.pencilBtn, this.nfBtn, this.colourBtn, this.autoBtn, this.clearBtn]) b.classList.add("toggle");
    tools.append(this.pencilBtn, this.nfBtn, this.colourBtn, this.undoBtn, this.autoBtn, this.clearBtn, this.redoBtn);

    const acts = $<HTMLElement>(".actions", this.root);
    this.hintBtn = button(t("WebHint"), "act", () => this.askHint());
    this.hintBtn.dataset.action = "hint";
    this.checkBtn = button(t("WebCheck"), "act", () => this.doCheck());
    this.checkBtn.dataset.action = "check";
    this.giveUpBtn = button(t("WebGiveUp"), "act danger", () => this.doGiveUp());
    this.giveUpBtn.dataset.action = "giveup";
    acts.append(this.hintBtn, this.checkBtn, this.giveUpBtn);

    document.addEventListener("keydown", (e) => this.key(e));
  }

  // ---- state

  /** adopt takes the server's state as the truth. */
  private adopt(s: State): void {
    const changed = !this.state || s.version !== this.state.version;
    if (s.coop && this.state && s.game_id === this.state.game_id && s.version > this.state.version) {
      // Who placed what: the change's player, for the cells it changed.
      const by = s.coop.by >= 0 ? s.coop.by : -1;
      const before = digits(this.state.entries);
      digits(s.entries).forEach((d, i) => {
        if (d === before[i]) return;
        if (d && by >= 0) this.owners.set(i, by);
        else this.owners.delete(i);
      });
    }
    this.state = s;
    document.body.dataset.version = String(s.version);
    this.fetchedAt = performance.now();
    this.givens = digits(s.givens);
    this.entries = digits(s.entries);
    this.marks = Array.from({ length: 81 }, (_, i) => markDigits(s.marks?.[i]));
    this.conflicts = new Set((s.conflicts ?? []).map((c) => idx(c.row, c.col)));
    this.wrong = new Set((s.wrong ?? []).map((c) => idx(c.row, c.col)));
    if (s.game_id !== this.coloursOf) this.loadColours(s.game_id);
    if (changed && this.hint && this.hint.state?.version !== s.version) this.clearHint();
    this.render();
  }

  /**
   * ownerOf is who filled cell i of a co-op board (their place in
   * coop.players): as the server keeps it, else as this page saw it happen
   * (the page's own move not answered yet, or a digit older than the record).
   */
  private ownerOf(i: number): number | undefined {
    const f = this.state.coop?.filled?.[i] ?? -1;
    return f >= 0 ? f : this.owners.get(i);
  }

  private grid(): number[] {
    return this.givens.map((g, i) => g || this.entries[i]);
  }

  private finished(): boolean {
    return this.state.solved || this.state.gave_up;
  }

  // ---- drawing

  private render(): void {
    const s = this.state;
    const fin = this.finished();
    $(".title", this.root).textContent = s.title;
    $(".sharecode", this.root).textContent = s.code;
    document.title = s.title;
    const grid = this.grid();
    const cands = this.auto ? candidates(grid) : null;
    const solution = s.gave_up ? digits(s.solution) : null;
    const hl = this.highlight;
    this.board.dataset.highlight = hl ? String(hl) : "";
    const peers = new Set(peersOf(this.sel));
    this.cells.forEach((cell, i) => {
      const r = rowOf(i);
      const c = colOf(i);
      const given = this.givens[i];
      const entry = this.entries[i];
      const shown = given || entry || (solution ? solution[i] : 0);
      const marks = shown ? [] : this.marks[i].length ? this.marks[i] : cands ? cands[i] : [];
      const cl = cell.classList;
      cl.toggle("given", !!given);
      cl.toggle("entry", !given && !!entry);
      cl.toggle("revealed", !given && !entry && !!shown);
      cl.toggle("conflict", this.conflicts.has(i));
      cl.toggle("wrong", this.wrong.has(i));
      cl.toggle("sel", i === this.sel);
      cl.toggle("peer", peers.has(i));
      cl.toggle("same", !!hl && shown === hl);
      cl.toggle("has-hl", !!hl && !shown && marks.includes(hl));
      const owner = s.coop && entry ? this.ownerOf(i) : undefined;
      for (let p = 0; p < 6; p++) cl.toggle(`own-${p}`, owner !== undefined && owner % 6 === p);
      const colour = this.cellColours[i];
      cl.toggle("colour-a", colour === 1);
      cl.toggle("colour-b", colour === 2);
      cell.setAttribute("aria-selected", String(i === this.sel));
      cell.tabIndex = i === this.sel ? 0 : -1;
      if (shown) {
        cell.textContent = String(shown);
      } else if (marks.length) {
        cell.replaceChildren(
          ...Array.from({ length: 9 }, (_, k) => {
            const m = document.createElement("span");
            m.className = "m";
            if (marks.includes(k + 1)) {
              m.textContent = String(k + 1);
              if (k + 1 === hl) m.classList.add("hl");
              const cc = this.candColours.get(`${i}:${k + 1}`);
              if (cc) m.classList.add(cc === 1 ? "ca" : "cb");
            }
            return m;
          }),
        );
        cl.add("marks");
      } else {
        cell.textContent = "";
      }
      if (shown || !marks.length) cl.remove("marks");
      let label: string;
      if (given) label = t("WebCellGiven", { Row: r, Col: c, Digit: given });
      else if (entry) label = t("WebCellEntry", { Row: r, Col: c, Digit: entry });
      else if (shown) label = t("WebCellSolution", { Row: r, Col: c, Digit: shown });
      else if (marks.length) label = t("WebCellMarks", { Row: r, Col: c, Digits: marks.join(" ") });
      else label = t("WebCellEmpty", { Row: r, Col: c });
      if (owner !== undefined && s.coop) label = t("WebCoopCell", { Cell: label, Name: this.playerName(owner) });
      if (this.conflicts.has(i)) label = t("WebCellConflict", { Cell: label });
      if (this.wrong.has(i)) label = t("WebCellWrong", { Cell: label });
      if (colour) label = t("WebCellColour", { Cell: label, Colour: t(colour === 1 ? "WebColourA" : "WebColourB") });
      if (!shown) {
        const cc = marks.filter((d) => this.candColours.get(`${i}:${d}`));
        for (const d of cc) label = t("WebCandColour", { Cell: label, Digit: d, Colour: t(this.candColours.get(`${i}:${d}`) === 1 ? "WebColourA" : "WebColourB") });
      }
      cell.setAttribute("aria-label", label);
    });
    // How many of each digit are left to place; a key whose nine are all placed greys out.
    const placed = new Array<number>(10).fill(0);
    for (const v of solution ?? grid) placed[v]++;
    this.keys.forEach((b, k) => {
      const d = k + 1;
      const left = Math.max(0, 9 - placed[d]);
      b.dataset.digitCount = String(left);
      b.classList.toggle("full", left === 0);
      (b.querySelector(".left") as HTMLElement).textContent = left ? String(left) : "✓";
      b.setAttribute("aria-label", t("WebDigitLeft", { Digit: d, Left: left }));
      b.setAttribute("aria-pressed", String(this.numberFirst && this.nfDigit === d));
    });
    const erase = $<HTMLButtonElement>(".erase", this.root);
    erase.setAttribute("aria-pressed", String(this.numberFirst && this.nfDigit === 0));
    this.root.classList.toggle("solved", s.solved);
    this.root.classList.toggle("finished", this.finished());
    this.root.classList.toggle("pencil", this.pencil);
    this.pencilBtn.setAttribute("aria-pressed", String(this.pencil));
    this.autoBtn.setAttribute("aria-pressed", String(this.auto));
    this.nfBtn.setAttribute("aria-pressed", String(this.numberFirst));
    this.clearBtn.setAttribute("aria-pressed", String(this.clearPeers));
    this.colourBtn.setAttribute("aria-pressed", String(this.colour > 0));
    this.colourBtn.dataset.colour = String(this.colour);
    // The label stays; the button's mark is the colour being painted,
    // drawn as the painted cells are (style.css), and its name is read out.
    this.colourBtn.textContent = t("WebColour");
    this.colourBtn.setAttribute(
      "aria-label",
      this.colour ? `${t("WebColour")}: ${t(this.colour === 1 ? "WebColourA" : "WebColourB")}` : t("WebColour"),
    );
    this.root.classList.toggle("colouring", this.colour > 0);
    this.root.classList.toggle("numberfirst", this.numberFirst);
    this.undoBtn.disabled = fin || !this.undo.length;
    this.redoBtn.disabled = fin || !this.redo.length;
    for (const b of [this.hintBtn, this.checkBtn, this.giveUpBtn, this.pencilBtn, this.nfBtn, this.colourBtn]) b.disabled = fin;
    this.root.querySelectorAll<HTMLButtonElement>(".digit").forEach((b) => (b.disabled = fin));
    const more = this.hintLevel > 0 && this.hintLevel < 3;
    this.hintBtn.textContent = more ? t("WebHintMore") : s.coop ? t("WebCoopHint") : t("WebHint");
    this.root.classList.toggle("coop", !!s.coop);
    this.renderPlayers();
    this.renderLooks();
    this.renderRacers();
    this.giveUpBtn.textContent = this.giveUpArmed ? t("WebGiveUpConfirm") : t("WebGiveUp");
    this.tick();
    if (fin) this.showDone();
  }

  private tick(): void {
    if (!this.state) return;
    const fin = this.finished();
    const ms = this.state.elapsed_ms + (fin ? 0 : performance.now() - this.fetchedAt);
    this.timer.textContent = clock(ms);
  }

  private say(text: string, error = false): void {
    setText(this.status, text);
    this.status.classList.toggle("error", error);
  }

  // ---- input

  private select(i: number): void {
    this.sel = i;
    this.render();
    this.cells[i].focus({ preventScroll: true });
    this.tellLook();
  }

  /**
   * tellLook tells the others on a co-op board which cell is selected
   * here, at most about four times a second: the latest cell once a burst
   * of moves (arrow keys held down) stops.
   */
  private tellLook(): void {
    if (!this.state.coop || !this.live || this.finished() || this.lookTimer || this.sel === this.lookSent) return;
    const cell = this.sel;
    this.lookSent = cell;
    this.api.look(rowOf(cell), colOf(cell)).catch(() => (this.lookSent = -1));
    this.lookTimer = window.setTimeout(() => {
      this.lookTimer = 0;
      this.tellLook();
    }, 250);
  }

  /** heardLooks takes where the other players of a co-op board look. */
  private heardLooks(l: Looks): void {
    this.looks = l.cells ?? [];
    this.renderLooks();
  }

  /** renderLooks marks each cell another co-op player has selected with a frame in their colour. */
  private renderLooks(): void {
    const by = new Map<number, number>();
    const c = this.state.coop;
    if (c && !this.finished()) {
      this.looks.forEach((cell, p) => {
        if (cell >= 0 && cell < 81 && p !== c.you && !by.has(cell)) by.set(cell, p);
      });
    }
    this.cells.forEach((el, i) => {
      const p = by.get(i);
      el.classList.toggle("looked", p !== undefined);
      if (p === undefined) {
        delete el.dataset.looked;
        el.style.removeProperty("--look");
      } else {
        el.dataset.looked = String(p);
        el.style.setProperty("--look", `var(--b${p % 6})`);
      }
    });
  }

  /**
   * tapCell is a click on a cell (or Enter on it): it selects the cell and
   * then paints it in colour mode, enters the chosen digit in number-first
   * mode, or else highlights the digit it holds.
   */
  private tapCell(i: number): void {
    this.sel = i;
    if (this.colour) {
      this.paint(i);
    } else if (this.numberFirst && this.nfDigit >= 0) {
      this.input(this.nfDigit);
    } else {
      const v = this.grid()[i];
      if (v) this.highlight = v;
    }
    this.select(i);
  }

  /**
   * pressDigit is a keypad key or a typed digit (0 erases). The digit is
   * highlighted; then it colours that candidate (colour mode), becomes the
   * digit to place (number-first mode), or goes into the selected cell.
   */
  private pressDigit(d: number): void {
    if (d) this.highlight = d;
    if (this.colour) {
      // Colouring: a digit chosen paints its candidates, none paints cells.
      this.highlight = d;
      this.render();
      return;
    }
    if (this.numberFirst) {
      this.nfDigit = d;
      if (!d) this.highlight = 0;
      this.render();
      return;
    }
    this.input(d);
    this.render();
  }

  /**
   * paint toggles the colour being painted on cell i: on its candidate of
   * the highlighted digit when one is chosen and the cell is empty, else
   * on the cell itself.
   */
  private paint(i: number): void {
    const d = this.highlight;
    if (d && !this.grid()[i]) {
      const key = `${i}:${d}`;
      if (this.candColours.get(key) === this.colour) this.candColours.delete(key);
      else this.candColours.set(key, this.colour);
    } else {
      this.cellColours[i] = this.cellColours[i] === this.colour ? 0 : this.colour;
    }
    this.saveColours();
  }

  private setNumberFirst(on: boolean): void {
    this.numberFirst = on;
    this.nfDigit = on && this.highlight ? this.highlight : -1;
    if (on) this.colour = 0;
    this.render();
  }

  private setColour(c: number): void {
    this.colour = c;
    if (c) this.numberFirst = false;
    this.render();
  }

  private setClearPeers(on: boolean): void {
    this.clearPeers = on;
    localStorage.setItem("sudokubot.clearPeers", on ? "1" : "0");
    this.render();
  }

  private coloursKey(id: number): string {
    return `sudokubot.colours.${id}`;
  }

  /** loadColours reads a game's colour marks from this browser (none when storage is refused). */
  private loadColours(id: number): void {
    this.coloursOf = id;
    this.cellColours = new Array<number>(81).fill(0);
    this.candColours = new Map();
    try {
      const saved = JSON.parse(localStorage.getItem(this.coloursKey(id)) ?? "null") as { cells?: string; cands?: [string, number][] } | null;
      if (saved?.cells) this.cellColours = digits(saved.cells).map((v) => (v === 1 || v === 2 ? v : 0));
      for (const [k, v] of saved?.cands ?? []) if (v === 1 || v === 2) this.candColours.set(k, v);
    } catch {
      // Unreadable or refused: start without colours.
    }
  }

  private saveColours(): void {
    try {
      const empty = this.cellColours.every((v) => !v) && !this.candColours.size;
      if (empty) localStorage.removeItem(this.coloursKey(this.coloursOf));
      else localStorage.setItem(this.coloursKey(this.coloursOf), JSON.stringify({ cells: this.cellColours.join(""), cands: [...this.candColours] }));
    } catch {
      // Storage refused (private mode): the colours last as long as the page.
    }
  }

  private key(e: KeyboardEvent): void {
    if (e.target instanceof HTMLInputElement || e.altKey || e.metaKey) return;
    if (this.walkKey(e)) return;
    const k = e.key;
    const r = rowOf(this.sel);
    const c = colOf(this.sel);
    const move: Record<string, [number, number]> = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };
    if (e.ctrlKey) {
      if (k === "z" || k === "Z") (e.shiftKey ? this.doRedo() : this.doUndo(), e.preventDefault());
      else if (k === "y") (this.doRedo(), e.preventDefault());
      return;
    }
    if (move[k]) {
      const [dr, dc] = move[k];
      this.select(idx(Math.min(9, Math.max(1, r + dr)), Math.min(9, Math.max(1, c + dc))));
    } else if (/^[1-9]$/.test(k)) {
      this.pressDigit(Number(k));
    } else if (k === "Backspace" || k === "Delete" || k === "0") {
      this.pressDigit(0);
    } else if (k === "p" || k === "P") {
      this.setPencil(!this.pencil);
    } else if (k === "n" || k === "N") {
      this.setNumberFirst(!this.numberFirst);
    } else if (k === "c" || k === "C") {
      this.setColour((this.colour + 1) % 3);
    } else if ((k === "Enter" || k === " ") && e.target instanceof HTMLElement && e.target.dataset.cell) {
      this.tapCell(this.sel);
    } else if (k === "Escape") {
      this.highlight = 0;
      this.nfDigit = -1;
      this.render();
    } else {
      return;
    }
    e.preventDefault();
  }

  private setPencil(on: boolean): void {
    this.pencil = on;
    this.render();
  }

  private setAuto(on: boolean): void {
    this.auto = on;
    localStorage.setItem("sudokubot.auto", on ? "1" : "0");
    this.render();
  }

  /** input enters digit d (0 erases) in the selected cell, as a digit or a pencil mark. */
  private input(d: number): void {
    const i = this.sel;
    if (this.finished() || this.givens[i]) return;
    const a: Action = { moves: [], marks: [] };
    if (this.pencil && d !== 0) {
      if (this.entries[i]) return;
      const cur = this.marks[i].length ? this.marks[i] : this.auto ? candidates(this.grid())[i] : [];
      const next = cur.includes(d) ? cur.filter((x) => x !== d) : [...cur, d].sort();
      a.marks.push({ i, digits: next, prev: this.marks[i] });
    } else {
      const digit = d === 0 || this.entries[i] === d ? 0 : d;
      if (digit === this.entries[i]) {
        if (d === 0 && this.marks[i].length) a.marks.push({ i, digits: [], prev: this.marks[i] });
        else return;
      } else {
        a.moves.push({ i, digit, prev: this.entries[i] });
        // A placed digit leaves its peers' pencil marks.
        if (digit && this.clearPeers) {
          for (const p of peersOf(i)) {
            if (this.marks[p].includes(digit)) a.marks.push({ i: p, digits: this.marks[p].filter((x) => x !== digit), prev: this.marks[p] });
          }
        }
      }
    }
    this.redo = [];
    this.undo.push(a);
    this.apply(a, false);
  }

  private doUndo(): void {
    const a = this.undo.pop();
    if (!a || this.finished()) return;
    this.redo.push(a);
    this.apply(a, true);
  }

  private doRedo(): void {
    const a = this.redo.pop();
    if (!a || this.finished()) return;
    this.undo.push(a);
    this.apply(a, false);
  }

  /** apply shows an action at once and sends it (backwards when undoing). */
  private apply(a: Action, back: boolean): void {
    const moves: Move[] = a.moves.map((m) => ({ row: rowOf(m.i), col: colOf(m.i), digit: back ? m.prev : m.digit }));
    const marks: MarkSet[] = a.marks.map((m) => ({ row: rowOf(m.i), col: colOf(m.i), digits: back ? m.prev : m.digits }));
    for (const m of a.moves) {
      this.entries[m.i] = back ? m.prev : m.digit;
      // On a co-op board the digit shows in the player's colour at once.
      const you = this.state.coop?.you ?? -1;
      if (you >= 0 && this.entries[m.i]) this.owners.set(m.i, you);
    }
    for (const m of a.marks) this.marks[m.i] = back ? m.prev : m.digits;
    this.conflicts = conflicts(this.grid());
    this.wrong.clear();
    this.clearHint();
    this.say("");
    this.render();
    // On a stale version the action is sent again on the newest state if
    // the cells it touches still hold what it replaced there: then both the
    // other move and this one are kept.
    const stillFits = (st: State): boolean => {
      const es = digits(st.entries);
      return (
        a.moves.every((m) => es[m.i] === (back ? m.digit : m.prev)) &&
        a.marks.every((m) => markDigits(st.marks?.[m.i]).join("") === (back ? m.digits : m.prev).join(""))
      );
    };
    this.send((v) => this.api.moves(v, moves, marks), stillFits);
  }

  /**
   * send runs calls one after another, each with the version the last
   * answer gave. A call that met a stale version is made once more on the
   * newest state when retry says it still fits there.
   */
  private send(call: (version: number) => Promise<State>, retry?: (s: State) => boolean): Promise<void> {
    this.setBusy(1);
    const p = this.queue.then(async () => {
      try {
        this.adopt(await call(this.state.version));
      } catch (e) {
        if (e instanceof ApiError && e.code === "stale" && e.state && retry?.(e.state)) {
          this.adopt(e.state);
          try {
            this.adopt(await call(e.state.version));
            this.say(t("WebStaleKept"), true);
          } catch (e2) {
            this.fail(e2);
          }
          return;
        }
        this.fail(e);
      } finally {
        this.setBusy(-1);
      }
    });
    this.queue = p;
    return p;
  }

  private fail(e: unknown): void {
    if (e instanceof ApiError) {
      if (e.state) this.adopt(e.state);
      if (e.code === "stale") {
        this.undo = [];
        this.redo = [];
        this.say(t("WebStale"), true);
        this.render();
        return;
      }
      this.say(e.message, true);
      return;
    }
    this.say(t("WebOffline"), true);
  }

  /**
   * heard takes a state the live stream brought: a newer version than the
   * page shows is adopted, at once or, while the page's own calls are under
   * way, once they are answered (their answers are newer or the same).
   */
  private heard(s: State): void {
    // data-poll="off" lets a test meet a stale version on purpose.
    if (s.together) this.onTogether?.(s.together);
    if (!this.state || s.game_id !== this.state.game_id || document.body.dataset.poll === "off") return;
    if (this.busy) {
      this.pending = s;
      return;
    }
    if (s.race && s.version === this.state.version) {
      // Another racer moved: their progress, and this board as it was.
      const before = this.state.race;
      this.state.race = s.race;
      this.renderRacers();
      this.sayFinished(before, s);
      return;
    }
    if (s.coop && s.version === this.state.version) {
      // A teammate came or went: the board is as it was.
      this.state.coop = s.coop;
      this.renderPlayers();
      return;
    }
    if (s.version <= this.state.version) return;
    const before = this.state.entries;
    this.adopt(s);
    const c = s.coop;
    if (!c || c.by < 0 || c.by === c.you) {
      this.say(t("WebUpdated"));
      return;
    }
    const name = this.playerName(c.by);
    if (c.hint && s.entries === before) {
      // A teammate's hint for everyone (or more of it): shown here too,
      // uncounted, at the deepest level anyone opened.
      this.say(t("WebCoopHinted", { Name: name }));
      this.api.coopHint().then(
        (h) => {
          if (this.state.version === h.state?.version) this.showHint(h, h.level || 1);
        },
        () => undefined,
      );
      return;
    }
    this.say(t("WebCoopMoved", { Name: name }));
  }

  /** sayFinished tells of another racer who finished since before. */
  private sayFinished(before: State["race"], s: State): void {
    const r = s.race;
    if (!r) return;
    const was = new Map((before?.racers ?? []).map((x) => [x.n, x.place]));
    for (const x of r.racers ?? []) {
      if (!x.you && x.place && !was.get(x.n)) {
        this.say(t("WebRaceFinished", { Name: t("WebRacer", { N: x.n }), Place: x.place, Time: clock(x.elapsed_ms ?? 0) }));
      }
    }
  }

  /** renderRacers lists a race's racers in its order: progress (never a digit) and finishing places. */
  private renderRacers(): void {
    const r = this.state.race;
    this.racers.hidden = !r;
    if (!r) return;
    const total = Math.max(1, r.total);
    this.racers.replaceChildren(
      ...(r.racers ?? []).map((x) => {
        const li = document.createElement("li");
        li.className = "racer" + (x.you ? " you" : "") + (x.place ? " placed" : "") + (x.gave_up ? " left" : "") + (x.here ? " here" : " away");
        li.dataset.racer = String(x.n);
        li.dataset.filled = String(x.filled);
        const name = x.you ? t("WebCoopYou") : t("WebRacer", { N: x.n });
        const label = document.createElement("span");
        label.className = "name";
        label.textContent = x.place ? `🏁 ${x.place}. ${name} · ${clock(x.elapsed_ms ?? 0)}` : name;
        const bar = document.createElement("span");
        bar.className = "bar";
        const fill = document.createElement("span");
        fill.style.width = `${Math.round((100 * x.filled) / total)}%`;
        bar.append(fill);
        const nums = document.createElement("span");
        nums.className = "nums";
        nums.textContent = `${x.filled}/${r.total} · ✗${x.mistakes}`;
        li.append(label, bar, nums);
        li.setAttribute("aria-label", t("WebRaceRow", { Name: name, Filled: x.filled, Total: r.total, Mistakes: x.mistakes }));
        return li;
      }),
    );
  }

  /** playerName is a co-op player as the board names them: you, or a number (and the host). */
  private playerName(p: number): string {
    const c = this.state.coop;
    if (c && p === c.you) return t("WebCoopYou");
    const name = t("WebCoopPlayer", { N: p + 1 });
    return c?.players?.[p]?.host ? `${name} (${t("WebCoopHost")})` : name;
  }

  /** renderPlayers lists a co-op board's players, each in their colour, with the digits they placed. */
  private renderPlayers(): void {
    const c = this.state.coop;
    this.players.hidden = !c;
    if (!c) return;
    this.players.replaceChildren(
      ...(c.players ?? []).map((p, i) => {
        const li = document.createElement("li");
        li.className = `player own-${i % 6}` + (i === c.you ? " you" : "") + (p.here ? " here" : " away");
        li.dataset.player = String(i);
        li.textContent = t("WebCoopPlaced", { Name: this.playerName(i), Placed: p.placed });
        return li;
      }),
    );
  }

  private async poll(): Promise<void> {
    // data-poll="off" lets a test meet a stale version on purpose.
    if (this.live || document.visibilityState !== "visible" || this.busy || !this.state || this.finished() || document.body.dataset.poll === "off") return;
    try {
      const s = await this.api.game();
      if (this.busy) return;
      if (s.version !== this.state.version) {
        this.adopt(s);
        this.say(t("WebUpdated"));
      }
    } catch (e) {
      this.fail(e);
    }
  }

  // ---- hints, check, give up

  private clearHint(): void {
    this.hint = null;
    this.hintLevel = 0;
    this.walk = null;
    this.walkUI = null;
    this.hintBox.removeAttribute("tabindex");
    this.hintBox.hidden = true;
    draw(this.overlay, null);
  }

  private async askHint(): Promise<void> {
    const level = Math.min(3, this.hintLevel + 1);
    this.setBusy(1);
    await this.queue;
    try {
      this.showHint(await this.api.hint(level), level);
    } catch (e) {
      this.fail(e);
    } finally {
      this.setBusy(-1);
    }
  }

  /** showHint shows a hint at a level: its text (and lesson link, and walk) and its overlay. */
  private showHint(h: Hint, level: number): void {
    {
      this.hint = h;
      this.hintLevel = level;
      if (h.state) this.adopt(h.state);
      this.hint = h;
      this.hintLevel = level;
      this.hintBox.hidden = false;
      this.hintBox.dataset.level = String(level);
      this.hintBox.replaceChildren();
      const head = document.createElement("strong");
      head.textContent = t("WebHintLevel", { Level: level });
      // The text scrolls in the panel; at level 3 its last line, the
      // result, stays in view under it.
      const body = document.createElement("div");
      body.className = "hinttext";
      const proof = document.createElement("p");
      proof.className = "proof";
      // Focusable, so that the keyboard scrolls a long text.
      proof.tabIndex = 0;
      const lines = h.text.trimEnd().split("\n");
      const last = level === 3 && lines.length > 1 ? lines.pop()! : "";
      setText(proof, lines.join("\n"));
      body.append(proof);
      if (last) {
        const result = document.createElement("p");
        result.className = "result";
        setText(result, last);
        body.append(result);
      }
      proof.addEventListener("scroll", () => this.scrollCue(proof), { passive: true });
      this.hintBox.append(head, body);
      if (level === 1 && h.technique) {
        // The nudge names a technique: its lesson is one tap away.
        const a = document.createElement("a");
        a.className = "lesson";
        a.href = this.api.lessonURL(h.technique);
        a.target = "_blank";
        a.rel = "noopener";
        a.textContent = t("WebLesson");
        this.hintBox.append(a);
      }
      this.walk = null;
      this.walkUI = null;
      this.hintBox.removeAttribute("tabindex");
      const steps = walkSteps(h, walkWords);
      if (steps.length > 1) this.buildWalk(new Walk(steps), body);
      draw(this.overlay, h);
      this.overlay.dataset.level = String(level);
      this.render();
      this.scrollCue(proof);
    }
  }

  /**
   * buildWalk adds the proof's Back and Next under the hint: they step
   * through its implications (or links) one at a time, each drawn on the
   * board as its text is read; Back from the first step shows the whole
   * proof again. Arrow keys and [ ] do the same while the panel has focus.
   */
  private buildWalk(walk: Walk, body: HTMLElement): void {
    const nav = document.createElement("div");
    nav.className = "walk";
    nav.setAttribute("role", "group");
    nav.setAttribute("aria-label", t("WebWalk"));
    const back = button("‹ " + t("WebWalkBack"), "tool", () => this.stepWalk(-1));
    back.dataset.action = "walk-back";
    const next = button(t("WebWalkNext") + " ›", "tool", () => this.stepWalk(1));
    next.dataset.action = "walk-next";
    const count = document.createElement("span");
    count.className = "walk-count";
    next.title = t("WebWalkStart");
    nav.append(back, next);
    const text = document.createElement("p");
    text.className = "walk-text";
    text.setAttribute("aria-live", "polite");
    text.setAttribute("aria-atomic", "true");
    this.hintBox.append(nav, count, text);
    this.hintBox.tabIndex = 0;
    this.walk = walk;
    this.walkUI = { back, next, count, text, body };
    this.showWalk();
  }

  private stepWalk(d: number): void {
    if (!this.walk || !(d > 0 ? this.walk.next() : this.walk.back())) return;
    this.showWalk();
  }

  /** showWalk draws the walk's current stop and says it. */
  private showWalk(): void {
    const w = this.walk;
    const ui = this.walkUI;
    if (!w || !ui || !this.hint) return;
    const cur = w.current;
    ui.back.disabled = !w.canBack();
    ui.next.disabled = !w.canNext();
    ui.body.hidden = !!cur;
    this.hintBox.dataset.walk = String(w.at);
    // The whole proof is the hint's text; the walk's words start with its first step.
    ui.count.hidden = ui.text.hidden = !cur;
    if (!cur) {
      ui.count.textContent = "";
      ui.text.textContent = "";
    } else {
      const c = w.caseOf();
      const step = t("WebWalkStep", { N: w.at + 1, Total: w.steps.length });
      ui.count.textContent = c.total > 1 ? `${t("WebWalkCase", { N: c.n, Total: c.total })} · ${step}` : step;
      setText(ui.text, cur.text);
    }
    draw(this.overlay, this.hint, cur);
  }

  /** walkKey steps the walk for the arrow keys and [ ] while the hint panel has focus. */
  private walkKey(e: KeyboardEvent): boolean {
    if (!this.walk || !(e.target instanceof Node) || !this.hintBox.contains(e.target)) return false;
    const d = { ArrowLeft: -1, ArrowUp: -1, "[": -1, ArrowRight: 1, ArrowDown: 1, "]": 1 }[e.key];
    if (!d) return false;
    this.stepWalk(d);
    e.preventDefault();
    return true;
  }

  /** scrollCue marks a hint text that scrolls further down (a shadow and an arrow at its foot). */
  private scrollCue(el: HTMLElement): void {
    const more = el.scrollHeight - el.scrollTop - el.clientHeight > 2;
    el.classList.toggle("more", more);
    this.hintBox.dataset.more = more ? "1" : "0";
  }

  /** setBusy counts calls under way; the page shows the count to tests (data-busy). */
  private setBusy(d: number): void {
    this.busy += d;
    document.body.dataset.busy = String(this.busy);
    if (!this.busy && this.pending) {
      const p = this.pending;
      this.pending = null;
      this.heard(p);
    }
  }

  private async doCheck(): Promise<void> {
    await this.send(() => this.api.check());
    if (!this.finished()) this.say(this.wrong.size ? t("WebCheckWrong") : t("WebCheckRight"), this.wrong.size > 0);
  }

  private doGiveUp(): void {
    if (!this.giveUpArmed) {
      this.giveUpArmed = window.setTimeout(() => {
        this.giveUpArmed = 0;
        this.render();
      }, 4000);
      this.render();
      return;
    }
    clearTimeout(this.giveUpArmed);
    this.giveUpArmed = 0;
    this.send(() => this.api.giveUp());
  }

  // ---- the end

  private showDone(): void {
    if (this.cardShown) return;
    this.cardShown = true;
    const s = this.state;
    this.clearHint();
    this.done.hidden = false;
    this.done.replaceChildren();
    const h = document.createElement("h2");
    h.textContent = s.solved ? t("WebSolved", { Time: clock(s.elapsed_ms) }) : t("WebGaveUp");
    this.done.appendChild(h);
    this.say("");
    if (!s.solved) return;
    if (s.card) {
      const img = document.createElement("img");
      img.alt = t("WebCard");
      img.className = "card";
      this.done.appendChild(img);
      // The card follows the page's theme, as the board does.
      const light = window.matchMedia("(prefers-color-scheme: light)").matches;
      this.api.picture("card", { theme: light ? "light" : undefined }).then(
        (url) => (img.src = url),
        () => img.remove(),
      );
    }
    if (s.share_text) {
      const pre = document.createElement("pre");
      pre.className = "share";
      pre.textContent = s.share_text;
      const b = button(t("WebShare"), "act", () => this.copy(s.share_text!, t("WebCopied")));
      b.dataset.action = "share";
      this.done.append(pre, b);
    }
  }

  /** copy puts text on the clipboard and says so with done. */
  private async copy(text: string, done: string): Promise<void> {
    try {
      await navigator.clipboard.writeText(text);
    } catch {
      // Without the clipboard API (an insecure origin), the old way.
      const ta = document.createElement("textarea");
      ta.value = text;
      document.body.appendChild(ta);
      ta.select();
      const ok = document.execCommand("copy");
      ta.remove();
      if (!ok) {
        this.say(t("WebCopyFailed"), true);
        return;
      }
    }
    this.say(done);
  }
}
