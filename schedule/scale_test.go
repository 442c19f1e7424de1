package schedule_test

import (
	"cmp"
	"context"
	"flag"
	"fmt"
	"github.com/sudokubot/sudokubot/internal/fakeclock"
	"math/rand/v2"
	"os"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/sudokubot/sudokubot/daily"
	"github.com/sudokubot/sudokubot/discordapi"
	"github.com/sudokubot/sudokubot/engine"
	"github.com/sudokubot/sudokubot/schedule"
	"github.com/sudokubot/sudokubot/store"
	"github.com/sudokubot/sudokubot/store/storetest"
)

var (
	scaleGuilds = flag.Int("scale.guilds", 100000, "guilds in BenchmarkDailyAtScale")
	scaleStore  = flag.String("scale.store", ":memory:", `store of BenchmarkDailyAtScale: ":memory:" or "file" (SQLite), or a postgres:// URL`)
)

// scaleZones are 40 of the most used IANA zones of a big bot's guilds,
// with rough weights (shares of guilds).
var scaleZones = []struct {
	name   string
	weight int
}{
	{"America/New_York", 120}, {"America/Chicago", 70}, {"America/Los_Angeles", 80}, {"America/Denver", 25},
	{"America/Phoenix", 10}, {"America/Toronto", 20}, {"America/Vancouver", 8}, {"America/Mexico_City", 25},
	{"America/Sao_Paulo", 60}, {"America/Argentina/Buenos_Aires", 20}, {"America/Bogota", 12}, {"America/Lima", 8},
	{"America/Santiago", 8}, {"Europe/London", 70}, {"Europe/Berlin", 60}, {"Europe/Paris", 45},
	{"Europe/Madrid", 25}, {"Europe/Rome", 20}, {"Europe/Amsterdam", 15}, {"Europe/Stockholm", 10},
	{"Europe/Warsaw", 20}, {"Europe/Moscow", 35}, {"Europe/Istanbul", 20}, {"Europe/Kyiv", 10},
	{"Europe/Helsinki", 6}, {"Asia/Kolkata", 35}, {"Asia/Tokyo", 30}, {"Asia/Seoul", 12},
	{"Asia/Shanghai", 10}, {"Asia/Singapore", 10}, {"Asia/Manila", 25}, {"Asia/Jakarta", 25},
	{"Asia/Bangkok", 10}, {"Asia/Ho_Chi_Minh", 10}, {"Asia/Dubai", 6}, {"Australia/Sydney", 20},
	{"Australia/Perth", 6}, {"Pacific/Auckland", 6}, {"Africa/Cairo", 6}, {"Africa/Johannesburg", 6},
}

// scaleGuild is one simulated guild's daily setting.
type scaleGuild struct {
	zone         int
	hour, minute int
}

// scaleConfig draws n guilds' settings: a quarter at midnight, 30% between
// 07:00 and 09:00 (on the hour or half hour), 15% at noon, the rest at any
// minute; zones by weight; levels mostly easy to hard.
func scaleConfig(n int, seed uint64) ([]scaleGuild, []string) {
	rng := rand.New(rand.NewPCG(seed, 42))
	total := 0
	for _, z := range scaleZones {
		total += z.weight
	}
	morning := [][2]int{{7, 0}, {7, 30}, {8, 0}, {8, 0}, {8, 30}, {9, 0}, {9, 0}, {9, 0}}
	levels := []string{"easy", "medium", "medium", "medium", "hard", "hard", "expert", "master", "extreme"}
	gs := make([]scaleGuild, n)
	lv := make([]string, n)
	for i := range gs {
		w := rng.IntN(total)
		for z, zz := range scaleZones {
			if w < zz.weight {
				gs[i].zone = z
				break
			}
			w -= zz.weight
		}
		switch r := rng.IntN(100); {
		case r < 25:
		case r < 55:
			m := morning[rng.IntN(len(morning))]
			gs[i].hour, gs[i].minute = m[0], m[1]
		case r < 70:
			gs[i].hour = 12
		default:
			gs[i].hour, gs[i].minute = rng.IntN(24), rng.IntN(60)
		}
		lv[i] = levels[rng.IntN(len(levels))]
	}
	return gs, lv
}

// scaleGuildID is guild i's snowflake; shards of it spread as Discord's do.
func scaleGuildID(i int) string { return strconv.FormatUint(uint64(1e17)+uint64(i)<<22, 10) }

// scaleChannel is guild i's daily channel; the poster reads i back.
func scaleChannel(i int) string { return "c" + strconv.Itoa(i) }

