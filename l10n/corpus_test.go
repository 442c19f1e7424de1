package l10n

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

var updateCorpus = flag.Bool("update-corpus", false, "rewrite testdata/corpus/<tag>.messages.txt")

// TestMessagesCorpus keeps the native corpus of the catalogue: every
// message of every language rendered with sample data (each plural form
// a count selects: 0, 1 and 5), one message a line, as a native reviewer
// reads them (testdata/corpus/<tag>.messages.txt). The hints' corpus is
// explain's (explain/testdata/corpus).
func TestMessagesCorpus(t *testing.T) {
	for _, tag := range Tags() {
		l := For(discordLocale(tag))
		msgs := readFile(t, tag)
		ids := make([]string, 0, len(msgs))
		for id := range msgs {
			ids = append(ids, id)
		}
		slices.Sort(ids)
		var b strings.Builder
		for _, id := range ids {
			names := fields(msgs[id])
			nouns := fieldsOf(msgs[id], nounField)
			for _, count := range []int{0, 1, 5} {
				text := l.T(id, sampleArgs(l, names, nouns, count)...)
				if text == id {
					// go-i18n answers a plural form the message lacks with its key.
					t.Errorf("%s: %s at count %d renders as its own key: give it every plural form of the language", tag, id, count)
				}
				label := id
				if slices.Contains(names, "Count") {
					label = fmt.Sprintf("%s [%d]", id, count)
				}
				fmt.Fprintf(&b, "%s = %s\n", label, strings.ReplaceAll(text, "\n", "⏎"))
				if !slices.Contains(names, "Count") {
					break
				}
			}
		}
		path := filepath.Join("testdata", "corpus", tag+".messages.txt")
		got := b.String()
		if *updateCorpus {
			if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
				t.Fatal(err)
			}
			continue
		}
		want, err := os.ReadFile(path)
		if err != nil {
			t.Fatalf("%v (run go test ./l10n -update-corpus)", err)
		}
		if got != string(want) {
			t.Errorf("%s differs from the catalogue: read the change, then run go test ./l10n -run TestMessagesCorpus -update-corpus", path)
		}
	}
}
