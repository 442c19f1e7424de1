package schedule

import (
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/robfig/cron/v3"
)

// ErrBadSetting means a guild's post time or time zone cannot be scheduled.
var ErrBadSetting = errors.New("bad daily setting")

// DailySchedule fires once per local date at Hour:Minute in Location. It is
// a cron.Schedule, like cron's own "CRON_TZ=Zone M H * * *", and agrees with
// it on every ordinary day; it differs on daylight-saving days, where cron v3
// gets a daily post wrong:
//
//   - a local time skipped by a forward jump (02:30 in New York on the
//     second Sunday of March, 02:15 on Lord Howe Island in October) fires at
//     the first valid minute after it (03:00, 02:30); cron skips the day.
//   - a local time repeated by a backward jump (01:30 in New York on the
//     first Sunday of November) fires once, at its first occurrence; cron
//     fires at both.
type DailySchedule struct {
	Hour, Minute int
	Location     *time.Location
}

var _ cron.Schedule = DailySchedule{}

// spec is cron's text for the same schedule.
func (s DailySchedule) spec() string {
	return fmt.Sprintf("CRON_TZ=%s %d %d * * *", s.Location, s.Minute, s.Hour)
}

// ParseDaily builds the schedule of a guild's settings: a local time
// "HH:MM" (24-hour) and an IANA time zone name. The pair goes through
// cron's standard parser, so what is accepted is exactly what cron accepts
// for "CRON_TZ=zone M H * * *".
func ParseDaily(hhmm, zone string) (DailySchedule, error) {
	h, m, err := parseHHMM(hhmm)
	if err != nil {
		return DailySchedule{}, err
	}
	if zone == "" || strings.ContainsAny(zone, " \t") || strings.EqualFold(zone, "local") {
		return DailySchedule{}, fmt.Errorf("time zone %q is not an IANA name such as Europe/Paris: %w", zone, ErrBadSetting)
	}
	parsed, err := cron.ParseStandard(fmt.Sprintf("CRON_TZ=%s %d %d * * *", zone, m, h))
	if err != nil {
		return DailySchedule{}, fmt.Errorf("time zone %q: %v: %w", zone, err, ErrBadSetting)
	}
	spec, ok := parsed.(*cron.SpecSchedule)
	if !ok {
		return DailySchedule{}, fmt.Errorf("post time %q %s: unexpected schedule %T: %w", hhmm, zone, parsed, ErrBadSetting)
	}
	return DailySchedule{Hour: h, Minute: m, Location: spec.Location}, nil
}

// parseHHMM reads a post time "HH:MM" (24-hour).
func parseHHMM(hhmm string) (h, m int, err error) {
	if len(hhmm) != 5 || hhmm[2] != ':' {
		return 0, 0, fmt.Errorf("post time %q is not HH:MM: %w", hhmm, ErrBadSetting)
	}
	if _, err := fmt.Sscanf(hhmm, "%02d:%02d", &h, &m); err != nil || h > 23 || m > 59 || h < 0 || m < 0 {
		return 0, 0, fmt.Errorf("post time %q is not HH:MM between 00:00 and 23:59: %w", hhmm, ErrBadSetting)
	}
	return h, m, nil
}

// Next returns the first firing strictly after t.
func (s DailySchedule) Next(t time.Time) time.Time {
	lt := t.In(s.Location)
	// The firing of a date never comes before that date's midnight, and
	// comes at most a day after it (a date skipped whole, as Samoa's
	// 2011-12-30), so starting a day early and scanning a few days is enough.
	y, mo, d := lt.Date()
	for i := -1; i < 4; i++ {
		f := s.At(y, mo, d+i)
		if f.After(t) {
			return f.In(t.Location())
		}
	}
	// Unreachable with real zone data; fall back to cron's answer.
	return s.cronSchedule().Next(t)
}

// At returns the instant of the firing for the local date y-mo-d.
func (s DailySchedule) At(y int, mo time.Month, d int) time.Time {
	// Normalise the date (d may be 0 or 32).
	day := time.Date(y, mo, d, 12, 0, 0, 0, time.UTC)
	y, mo, d = day.Date()
	h, m := s.Hour, s.Minute
	// Walk forward minute by minute over a gap: every minute of the
	// date exists except in a forward jump, which lasts at most a day.
	for k := 0; k < 48*60; k++ {
		if t, ok := wallInstant(s.Location, y, mo, d, h, m+k); ok {
			return t
		}
	}
	return time.Date(y, mo, d, h, m, 0, 0, s.Location)
}

func (s DailySchedule) cronSchedule() cron.Schedule {
	sched, err := cron.ParseStandard(s.spec())
	if err != nil {
		return &cron.SpecSchedule{} // never fires
	}
	return sched
}

// wallInstant returns the earliest instant whose wall clock in loc reads
// y-mo-d h:m (minutes may overflow into the following hours and days), and
// false when a daylight-saving jump skips that reading.
func wallInstant(loc *time.Location, y int, mo time.Month, d, h, m int) (time.Time, bool) {
	wall := time.Date(y, mo, d, h, m, 0, 0, time.UTC)
	guess := time.Date(y, mo, d, h, m, 0, 0, loc)
	var best time.Time
	// The offsets in force near the reading: a reading is ambiguous or
	// missing only next to a transition, and no zone has two within 12 h.
	for _, probe := range []time.Time{guess.Add(-12 * time.Hour), guess, guess.Add(12 * time.Hour)} {
		_, off := probe.In(loc).Zone()
		cand := wall.Add(-time.Duration(off) * time.Second)
		if sameWall(cand.In(loc), wall) && (best.IsZero() || cand.Before(best)) {
			best = cand
		}
	}
	if best.IsZero() {
		return time.Time{}, false
	}
	return best.In(loc), true
}

func sameWall(a, b time.Time) bool {
	ay, am, ad := a.Date()
	by, bm, bd := b.Date()
	return ay == by && am == bm && ad == bd && a.Hour() == b.Hour() && a.Minute() == b.Minute()
}