// saveScaleGuilds writes the guilds' settings in a few big transactions
// (SaveGuildSettings one by one would take minutes at 100,000). Their
// UpdatedAt spread over the past year, as on a bot configured over time.
// dsn is st's database, written through a connection of the test's own
// (storetest.DB).
func saveScaleGuilds(tb testing.TB, st *store.Store, dsn string, gs []scaleGuild, levels []string, now time.Time) {
	tb.Helper()
	ctx := context.Background()
	db := storetest.DB(tb, dsn)
	q := `INSERT INTO guild_settings (guild_id, channel_id, post_time, time_zone, level, enabled, threads, updated_by, updated_at, problem)
		VALUES (?, ?, ?, ?, ?, ?, ?, '', ?, '')`
	if st.Backend() == store.Postgres {
		q = `INSERT INTO guild_settings (guild_id, channel_id, post_time, time_zone, level, enabled, threads, updated_by, updated_at, problem)
		VALUES ($1, $2, $3, $4, $5, $6, $7, '', $8, '')`
	}
	rng := rand.New(rand.NewPCG(7, 7))
	const chunk = 5000
	for lo := 0; lo < len(gs); lo += chunk {
		tx, err := db.BeginTx(ctx, nil)
		if err != nil {
			tb.Fatal(err)
		}
		stmt, err := tx.PrepareContext(ctx, q)
		if err != nil {
			tb.Fatal(err)
		}
		for i := lo; i < min(lo+chunk, len(gs)); i++ {
			g := gs[i]
			updated := now.Add(-time.Duration(rng.Int64N(int64(365 * 24 * time.Hour)))).UnixMilli()
			if _, err := stmt.ExecContext(ctx, scaleGuildID(i), scaleChannel(i), fmt.Sprintf("%02d:%02d", g.hour, g.minute),
				scaleZones[g.zone].name, levels[i], true, false, updated); err != nil {
				tb.Fatal(err)
			}
		}
		stmt.Close()
		if err := tx.Commit(); err != nil {
			tb.Fatal(err)
		}
	}
}

// limitedDiscord is a fake Discord for many guilds that enforces the global
// limit: at most limit posts in any second (a sliding window), answering
// 429 to any post beyond it. It records each post's lateness and counts
// duplicates. Several schedulers (processes) may share one.
type limitedDiscord struct {
	clock  *fakeclock.Clock
	limit  int
	start  time.Time // posts due before it (catch-up) count as due at it
	guilds []scaleGuild
	locs   []*time.Location

	mu      sync.Mutex
	recent  []time.Time // accepted requests (posts, searches, threads) of the last second, oldest first
	maxRate int         // most requests seen in one second
	due     []int64     // per post: when it was due (Unix ns)
	at      []int64     // per post: when it went out
	lastDay []int32     // per guild: the last puzzle number posted
	dupes   int
	limited int // 429s answered
	byTag   map[string]int
	nextID  int
}

func newLimitedDiscord(clock *fakeclock.Clock, limit int, guilds []scaleGuild) *limitedDiscord {
	d := &limitedDiscord{clock: clock, limit: limit, start: clock.Now(), guilds: guilds, lastDay: make([]int32, len(guilds)), byTag: map[string]int{}}
	for _, z := range scaleZones {
		loc, err := time.LoadLocation(z.name)
		if err != nil {
			panic(err)
		}
		d.locs = append(d.locs, loc)
	}
	return d
}

func (d *limitedDiscord) PostDaily(ctx context.Context, channelID string, p schedule.Post) (string, error) {
	return d.post(ctx, channelID, p, "")
}

// post is PostDaily for the process named tag ("" for one process).
func (d *limitedDiscord) post(_ context.Context, channelID string, p schedule.Post, tag string) (string, error) {
	now := d.clock.Now()
	i, err := strconv.Atoi(strings.TrimPrefix(channelID, "c"))
	if err != nil || i < 0 || i >= len(d.guilds) {
		return "", fmt.Errorf("unknown channel %q: %w", channelID, discordapi.ErrForbidden)
	}
	if p.Day.IsZero() {
		return "", fmt.Errorf("post names no day: %w", discordapi.ErrNotSent)
	}
	day := p.Day.Time()
	d.mu.Lock()
	defer d.mu.Unlock()
	if err := d.admit(now); err != nil {
		return "", err
	}
	g := d.guilds[i]
	sched := schedule.DailySchedule{Hour: g.hour, Minute: g.minute, Location: d.locs[g.zone]}
	due := sched.At(day.Year(), day.Month(), day.Day())
	if due.Before(d.start) {
		due = d.start
	}
	d.due = append(d.due, due.UnixNano())
	d.at = append(d.at, now.UnixNano())
	n := daily.Number(p.Day)
	if int32(n) == d.lastDay[i] {
		d.dupes++
	}
	d.lastDay[i] = int32(n)
	d.byTag[tag]++
	d.nextID++
	return "m" + strconv.Itoa(d.nextID), nil
}

