package engine

import (
	"errors"
	"testing"
)

func TestShareCodeRoundTrip(t *testing.T) {
	for i, e := range DefaultPool().All() {
		code := ShareCode(e.Puzzle)
		if len(code) > 40 {
			t.Errorf("entry %d: code %q has %d characters", i, code, len(code))
		}
		g, err := ParseShareCode(code)
		if err != nil || g != e.Puzzle {
			t.Fatalf("entry %d: %q read back as %s, %v", i, code, g, err)
		}
	}
	var full Grid
	for c := range full {
		full[c] = uint8(c%9) + 1
	}
	if g, err := ParseShareCode(ShareCode(full)); err != nil || g != full {
		t.Fatalf("full grid: %v", err)
	}
}

func TestShareCodeLoose(t *testing.T) {
	p := DefaultPool().All()[0].Puzzle
	code := ShareCode(p)
	loose := "  " + code[:5] + "-" + code[5:10] + " " + code[10:] + " "
	for _, s := range []string{loose, toLower(code)} {
		if g, err := ParseShareCode(s); err != nil || g != p {
			t.Errorf("%q: %v", s, err)
		}
	}
}

func toLower(s string) string {
	b := []byte(s)
	for i, c := range b {
		if c >= 'A' && c <= 'Z' {
			b[i] = c + 32
		}
	}
	return string(b)
}

func TestShareCodeBad(t *testing.T) {
	code := ShareCode(DefaultPool().All()[0].Puzzle)
	typo := []byte(code)
	if typo[3] == 'A' {
		typo[3] = 'B'
	} else {
		typo[3] = 'A'
	}
	for _, s := range []string{"", "   ", "hello!", "U", string(typo), code + code + code, "0000"} {
		if g, err := ParseShareCode(s); !errors.Is(err, ErrBadCode) || g != (Grid{}) {
			t.Errorf("%q: got %s, %v; want ErrBadCode", s, g, err)
		}
	}
}

func FuzzParseShareCode(f *testing.F) {
	f.Add(ShareCode(DefaultPool().All()[0].Puzzle))
	f.Add("")
	f.Add("zz-zz")
	f.Fuzz(func(t *testing.T, s string) {
		g, err := ParseShareCode(s)
		if err != nil {
			if g != (Grid{}) {
				t.Fatalf("error with a grid: %v", err)
			}
			return
		}
		for _, d := range g {
			if d > 9 {
				t.Fatalf("cell value %d", d)
			}
		}
		if h, err := ParseShareCode(ShareCode(g)); err != nil || h != g {
			t.Fatalf("round trip of %s: %v", g, err)
		}
	})
}
