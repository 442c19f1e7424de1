// The Discord Activity: the Embedded App SDK's handshake (ready), the
// player's consent (authorize → a code), the bot's exchange of that code
// (POST api/activity/token → a Discord access token and a board token),
// and authenticate, after which the page plays with the board token.

import { DiscordSDK } from "@discord/embedded-app-sdk";
import type { Api } from "./api";

/** ActivityOff: the bot does not run the Activity (SUDOKUBOT_ACTIVITY is off). */
export class ActivityOff extends Error {
  constructor() {
    super("activity off");
    this.name = "ActivityOff";
  }
}

/** Person is someone in the Activity's instance, as Discord names them. */
export interface Person {
  id: string;
  name: string;
  you: boolean;
}

/** Connected is a signed-in Activity: the board token, and who is in the Activity with the player. */
export interface Connected {
  token: string;
  /** people calls fn with everyone in this Activity instance now, then again whenever someone comes or goes. */
  people(fn: (p: Person[]) => void): void;
}

interface Participant {
  id: string;
  username: string;
  global_name?: string | null;
  nickname?: string;
}

/** connect runs the SDK's handshake and returns the board token, and who is in the Activity. */
export async function connect(api: Api): Promise<Connected> {
  const cfg = await api.config();
  if (!cfg.activity || !cfg.client_id) throw new ActivityOff();
  // The console stays ours: the SDK would otherwise forward every log line.
  const sdk = new DiscordSDK(cfg.client_id, { disableConsoleLogOverride: true });
  await sdk.ready();
  const { code } = await sdk.commands.authorize({
    client_id: cfg.client_id,
    response_type: "code",
    state: "",
    prompt: "none",
    // guilds: the bot checks the server the Activity says it runs in
    // against the player's own list, so a page cannot claim another.
    scope: ["identify", "guilds"],
  });
  // The instance: the bot asks Discord where it runs and who is in it, so the voice channel the
  // player plays together in is Discord's word, not this page's.
  const { access_token, token } = await api.activityToken(code, sdk.guildId, sdk.channelId, sdk.instanceId);
  // The voice channel, for playing together (api/together).
  if (sdk.channelId) document.body.dataset.channel = sdk.channelId;
  const { user } = await sdk.commands.authenticate({ access_token });
  // Everyone in this Activity instance (the voice channel's players),
  // from Discord itself: the list, then each change of it.
  const toPeople = (ps: Participant[]): Person[] =>
    ps.map((p) => ({ id: p.id, name: p.nickname || p.global_name || p.username, you: p.id === user.id }));
  let now: Person[] = [];
  const watchers: ((p: Person[]) => void)[] = [];
  const tell = (ps: Participant[]): void => {
    now = toPeople(ps);
    for (const fn of watchers) fn(now);
  };
  sdk.commands.getInstanceConnectedParticipants().then(
    (r) => tell(r.participants),
    () => undefined, // An older client: the board still plays.
  );
  sdk.subscribe("ACTIVITY_INSTANCE_PARTICIPANTS_UPDATE", (e) => tell(e.participants)).catch(() => undefined);
  return {
    token,
    people(fn) {
      watchers.push(fn);
      fn(now);
    },
  };
}
