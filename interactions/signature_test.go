package interactions

import (
	"strconv"
	"testing"
	"time"
)

func TestCheckTimestamp(t *testing.T) {
	t.Parallel()
	now := time.Unix(1_800_000_000, 0)
	for _, tc := range []struct {
		ts string
		ok bool
	}{
		{strconv.FormatInt(now.Unix(), 10), true},
		{strconv.FormatInt(now.Add(-4*time.Minute).Unix(), 10), true},
		{strconv.FormatInt(now.Add(4*time.Minute).Unix(), 10), true},
		{strconv.FormatInt(now.Add(-5*time.Minute).Unix(), 10), true},
		{strconv.FormatInt(now.Add(-5*time.Minute-time.Second).Unix(), 10), false},
		{strconv.FormatInt(now.Add(5*time.Minute+time.Second).Unix(), 10), false},
		{strconv.FormatInt(now.AddDate(-1, 0, 0).Unix(), 10), false},
		{"hello", false},
		{"", false},
		{"1.5e9", false},
		{"-9223372036854775808", false},
		{"9223372036854775807", false},
		{"99999999999999999999999", false},
	} {
		if err := checkTimestamp(tc.ts, now); (err == nil) != tc.ok {
			t.Errorf("checkTimestamp(%q) = %v, want ok %v", tc.ts, err, tc.ok)
		}
	}
}

// FuzzCheckTimestamp: the signature timestamp header never panics the
// check, and only whole numbers within MaxClockSkew pass.
func FuzzCheckTimestamp(f *testing.F) {
	for _, s := range []string{"1800000000", "hello", "", "-1", "9223372036854775807", "-9223372036854775808", "1800000000.5", " 1800000000", "１８００"} {
		f.Add(s)
	}
	now := time.Unix(1_800_000_000, 0)
	f.Fuzz(func(t *testing.T, ts string) {
		if checkTimestamp(ts, now) != nil {
			return
		}
		sec, err := strconv.ParseInt(ts, 10, 64)
		if err != nil || time.Unix(sec, 0).Sub(now).Abs() > MaxClockSkew {
			t.Fatalf("checkTimestamp accepted %q", ts)
		}
	})
}
