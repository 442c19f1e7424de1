// Package bot is sudokubot's Discord door: the /sudoku and
// /sudoku-config slash commands, the buttons and modals under a board,
// each translated between Discord and the use cases of package game.
//
// A Router dispatches interactions like net/http's ServeMux: commands by
// name ("sudoku place"), components and modals by custom_id treated as a
// path ("hint/{game}/{level}"), autocomplete by command. Handlers return a
// *Response and an error; middleware logs every interaction (keys guild,
// channel, user, interaction, err), recovers panics into an apology, and
// turns errors into friendly ephemeral messages (a *UserError's text as
// written, anything else an apology with the interaction id).
//
// Bot.Answer runs a handler and answers at once when it is fast; after
// Config.DeferAfter (2 s) it defers (type 5, or 6 for updates) and edits
// the original response when the handler finishes. How interactions
// arrive is not this package's: package interactions takes them from the
// signed HTTP endpoint and from the gateway, claims each one once across
// every process, and gives the Bot (its Door) those it is to answer; app
// wires the two.
//
// Every REST call goes through the session's http.Client, whose transport
// rewrites Discord's URLs to discordclient.SessionOptions.API, so a REST
// proxy or a fake Discord in tests can stand in for discord.com.
//
// The web board and the Activity's sign-in are another door (webapi),
// which bot does not import, nor it bot, and which takes nothing from
// this one: app makes what both share from their own packages (the use
// cases, game; the heavy pool, heavy; the puzzle maker, puzzles; the
// metrics) and
// mounts both on one HTTP server. This door mints the board links
// (boardtoken) for its "Open board" buttons and offers "Play in Discord"
// (LAUNCH_ACTIVITY) and the Activity's entry point command.
//
// The daily publisher posts through discordclient.Poster, not through
// this door; the door gives it PlayButton, the component under a daily
// post, and Config.OnSettingsChanged tells it when /sudoku-config saved a
// guild's settings.
package bot
