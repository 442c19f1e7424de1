package schedule

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"sort"
	"sync"
	"time"

	"github.com/robfig/cron/v3"
	"github.com/sudokubot/sudokubot/store"
)

// Store is what the scheduler needs of the store; *store.Store has it.
type Store interface {
	PuzzleStore
	EnabledGuilds(ctx context.Context) ([]store.GuildSettings, error)
	GuildSettings(ctx context.Context, guildID string) (store.GuildSettings, error)
	SetGuildError(ctx context.Context, guildID, msg string) error
	ClaimDailyPost(ctx context.Context, guildID, day string, at time.Time) error
	ReleaseDailyPost(ctx context.Context, guildID, day string, claimedAt time.Time, errText string) error
	RecordDailyPost(ctx context.Context, guildID, day string, p store.DailyPost) error
	DailyPost(ctx context.Context, guildID, day string) (store.DailyPost, error)
	UnresolvedClaims(ctx context.Context, guildID string) ([]store.DailyPost, error)
	DailyStats(ctx context.Context, guildID, day string) (store.DailyStats, error)
}

// Renderer draws the images of a post. The default draws with package
// render through DailyPNG and SolutionPNG.
type Renderer interface {
	Puzzle(p store.Puzzle, day, level string) ([]byte, error)
	Solution(p store.Puzzle, day, level string) ([]byte, error)
}

// PNGRenderer is the Renderer of the real posts.
type PNGRenderer struct{}

// Puzzle draws the daily as posted.
func (PNGRenderer) Puzzle(p store.Puzzle, day, level string) ([]byte, error) {
	return DailyPNG(p, day, level)
}

// Solution draws the daily's solution.
func (PNGRenderer) Solution(p store.Puzzle, day, level string) ([]byte, error) {
	return SolutionPNG(p, day, level)
}

// Config is everything a Scheduler needs. Store, Poster and Dailies are
// required; New documents each default.
type Config struct {
	Store    Store
	Poster   Poster
	Dailies  *Dailies
	Renderer Renderer
	Clock    Clock
	Logger   *slog.Logger
	// Owns says whether this process posts for a guild (see OwnShards).
	Owns func(guildID string) bool
	// Elector, when set, lets this process post only while it leads.
	Elector Elector
	// Grace is how late a post may still go out: a guild whose time today
	// passed less than Grace ago (the process was down) gets its post at
	// start-up; retries stop Grace after the posting time.
	Grace time.Duration
	// ClaimTimeout is how long a claim without a recorded message is
	// presumed in progress (another process posting); after it, its outcome
	// is unknown and is resolved by looking for the message in the channel.
	// It must exceed the Poster's longest request.
	ClaimTimeout time.Duration
	// MinBackoff and MaxBackoff bound the exponential backoff of retries.
	MinBackoff, MaxBackoff time.Duration
	// Refresh is how often the settings of every guild are reloaded, to
	// pick up changes made through another process.
	Refresh time.Duration
	// ElectEvery is how often the Elector is asked.
	ElectEvery time.Duration
	// Pregenerate is a cron spec (cron's standard parser) for the job that
	// makes the coming days' dailies ahead of time.
	Pregenerate string
	// Levels are always pregenerated, besides the levels guilds use.
	Levels []string
	// Workers is how many guilds post at once.
	Workers int
}

// Scheduler posts each enabled guild's daily at the guild's local time,
// exactly once, across restarts and processes sharing a store. Its clock
// is a parameter: Run sleeps on Config.Clock, and RunDue does whatever is
// due at the clock's present time, so tests drive days of posts with a
// FakeClock.
type Scheduler struct {
	cfg    Config
	log    *slog.Logger
	clock  Clock
	pregen cron.Schedule
	chain  cron.Chain

	mu         sync.Mutex
	guilds     map[string]*entry
	changed    map[string]bool
	started    bool
	leader     bool
	nextElect  time.Time
	nextSync   time.Time
	nextPregen time.Time
	kick       chan struct{}
	bg         sync.WaitGroup
	pregenBusy bool

	imgMu  sync.Mutex
	images map[string][]byte // day|level -> PNG of the puzzle
}

