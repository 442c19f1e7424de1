// Entry point: find the token (the link's fragment, or the Activity's
// handshake with Discord), load the words and the game in parallel, and
// start the board. The Activity code (and the Embedded App SDK) is a
// separate file, loaded only inside Discord.

import { Api, ApiError } from "./api";
import type { RouteTypes, TogetherKind } from "./contract.gen";
import { Board } from "./board";
import { openCalendar, openProgress } from "./calendar";
import type { Connected, Person } from "./activity";
import { setText, setWords, t } from "./words";

declare const ACTIVITY_URL: string;

const params = new URLSearchParams(location.search);
const lang = params.get("lang") || navigator.language || "en-US";
document.documentElement.lang = lang;

const root = document.getElementById("app") as HTMLElement;

function fatal(text: string): void {
  const p = document.createElement("p");
  p.className = "fatal";
  p.setAttribute("role", "alert");
  setText(p, text);
  root.replaceChildren(p);
  document.body.dataset.ready = "error";
}

const isActivity = (): boolean => params.has("frame_id") || /\/activity\/?$/.test(location.pathname);

// The calls index.html started before this script arrived.
const pre = (window as unknown as { __pre?: { words?: Promise<Response>; game?: Promise<Response> | null } }).__pre;

const tokenKey = "sudokubot-board-token";

// boardToken takes the link's token from the address and keeps it in this
// tab's session storage instead, so it leaves the address bar and the
// history (where it could be copied or synced) and a reload still works.
function boardToken(): string {
  const fromLink = location.hash.slice(1);
  if (fromLink) {
    try {
      sessionStorage.setItem(tokenKey, fromLink);
      history.replaceState(null, "", location.pathname + location.search);
    } catch {
      // Storage refused (private mode): keep the token in the address.
    }
    return fromLink;
  }
  try {
    return sessionStorage.getItem(tokenKey) ?? "";
  } catch {
    return "";
  }
}

/** people watches who is in the Activity (activity.ts), null outside it. */
let people: Connected["people"] | null = null;

async function main(): Promise<void> {
  const token = isActivity() ? "" : boardToken();
  const api = new Api(token, lang);
  const words = (pre?.words ? api.read<RouteTypes["words"]["answer"]>(pre.words) : api.words()).then(setWords, () => setWords({}));
  words.then(() => (document.title = t("WebBoard")));
  if (isActivity()) {
    await words;
    root.querySelector(".loading")!.textContent = t("WebConnecting");
    const mod = (await import(new URL(ACTIVITY_URL, document.baseURI).href)) as typeof import("./activity");
    try {
      const c = await mod.connect(api);
      api.setToken(c.token);
      people = c.people;
    } catch (e) {
      // The bot's own errors come in the player's language; the SDK's are Discord's words.
      if (e instanceof ApiError) fatal(e.message);
      else if (e instanceof Error && e.name === "ActivityOff") fatal(t("WebActivityOff"));
      else fatal(t("WebActivityFailed", { Error: e instanceof Error ? e.message : String((e as { message?: string })?.message ?? e) }));
      return;
    }
  } else if (!token) {
    await words;
    fatal(t("WebNoToken"));
    return;
  }
  const game = pre?.game ? api.read<RouteTypes["game"]["answer"]>(pre.game) : api.game();
  await words;
  const board = new Board(root, api);
  try {
    await board.start(await game);
  } catch (e) {
    fatal(e instanceof ApiError ? e.message : t("WebOffline"));
    return;
  }
  const channel = document.body.dataset.channel;
  if (isActivity() && channel) root.append(togetherBar(api, board, channel, people));
  root.append(archiveBar(api));
}

// togetherBar shows who is in the Activity and lets the players of its
// voice channel play one shared board, or one race: each press lands on
// the channel's own.
function togetherBar(api: Api, board: Board, channel: string, watch: Connected["people"] | null): HTMLElement {
  const bar = document.createElement("nav");
  bar.className = "together archive";
  const who = document.createElement("p");
  who.className = "people";
  who.hidden = true;
  watch?.((ps: Person[]) => {
    who.hidden = false;
    const list = document.createElement("span");
    list.className = "names";
    // The player first, then the others as Discord lists them.
    for (const p of [...ps].sort((a, b) => Number(b.you) - Number(a.you))) {
      const el = document.createElement("span");
      el.className = "person" + (p.you ? " you" : "");
      el.dataset.person = p.id;
      el.textContent = p.you ? `${p.name} (${t("WebCoopYou")})` : p.name;
      list.append(el);
    }
    const head = document.createElement("strong");
    head.textContent = t("WebTogetherPeople") + " ";
    who.replaceChildren(head, list);
    who.dataset.count = String(ps.length);
    if (ps.length <= 1) {
      const alone = document.createElement("span");
      alone.className = "alone";
      alone.textContent = " " + t("WebTogetherAlone");
      who.append(alone);
    }
  });
  const help = document.createElement("p");
  help.className = "together-help";
  help.textContent = t("WebTogetherHelp");
  const go = (kind: TogetherKind) => async (): Promise<void> => {
    try {
      const got = await api.together(kind, channel);
      api.setToken(got.token);
      if (got.state) board.switchTo(got.state);
    } catch (e) {
      help.textContent = e instanceof ApiError ? e.message : t("WebOffline");
    }
  };
  const b = (label: string, icon: string, kind: TogetherKind): HTMLButtonElement => {
    const el = document.createElement("button");
    el.type = "button";
    el.className = "act";
    el.dataset.action = "together-" + kind;
    el.textContent = icon + " " + label;
    // How many play it now: a board or race open in the channel to join.
    const n = document.createElement("span");
    n.className = "count";
    n.hidden = true;
    el.append(n);
    el.addEventListener("click", () => void go(kind)());
    return el;
  };
  const coop = b(t("WebTogetherCoop"), "🤝", "coop");
  const race = b(t("WebTogetherRace"), "🏁", "race");
  // Someone in the channel opened a board or a race: its button says how
  // many play it, and stands out to whoever is not on it yet.
  board.onTogether = (tg) => {
    for (const [el, n, mine] of [
      [coop, tg.coop, board.isCoop()],
      [race, tg.race, board.isRace()],
    ] as const) {
      const c = el.querySelector(".count") as HTMLElement;
      c.hidden = n <= 0;
      c.textContent = n > 0 ? `👥 ${n}` : "";
      el.dataset.playing = String(n);
      el.classList.toggle("join", n >= 0 && !mine);
    }
  };
  bar.append(who, coop, race, help);
  return bar;
}

// archiveBar opens the calendar of past dailies and the progress picture.
// A day chosen in the calendar reloads the page on that daily's token (in
// the Activity, the sign-in finds it: it is the player's newest game).
function archiveBar(api: Api): HTMLElement {
  const bar = document.createElement("nav");
  bar.className = "archive";
  const play = (token: string): void => {
    if (!isActivity()) {
      try {
        sessionStorage.setItem(tokenKey, token);
      } catch {
        location.hash = token;
      }
    }
    location.reload();
  };
  const b = (label: string, icon: string, action: string, fn: () => void): HTMLButtonElement => {
    const el = document.createElement("button");
    el.type = "button";
    el.className = "act";
    el.dataset.action = action;
    el.textContent = icon + " " + label;
    el.addEventListener("click", fn);
    return el;
  };
  bar.append(
    b(t("WebCalendar"), "📅", "calendar", () => void openCalendar(api, lang, play)),
    b(t("WebProgress"), "📈", "progress", () => void openProgress(api)),
  );
  return bar;
}

main();