// admit counts a request of any kind (post, search, thread) at now in
// the sliding second, or answers 429 beyond the limit. Callers hold d.mu.
func (d *limitedDiscord) admit(now time.Time) error {
	cut := 0
	for cut < len(d.recent) && !d.recent[cut].After(now.Add(-time.Second)) {
		cut++
	}
	d.recent = d.recent[cut:]
	if len(d.recent) >= d.limit {
		d.limited++
		return &discordapi.Error{Status: 429, RetryAfter: d.recent[0].Add(time.Second).Sub(now)}
	}
	d.recent = append(d.recent, now)
	d.maxRate = max(d.maxRate, len(d.recent))
	return nil
}

func (d *limitedDiscord) FindDaily(ctx context.Context, channelID, marker string, since time.Time) (string, error) {
	d.mu.Lock()
	defer d.mu.Unlock()
	if err := d.admit(d.clock.Now()); err != nil {
		return "", err
	}
	return "", discordapi.ErrMessageNotFound
}

func (d *limitedDiscord) StartThread(ctx context.Context, channelID, messageID, name string) (string, error) {
	d.mu.Lock()
	defer d.mu.Unlock()
	if err := d.admit(d.clock.Now()); err != nil {
		return "", err
	}
	return "t" + messageID, nil
}

// lateness returns the largest lateness of any post, and the largest
// excess over the floor: the lateness that a perfect queue, posting in due
// order at exactly the limit (at most limit posts in any second), reaches
// for the last post due at the same instant.
func (d *limitedDiscord) lateness() (maxLate, maxExcess time.Duration) {
	d.mu.Lock()
	defer d.mu.Unlock()
	idx := make([]int, len(d.due))
	for i := range idx {
		idx[i] = i
	}
	slices.SortStableFunc(idx, func(a, b int) int { return cmp.Compare(d.due[a], d.due[b]) })
	// The perfect queue: slot k at max(due, slot k-1, slot k-limit + 1 s).
	floor := map[int64]int64{} // due -> the lateness of its last post
	slots := make([]int64, 0, len(idx))
	for _, i := range idx {
		t := d.due[i]
		if k := len(slots); k > 0 {
			t = max(t, slots[k-1])
			if k >= d.limit {
				t = max(t, slots[k-d.limit]+int64(time.Second))
			}
		}
		slots = append(slots, t)
		floor[d.due[i]] = max(floor[d.due[i]], t-d.due[i])
	}
	worst := -1
	for i := range d.due {
		late := d.at[i] - d.due[i]
		maxLate = max(maxLate, time.Duration(late))
		if ex := time.Duration(late - floor[d.due[i]]); ex > maxExcess || worst < 0 {
			maxExcess, worst = max(ex, maxExcess), i
		}
	}
	if worst >= 0 && os.Getenv("SCALE_DEBUG") != "" {
		fmt.Fprintf(os.Stderr, "worst post #%d: due %s, at %s, floor %s\n", worst, time.Unix(0, d.due[worst]).UTC(),
			time.Unix(0, d.at[worst]).UTC(), time.Duration(floor[d.due[worst]]))
	}
	return maxLate, maxExcess
}

func openScaleStore(b *testing.B) (*store.Store, string) {
	dsn := *scaleStore
	if dsn == "file" {
		dsn = dbPath(b)
	}
	st, err := store.Open(context.Background(), dsn)
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { st.Close() })
	return st, dsn
}

// peakRSS is the process's peak resident memory (VmHWM), 0 if unknown.
func peakRSS() float64 {
	raw, err := os.ReadFile("/proc/self/status")
	if err != nil {
		return 0
	}
	for _, line := range strings.Split(string(raw), "\n") {
		if rest, ok := strings.CutPrefix(line, "VmHWM:"); ok {
			kb, _ := strconv.Atoi(strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(rest), "kB")))
			return float64(kb) / 1024
		}
	}
	return 0
}

