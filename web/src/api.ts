import { solve } from "./pow";
import { t } from "./words";

// The bot's HTTP API (web/API.md): every call relative to the page, so the
// same bundle works at /board/ and at /activity/.

// The routes and the JSON types are generated from the Go side's
// (webapi.Routes, webapi, stepjson) by internal/tsgen: go generate ./webapi.
// Every call goes through ROUTES, so a path, method or body type the
// server does not have fails tsc.
import { ROUTES, TECHNIQUE_SLUGS } from "./contract.gen";
import type {
  ActivityToken,
  ActivityTokenRequest,
  Calendar,
  ClientConfig,
  DailyStarted,
  ErrorBody,
  ErrorCode,
  Hint,
  MarkSet,
  Move,
  Route,
  RouteName,
  RouteTypes,
  SignInChallenge,
  State,
  TechniqueID,
  Together,
  TogetherKind,
  Words,
} from "./contract.gen";

/** The board's calls that answer JSON or nothing (ROUTES' media), relative to the page. */
type JsonRoute = {
  [K in RouteName]: (typeof ROUTES)[K]["media"] extends "json" | "none" ? ((typeof ROUTES)[K]["path"] extends `/${string}` ? never : K) : never;
}[RouteName];

/** The board's calls that answer a picture. */
type PictureRoute = {
  [K in RouteName]: (typeof ROUTES)[K]["media"] extends "png" ? ((typeof ROUTES)[K]["path"] extends `/${string}` ? never : K) : never;
}[RouteName];

/** The query parameters a route reads. */
type Query<K extends RouteName> = Partial<Record<(typeof ROUTES)[K]["query"][number], string>>;

/** The {name} parameters of a path. */
type Params<P extends string> = P extends `${string}{${infer N}}${infer Rest}` ? N | Params<Rest> : never;

/**
 * routeURL is a route's address: its path (ROUTES) with each {name}
 * filled in and the query parameters given, in the route's order.
 */
export function routeURL<K extends RouteName>(
  name: K,
  params: Record<Params<(typeof ROUTES)[K]["path"]>, string>,
  query: Query<K> = {},
): string {
  const route: Route = ROUTES[name];
  return fill(route, params, query);
}

/** fill is routeURL untyped: route's path, params filled in, and the query's parameters the route reads. */
function fill(route: Route, params: Record<string, string>, query: Record<string, string | undefined>): string {
  let path = route.path;
  for (const [k, v] of Object.entries(params)) path = path.replace("{" + k + "}", encodeURIComponent(v));
  const q = new URLSearchParams();
  for (const k of route.query) {
    const v = query[k];
    if (v) q.set(k, v);
  }
  const qs = q.toString();
  return qs ? path + "?" + qs : path;
}

export type { Cell, Hint, Looks, MarkSet, Move, State } from "./contract.gen";

/** ApiError is an error answer (ErrorBody): its text is already in the
 * player's language; code is "" for an answer that is not the bot's. */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly code: ErrorCode | "",
    readonly state?: State,
    /** challenge is the proof of work a refused Activity sign-in asks for. */
    readonly challenge?: SignInChallenge,
  ) {
    super(message);
  }
}

export class Api {
  constructor(
    private token: string,
    private lang: string,
  ) {}

  setToken(token: string): void {
    this.token = token;
  }

  /**
   * lessonURL is the lesson page of a technique (its engine key) in the
   * board's language, with this board's token in the fragment so that
   * the lesson's Practise button starts a game as this player.
   */
  lessonURL(technique: TechniqueID): string {
    const url = routeURL("learn", { technique: techniqueSlug(technique) }, { lang: this.lang });
    return url + (this.token ? "#" + this.token : "");
  }

  /** call makes one of the board's calls (ROUTES): the body and the answer are the route's types. */
  private call<K extends JsonRoute>(name: K, body: RouteTypes[K]["request"], query: Query<K> = {}): Promise<RouteTypes[K]["answer"]> {
    const route: Route = ROUTES[name];
    return this.send<RouteTypes[K]["answer"]>(route.method, fill(route, {}, query), body ?? undefined);
  }

  private async send<T>(method: string, path: string, body?: unknown): Promise<T> {
    const headers: Record<string, string> = { "X-Sudoku-Lang": this.lang };
    if (this.token) headers.Authorization = "Bearer " + this.token;
    if (body !== undefined) headers["Content-Type"] = "application/json";
    // Too many requests (429): wait and try again, a few times, rather
    // than lose a move typed quickly.
    for (let attempt = 0; ; attempt++) {
      try {
        return await this.read<T>(
          fetch(path, {
            method,
            headers,
            body: body === undefined ? undefined : JSON.stringify(body),
            cache: "no-store",
          }),
        );
      } catch (e) {
        // A 429 with a challenge waits for no one: its caller proves the work.
        if (!(e instanceof ApiError) || e.status !== 429 || e.challenge || attempt >= 5) throw e;
        await new Promise((r) => setTimeout(r, 400 * 2 ** attempt));
      }
    }
  }