// entry is one guild's job: its schedule and the work pending for it.
type entry struct {
	settings store.GuildSettings
	sched    DailySchedule
	fire     time.Time // next regular firing
	task     *task     // a post to make or finish, nil when none
	running  bool
}

// task is a post for one day: a first attempt, a retry after backoff, a
// wait for another process's claim, or a message to record.
type task struct {
	day     string
	at      time.Time // when to run
	firedAt time.Time // the posting time it belongs to; Grace counts from it
	attempt int       // failed attempts so far
	// messageID is set when Discord took the message but the store did
	// not record it yet: only the record is retried.
	messageID string
	// verify is set after an outcome-unknown failure of our own request:
	// look for the message before posting again.
	verify bool
}

func (e *entry) wake() time.Time {
	if e.task != nil && (e.fire.IsZero() || e.task.at.Before(e.fire)) {
		return e.task.at
	}
	return e.fire
}

// New returns a Scheduler. Defaults: Clock SystemClock(), Logger
// slog.Default(), Owns every guild, no Elector (always active), Grace 6 h,
// ClaimTimeout 2 min, backoff 30 s doubling to 15 min, Refresh 5 min,
// ElectEvery 15 s, Pregenerate "CRON_TZ=UTC 7 * * * *" (hourly), Levels
// {"medium"}, Renderer PNGRenderer, Workers 4.
func New(cfg Config) (*Scheduler, error) {
	if cfg.Store == nil || cfg.Poster == nil || cfg.Dailies == nil {
		return nil, errors.New("schedule: Store, Poster and Dailies are required")
	}
	if cfg.Clock == nil {
		cfg.Clock = SystemClock()
	}
	if cfg.Logger == nil {
		cfg.Logger = slog.Default()
	}
	if cfg.Owns == nil {
		cfg.Owns = func(string) bool { return true }
	}
	if cfg.Renderer == nil {
		cfg.Renderer = PNGRenderer{}
	}
	setDefault(&cfg.Grace, 6*time.Hour)
	setDefault(&cfg.ClaimTimeout, 2*time.Minute)
	setDefault(&cfg.MinBackoff, 30*time.Second)
	setDefault(&cfg.MaxBackoff, 15*time.Minute)
	setDefault(&cfg.Refresh, 5*time.Minute)
	setDefault(&cfg.ElectEvery, 15*time.Second)
	if cfg.Pregenerate == "" {
		cfg.Pregenerate = "CRON_TZ=UTC 7 * * * *"
	}
	if len(cfg.Levels) == 0 {
		cfg.Levels = []string{DefaultLevel}
	}
	if cfg.Workers <= 0 {
		cfg.Workers = 4
	}
	pregen, err := cron.ParseStandard(cfg.Pregenerate)
	if err != nil {
		return nil, fmt.Errorf("schedule: pregenerate spec %q: %w", cfg.Pregenerate, err)
	}
	s := &Scheduler{
		cfg:     cfg,
		log:     cfg.Logger,
		clock:   cfg.Clock,
		pregen:  pregen,
		guilds:  map[string]*entry{},
		changed: map[string]bool{},
		kick:    make(chan struct{}, 1),
		images:  map[string][]byte{},
	}
	s.chain = cron.NewChain(cron.Recover(cronLogger{s.log}))
	return s, nil
}

func setDefault(d *time.Duration, v time.Duration) {
	if *d <= 0 {
		*d = v
	}
}

// SettingsChanged tells the scheduler that a guild's settings were saved
// (the bot's /sudoku config calls it): its job is rebuilt from the store at
// once, without a restart, and a guild stopped by an error is tried again.
func (s *Scheduler) SettingsChanged(guildID string) {
	s.mu.Lock()
	s.changed[guildID] = true
	s.mu.Unlock()
	select {
	case s.kick <- struct{}{}:
	default:
	}
}