// BenchmarkDailyAtScale simulates one day of a big bot on the fake clock:
// -scale.guilds guilds (100,000) over 40 zones, the process starting at
// 00:00 UTC (so the guilds east of UTC whose time passed within the grace
// window are caught up at once), against a Discord that answers 429 beyond
// 50 posts in any second. Run it with -benchtime 1x. It reports:
//
//   - guilds, posts;
//   - excess-late-s: the largest lateness of a post beyond the floor a
//     perfect queue at the limit reaches for its due instant (goal <= 2);
//   - max-late-s: the largest lateness itself (the floor of the biggest
//     burst);
//   - heap-MB: the peak Go heap, sampled through the day (goal <= 300);
//     live-B/guild: the heap kept per guild after start-up;
//   - sched-cpu-s: the CPU time of the scheduling (RunDue: start-up,
//     queueing, slots, reloads), posting excluded (goal <= 10), and
//     startup-s, the wall time of the start-up with its catch-up;
//   - 429s and dupes, which must be 0;
//   - max-requests/s: the most requests of any kind (posts, searches,
//     threads) in any second of the fake clock, at most 50.
//
// BenchmarkDailyBurstRealSeconds measures the same limit in real seconds,
// with Discord's latency and threads.
func BenchmarkDailyAtScale(b *testing.B) {
	n := *scaleGuilds
	start := time.Date(2026, 6, 10, 0, 0, 0, 0, time.UTC)
	for range b.N {
		b.StopTimer()
		ctx := context.Background()
		st, dsn := openScaleStore(b)
		guilds, levels := scaleConfig(n, 1)
		saveScaleGuilds(b, st, dsn, guilds, levels, start)
		clock := fakeclock.New(start)
		disc := newLimitedDiscord(clock, schedule.DefaultPostRate, guilds)
		dailies := daily.NewSource(st, testGenerator)
		if err := dailies.Pregenerate(ctx, start, engine.Levels); err != nil {
			b.Fatal(err)
		}
		s, err := schedule.New(schedule.Config{
			Store: st, Poster: disc, Dailies: dailies, Renderer: fakeRenderer{}, Clock: clock, Logger: testLogger(b),
			Workers: 64,
		})
		if err != nil {
			b.Fatal(err)
		}
		runtime.GC()
		b.StartTimer()

		runtime.LockOSThread()
		cpu0, proc0 := threadCPU(), processCPU()
		wall0 := time.Now()
		next := s.RunDue(ctx)
		startup := time.Since(wall0)
		s.Wait()
		var ms runtime.MemStats
		runtime.GC()
		runtime.ReadMemStats(&ms)
		live := ms.HeapAlloc
		peak := ms.HeapAlloc
		end := start.Add(24 * time.Hour)
		steps := 0
		for {
			now := clock.Now()
			if !next.After(now) {
				next = now.Add(time.Millisecond)
			}
			if next.After(end) {
				q, f := s.Backlog()
				if q == 0 && f == 0 {
					break
				}
			}
			clock.Set(next)
			next = s.RunDue(ctx)
			s.Wait()
			if steps++; steps%500 == 0 {
				runtime.ReadMemStats(&ms)
				peak = max(peak, ms.HeapAlloc)
			}
		}
		cpu := threadCPU() - cpu0
		proc := processCPU() - proc0
		runtime.UnlockOSThread()
		b.StopTimer()
		runtime.ReadMemStats(&ms)
		peak = max(peak, ms.HeapAlloc)

		maxLate, excess := disc.lateness()
		disc.mu.Lock()
		posts, limited, dupes, maxRate := len(disc.at), disc.limited, disc.dupes, disc.maxRate
		posted := 0
		for _, d := range disc.lastDay {
			if d != 0 {
				posted++
			}
		}
		disc.mu.Unlock()
		b.ReportMetric(float64(n), "guilds")
		b.ReportMetric(float64(posts), "posts")
		b.ReportMetric(excess.Seconds(), "excess-late-s")
		b.ReportMetric(maxLate.Seconds(), "max-late-s")
		b.ReportMetric(float64(peak)/(1<<20), "heap-MB")
		b.ReportMetric(float64(live)/float64(n), "live-B/guild")
		b.ReportMetric(peakRSS(), "rss-peak-MB")
		b.ReportMetric(cpu.Seconds(), "sched-cpu-s")
		b.ReportMetric(proc.Seconds(), "total-cpu-s")
		b.ReportMetric(startup.Seconds(), "startup-s")
		b.ReportMetric(float64(limited), "429s")
		b.ReportMetric(float64(dupes), "dupes")
		b.ReportMetric(float64(maxRate), "max-requests/s")
		if posted != n || dupes != 0 || maxRate > schedule.DefaultPostRate {
			b.Errorf("%d of %d guilds posted, %d duplicate posts, %d requests in a second", posted, n, dupes, maxRate)
		}
	}
}