  /** read takes an answer: JSON, or an ApiError with the server's words. */
  async read<T>(answer: Promise<Response>): Promise<T> {
    const res = await answer;
    const text = await res.text();
    let data: unknown = null;
    try {
      data = text ? JSON.parse(text) : null;
    } catch {
      data = null;
    }
    if (!res.ok) {
      // An answer that is not the bot's (a proxy's 502, say) gets the page's own words.
      const body: Partial<ErrorBody> = (data ?? {}) as Partial<ErrorBody>;
      throw new ApiError(body.error || t("WebOffline"), res.status, body.code || "", body.state, body.challenge);
    }
    return data as T;
  }

  words(): Promise<Words> {
    return this.call("words", null);
  }
  game(): Promise<State> {
    return this.call("game", null);
  }
  moves(version: number, moves: Move[], marks: MarkSet[]): Promise<State> {
    return this.call("moves", { version, moves, marks });
  }
  check(): Promise<State> {
    return this.call("check", {});
  }
  hint(level: number): Promise<Hint> {
    return this.call("hint", { level });
  }
  /** coopHint is a teammate's hint for everyone on a co-op board, shown again (not counted). */
  coopHint(): Promise<Hint> {
    return this.call("coophint", null);
  }
  /** look tells the others on a co-op board which cell the player selected. */
  async look(row: number, col: number): Promise<void> {
    await this.call("look", { row, col });
  }
  giveUp(): Promise<State> {
    return this.call("giveup", {});
  }
  calendar(month?: string): Promise<Calendar> {
    return this.call("calendar", null, { month });
  }
  daily(day: string): Promise<DailyStarted> {
    return this.call("daily", { day });
  }
  /** events opens the live stream of the game (live.ts reads it); lastId resumes after that event. */
  events(lastId: string, signal: AbortSignal): Promise<Response> {
    const headers: Record<string, string> = { "X-Sudoku-Lang": this.lang, Accept: "text/event-stream" };
    if (this.token) headers.Authorization = "Bearer " + this.token;
    if (lastId) headers["Last-Event-ID"] = lastId;
    // In the Activity the stream also tells what its voice channel's players start together: the
    // channel Discord confirmed at sign-in, which the token carries (the page's word is not asked).
    return fetch(routeURL("events", {}), { headers, cache: "no-store", signal });
  }
  /** together puts the player on the voice channel's co-op board or in its race (the Activity): the channel
   * Discord confirmed at sign-in; channelId is the page's belief, refused if it differs. */
  together(kind: TogetherKind, channelId: string): Promise<Together> {
    return this.call("together", { kind, channel_id: channelId });
  }
  config(): Promise<ClientConfig> {
    return this.call("config", null);
  }
  /** activityToken signs in; the server asks Discord where instanceId runs and binds its voice channel to the token. */
  activityToken(code: string, guildId: string | null, channelId: string | null, instanceId: string): Promise<ActivityToken> {
    const body: ActivityTokenRequest = { code, guild_id: guildId, channel_id: channelId ?? "", instance_id: instanceId };
    return this.signIn(body);
  }

  /**
   * signIn sends the Activity's code; while made-up codes flood from the
   * player's address the bot answers 429 with a proof of work to do
   * (pow.ts: a fraction of a second once), and the code goes again with
   * its proof, ahead of the flood. A few challenges at most: a bot that
   * keeps asking is not answering.
   */
  private async signIn(body: ActivityTokenRequest): Promise<ActivityToken> {
    for (let proved = 0; ; proved++) {
      try {
        return await this.call("activity_token", body);
      } catch (e) {
        if (!(e instanceof ApiError) || !e.challenge || proved >= 3) throw e;
        // Without Web Crypto (a page not served over HTTPS) the refusal stands.
        body.proof = await solve(e.challenge).catch(() => {
          throw e;
        });
      }
    }
  }

  /** A picture of the board's (the solved game's card, the progress picture) as an object URL (an <img> cannot send the token). */
  async picture<K extends PictureRoute>(name: K, query: Query<K> = {}): Promise<string> {
    const path = fill(ROUTES[name], {}, query);
    // Asked right after the solving moves, it may meet the budget they
    // spent (429): wait and try again, as call does.
    for (let attempt = 0; ; attempt++) {
      const res = await fetch(path, {
        headers: { Authorization: "Bearer " + this.token, "X-Sudoku-Lang": this.lang },
        cache: "no-store",
      });
      if (res.ok) return URL.createObjectURL(await res.blob());
      if (res.status !== 429 || attempt >= 5) throw new ApiError(t("WebOffline"), res.status, "");
      await new Promise((r) => setTimeout(r, 400 * 2 ** attempt));
    }
  }
}

/** techniqueSlug is engine.TechniqueID.Slug, from the generated catalogue: "Cell/Region Forcing Chain" is "cell-region-forcing-chain". */
export function techniqueSlug(t: TechniqueID): string {
  return TECHNIQUE_SLUGS[t];
}
