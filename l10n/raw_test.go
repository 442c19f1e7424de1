package l10n

import (
	"strings"
	"testing"
)

// TestRaw: the messages of a prefix come as their templates, unexecuted,
// in the language asked for, and a change to one answer does not reach
// the next.
func TestRaw(t *testing.T) {
	en, err := English().Raw("web.error.")
	if err != nil {
		t.Fatal(err)
	}
	de, err := For("de").Raw("web.error.")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(en["web.error.bad_cell"], "{{.Row}}") || en["web.error.bad_cell"] == de["web.error.bad_cell"] || len(en) != len(de) {
		t.Fatalf("en %q, de %q", en["web.error.bad_cell"], de["web.error.bad_cell"])
	}
	for k := range en {
		if !strings.HasPrefix(k, "web.error.") {
			t.Fatalf("key %q", k)
		}
	}
	en["web.error.bad_cell"] = "changed"
	again, _ := English().Raw("web.error.")
	if again["web.error.bad_cell"] == "changed" {
		t.Fatal("the cache was changed through an answer")
	}
}
