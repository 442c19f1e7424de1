package bot

import (
	"testing"
)

func TestRouteMatch(t *testing.T) {
	t.Parallel()
	var r Router
	for _, tc := range []struct {
		pattern, id string
		ok          bool
		params      map[string]string
	}{
		{"hint/{game}/{level}", "hint/12/3", true, map[string]string{"game": "12", "level": "3"}},
		{"hint/{game}/{level}", "hint/12", false, nil},
		{"hint/{game}/{level}", "hint/12/3/4", false, nil},
		{"hint/{game}/{level}", "hint//3", false, nil},
		{"giveup/{game}/yes", "giveup/7/yes", true, map[string]string{"game": "7"}},
		{"giveup/{game}/yes", "giveup/7/no", false, nil},
		{"check/{game}", "cheque/7", false, nil},
	} {
		r.Component(tc.pattern, Private, nil)
		rt := r.components[len(r.components)-1]
		params, ok := rt.match(tc.id)
		if ok != tc.ok || len(params) != len(tc.params) {
			t.Errorf("%s ~ %s: %v %v, want %v %v", tc.pattern, tc.id, params, ok, tc.params, tc.ok)
			continue
		}
		for k, v := range tc.params {
			if params[k] != v {
				t.Errorf("%s ~ %s: %s=%q, want %q", tc.pattern, tc.id, k, params[k], v)
			}
		}
	}
}
