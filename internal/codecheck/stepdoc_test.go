package codecheck

import (
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/sudokubot/sudokubot/engine"
	"github.com/sudokubot/sudokubot/internal/mdcode"
	"github.com/sudokubot/sudokubot/stepjson"
)

// stepTable is the rows of docs/commands.md's table of a step's JSON
// fields (`steps --json`): the first column's fields, and each row's
// code spans, by field.
func stepTable(t *testing.T) (fields []string, rows map[string][]string) {
	t.Helper()
	raw, err := os.ReadFile(filepath.Join("..", "..", "docs", "commands.md"))
	if err != nil {
		t.Fatal(err)
	}
	_, rest, ok := strings.Cut(string(raw), "where a STEP is\n")
	if !ok {
		t.Fatal("docs/commands.md has no table of a STEP's fields (\"where a STEP is\")")
	}
	rows = map[string][]string{}
	row := regexp.MustCompile("^\\| (`[^|]+`) \\| (.*) \\|$")
	for _, line := range strings.Split(rest, "\n") {
		if line != "" && !strings.HasPrefix(line, "|") {
			break
		}
		m := row.FindStringSubmatch(line)
		if m == nil {
			continue
		}
		for _, f := range mdcode.Spans(m[1]) {
			fields = append(fields, f)
			rows[f] = mdcode.Spans(m[2])
		}
	}
	return fields, rows
}

// TestStepFieldsDocumented: the table of a step's JSON fields in
// docs/commands.md names every field of stepjson.Step and no other, the
// pattern's roles are engine.Roles and the branches' reasons
// engine.Reasons, so that `steps --json`'s documentation follows the
// types it documents.
func TestStepFieldsDocumented(t *testing.T) {
	t.Parallel()
	fields, rows := stepTable(t)
	var want []string
	for f := range reflect.TypeFor[stepjson.Step]().Fields() {
		name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
		if name != "" && name != "-" {
			want = append(want, name)
		}
	}
	slices.Sort(want)
	got := slices.Sorted(slices.Values(fields))
	if !slices.Equal(got, want) {
		t.Errorf("docs/commands.md's STEP table has the fields %q; stepjson.Step has %q", got, want)
	}
	inRow := func(field string, values []string, what string) {
		spans := rows[field]
		for _, v := range values {
			if !slices.Contains(spans, v) {
				t.Errorf("docs/commands.md's %s row does not name the %s `%s`", field, what, v)
			}
		}
	}
	inRow("pattern", strs(engine.Roles()), "role")
	inRow("branches", strs(engine.Reasons()), "reason")
	// And names no role that is none: every span of the pattern row that
	// looks like a role is one.
	for _, s := range rows["pattern"] {
		if regexp.MustCompile(`^[a-z]+(-[a-z0-9]+)*$`).MatchString(s) && !slices.Contains(strs(engine.Roles()), s) &&
			!slices.Contains([]string{"row", "col", "digits", "role", "group"}, s) {
			t.Errorf("docs/commands.md's pattern row names `%s`, which is no role of engine.Roles", s)
		}
	}
}

func strs[T ~string](vs []T) []string {
	out := make([]string, len(vs))
	for i, v := range vs {
		out[i] = string(v)
	}
	return out
}
