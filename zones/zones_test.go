package zones

import (
	"errors"
	"testing"
	"unicode/utf8"
)

func TestMatch(t *testing.T) {
	for typed, want := range map[string]string{"pari": "Europe/Paris", "new y": "America/New_York", "utc": "UTC", "tokyo": "Asia/Tokyo"} {
		got := Match(typed, 25)
		if len(got) == 0 || got[0] != want {
			t.Errorf("Match(%q) = %v, want %s first", typed, got, want)
		}
	}
	if got := Match("", 25); len(got) != 25 {
		t.Errorf("empty query gave %d names, want 25", len(got))
	}
}

func TestLoad(t *testing.T) {
	for _, z := range names {
		if _, n, err := Load(z); err != nil || n != z {
			t.Errorf("Load(%s) = %q, %v", z, n, err)
		}
	}
	if _, n, err := Load(" europe/PARIS "); err != nil || n != "Europe/Paris" {
		t.Errorf("Load(europe/PARIS) = %q, %v; want Europe/Paris", n, err)
	}
	for _, bad := range []string{"", "Local", "Mars/Olympus", "../../etc/passwd"} {
		if _, _, err := Load(bad); !errors.Is(err, ErrUnknown) {
			t.Errorf("Load(%q) = %v, want ErrUnknown", bad, err)
		}
	}
}

func FuzzLoad(f *testing.F) {
	for _, s := range []string{"Europe/Paris", "europe/PARIS", "../../etc/passwd", "", "Local", "new y"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if _, n, err := Load(s); err == nil && !utf8.ValidString(n) {
			t.Fatalf("Load(%q) gave %q", s, n)
		}
		for _, z := range Match(s, 25) {
			if !utf8.ValidString(z) {
				t.Fatalf("Match(%q) gave %q", s, z)
			}
		}
	})
}
