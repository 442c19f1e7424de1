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

/** connect runs the SDK's handshake and returns the board token. */
export async function connect(api: Api): Promise<string> {
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
  const { access_token, token } = await api.activityToken(code, sdk.guildId, sdk.channelId);
  // The voice channel, for playing together (api/together).
  if (sdk.channelId) document.body.dataset.channel = sdk.channelId;
  await sdk.commands.authenticate({ access_token });
  return token;
}
