import { solve } from "./pow";
import { t } from "./words";

// The bot's HTTP API (web/API.md): every call relative to the page, so the
// same bundle works at /board/ and at /activity/.

// The JSON types are generated from the Go side's (webapi, stepjson) by
// internal/tsgen: go generate ./webapi.
import { TECHNIQUE_SLUGS } from "./contract.gen";
import type {
  ActivityToken,
  ActivityTokenRequest,
  Calendar,
  ClientConfig,
  DailyRequest,
  DailyStarted,
  ErrorBody,
  ErrorCode,
  Hint,
  HintRequest,
  LookRequest,
  MarkSet,
  Move,
  Moves,
  SignInChallenge,
  State,
  TechniqueID,
  Together,
  TogetherRequest,
} from "./contract.gen";

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
    const q = this.lang ? "?lang=" + encodeURIComponent(this.lang) : "";
    return "/learn/" + techniqueSlug(technique) + q + (this.token ? "#" + this.token : "");
  }

  private async call<T>(method: string, path: string, body?: unknown): Promise<T> {
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
    let data: any = null;
    try {
      data = text ? JSON.parse(text) : null;
    } catch {
      data = null;
    }
    if (!res.ok) {
      // An answer that is not the bot's (a proxy's 502, say) gets the page's own words.
      const body: Partial<ErrorBody> = data ?? {};
      throw new ApiError(body.error || t("WebOffline"), res.status, body.code || "", body.state, body.challenge);
    }
    return data as T;
  }

  words(): Promise<Record<string, string>> {
    return this.call("GET", "api/words");
  }
  game(): Promise<State> {
    return this.call("GET", "api/game");
  }
  moves(version: number, moves: Move[], marks: MarkSet[]): Promise<State> {
    const body: Moves = { version, moves, marks };
    return this.call("POST", "api/moves", body);
  }
  check(): Promise<State> {
    return this.call("POST", "api/check", {});
  }
  hint(level: number): Promise<Hint> {
    const body: HintRequest = { level };
    return this.call("POST", "api/hint", body);
  }
  /** coopHint is a teammate's hint for everyone on a co-op board, shown again (not counted). */
  coopHint(): Promise<Hint> {
    return this.call("GET", "api/coophint");
  }
  /** look tells the others on a co-op board which cell the player selected. */
  look(row: number, col: number): Promise<void> {
    const body: LookRequest = { row, col };
    return this.call("POST", "api/look", body);
  }
  giveUp(): Promise<State> {
    return this.call("POST", "api/giveup", {});
  }
  calendar(month?: string): Promise<Calendar> {
    return this.call("GET", "api/calendar" + (month ? "?month=" + encodeURIComponent(month) : ""));
  }
  daily(day: string): Promise<DailyStarted> {
    const body: DailyRequest = { day };
    return this.call("POST", "api/daily", body);
  }
  /** events opens the live stream of the game (live.ts reads it); lastId resumes after that event. */
  events(lastId: string, signal: AbortSignal): Promise<Response> {
    const headers: Record<string, string> = { "X-Sudoku-Lang": this.lang, Accept: "text/event-stream" };
    if (this.token) headers.Authorization = "Bearer " + this.token;
    if (lastId) headers["Last-Event-ID"] = lastId;
    // In the Activity the stream also tells what its voice channel's players start together: the
    // channel Discord confirmed at sign-in, which the token carries (the page's word is not asked).
    return fetch("api/events", { headers, cache: "no-store", signal });
  }
  /** together puts the player on the voice channel's co-op board or in its race (the Activity): the channel
   * Discord confirmed at sign-in; channelId is the page's belief, refused if it differs. */
  together(kind: "coop" | "race", channelId: string): Promise<Together> {
    const body: TogetherRequest = { kind, channel_id: channelId };
    return this.call("POST", "api/together", body);
  }
  config(): Promise<ClientConfig> {
    return this.call("GET", "api/config");
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
        return await this.call<ActivityToken>("POST", "api/activity/token", body);
      } catch (e) {
        if (!(e instanceof ApiError) || !e.challenge || proved >= 3) throw e;
        // Without Web Crypto (a page not served over HTTPS) the refusal stands.
        body.proof = await solve(e.challenge).catch(() => {
          throw e;
        });
      }
    }
  }

  /** The solved game's card as an object URL (an <img> cannot send the token). */
  async card(path: string): Promise<string> {
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
