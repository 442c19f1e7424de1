// Package schedule is the daily publisher: each enabled guild gets the
// daily puzzle of its local date at its local time, in its IANA time zone,
// exactly once, across restarts and processes sharing one store. It also
// sends the streak reminders players ask for (Reminders).
//
//	dailies := daily.NewSource(st, daily.EngineGenerator)
//	s, err := schedule.New(schedule.Config{
//		Store:   st,                            // *store.Store
//		Poster:  poster,                        // the bot's, adapted (see Poster)
//		Dailies: dailies,
//		Owns:    schedule.OwnShards(count, id), // gateway shards; in HTTP mode an Elector
//	})
//	go s.Run(ctx)
//	// after /sudoku-config saves a guild's settings:
//	s.SettingsChanged(guildID)
//
// The Elector of several replicas behind the HTTP endpoint is the store's
// lease (store.LeaderLease), whose fencing token (Fencer) every claim of
// a round carries; this package runs no SQL.
//
// Schedules are github.com/robfig/cron/v3 schedules. A guild's is a
// DailySchedule, parsed by cron's parser from "CRON_TZ=zone M H * * *" and
// corrected on daylight-saving days (a skipped time fires at the first
// valid minute after it; a repeated one fires once). The pregeneration job
// is a plain cron spec. Time is a parameter (Clock): Run sleeps on it, and
// RunDue does what is due at its present time, so tests drive days of
// posts on a fake clock (internal/fakeclock) without sleeping. Jobs run through cron's JobWrapper
// chain (Recover).
//
// Exactly once: a post is claimed in the store (ClaimDailyPost) before it
// is sent and recorded with its message ID after (RecordDailyPost). The
// Poster's errors are package discordapi's. A 403 or 404 marks the guild's
// settings with a store.PostProblem (a code the bot words for admins) and
// stops that guild until its settings change; when Discord certainly did
// not take the post otherwise (discordapi.ErrNotSent) the claim is
// released and the post retried with exponential backoff, or after
// exactly a 429's RetryAfter (retry.After); any other failure has an
// unknown outcome. Every post carries Nonce (guild, date, level) with
// enforce_nonce, so within NonceWindow the same post is sent again and
// Discord answers it with the message it made, if it made one; past it,
// the channel is searched for the message (Poster.FindDaily) before
// anything is posted again. A claim left by a process that died mid-post
// is settled once ClaimTimeout has passed: by the same post and nonce
// while NonceWindow lasts, else by a search, and where the bot may not
// read the channel's history (discordapi.ErrHistoryHidden) it is given up,
// never blindly posted again.
//
// Catch-up: at start-up (and when settings change), a guild whose posting
// time today passed less than Grace ago without a post gets it at once;
// older misses are skipped. Grace counts to when a post fell due, not to
// when the queue reached it.
//
// At scale (BenchmarkDailyAtScale: 100,000 guilds): idle guilds wait in a
// heap by their next wake-up, so a round costs the guilds due, not all
// guilds. Due posts join a queue in due order (a minute's posts never wait
// behind a later minute's; a retry keeps its place) that up to Workers
// posts drain in the background, each in a request slot of a RateLimiter:
// at most PostRate (Discord's 50) requests in any second. Each run makes
// at most one request (a post, a search, a thread, a settlement), on a
// slot taken just before it; a follow-up request queues for its own. The default
// limiter keeps its state in the store (SharedRate), so every process on
// one database draws from one limit instead of multiplying it; LocalRate
// splits it by hand where no database is shared. Start-up skips guilds
// already posted with one query per day, zones are parsed once and shared,
// and the periodic reload reads only the settings saved since the last one
// (all of them every FullRefresh).
//
// The daily of a date and level is deterministic (daily.Seed): every
// process, and `sudokubot daily`, computes the same puzzle, and the store
// keeps the first one saved. dailies are generated ahead of time
// (daily.Source.Pregenerate) so posting never waits on the generator.
package schedule

import _ "time/tzdata" // guild time zones work in images without /usr/share/zoneinfo