// Run does the scheduler's work until ctx ends, sleeping on the Clock in
// between, and returns ctx's error after the posts in progress finish.
func (s *Scheduler) Run(ctx context.Context) error {
	defer s.bg.Wait()
	for {
		next := s.RunDue(ctx)
		if ctx.Err() != nil {
			return ctx.Err()
		}
		t := s.clock.NewTimer(next.Sub(s.clock.Now()))
		select {
		case <-ctx.Done():
			t.Stop()
			return ctx.Err()
		case <-t.C():
		case <-s.kick:
			t.Stop()
		}
	}
}

// Wait blocks until background work started by RunDue (pregeneration)
// finishes.
func (s *Scheduler) Wait() { s.bg.Wait() }

// RunDue does everything due at the clock's present time, waits for the
// posts it started, and returns when it next has something to do.
func (s *Scheduler) RunDue(ctx context.Context) time.Time {
	now := s.clock.Now()
	if !s.checkLeader(ctx, now) {
		s.mu.Lock()
		defer s.mu.Unlock()
		return s.nextElect
	}
	s.mu.Lock()
	started := s.started
	s.mu.Unlock()
	if !started {
		if err := s.startup(ctx, now); err != nil {
			s.log.Error("daily scheduler start-up failed; retrying", "err", err)
			return now.Add(s.cfg.MinBackoff)
		}
	}
	s.applyChanges(ctx, now)
	s.maybeSync(ctx, now)
	s.maybePregenerate(ctx, now)

	due := s.collectDue(now)
	sem := make(chan struct{}, s.cfg.Workers)
	var wg sync.WaitGroup
	for _, d := range due {
		wg.Add(1)
		sem <- struct{}{}
		go func() {
			defer wg.Done()
			defer func() { <-sem }()
			var next *task
			ok := false
			s.chain.Then(cron.FuncJob(func() {
				next = s.attempt(ctx, d.settings, *d.task)
				ok = true
			})).Run()
			if !ok { // recovered from a panic (logged by cron.Recover)
				next = s.retry(*d.task, s.clock.Now(), errors.New("panic in daily post"), s.log.With("guild", d.settings.GuildID))
			}
			s.finish(d.settings.GuildID, d.task, next)
		}()
	}
	wg.Wait()
	return s.nextWake()
}

// checkLeader asks the Elector when due and reports whether this process
// may post now.
func (s *Scheduler) checkLeader(ctx context.Context, now time.Time) bool {
	if s.cfg.Elector == nil {
		return true
	}
	s.mu.Lock()
	ask := !now.Before(s.nextElect)
	leader := s.leader
	s.mu.Unlock()
	if !ask {
		return leader
	}
	ok, err := s.cfg.Elector.Leader(ctx)
	if err != nil {
		s.log.Warn("leader election failed", "err", err)
		ok = false
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if ok != s.leader {
		s.log.Info("daily publisher leadership changed", "leader", ok)
		if ok {
			s.started = false // load everything afresh, as at start-up
		}
	}
	s.leader = ok
	s.nextElect = now.Add(s.cfg.ElectEvery)
	return ok
}

type dueTask struct {
	settings store.GuildSettings
	task     *task
}

// collectDue turns due firings into tasks and returns the tasks to run.
func (s *Scheduler) collectDue(now time.Time) []dueTask {
	s.mu.Lock()
	defer s.mu.Unlock()
	var out []dueTask
	for _, e := range s.guilds {
		if e.running {
			continue
		}
		if !e.fire.IsZero() && !e.fire.After(now) {
			fired := e.fire
			e.fire = e.sched.Next(now)
			day := LocalDay(fired, e.sched.Location)
			switch {
			case now.Sub(fired) > s.cfg.Grace:
				s.log.Warn("daily post missed: later than the grace window", "guild", e.settings.GuildID, "day", day,
					"due", fired, "grace", s.cfg.Grace)
			case e.task != nil && e.task.day == day:
				// Already on it (a catch-up or a retry).
			default:
				if e.task != nil {
					s.log.Warn("daily post abandoned for the next day's", "guild", e.settings.GuildID, "day", e.task.day)
				}
				e.task = &task{day: day, at: now, firedAt: fired}
			}
		}
		if e.task != nil && !e.task.at.After(now) {
			e.running = true
			t := *e.task
			out = append(out, dueTask{settings: e.settings, task: &t})
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].settings.GuildID < out[j].settings.GuildID })
	return out
}