// taggedPoster is one process's view of a shared limitedDiscord.
type taggedPoster struct {
	*limitedDiscord
	tag string
}

func (p taggedPoster) PostDaily(ctx context.Context, channelID string, post schedule.Post) (string, error) {
	return p.post(ctx, channelID, post, p.tag)
}

// TestTwoProcessesShareRateLimit runs two schedulers (two "processes":
// each its own Scheduler and store handle on one database; real
// subprocesses could not share the fake clock) through a simulated day of
// guilds, half of them in one burst (09:00 in Berlin), the rest spread as
// in the benchmark, against one Discord that answers 429 beyond 50 posts
// in any second. Sharded, each owns half the guilds; "both lead" is the
// HTTP mode's moment when two replicas believe they lead, both owning
// every guild. Either way the two together stay within the limit (no 429,
// never more than 50 posts in a second) and post every guild once a day;
// sharded, they drain the bursts at the full rate (no post later than a
// perfect queue at the limit would make it, beyond a second).
func TestTwoProcessesShareRateLimit(t *testing.T) {
	backends := []struct {
		name   string
		guilds int
		open   func(t *testing.T) (*store.Store, *store.Store, string)
	}{
		{"SQLite", 600, func(t *testing.T) (*store.Store, *store.Store, string) {
			path := dbPath(t)
			return openSQLite(t, path), openSQLite(t, path), path
		}},
		{"Postgres", 300, openPostgresPair},
	}
	for _, be := range backends {
		for _, mode := range []string{"sharded", "both lead"} {
			t.Run(be.name+" "+mode, func(t *testing.T) {
				if testing.Short() {
					t.Skip("simulates a day of posts")
				}
				stA, stB, dsn := be.open(t)
				start := time.Date(2026, 6, 10, 0, 0, 0, 0, time.UTC)
				guilds, levels := scaleConfig(be.guilds, 3)
				for i := range guilds[:len(guilds)/2] { // one big burst: 09:00 in Berlin
					guilds[i] = scaleGuild{zone: 14, hour: 9}
				}
				saveScaleGuilds(t, stA, dsn, guilds, levels, start)
				clock := fakeclock.New(start)
				disc := newLimitedDiscord(clock, schedule.DefaultPostRate, guilds)
				dailies := daily.NewSource(stA, testGenerator)
				if err := dailies.Pregenerate(context.Background(), start, engine.Levels); err != nil {
					t.Fatal(err)
				}
				proc := func(st *store.Store, tag string, shard int) *schedule.Scheduler {
					cfg := schedule.Config{
						Store: st, Poster: taggedPoster{disc, tag}, Dailies: daily.NewSource(st, testGenerator),
						Renderer: fakeRenderer{}, Clock: clock, Logger: testLogger(t), Workers: 64,
					}
					if mode == "sharded" {
						cfg.Owns = schedule.OwnShards(2, shard)
					}
					s, err := schedule.New(cfg)
					if err != nil {
						t.Fatal(err)
					}
					return s
				}
				procs := []*schedule.Scheduler{proc(stA, "A", 0), proc(stB, "B", 1)}
				end := start.Add(24 * time.Hour)
				for {
					var wg sync.WaitGroup
					nexts := make([]time.Time, len(procs))
					for i, s := range procs {
						wg.Go(func() {
							nexts[i] = s.RunDue(context.Background())
							s.Wait()
						})
					}
					wg.Wait()
					next := slices.MinFunc(nexts, func(a, b time.Time) int { return a.Compare(b) })
					now := clock.Now()
					if !next.After(now) {
						next = now.Add(time.Millisecond)
					}
					busy := false
					for _, s := range procs {
						q, f := s.Backlog()
						busy = busy || q+f > 0
					}
					if next.After(end) && !busy {
						break
					}
					clock.Set(next)
				}
				maxLate, excess := disc.lateness()
				disc.mu.Lock()
				defer disc.mu.Unlock()
				posted := 0
				for _, d := range disc.lastDay {
					if d != 0 {
						posted++
					}
				}
				t.Logf("%d guilds, %d posts (A %d, B %d), at most %d posts in a second, %d 429s, %d duplicates; "+
					"largest lateness %s, largest excess over a perfect queue at the limit %s",
					len(guilds), len(disc.at), disc.byTag["A"], disc.byTag["B"], disc.maxRate, disc.limited, disc.dupes, maxLate, excess)
				if disc.limited != 0 || disc.maxRate > schedule.DefaultPostRate {
					t.Errorf("the processes together went over the limit: %d 429s, %d posts in one second", disc.limited, disc.maxRate)
				}
				if mode == "sharded" && disc.maxRate < schedule.DefaultPostRate {
					t.Errorf("at most %d posts in a second: the bursts were not drained at the full shared rate", disc.maxRate)
				}
				if posted != len(guilds) || disc.dupes != 0 {
					t.Errorf("%d of %d guilds posted, %d duplicates", posted, len(guilds), disc.dupes)
				}
				if mode == "sharded" && (disc.byTag["A"] == 0 || disc.byTag["B"] == 0) {
					t.Errorf("posts by process: %v; want both to post their shards", disc.byTag)
				}
				// Two leaders both try every guild: the loser of each claim
				// spends its slot for nothing, so bursts drain slower. That
				// lasts only while leadership changes hands.
				if mode == "sharded" && excess > time.Second {
					t.Errorf("a post %s later than a perfect queue at the shared limit", excess)
				}
			})
		}
	}
}

