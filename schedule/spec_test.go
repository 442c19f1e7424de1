package schedule

import (
	"errors"
	"testing"
	"time"

	"github.com/robfig/cron/v3"
)

func mustLoad(t testing.TB, name string) *time.Location {
	t.Helper()
	loc, err := time.LoadLocation(name)
	if err != nil {
		t.Fatalf("load %s: %v", name, err)
	}
	return loc
}

// local parses "2006-01-02 15:04" in loc, taking the first occurrence of an
// ambiguous reading, and accepts an explicit offset ("2006-01-02 15:04 -0500")
// to pick the second.
func local(t testing.TB, loc *time.Location, s string) time.Time {
	t.Helper()
	if v, err := time.Parse("2006-01-02 15:04 -0700", s); err == nil {
		return v.In(loc)
	}
	v, err := time.ParseInLocation("2006-01-02 15:04", s, time.UTC)
	if err != nil {
		t.Fatalf("parse %q: %v", s, err)
	}
	w, ok := wallInstant(loc, v.Year(), v.Month(), v.Day(), v.Hour(), v.Minute())
	if !ok {
		t.Fatalf("%q does not exist in %s", s, loc)
	}
	return w
}

func TestDailyScheduleNext(t *testing.T) {
	tests := []struct {
		name, zone, at, from, want string
	}{
		{"ordinary day", "America/New_York", "09:00", "2026-06-01 08:59", "2026-06-01 09:00 -0400"},
		{"just after", "America/New_York", "09:00", "2026-06-01 09:00", "2026-06-02 09:00 -0400"},
		{"winter", "America/New_York", "09:00", "2026-12-24 23:00", "2026-12-25 09:00 -0500"},
		{"spring gap posts at first valid minute", "America/New_York", "02:30", "2026-03-07 12:00", "2026-03-08 03:00 -0400"},
		{"day after the gap", "America/New_York", "02:30", "2026-03-08 03:00", "2026-03-09 02:30 -0400"},
		{"edge of gap", "America/New_York", "02:00", "2026-03-07 12:00", "2026-03-08 03:00 -0400"},
		{"last minute of gap", "America/New_York", "02:59", "2026-03-07 12:00", "2026-03-08 03:00 -0400"},
		{"first minute after gap", "America/New_York", "03:00", "2026-03-07 12:00", "2026-03-08 03:00 -0400"},
		{"repeated hour: first pass", "America/New_York", "01:30", "2026-10-31 12:00", "2026-11-01 01:30 -0400"},
		{"repeated hour: not again", "America/New_York", "01:30", "2026-11-01 01:30 -0400", "2026-11-02 01:30 -0500"},
		{"repeated hour: not in second pass", "America/New_York", "01:30", "2026-11-01 01:10 -0500", "2026-11-02 01:30 -0500"},
		{"London spring gap", "Europe/London", "01:30", "2026-03-28 12:00", "2026-03-29 02:00 +0100"},
		{"London autumn repeat", "Europe/London", "01:30", "2026-10-24 12:00", "2026-10-25 01:30 +0100"},
		{"London autumn repeat once", "Europe/London", "01:30", "2026-10-25 01:30 +0100", "2026-10-26 01:30 +0000"},
		{"London midnight", "Europe/London", "00:00", "2026-03-28 12:00", "2026-03-29 00:00 +0000"},
		{"Lord Howe half-hour gap", "Australia/Lord_Howe", "02:15", "2026-10-03 12:00", "2026-10-04 02:30 +1100"},
		{"Lord Howe after gap", "Australia/Lord_Howe", "02:30", "2026-10-03 12:00", "2026-10-04 02:30 +1100"},
		{"Lord Howe half-hour repeat", "Australia/Lord_Howe", "01:45", "2026-04-04 12:00", "2026-04-05 01:45 +1100"},
		{"Lord Howe repeat once", "Australia/Lord_Howe", "01:45", "2026-04-05 01:45 +1100", "2026-04-06 01:45 +1030"},
		{"Kolkata half-hour offset", "Asia/Kolkata", "09:00", "2026-03-08 00:00", "2026-03-08 09:00 +0530"},
		{"Kolkata next day", "Asia/Kolkata", "09:00", "2026-03-08 09:00", "2026-03-09 09:00 +0530"},
		{"UTC", "UTC", "23:59", "2026-12-31 23:59", "2027-01-01 23:59 +0000"},
		{"month end", "Asia/Tokyo", "07:05", "2026-02-28 08:00", "2026-03-01 07:05 +0900"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s, err := ParseDaily(tt.at, tt.zone)
			if err != nil {
				t.Fatal(err)
			}
			from := local(t, s.Location, tt.from)
			want := local(t, s.Location, tt.want)
			got := s.Next(from)
			if !got.Equal(want) {
				t.Errorf("Next(%s) = %s, want %s", from, got, want)
			}
			// Next keeps the caller's location.
			if gotUTC := s.Next(from.UTC()); gotUTC.Location() != time.UTC || !gotUTC.Equal(want) {
				t.Errorf("Next(UTC %s) = %s, want %s in UTC", from.UTC(), gotUTC, want.UTC())
			}
		})
	}
}

