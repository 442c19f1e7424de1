package cli

import (
	"encoding/json"
	"slices"
	"strings"
	"testing"

	"github.com/sudokubot/sudokubot/engine"
)

func TestHintCommand(t *testing.T) {
	const puzzle = "050703060007000800000816000000030000005000100730040086906000204840572093000409000"
	wrong := "2" + strings.Repeat(".", 80) // r1c1 holds 1 in the solution
	marks := strings.Repeat(",", 80)       // 81 empty fields: no marks
	tests := []struct {
		name    string
		args    []string
		code    int
		want    string // substring of stdout
		stderr  string // substring of stderr
		notWant string
	}{
		{name: "nudge", args: []string{puzzle}, want: "Look at box 1.", notWant: "r1c3"},
		{name: "level 2", args: []string{"--level", "2", puzzle}, want: "box 1", notWant: "r1c3"},
		{name: "level 3 after the puzzle", args: []string{puzzle, "--level", "3"}, want: "Result: place 8 in r1c3."},
		{name: "mistake", args: []string{"--progress", wrong, "--level", "2", puzzle}, want: "r1c1 is not right."},
		{name: "empty marks", args: []string{"--marks", marks, puzzle}, want: "Try Hidden single"},
		{name: "changed given", args: []string{"--progress", "." + "4" + strings.Repeat(".", 79), puzzle}, code: exitUsage, stderr: "hint: --progress: r1c2 is given as 5 but progress has 4"},
		{name: "not unique", args: []string{strings.Repeat(".", 81)}, code: exitError, want: "error: multiple solutions"},
		{name: "bad level", args: []string{"--level", "4", puzzle}, code: exitUsage, stderr: "--level 4"},
		{name: "no puzzle", args: nil, code: exitUsage, stderr: "exactly one PUZZLE"},
		{name: "bad puzzle", args: []string{"12x"}, code: exitUsage, stderr: "PUZZLE: line 1, column 3"},
		{name: "bad progress", args: []string{"--progress", "1", puzzle}, code: exitUsage, stderr: "--progress: found 1 cells"},
		{name: "bad marks", args: []string{"--marks", "12", puzzle}, code: exitUsage, stderr: "--marks: found 1 comma-separated"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			out, errOut, code := runGraded(t, "", append([]string{"hint"}, tt.args...)...)
			if code != tt.code {
				t.Errorf("exit %d, want %d (stdout %q, stderr %q)", code, tt.code, out, errOut)
			}
			if !strings.Contains(out, tt.want) {
				t.Errorf("stdout %q lacks %q", out, tt.want)
			}
			if tt.stderr != "" && !strings.Contains(errOut, tt.stderr) {
				t.Errorf("stderr %q lacks %q", errOut, tt.stderr)
			}
			if tt.notWant != "" && strings.Contains(out, tt.notWant) {
				t.Errorf("stdout %q gives away %q", out, tt.notWant)
			}
		})
	}
}

func TestHintCommandJSON(t *testing.T) {
	const puzzle = "050703060007000800000816000000030000005000100730040086906000204840572093000409000"
	tests := []struct {
		level      string
		texts      int
		cells      bool
		placements bool
	}{
		{"1", 1, false, false},
		{"2", 2, true, false},
		{"3", 3, true, true},
	}
	for _, tt := range tests {
		t.Run("level "+tt.level, func(t *testing.T) {
			out, errOut, code := runGraded(t, "", "hint", "--json", "--level", tt.level, puzzle)
			if code != exitOK {
				t.Fatalf("exit %d: %s", code, errOut)
			}
			var h hintJSON
			if err := json.Unmarshal([]byte(out), &h); err != nil {
				t.Fatalf("%v: %s", err, out)
			}
			if h.Kind != "step" || h.Technique != "Hidden Single" || len(h.Texts) != tt.texts ||
				h.Text != h.Texts[len(h.Texts)-1] || len(h.Area) != 1 || h.Area[0] != "box 1" {
				t.Errorf("unexpected JSON: %s", out)
			}
			if got := len(h.Cells) > 0; got != tt.cells {
				t.Errorf("cells given: %v, want %v: %s", got, tt.cells, out)
			}
			if tt.level == "2" {
				// Level 2: the pattern, but nothing of the result.
				for _, c := range h.Cells {
					if c.Row == 1 && c.Col == 3 {
						t.Errorf("level 2 names the answer's cell r1c3: %s", out)
					}
				}
				if len(h.Pattern) == 0 {
					t.Errorf("level 2 has no pattern: %s", out)
				}
				for _, p := range h.Pattern {
					if p.Role == "placed" || p.Role == "eliminated" {
						t.Errorf("level 2 pattern holds the result: %+v", p)
					}
				}
			}
			if tt.level == "1" && (len(h.Pattern) > 0 || len(h.Houses) != 1) {
				t.Errorf("level 1 reveals more than the area: %s", out)
			}
			want := []stepsCell{{Row: 1, Col: 3, Digit: 8}}
			if tt.placements && !slices.Equal(h.Placements, want) || !tt.placements && h.Placements != nil {
				t.Errorf("placements %v at level %s: %s", h.Placements, tt.level, out)
			}
		})
	}
}