// TestEveryRequestTakesASlot: posts, their threads and the start-up
// settlement of claims a dead process left all draw from the limit, one
// slot per request: with every guild opening a thread and a third of them
// holding a crash-left claim of the day before, Discord never sees more
// than 50 requests in a second and answers no 429.
func TestEveryRequestTakesASlot(t *testing.T) {
	if testing.Short() {
		t.Skip("simulates a day of posts")
	}
	ctx := context.Background()
	path := dbPath(t)
	st := openSQLite(t, path)
	start := time.Date(2026, 6, 10, 0, 0, 0, 0, time.UTC)
	guilds, levels := scaleConfig(600, 5)
	for i := range guilds[:300] { // one burst at 09:00 in Berlin
		guilds[i] = scaleGuild{zone: 14, hour: 9}
	}
	saveScaleGuilds(t, st, path, guilds, levels, start)
	if _, err := storetest.DB(t, path).ExecContext(ctx, `UPDATE guild_settings SET threads = true`); err != nil {
		t.Fatal(err)
	}
	settle := 0
	for i := 0; i < len(guilds); i += 3 {
		if err := st.ClaimDailyPost(ctx, scaleGuildID(i), mustDay("2026-06-08"), start.Add(-30*time.Hour)); err != nil {
			t.Fatal(err)
		}
		settle++
	}
	clock := fakeclock.New(start)
	disc := newLimitedDiscord(clock, schedule.DefaultPostRate, guilds)
	dailies := daily.NewSource(st, testGenerator)
	if err := dailies.Pregenerate(ctx, start, engine.Levels); err != nil {
		t.Fatal(err)
	}
	s, err := schedule.New(schedule.Config{Store: st, Poster: disc, Dailies: dailies, Renderer: fakeRenderer{},
		Clock: clock, Logger: testLogger(t), Workers: 64})
	if err != nil {
		t.Fatal(err)
	}
	end := start.Add(24 * time.Hour)
	for {
		next := s.RunDue(ctx)
		s.Wait()
		now := clock.Now()
		if !next.After(now) {
			next = now.Add(time.Millisecond)
		}
		if q, f := s.Backlog(); next.After(end) && q+f == 0 {
			break
		}
		clock.Set(next)
	}
	left, err := st.UnresolvedClaims(ctx, "")
	if err != nil {
		t.Fatal(err)
	}
	disc.mu.Lock()
	defer disc.mu.Unlock()
	posted := 0
	for _, d := range disc.lastDay {
		if d != 0 {
			posted++
		}
	}
	t.Logf("%d guilds with threads, %d crash-left claims: %d posts, %d claims left, at most %d requests in a second, %d 429s",
		len(guilds), settle, len(disc.at), len(left), disc.maxRate, disc.limited)
	if disc.limited != 0 || disc.maxRate > schedule.DefaultPostRate {
		t.Errorf("over the limit: %d 429s, %d requests in one second", disc.limited, disc.maxRate)
	}
	if posted != len(guilds) || disc.dupes != 0 || len(left) != 0 {
		t.Errorf("%d of %d guilds posted, %d duplicates, %d claims unsettled", posted, len(guilds), disc.dupes, len(left))
	}
}