// TestCronV3DST records why DailySchedule exists: cron v3's own schedule
// skips the New York spring gap and fires twice in the autumn repeat.
func TestCronV3DST(t *testing.T) {
	ny := mustLoad(t, "America/New_York")
	gap, _ := cron.ParseStandard("CRON_TZ=America/New_York 30 2 * * *")
	from := local(t, ny, "2026-03-07 12:00")
	if got := gap.Next(from); got.Equal(local(t, ny, "2026-03-08 03:00")) {
		t.Logf("cron now handles the spring gap: %s", got)
	} else {
		t.Logf("cron v3 skips the gap: next after %s is %s", from, got)
	}
	rep, _ := cron.ParseStandard("CRON_TZ=America/New_York 30 1 * * *")
	first := rep.Next(local(t, ny, "2026-10-31 12:00"))
	second := rep.Next(first)
	t.Logf("cron v3 in the repeated hour: %s then %s", first, second)
	ours, _ := ParseDaily("01:30", "America/New_York")
	if a, b := ours.Next(local(t, ny, "2026-10-31 12:00")), ours.Next(first); !a.Equal(first) || b.Sub(a) != 25*time.Hour {
		t.Errorf("DailySchedule in the repeated hour: %s then %s, want %s then a day (25 h) later", a, b, first)
	}
}

// TestDailyScheduleMatchesCron checks that away from daylight-saving
// transitions DailySchedule gives exactly cron's answer.
func TestDailyScheduleMatchesCron(t *testing.T) {
	zones := []string{"UTC", "America/New_York", "Europe/London", "Australia/Lord_Howe", "Asia/Kolkata", "America/Sao_Paulo", "Pacific/Chatham", "Asia/Kathmandu"}
	times := []string{"00:00", "01:30", "02:30", "09:00", "12:45", "23:59"}
	start := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	compared, differed := 0, 0
	for _, zone := range zones {
		for _, at := range times {
			ours, err := ParseDaily(at, zone)
			if err != nil {
				t.Fatal(err)
			}
			theirs := ours.cronSchedule()
			for from := start; from.Year() == 2026; from = from.Add(17*time.Hour + 13*time.Minute) {
				a, b := ours.Next(from), theirs.Next(from)
				compared++
				if a.Equal(b) {
					continue
				}
				differed++
				later := a
				if b.After(a) {
					later = b
				}
				_, o1 := from.In(ours.Location).Zone()
				_, o2 := later.In(ours.Location).Zone()
				if o1 == o2 {
					t.Errorf("%s %s from %s: ours %s, cron %s, with no offset change between", zone, at, from, a, b)
				}
			}
		}
	}
	t.Logf("compared %d firings, %d differ (all across DST changes)", compared, differed)
}

func TestParseDailyErrors(t *testing.T) {
	tests := []struct{ at, zone string }{
		{"9:00", "UTC"},
		{"24:00", "UTC"},
		{"12:60", "UTC"},
		{"12-30", "UTC"},
		{"ab:cd", "UTC"},
		{"09:00", ""},
		{"09:00", "Mars/Olympus"},
		{"09:00", "Local"},
		{"09:00", "Europe/Paris 1 2"},
	}
	for _, tt := range tests {
		if _, err := ParseDaily(tt.at, tt.zone); !errors.Is(err, ErrBadSetting) {
			t.Errorf("ParseDaily(%q, %q) = %v, want ErrBadSetting", tt.at, tt.zone, err)
		}
	}
}