// finish stores the outcome of a task run.
func (s *Scheduler) finish(guildID string, ran, next *task) {
	s.mu.Lock()
	defer s.mu.Unlock()
	e, ok := s.guilds[guildID]
	if !ok {
		return
	}
	e.running = false
	// The entry may have been rebuilt (settings changed) or moved to a new
	// day while the task ran; only the task that ran is replaced.
	if e.task != nil && e.task.day == ran.day && e.task.at.Equal(ran.at) {
		e.task = next
	}
}

func (s *Scheduler) nextWake() time.Time {
	s.mu.Lock()
	defer s.mu.Unlock()
	next := s.nextSync
	if s.nextPregen.Before(next) {
		next = s.nextPregen
	}
	if s.cfg.Elector != nil && s.nextElect.Before(next) {
		next = s.nextElect
	}
	for _, e := range s.guilds {
		if w := e.wake(); !w.IsZero() && w.Before(next) {
			next = w
		}
	}
	return next
}

// startup loads every owned guild, resolves claims left by a process that
// died mid-post, and queues today's posts whose time passed within Grace.
func (s *Scheduler) startup(ctx context.Context, now time.Time) error {
	list, err := s.cfg.Store.EnabledGuilds(ctx)
	if err != nil {
		return err
	}
	guilds := map[string]*entry{}
	for _, gs := range list {
		if s.cfg.Owns(gs.GuildID) {
			if e := s.newEntry(gs, now, true); e != nil {
				guilds[gs.GuildID] = e
			}
		}
	}
	s.mu.Lock()
	s.guilds = guilds
	s.started = true
	s.nextSync = now.Add(s.cfg.Refresh)
	s.nextPregen = now // pregenerate at once
	s.mu.Unlock()
	s.log.Info("daily scheduler started", "guilds", len(guilds))
	s.resolveOldClaims(ctx, now, guilds)
	return nil
}

// newEntry builds a guild's job from its settings; with catchUp, today's
// post is queued if its time passed less than Grace ago. It returns nil for
// a guild that cannot be scheduled (and says why in its settings' error).
func (s *Scheduler) newEntry(gs store.GuildSettings, now time.Time, catchUp bool) *entry {
	if !gs.Enabled || gs.ChannelID == "" {
		return nil
	}
	sched, err := ParseDaily(gs.PostTime, gs.TimeZone)
	if err != nil {
		s.log.Warn("guild's daily cannot be scheduled", "guild", gs.GuildID, "err", err)
		return nil
	}
	e := &entry{settings: gs, sched: sched, fire: sched.Next(now)}
	if gs.Error != "" {
		// Stopped by an error (a 403) until an admin saves the settings.
		e.fire = time.Time{}
		return e
	}
	if catchUp {
		lt := now.In(sched.Location)
		today := LocalDay(now, sched.Location)
		f := sched.At(lt.Year(), lt.Month(), lt.Day())
		if !f.After(now) && now.Sub(f) <= s.cfg.Grace && LocalDay(f, sched.Location) == today {
			e.task = &task{day: today, at: now, firedAt: f}
		}
	}
	return e
}

// applyChanges rebuilds the jobs of guilds whose settings changed.
func (s *Scheduler) applyChanges(ctx context.Context, now time.Time) {
	s.mu.Lock()
	ids := make([]string, 0, len(s.changed))
	for id := range s.changed {
		ids = append(ids, id)
	}
	s.changed = map[string]bool{}
	s.mu.Unlock()
	sort.Strings(ids)
	for _, id := range ids {
		gs, err := s.cfg.Store.GuildSettings(ctx, id)
		if err != nil && !errors.Is(err, store.ErrNotFound) {
			s.log.Warn("reload guild settings", "guild", id, "err", err)
			s.SettingsChanged(id) // try again on the next round
			continue
		}
		s.replace(id, gs, now, err == nil)
	}
}

