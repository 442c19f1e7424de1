package shareddata

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// recorder is a TB that records a skip instead of stopping the test.
type recorder struct{ skipped string }

func (r *recorder) Helper()                          {}
func (r *recorder) Skipf(format string, args ...any) { r.skipped = fmt.Sprintf(format, args...) }

// TestFindOrder: the full shared copy wins; without it the repository's
// sample is used; without both the test skips, saying what is missing.
func TestFindOrder(t *testing.T) {
	full := t.TempDir()
	if err := os.MkdirAll(filepath.Join(full, "puzzles"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(full, "puzzles", "sxbank_hard.txt"), []byte("# full\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	t.Setenv(Env, full)

	p, isFull, err := Find("puzzles/sxbank_hard.txt")
	if err != nil || !isFull || p != filepath.Join(full, "puzzles", "sxbank_hard.txt") {
		t.Fatalf("with the full set: %q, full %v, %v", p, isFull, err)
	}
	// Not in the full set: the sample shipped in testdata/.
	p, isFull, err = Find("discord-api-spec/openapi.json")
	if err != nil || isFull || !strings.HasSuffix(filepath.ToSlash(p), "testdata/discord-api-spec/openapi.json") {
		t.Fatalf("sample: %q, full %v, %v", p, isFull, err)
	}
	var r recorder
	if FullPath(&r, "discord-api-spec/openapi.json"); !strings.Contains(r.skipped, "needs the full shared data set") {
		t.Fatalf("FullPath of a sample: skip %q", r.skipped)
	}
	r = recorder{}
	if Puzzles(&r, "no_such_set.txt"); !strings.Contains(r.skipped, "puzzles/no_such_set.txt is neither in the shared data") {
		t.Fatalf("missing set: skip %q", r.skipped)
	}
}

// TestSamplesShipped: every puzzle set the tests read has a sample in
// testdata/puzzles, and the samples keep the first records of the full
// sets (tests take "the first n" puzzles or a line under 60).
func TestSamplesShipped(t *testing.T) {
	root, err := Root()
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{
		"sxbank_easy.txt", "sxbank_medium.txt", "sxbank_hard.txt", "sxbank_diabolical.txt", "sxbank_hardest_se8.8plus.txt",
		"cbg000_easy.txt", "cbg000_medium.txt", "cbg000_hard.txt", "cbg000_diabolical.txt", "cbg000_first500_natural.txt",
		"csp_rules_ser_examples.txt", "royle17_sample.txt", "q2_hardest_top300.txt", "tdoku_test_puzzles.txt",
		"constructed_negative_cases.txt", "hodoku_reglib-1.3.txt",
	} {
		sample, err := os.ReadFile(filepath.Join(root, "testdata", "puzzles", name))
		if err != nil {
			t.Errorf("%s: %v", name, err)
			continue
		}
		d, ok := SharedDir()
		if !ok {
			continue
		}
		full, err := os.ReadFile(filepath.Join(d, "puzzles", name))
		if err != nil {
			continue
		}
		lines := strings.SplitAfter(string(full), "\n")
		head := strings.Join(lines[:min(60, len(lines))], "")
		if !strings.HasPrefix(string(sample), head) {
			t.Errorf("%s: the sample does not start with the full set's first 60 lines", name)
		}
	}
}
