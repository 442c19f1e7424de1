package bot

import (
	"strconv"
	"testing"
	"time"
)

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
