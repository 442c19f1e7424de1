package store

import (
	"errors"
	"testing"
	"time"
)

func TestParseDay(t *testing.T) {
	for _, s := range []string{"2026-11-22", "2024-02-29", "0001-01-02", "9999-12-31"} {
		d, err := ParseDay(s)
		if err != nil || d.String() != s {
			t.Errorf("ParseDay(%q) = %v, %v; want it back", s, d, err)
		}
	}
	for _, s := range []string{"", "2026-02-30", "2026-13-01", "22/11/2026", "2026-1-02", "2026-11-22T00:00:00Z", "June 1", "0001-01-01"} {
		if d, err := ParseDay(s); !errors.Is(err, ErrInvalid) || !d.IsZero() {
			t.Errorf("ParseDay(%q) = %v, %v; want ErrInvalid", s, d, err)
		}
	}
}

func TestDayArithmetic(t *testing.T) {
	d := Date(2026, time.February, 28)
	if got := d.AddDays(1).String(); got != "2026-03-01" {
		t.Errorf("AddDays(1) = %s", got)
	}
	if got := d.AddDays(-59).String(); got != "2025-12-31" {
		t.Errorf("AddDays(-59) = %s", got)
	}
	if n := Date(2026, time.November, 22).Sub(Date(2026, time.January, 1)); n != 325 {
		t.Errorf("Sub = %d, want 325", n)
	}
	if !d.Before(d.AddDays(1)) || d.After(d) || d != Date(2026, 2, 28) {
		t.Error("comparisons")
	}
	// 23:30 UTC on the 22nd is already the 23rd in Tokyo.
	at := time.Date(2026, 11, 22, 23, 30, 0, 0, time.UTC)
	tokyo, _ := time.LoadLocation("Asia/Tokyo")
	if got := DayOf(at, tokyo).String(); got != "2026-11-23" {
		t.Errorf("DayOf in Tokyo = %s", got)
	}
	if (Day{}).String() != "" {
		t.Error("the zero Day should print empty")
	}
}

func FuzzParseDay(f *testing.F) {
	for _, s := range []string{"2026-11-22", "2026-02-30", "", "x"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		d, err := ParseDay(s)
		if err != nil {
			return
		}
		if d.String() != s {
			t.Fatalf("ParseDay(%q).String() = %q", s, d.String())
		}
	})
}
