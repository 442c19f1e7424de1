package schedule

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"slices"
	"time"

	"github.com/sudokubot/sudokubot/daily"
	"github.com/sudokubot/sudokubot/discordapi"
	"github.com/sudokubot/sudokubot/engine"
	"github.com/sudokubot/sudokubot/internal/retry"
	"github.com/sudokubot/sudokubot/l10n"
	"github.com/sudokubot/sudokubot/store"
)

// This file is one post's life: claim, send, record; or release and retry,
// stop on a 403, and look in the channel when the outcome is unknown.

// settleJob is a claim left without a message by a process that died,
// to settle with one request (a search of the channel).
type settleJob struct {
	settings  store.GuildSettings
	day       store.Day
	claimedAt time.Time
}

// resolveOldClaims queues the settlement of claims left without a message
// by a process that died: the message is recorded if it exists, else the
// claim is released (the day counts as missed, which keeps streaks). Each
// settlement is a request to Discord and waits for a slot like a post. A
// claim of a day with a queued task (today's catch-up) is left to that
// task, which may still post.
func (s *Scheduler) resolveOldClaims(ctx context.Context, now time.Time, guilds map[string]*entry) {
	claims, err := s.cfg.Store.UnresolvedClaims(ctx, "")
	if err != nil {
		s.log.Warn("listing unresolved claims", "err", err)
		return
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	for _, c := range claims {
		e, ok := guilds[c.GuildID]
		if !ok || (e.task != nil && e.task.day == c.Day) {
			continue
		}
		if now.Sub(c.ClaimedAt) < s.cfg.ClaimTimeout {
			continue // maybe in progress elsewhere; the next start-up looks again
		}
		s.settle = append(s.settle, settleJob{settings: e.settings, day: c.Day, claimedAt: c.ClaimedAt})
	}
}

// runSettle settles one crash-left claim, in its own goroutine, on the
// request slot dispatch took for it.
func (s *Scheduler) runSettle(ctx context.Context, job settleJob, slot time.Time) {
	defer s.bg.Done()
	defer s.wakeUp() // a worker is free
	if !s.slotOK(ctx, slot) {
		s.mu.Lock()
		s.settle = append(s.settle, job)
		s.inflight--
		s.mu.Unlock()
		return
	}
	log := s.log.With("guild", job.settings.GuildID, "day", job.day, "channel", job.settings.ChannelID)
	found, err := s.lookFor(ctx, job.settings, job.day, job.claimedAt)
	switch {
	case err != nil:
		log.Warn("could not resolve an old claim", "err", err)
	case found != "":
		log.Info("old claim resolved: the message exists", "message", found)
	default:
		log.Info("old claim resolved: no message, day counted as missed")
	}
	s.mu.Lock()
	s.inflight--
	s.mu.Unlock()
}

// lookFor resolves a claim whose outcome is unknown: it records the
// message if it is in the channel and returns its ID, else releases the
// claim (if nobody renewed it meanwhile) and returns "".
func (s *Scheduler) lookFor(ctx context.Context, gs store.GuildSettings, day store.Day, claimedAt time.Time) (string, error) {
	id, err := s.cfg.Poster.FindDaily(ctx, gs.ChannelID, Marker(day), claimedAt.Add(-time.Minute))
	switch {
	case err == nil:
		rec := store.DailyPost{ChannelID: gs.ChannelID, MessageID: id, PostedAt: claimedAt}
		if err := s.cfg.Store.RecordDailyPost(ctx, gs.GuildID, day, rec); err != nil {
			return "", err
		}
		return id, nil
	case !errors.Is(err, discordapi.ErrMessageNotFound):
		return "", err
	}
	// Release only the claim we looked at: a renewed claim belongs to a
	// process posting right now.
	cur, err := s.cfg.Store.DailyPost(ctx, gs.GuildID, day)
	if err != nil {
		return "", err
	}
	if cur.Posted() {
		return cur.MessageID, nil
	}
	if !cur.ClaimedAt.Equal(claimedAt) {
		return "", fmt.Errorf("claim of %s renewed at %s while resolving: %w", day, cur.ClaimedAt, store.ErrAlreadyClaimed)
	}
	why := fmt.Sprintf("post outcome unknown (claimed %s); message not found in the channel", claimedAt.UTC().Format(time.RFC3339))
	// Conditional on claimedAt: of two processes settling this claim at
	// once, the loser gets ErrClaimChanged and leaves the claim alone.
	if err := s.cfg.Store.ReleaseDailyPost(ctx, gs.GuildID, day, claimedAt, why); err != nil {
		return "", err
	}
	return "", nil
}

// attempt works on a guild's post for one day and returns the follow-up
// task, or nil when the day is settled (posted, given up, or stopped). It
// makes at most one request to Discord, on slot (zero for none), taken
// just before the request: a task whose slot went stale while it read the
// store goes back to the queue, unless a slot is free at that moment.
func (s *Scheduler) attempt(ctx context.Context, gs store.GuildSettings, t task, slot time.Time) *task {
	now := s.clock.Now()
	log := s.log.With("guild", gs.GuildID, "day", t.day, "channel", gs.ChannelID)
	if t.threadFor != "" {
		return s.openThread(ctx, gs, t, slot, log)
	}
	if t.messageID != "" {
		return s.record(ctx, gs, t, t.messageID, now, log)
	}
	// Grace counts to when the attempt fell due, not to when a request
	// slot freed up: waiting in the queue behind a burst does not make a
	// post too late.
	late := t.at.Sub(t.firedAt) > s.cfg.Grace
	rec, err := s.cfg.Store.DailyPost(ctx, gs.GuildID, t.day)
	switch {
	case err == nil && rec.Posted():
		return nil
	case err == nil && !rec.ClaimedAt.IsZero():
		// Claimed and not recorded: our own request of unknown outcome, a
		// process posting right now, or one that died mid-post.
		if !t.claimed.IsZero() && rec.ClaimedAt.UnixMilli() == t.claimed.UnixMilli() {
			// Our own claim, not sent yet: its slot went stale. (The
			// store keeps claim times to the millisecond.)
			return s.claimedSend(ctx, gs, t, rec.ClaimedAt, slot, log)
		}
		if !t.verify && now.Sub(rec.ClaimedAt) < s.cfg.ClaimTimeout {
			next := t
			next.at = rec.ClaimedAt.Add(s.cfg.ClaimTimeout)
			next.recheck = true
			return &next
		}
		if !late && now.Sub(rec.ClaimedAt) < s.cfg.NonceWindow {
			// First line: the same post with the same nonce. Discord
			// answers it with the message if the first one was created,
			// and creates it if not; no history to read.
			post, err := s.buildPost(ctx, gs, t.day)
			if err != nil {
				return s.retry(t, now, err, log)
			}
			if !s.slotOK(ctx, slot) {
				return s.needSlot(t)
			}
			return s.send(ctx, gs, t, post, rec.ClaimedAt, log)
		}
		// Second line, past the nonce window: look in the channel.
		if !s.slotOK(ctx, slot) {
			return s.needSlot(t)
		}
		id, err := s.lookFor(ctx, gs, t.day, rec.ClaimedAt)
		switch {
		case refused(err):
			return s.forbidden(ctx, gs, t.day, err, log)
		case errors.Is(err, store.ErrAlreadyClaimed), errors.Is(err, store.ErrClaimChanged):
			next := t
			next.at = now.Add(s.cfg.ClaimTimeout)
			return &next
		case err != nil:
			return s.retry(t, now, err, log)
		case id != "":
			log.Info("daily post found in the channel and recorded", "message", id)
			return nil
		}
		log.Info("claim of unknown outcome released: message not found")
		if late {
			return nil
		}
		// The post is a request of its own, on a slot of its own.
		next := t
		next.verify = false
		return s.needSlot(next)
	case err != nil && !errors.Is(err, store.ErrNotFound):
		return s.retry(t, now, err, log)
	}
	if late {
		log.Warn("daily post given up: the grace window is over", "attempts", t.attempt)
		return nil
	}
	if !s.slotOK(ctx, slot) {
		return s.needSlot(t)
	}
	if err := s.cfg.Store.ClaimDailyPost(ctx, gs.GuildID, t.day, now); err != nil {
		if errors.Is(err, store.ErrAlreadyClaimed) {
			next := t
			next.at = now.Add(s.cfg.ClaimTimeout)
			next.recheck = true
			return &next
		}
		return s.retry(t, now, err, log)
	}
	return s.claimedSend(ctx, gs, t, now, slot, log)
}

// claimedSend builds the post and sends it under the claim made at
// claimedAt, right after checking its slot: the store's work (the post's
// stats, the claim) happens before the slot is judged, so the request
// goes within slotStale of its slot. A slot gone stale meanwhile sends the
// task back to the queue with its claim kept.
func (s *Scheduler) claimedSend(ctx context.Context, gs store.GuildSettings, t task, claimedAt, slot time.Time, log *slog.Logger) *task {
	post, err := s.buildPost(ctx, gs, t.day)
	if err != nil {
		if rerr := s.cfg.Store.ReleaseDailyPost(ctx, gs.GuildID, t.day, claimedAt, err.Error()); rerr != nil {
			log.Warn("releasing the claim", "err", rerr)
		}
		next := s.retry(t, s.clock.Now(), err, log)
		if next != nil {
			next.claimed = time.Time{}
		}
		return next
	}
	if !s.slotOK(ctx, slot) {
		next := s.needSlot(t)
		next.claimed = claimedAt
		return next
	}
	t.claimed = time.Time{}
	return s.send(ctx, gs, t, post, claimedAt, log)
}

// send posts the daily under the claim made at claimedAt, and records it;
// its caller checked the request's slot just before. On a refusal or a
// request certainly not sent the claim is released; on an unknown outcome
// it is kept, to be settled.
func (s *Scheduler) send(ctx context.Context, gs store.GuildSettings, t task, post Post, claimedAt time.Time, log *slog.Logger) *task {
	id, err := s.cfg.Poster.PostDaily(ctx, gs.ChannelID, post)
	now := s.clock.Now()
	if err == nil {
		return s.record(ctx, gs, t, id, now, log)
	}
	switch {
	case refused(err):
		if rerr := s.cfg.Store.ReleaseDailyPost(ctx, gs.GuildID, t.day, claimedAt, err.Error()); rerr != nil {
			log.Warn("releasing the claim", "err", rerr)
		}
		return s.forbidden(ctx, gs, t.day, err, log)
	case errors.Is(err, discordapi.ErrNotSent):
		if rerr := s.cfg.Store.ReleaseDailyPost(ctx, gs.GuildID, t.day, claimedAt, err.Error()); rerr != nil {
			// The claim stays: the next attempt resolves it.
			log.Warn("releasing the claim", "err", rerr)
		}
		var rl *discordapi.Error
		if errors.As(err, &rl) && rl.Status == http.StatusTooManyRequests && rl.RetryAfter > 0 {
			return s.retryAfter(t, now, retry.After(rl.RetryAfter), err, log)
		}
		next := s.retry(t, now, err, log)
		if next != nil {
			next.verify = false
		}
		return next
	default:
		// Unknown outcome: keep the claim; the next attempt sends the
		// same post with the same nonce, or looks for the message past
		// the nonce window, even past the grace window (then only to
		// settle the claim).
		next := s.retry(t, now, err, log)
		if next == nil {
			next = &t
			next.attempt++
			next.at = now.Add(s.cfg.MinBackoff)
		}
		next.verify = true
		return next
	}
}

// retryAfter schedules the next attempt wait from now, as a 429 asked,
// or gives up when it would fall after the grace window.
func (s *Scheduler) retryAfter(t task, now time.Time, wait time.Duration, err error, log *slog.Logger) *task {
	next := t
	next.attempt++
	next.verify = false
	next.at = now.Add(wait)
	if next.at.Sub(t.firedAt) > s.cfg.Grace {
		log.Error("daily post rate limited; no retry within the grace window", "err", err, "attempts", next.attempt)
		return nil
	}
	log.Warn("daily post rate limited; will retry", "err", err, "attempt", next.attempt, "retry_at", next.at)
	return &next
}

// refused reports whether Discord refused the channel for good, in its
// own words (discordapi.Refused): only then is the guild stopped. Any
// other 403 or 404 is retried with backoff like a 5xx, and logged.
func refused(err error) bool { return discordapi.Refused(err) }

// needSlot sends a task that ran without a request slot (a recheck)
// back to the queue, now, to run again with one.
func (s *Scheduler) needSlot(t task) *task {
	next := t
	next.recheck = false
	return &next
}

// record stores a sent message, retrying the record (never the post) on
// failure; a guild that wants a thread gets a follow-up task opening it,
// a request with its own slot.
func (s *Scheduler) record(ctx context.Context, gs store.GuildSettings, t task, id string, now time.Time, log *slog.Logger) *task {
	rec := store.DailyPost{ChannelID: gs.ChannelID, MessageID: id, PostedAt: now}
	if err := s.cfg.Store.RecordDailyPost(ctx, gs.GuildID, t.day, rec); err != nil {
		next := s.retry(t, now, err, log)
		if next == nil {
			// Out of grace: the message is out, so keep trying the record.
			next = &t
			next.at = now.Add(s.cfg.MaxBackoff)
			next.firedAt = now
		}
		next.messageID = id
		return next
	}
	log.Info("daily posted", "message", id, "attempts", t.attempt+1)
	if !gs.Threads {
		return nil
	}
	return &task{day: t.day, at: now, firedAt: t.firedAt, threadFor: id}
}

// openThread opens the discussion thread of a recorded daily and records
// it. A thread that fails is not retried (the daily is out, and a second
// thread would be worse than none), except after a 429, which made none.
func (s *Scheduler) openThread(ctx context.Context, gs store.GuildSettings, t task, slot time.Time, log *slog.Logger) *task {
	rec, err := s.cfg.Store.DailyPost(ctx, gs.GuildID, t.day)
	if err != nil || rec.MessageID != t.threadFor || rec.ThreadID != "" {
		return nil // gone, replaced, or opened already
	}
	if !s.slotOK(ctx, slot) {
		return s.needSlot(t)
	}
	name := daily.LocalTitle(l10n.For(gs.Locale), t.day, gs.Level)
	thread, err := s.cfg.Poster.StartThread(ctx, gs.ChannelID, t.threadFor, name)
	var rl *discordapi.Error
	switch {
	case errors.As(err, &rl) && rl.Status == http.StatusTooManyRequests && rl.RetryAfter > 0:
		// Nothing was made: try again when Discord says.
		return s.retryAfter(t, s.clock.Now(), retry.After(rl.RetryAfter), err, log)
	case err != nil:
		log.Warn("opening the daily's thread", "err", err)
		return nil
	}
	rec.ThreadID = thread
	if err := s.cfg.Store.RecordDailyPost(ctx, gs.GuildID, t.day, rec); err != nil {
		log.Warn("recording the daily's thread", "err", err)
	}
	return nil
}

// forbidden marks the guild with the problem Discord's refusal names and
// stops posting for it until its settings change.
func (s *Scheduler) forbidden(ctx context.Context, gs store.GuildSettings, day store.Day, err error, log *slog.Logger) *task {
	problem := problemOf(err)
	log.Warn("daily post forbidden; guild stopped until its settings change", "problem", problem.String(), "err", err)
	if serr := s.cfg.Store.SetPostProblem(ctx, gs.GuildID, problem); serr != nil {
		log.Warn("marking the guild's settings with the problem", "err", serr)
	}
	s.mu.Lock()
	if e, ok := s.guilds[gs.GuildID]; ok && e.settings.UpdatedAt.Equal(gs.UpdatedAt) {
		e.settings.Problem = problem
		e.fire = time.Time{}
		s.reschedule(e) // a no-op while its post runs; finish reschedules it
	}
	s.mu.Unlock()
	return nil
}

// problemOf is the guild's PostProblem for Discord's refusal of its
// channel: the permissions the bot was found to lack when the Poster
// looked, else what Discord's status and error code say.
func problemOf(err error) store.PostProblem {
	var de *discordapi.Error
	if !errors.As(err, &de) {
		de = &discordapi.Error{}
	}
	switch {
	case de.Code == discordapi.CodeUnknownChannel:
		return store.PostProblem{Kind: store.ProblemChannelGone}
	case slices.Contains(de.Missing, discordapi.ViewChannel) || (len(de.Missing) == 0 && de.Code == discordapi.CodeMissingAccess):
		return store.PostProblem{Kind: store.ProblemNoAccess}
	case len(de.Missing) > 0 || de.Code == discordapi.CodeMissingPermissions:
		return store.PostProblem{Kind: store.ProblemMissingPermissions, Missing: de.Missing}
	}
	return store.PostProblem{Kind: store.ProblemRefused}
}

// retry schedules the next attempt with exponential backoff, or gives up
// when it would fall after the grace window.
func (s *Scheduler) retry(t task, now time.Time, err error, log *slog.Logger) *task {
	wait := retry.Policy{First: s.cfg.MinBackoff, Max: s.cfg.MaxBackoff}.Wait(t.attempt)
	next := t
	next.attempt++
	next.at = now.Add(wait)
	if next.at.Sub(t.firedAt) > s.cfg.Grace {
		log.Error("daily post failed; no retry within the grace window", "err", err, "attempts", next.attempt)
		return nil
	}
	log.Warn("daily post failed; will retry", "err", err, "attempt", next.attempt, "retry_at", next.at)
	return &next
}

// buildPost assembles the daily message of a guild for day.
func (s *Scheduler) buildPost(ctx context.Context, gs store.GuildSettings, day store.Day) (Post, error) {
	level := gs.Level
	p, err := s.cfg.Dailies.Get(ctx, day, level)
	if err != nil {
		return Post{}, err
	}
	img, err := s.image(p, day, level)
	if err != nil {
		return Post{}, err
	}
	n := daily.Number(day)
	lang := l10n.For(gs.Locale)
	post := Post{
		Files: []File{{Name: fmt.Sprintf("sudoku-daily-%d-%s.png", n, level), ContentType: "image/png", Data: img,
			Description: l10n.ClipAlt(lang.GridAlt("alt.board", p.Grid))}},
		Nonce:  Nonce(gs.GuildID, day, level),
		Day:    day,
		Level:  level,
		Locale: gs.Locale,
	}
	post.Marker = Marker(day)
	in := MessageInput{Day: day, Level: level, Lang: lang}
	yday := day.AddDays(-1)
	// The stats queries keep dates as text.
	if st, err := s.cfg.Store.DailyStats(ctx, gs.GuildID, yday.String()); err == nil {
		in.Yesterday = &st
	} else {
		s.log.Warn("yesterday's daily stats", "guild", gs.GuildID, "day", yday, "err", err)
	}
	// On Mondays, last week's top players (Monday to Sunday).
	if day.Weekday() == time.Monday {
		from := day.AddDays(-7)
		if top, err := s.cfg.Store.DailiesLeaderboard(ctx, gs.GuildID, from.String(), yday.String(), 3); err == nil {
			in.LastWeek = top
		} else {
			s.log.Warn("last week's leaderboard", "guild", gs.GuildID, "day", day, "err", err)
		}
	}
	// Yesterday's solution, if this guild saw yesterday's daily.
	yrec, err := s.cfg.Store.DailyPost(ctx, gs.GuildID, yday)
	seen := (err == nil && yrec.Posted()) || (in.Yesterday != nil && in.Yesterday.Players > 0)
	if yp, err := s.cfg.Dailies.Stored(ctx, yday, level); err == nil && seen {
		if png, err := s.solution(yp, yday, level); err == nil {
			post.Files = append(post.Files, File{Name: fmt.Sprintf("SPOILER_sudoku-daily-%d-solution.png", n-1), ContentType: "image/png", Data: png,
				Description: l10n.ClipAlt(lang.GridAlt("alt.solution", yp.Solution))})
			in.Spoiler = true
		} else {
			s.log.Warn("drawing yesterday's solution", "guild", gs.GuildID, "day", yday, "err", err)
		}
	}
	if post.Content, err = Message(in); err != nil {
		return Post{}, err
	}
	if gs.Threads {
		post.ThreadName = daily.LocalTitle(lang, day, level)
	}
	return post, nil
}

// image draws (once per day and level, for all guilds) the daily's PNG.
func (s *Scheduler) image(p store.Puzzle, day store.Day, level engine.Level) ([]byte, error) {
	return s.cachedPNG("puzzle", day, level, func() ([]byte, error) { return s.cfg.Renderer.Puzzle(p, day, level) })
}

// solution draws (once per day and level, for all guilds) the PNG of a
// day's solution that the next day's post carries behind a spoiler.
func (s *Scheduler) solution(p store.Puzzle, day store.Day, level engine.Level) ([]byte, error) {
	return s.cachedPNG("solution", day, level, func() ([]byte, error) { return s.cfg.Renderer.Solution(p, day, level) })
}

// cachedPNG keeps the images of the last two days: every guild posting a
// day's daily at a level gets the same pictures, so each is drawn once.
func (s *Scheduler) cachedPNG(kind string, day store.Day, level engine.Level, draw func() ([]byte, error)) ([]byte, error) {
	key := imageKey{day, level, kind}
	s.imgMu.Lock()
	defer s.imgMu.Unlock()
	if img, ok := s.images[key]; ok {
		return img, nil
	}
	img, err := draw()
	if err != nil {
		return nil, err
	}
	cut := day.AddDays(-2)
	for k := range s.images {
		if k.day.Before(cut) {
			delete(s.images, k)
		}
	}
	s.images[key] = img
	return img, nil
}
