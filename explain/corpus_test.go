package explain

import (
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/sudokubot/sudokubot/engine"
	"github.com/sudokubot/sudokubot/internal/typolint"
	"github.com/sudokubot/sudokubot/l10n"
)

// The native corpus: what a native reviewer reads of the hints, per
// language (testdata/corpus/<tag>.hints.txt): the three levels of a fixed
// set of steps, one or more of every technique family the golden cases
// cover, from singles to forcing nets, uniqueness, ALS and fish. The
// steps are kept as data (testdata/corpus/steps.json), so the corpus is
// of fixed positions whatever the engine finds tomorrow; -record-corpus
// records them again from every family's golden cases, and
// -update-corpus rewrites the texts after a reading.

var (
	recordCorpus = flag.Bool("record-corpus", false, "record the corpus steps from the golden cases of every family (run with the whole package)")
	updateCorpus = flag.Bool("update-corpus", false, "rewrite testdata/corpus/<tag>.hints.txt")
)

var corpusStepsFile = filepath.Join("testdata", "corpus", "steps.json")

// corpusRec collects the steps the family goldens word, by their JSON.
var corpusRec struct {
	sync.Mutex
	steps map[string]engine.Step
}

// recordCorpusStep keeps a step a golden test words, when recording.
func recordCorpusStep(s engine.Step) {
	if !*recordCorpus {
		return
	}
	data, err := json.Marshal(s)
	if err != nil {
		return
	}
	corpusRec.Lock()
	defer corpusRec.Unlock()
	if corpusRec.steps == nil {
		corpusRec.steps = map[string]engine.Step{}
	}
	corpusRec.steps[string(data)] = s
}

func TestMain(m *testing.M) {
	flag.Parse()
	code := m.Run()
	if *recordCorpus {
		if err := writeCorpusSteps(); err != nil {
			fmt.Fprintln(os.Stderr, err)
			code = 1
		}
	}
	os.Exit(code)
}

// writeCorpusSteps writes the recorded steps sorted by technique, then
// by their data.
func writeCorpusSteps() error {
	keys := make([]string, 0, len(corpusRec.steps))
	for k := range corpusRec.steps {
		keys = append(keys, k)
	}
	slices.SortFunc(keys, func(a, b string) int {
		ta, tb := corpusRec.steps[a].Technique, corpusRec.steps[b].Technique
		if c := strings.Compare(string(ta), string(tb)); c != 0 {
			return c
		}
		return strings.Compare(a, b)
	})
	// One step a line: a diff shows which steps came or went.
	return os.WriteFile(corpusStepsFile, []byte("[\n"+strings.Join(keys, ",\n")+"\n]\n"), 0o644)
}

// corpusSteps reads the corpus's fixed steps.
func corpusSteps(t *testing.T) []engine.Step {
	t.Helper()
	data, err := os.ReadFile(corpusStepsFile)
	if err != nil {
		t.Fatalf("%v (run go test ./explain -record-corpus)", err)
	}
	var steps []engine.Step
	if err := json.Unmarshal(data, &steps); err != nil {
		t.Fatalf("%s: %v", corpusStepsFile, err)
	}
	return steps
}

// corpusHints is the corpus of one language: each step's name and its
// three hint levels, numbered so that a reviewer can cite a step.
func corpusHints(l *l10n.Lang, steps []engine.Step) string {
	var b strings.Builder
	for i, s := range steps {
		v := ""
		if s.Variant != "" {
			v = " (" + s.Variant + ")"
		}
		fmt.Fprintf(&b, "## %d. %s%s\n", i+1, s.Technique, v)
		h := engine.HintResult{Kind: engine.HintStep, Cells: s.Cells, Step: s}
		for level := 1; level <= engine.HintLevels; level++ {
			fmt.Fprintf(&b, "== level %d\n%s\n", level, strings.Join(Hint(l, h, level), "\n"))
		}
		b.WriteString("\n")
	}
	return b.String()
}

// TestCorpus keeps the corpus: at least 60 steps covering every family,
// each language's texts as reviewed, and none with a fault the linter
// knows.
func TestCorpus(t *testing.T) {
	t.Parallel() // pure: the words are made from read-only catalogues
	steps := corpusSteps(t)
	if len(steps) < 60 {
		t.Errorf("the corpus has %d steps, want at least 60", len(steps))
	}
	families := map[string]bool{}
	for _, s := range steps {
		families[corpusFamily(s.Technique)] = true
	}
	for _, f := range []string{"single", "intersection", "subset", "fish", "complex fish", "single digit",
		"wing", "uniqueness", "chain", "als", "forcing"} {
		if !families[f] {
			t.Errorf("the corpus has no step of the %s family", f)
		}
	}
	for _, tag := range l10n.Tags() {
		l := l10n.For(tag)
		text := corpusHints(l, steps)
		golden(t, filepath.Join("testdata", "corpus", tag+".hints.txt"), text, *updateCorpus, "update-corpus")
		for n, line := range strings.Split(text, "\n") {
			if strings.HasPrefix(line, "## ") {
				continue // the corpus's own heading, not a player's text
			}
			for _, p := range typolint.Check(tag, line) {
				t.Errorf("%s.hints.txt:%d: %v", tag, n+1, p)
			}
		}
		for _, p := range typolint.CheckLines(tag, strings.Split(text, "\n")) {
			t.Errorf("%s.hints.txt: %v", tag, p)
		}
	}
}

// corpusFamily is the family a technique belongs to, for the corpus's
// coverage.
func corpusFamily(t engine.TechniqueID) string {
	n := strings.ToLower(string(t))
	switch {
	case strings.Contains(n, "single") || strings.Contains(n, "full house"):
		if strings.HasPrefix(n, "direct") {
			return "intersection"
		}
		return "single"
	case strings.Contains(n, "pointing") || strings.Contains(n, "claiming"):
		return "intersection"
	case strings.Contains(n, "pair") && !strings.Contains(n, "remote") && !strings.Contains(n, "exclusion"),
		strings.Contains(n, "triple") && !strings.Contains(n, "exclusion"), strings.Contains(n, "quad"):
		return "subset"
	case strings.Contains(n, "franken") || strings.Contains(n, "mutant") || strings.Contains(n, "kraken"):
		return "complex fish"
	case strings.Contains(n, "wing") && !strings.Contains(n, "x-wing") && !strings.Contains(n, "als"):
		return "wing"
	case strings.Contains(n, "x-wing") || strings.Contains(n, "swordfish") || strings.Contains(n, "jellyfish") ||
		strings.Contains(n, "squirmbag") || strings.Contains(n, "whale") || strings.Contains(n, "leviathan"):
		return "fish"
	case strings.Contains(n, "kite") || strings.Contains(n, "skyscraper") || strings.Contains(n, "empty rectangle") ||
		strings.Contains(n, "turbot") || strings.Contains(n, "coloring") || strings.Contains(n, "colouring"):
		return "single digit"
	case strings.Contains(n, "unique") || strings.Contains(n, "bug") || strings.Contains(n, "avoidable") ||
		strings.Contains(n, "hidden rectangle"):
		return "uniqueness"
	case strings.Contains(n, "als") || strings.Contains(n, "death blossom"):
		return "als"
	case strings.Contains(n, "forcing") || strings.Contains(n, "nishio"):
		return "forcing"
	case strings.Contains(n, "chain") || strings.Contains(n, "loop") || strings.Contains(n, "aic"):
		return "chain"
	}
	return "other"
}