// replace installs a guild's new settings; its pending work is dropped
// and today's post, if due and not done, is queued again.
func (s *Scheduler) replace(id string, gs store.GuildSettings, now time.Time, found bool) {
	var e *entry
	if found && s.cfg.Owns(id) {
		e = s.newEntry(gs, now, true)
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	old := s.guilds[id]
	if e == nil {
		delete(s.guilds, id)
		return
	}
	if old != nil && old.running {
		e.running = true // finish will clear it; its outcome is dropped
	}
	s.guilds[id] = e
	s.log.Info("daily job rebuilt", "guild", id, "time", gs.PostTime, "zone", gs.TimeZone, "next", e.fire)
}

// maybeSync reloads every guild's settings when Refresh has passed, to
// pick up changes saved by other processes.
func (s *Scheduler) maybeSync(ctx context.Context, now time.Time) {
	s.mu.Lock()
	due := !now.Before(s.nextSync)
	if due {
		s.nextSync = now.Add(s.cfg.Refresh)
	}
	s.mu.Unlock()
	if !due {
		return
	}
	list, err := s.cfg.Store.EnabledGuilds(ctx)
	if err != nil {
		s.log.Warn("reload guild settings", "err", err)
		return
	}
	seen := map[string]bool{}
	var stale []string
	s.mu.Lock()
	for _, gs := range list {
		seen[gs.GuildID] = true
		e, ok := s.guilds[gs.GuildID]
		if !s.cfg.Owns(gs.GuildID) {
			continue
		}
		if !ok || !sameSettings(e.settings, gs) {
			s.changed[gs.GuildID] = true
		}
	}
	for id := range s.guilds {
		if !seen[id] {
			stale = append(stale, id)
		}
	}
	for _, id := range stale {
		delete(s.guilds, id)
	}
	s.mu.Unlock()
	s.applyChanges(ctx, now)
}

// sameSettings compares what a job depends on. The error is left out on
// purpose except for its being cleared: marking a guild with an error must
// not count as a change that lifts the stop.
func sameSettings(a, b store.GuildSettings) bool {
	return a.ChannelID == b.ChannelID && a.PostTime == b.PostTime && a.TimeZone == b.TimeZone &&
		a.Level == b.Level && a.Enabled == b.Enabled && a.Threads == b.Threads &&
		a.UpdatedAt.Equal(b.UpdatedAt) && (a.Error == "") == (b.Error == "")
}

// maybePregenerate starts the pregeneration job in the background when
// its cron schedule says so.
func (s *Scheduler) maybePregenerate(ctx context.Context, now time.Time) {
	s.mu.Lock()
	if now.Before(s.nextPregen) || s.pregenBusy {
		s.mu.Unlock()
		return
	}
	s.nextPregen = s.pregen.Next(now)
	s.pregenBusy = true
	levels := map[string]bool{}
	for _, l := range s.cfg.Levels {
		levels[l] = true
	}
	for _, e := range s.guilds {
		levels[levelOf(e.settings)] = true
	}
	s.mu.Unlock()
	list := make([]string, 0, len(levels))
	for l := range levels {
		list = append(list, l)
	}
	sort.Strings(list)
	s.bg.Add(1)
	go func() {
		defer s.bg.Done()
		defer func() {
			s.mu.Lock()
			s.pregenBusy = false
			s.mu.Unlock()
		}()
		s.chain.Then(cron.FuncJob(func() {
			if err := s.cfg.Dailies.Pregenerate(ctx, now, list); err != nil {
				s.log.Warn("pregenerating dailies", "err", err)
			}
		})).Run()
	}()
}

func levelOf(gs store.GuildSettings) string {
	if gs.Level == "" {
		return DefaultLevel
	}
	return gs.Level
}

// cronLogger lets cron's job wrappers (Recover) log through slog.
type cronLogger struct{ l *slog.Logger }

func (c cronLogger) Info(msg string, kv ...any) { c.l.Info(msg, kv...) }
func (c cronLogger) Error(err error, msg string, kv ...any) {
	c.l.Error(msg, append([]any{"err", err}, kv...)...)
}
