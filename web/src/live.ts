// The live board: GET api/events (web/API.md) is a stream of
// Server-Sent Events, each the game's State, sent whenever anyone changes
// the game (a move typed in chat, a teammate, a racer) on any replica.
// EventSource cannot send the board token, so the stream is read with
// fetch; the reader keeps the last event's id and sends it back as
// Last-Event-ID when it reconnects, so a reconnection sends only what
// changed meanwhile.

/** SSEvent is one event of a stream. */
export interface SSEvent {
  id: string;
  type: string;
  data: string;
}

/**
 * SSEParser turns the stream's text, in whatever pieces it arrives, into
 * events: the HTML Standard's event stream interpretation (lines ended by
 * \n, \r\n or \r; comments are heartbeats).
 */
export class SSEParser {
  private buf = "";
  private id = "";
  private type = "";
  private data: string[] = [];
  private has = false;
  /** retry is the last reconnection pause the server asked for, in ms. */
  retry = 0;

  /** push takes the next piece of text and returns the events it completed. */
  push(text: string): SSEvent[] {
    this.buf += text;
    const out: SSEvent[] = [];
    for (;;) {
      const m = /\r\n|\r|\n/.exec(this.buf);
      // A lone \r at the end may be the first half of \r\n: wait for more.
      if (!m || (m[0] === "\r" && m.index === this.buf.length - 1)) break;
      const line = this.buf.slice(0, m.index);
      this.buf = this.buf.slice(m.index + m[0].length);
      const ev = this.line(line);
      if (ev) out.push(ev);
    }
    return out;
  }

  private line(line: string): SSEvent | null {
    if (line === "") {
      if (!this.has) return null;
      const ev = { id: this.id, type: this.type || "message", data: this.data.join("\n") };
      this.type = "";
      this.data = [];
      this.has = false;
      return ev;
    }
    if (line.startsWith(":")) return null;
    const colon = line.indexOf(":");
    const field = colon < 0 ? line : line.slice(0, colon);
    let value = colon < 0 ? "" : line.slice(colon + 1);
    if (value.startsWith(" ")) value = value.slice(1);
    switch (field) {
      case "id":
        if (!value.includes("\0")) this.id = value;
        this.has = true;
        break;
      case "event":
        this.type = value;
        this.has = true;
        break;
      case "data":
        this.data.push(value);
        this.has = true;
        break;
      case "retry":
        if (/^\d+$/.test(value)) this.retry = Number(value);
        break;
    }
    return null;
  }
}

/** What a LiveStream needs of the page. */
export interface LiveHooks {
  /** open answers the stream's request (Api.events). */
  open(lastId: string, signal: AbortSignal): Promise<Response>;
  /** event gets each event. */
  event(ev: SSEvent): void;
  /** state says whether the stream is connected; "off" when the server has none (the page polls). */
  state(s: "live" | "down" | "off"): void;
}

/** silence is how long a stream may say nothing (the server's heartbeat is 15 s) before it is taken for dead. */
const silence = 40_000;

/**
 * LiveStream keeps one event stream open: it reconnects after a failure
 * (after the server's retry pause, doubling up to 30 s while it fails),
 * after a silence longer than the heartbeats allow, and when the page
 * comes back online. A 404 (a server without live boards) or a 401 (the
 * token expired) stops it.
 */
export class LiveStream {
  private lastId = "";
  private ctl: AbortController | null = null;
  private stopped = false;
  private failures = 0;
  private timer = 0;

  constructor(private hooks: LiveHooks) {
    window.addEventListener("online", () => this.restart());
  }

  start(): void {
    void this.run();
  }

  stop(): void {
    this.stopped = true;
    this.ctl?.abort();
    clearTimeout(this.timer);
  }

  private restart(): void {
    if (this.stopped) return;
    this.ctl?.abort();
  }

  private async run(): Promise<void> {
    let retry = 1000;
    while (!this.stopped) {
      const ctl = new AbortController();
      this.ctl = ctl;
      let watchdog = 0;
      const alive = (): void => {
        clearTimeout(watchdog);
        watchdog = window.setTimeout(() => ctl.abort(), silence);
      };
      try {
        alive();
        const res = await this.hooks.open(this.lastId, ctl.signal);
        if (res.status === 404 || res.status === 401) {
          this.hooks.state("off");
          this.stopped = true;
          return;
        }
        if (!res.ok || !res.body) throw new Error(String(res.status));
        this.failures = 0;
        this.hooks.state("live");
        const parser = new SSEParser();
        const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
        for (;;) {
          const { value, done } = await reader.read();
          if (done) break;
          alive();
          for (const ev of parser.push(value)) {
            this.lastId = ev.id;
            this.hooks.event(ev);
          }
          if (parser.retry) retry = parser.retry;
        }
      } catch {
        // A dropped connection, a silence, a proxy's error: connect again.
      } finally {
        clearTimeout(watchdog);
      }
      if (this.stopped) return;
      this.hooks.state("down");
      this.failures++;
      const wait = this.failures <= 1 ? retry : Math.min(30_000, retry * 2 ** (this.failures - 1));
      await new Promise<void>((r) => (this.timer = window.setTimeout(r, wait)));
    }
  }
}
