package typolint

import (
	"slices"
	"testing"
)

// reviewCase is a text a native reading quoted or the text that replaced
// it: rule is what Check must report on it, "" for a text that must pass
// clean.
type reviewCase struct {
	text, rule string
}

// checkReview runs Check in lang over each case of a review's table: a
// fault must set off its rule (among any others), a clean text none.
// keep, when not nil, narrows what counts to the rules under test (a
// review whose texts other reviews' rules may also flag); a missing rule
// is reported with all that Check found.
func checkReview(t *testing.T, lang string, cases []reviewCase, keep func(rule string) bool) {
	t.Helper()
	for _, tc := range cases {
		var all []string
		for _, p := range Check(lang, tc.text) {
			all = append(all, p.Rule)
		}
		got := all
		if keep != nil {
			got = slices.DeleteFunc(slices.Clone(all), func(r string) bool { return !keep(r) })
		}
		switch {
		case tc.rule == "" && len(got) > 0:
			t.Errorf("%s %q: got %v, want clean", lang, tc.text, got)
		case tc.rule != "" && !slices.Contains(got, tc.rule):
			t.Errorf("%s %q: got %v, want %q", lang, tc.text, all, tc.rule)
		}
	}
}
