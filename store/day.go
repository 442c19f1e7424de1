package store

import (
	"database/sql/driver"
	"fmt"
	"time"
)

// Day is a calendar date, YYYY-MM-DD: the guild-local date that names a
// daily. It is parsed once where a date comes in (ParseDay, DayOf) and
// typed from then on. Days compare with ==, Before and After; the zero Day
// is no date. In the database a Day is its String.
type Day struct {
	t time.Time // midnight UTC
}

// ParseDay reads a YYYY-MM-DD calendar date. Anything else, including a
// date that does not exist ("2026-02-30") and 0001-01-01 (which is the
// zero Day), is ErrInvalid.
func ParseDay(s string) (Day, error) {
	t, err := time.Parse(time.DateOnly, s)
	if err != nil || len(s) != 10 || t.IsZero() {
		return Day{}, fmt.Errorf("date %q is not a YYYY-MM-DD calendar date: %w", s, ErrInvalid)
	}
	return Day{t}, nil
}

// DayOf is the calendar date that t falls on in loc.
func DayOf(t time.Time, loc *time.Location) Day {
	y, m, d := t.In(loc).Date()
	return Date(y, m, d)
}

// Date is the Day of a year, month and day, normalised as time.Date does
// (January 32 is February 1).
func Date(year int, month time.Month, day int) Day {
	return Day{time.Date(year, month, day, 0, 0, 0, 0, time.UTC)}
}

// String is the date as YYYY-MM-DD; "" for the zero Day.
func (d Day) String() string {
	if d.IsZero() {
		return ""
	}
	return d.t.Format(time.DateOnly)
}

// IsZero reports whether d is no date.
func (d Day) IsZero() bool { return d.t.IsZero() }

// Time is the start of the day in UTC.
func (d Day) Time() time.Time { return d.t }

// AddDays returns the date n days after d (n may be negative).
func (d Day) AddDays(n int) Day { return Day{d.t.AddDate(0, 0, n)} }

// Sub is the number of days from o to d.
func (d Day) Sub(o Day) int { return int(d.t.Sub(o.t).Hours() / 24) }

// Before reports whether d comes before o.
func (d Day) Before(o Day) bool { return d.t.Before(o.t) }

// After reports whether d comes after o.
func (d Day) After(o Day) bool { return d.t.After(o.t) }

// Weekday is the day of the week of d.
func (d Day) Weekday() time.Weekday { return d.t.Weekday() }

// Value stores d as its String.
func (d Day) Value() (driver.Value, error) { return d.String(), nil }

// Scan reads a stored YYYY-MM-DD; "" is the zero Day.
func (d *Day) Scan(v any) error {
	s, err := scannedText(v, "day")
	if err != nil {
		return err
	}
	if s == "" {
		*d = Day{}
		return nil
	}
	p, err := ParseDay(s)
	if err != nil {
		return fmt.Errorf("store: %w", err)
	}
	*d = p
	return nil
}

// checkDay validates a YYYY-MM-DD date given as a string, for the
// functions that still take one.
func checkDay(day string) error {
	if _, err := ParseDay(day); err != nil {
		return fmt.Errorf("store: %w", err)
	}
	return nil
}

// checkDayValue refuses the zero Day.
func checkDayValue(day Day) error {
	if day.IsZero() {
		return fmt.Errorf("store: no date given: %w", ErrInvalid)
	}
	return nil
}

// scannedText is a text column's value as the drivers hand it over
// (string, []byte, or nil for NULL, read as ""), for the Scan methods of
// typed columns; what names the column in the error.
func scannedText(v any, what string) (string, error) {
	switch v := v.(type) {
	case string:
		return v, nil
	case []byte:
		return string(v), nil
	case nil:
		return "", nil
	}
	return "", fmt.Errorf("store: a %s of type %T", what, v)
}