func TestParseMarks(t *testing.T) {
	fields := make([]string, 81)
	fields[0], fields[1], fields[80] = "129", "0", "."
	marks, err := parseMarks(strings.Join(fields, ","))
	if err != nil {
		t.Fatal(err)
	}
	if marks[0] != engine.DigitSet(1, 2, 9) || marks[1] != 0 || marks[80] != 0 {
		t.Errorf("marks = %v %v %v", marks[0], marks[1], marks[80])
	}
	fields[5] = "1a"
	if _, err := parseMarks(strings.Join(fields, ",")); err == nil || !strings.Contains(err.Error(), "cell 6 (r1c6)") {
		t.Errorf("error = %v, want one naming cell 6", err)
	}
}

// TestHintJSONLevel2RefutationHidden: a proof by cases refutes its
// assumption, which is the candidate it removes; level 2's JSON must not
// carry that candidate anywhere (assumption, implications, premises,
// pattern, links), while level 3 names it as the result.
func TestHintJSONLevel2RefutationHidden(t *testing.T) {
	const puzzle = "1.......2.9.4...5...6...7...5.9.3.......7.......85..4.7.....6...3...9.8...2.....1"
	var three, two hintJSON
	for _, x := range []struct {
		level string
		into  *hintJSON
	}{{"3", &three}, {"2", &two}} {
		out, errOut, code := runGraded(t, "", "hint", "--json", "--level", x.level, puzzle)
		if code != exitOK {
			t.Fatalf("level %s: exit %d: %s", x.level, code, errOut)
		}
		if err := json.Unmarshal([]byte(out), x.into); err != nil {
			t.Fatal(err)
		}
	}
	if len(three.Branches) != 1 || len(three.Eliminations) == 0 {
		t.Fatalf("want a refutation with a result, got %d cases, %d eliminations", len(three.Branches), len(three.Eliminations))
	}
	result := map[stepsCell]bool{}
	for _, e := range three.Eliminations {
		result[e] = true
	}
	isResult := func(what string, l litJSON) {
		if result[stepsCell{Row: l.Row, Col: l.Col, Digit: l.Digit}] {
			t.Errorf("level 2 %s names the result r%dc%d#%d", what, l.Row, l.Col, l.Digit)
		}
	}
	var walk func([]branchJSON)
	walk = func(bs []branchJSON) {
		for _, b := range bs {
			isResult("assumption", b.Assume)
			for _, im := range b.Steps {
				isResult("implication", im.Lit)
				for _, f := range im.From {
					isResult("premise", f)
				}
			}
			walk(b.Sub)
		}
	}
	walk(two.Branches)
	for _, p := range two.Pattern {
		for _, d := range p.Digits {
			if result[stepsCell{Row: p.Row, Col: p.Col, Digit: d}] {
				t.Errorf("level 2 pattern %s names the result r%dc%d#%d", p.Role, p.Row, p.Col, d)
			}
		}
	}
	if len(two.Branches) != 1 || len(two.Branches[0].Steps) == 0 {
		t.Errorf("level 2 lost the proof: %+v", two.Branches)
	}
}

func TestHintInALanguage(t *testing.T) {
	const p = "......5....2.87.....12.....5......72.4...2..93...19.48........74.58......9...4.3."
	for _, tc := range []struct {
		args []string
		code int
		want string
	}{
		{[]string{"--lang", "zh-CN", "--level", "2", p}, 0, "排除（Hidden Single）：在第 1 宫里"},
		{[]string{"--lang", "de", p}, 0, "Probier die Technik „Versteckter Einer"},
		{[]string{"--lang", "ko", p}, exitUsage, "--lang \"ko\": want one of de, en-GB, en-US, es-419"},
	} {
		out, errOut, code := runGraded(t, "", append([]string{"hint"}, tc.args...)...)
		if code != tc.code || !strings.Contains(out+errOut, tc.want) {
			t.Errorf("hint %v: exit %d, out %q, err %q; want exit %d and %q", tc.args, code, out, errOut, tc.code, tc.want)
		}
	}
}

// TestHintStdin: "-" reads the puzzle from standard input, as render does.
func TestHintStdin(t *testing.T) {
	const puzzle = "57..6...3.3...5.6.6.1..7....53.....1....8....9.....27....8..4.2.8.1...3.2...4..19"
	out, errOut, code := runGraded(t, "# a comment\n"+puzzle+" 2.5\n", "hint", "-", "--level", "3")
	if code != exitOK || !strings.Contains(out, "Result:") {
		t.Fatalf("exit %d, stdout %q, stderr %q", code, out, errOut)
	}
	if _, errOut, code := runGraded(t, "", "hint", "-"); code != exitUsage || !strings.Contains(errOut, "no puzzle on standard input") {
		t.Fatalf("empty stdin: exit %d, stderr %q", code, errOut)
	}
}
