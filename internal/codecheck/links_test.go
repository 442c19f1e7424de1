package codecheck

import (
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"unicode"
)

var (
	// mdLink is an inline link or image, [text](target "title"), and
	// mdRef a reference definition, [label]: target.
	mdLink = regexp.MustCompile(`!?\[[^\]]*\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)`)
	mdRef  = regexp.MustCompile(`(?m)^ {0,3}\[[^\]]+\]:\s*<?(\S+?)>?(?:\s|$)`)
	// mdCode is what is not prose: fenced blocks and inline code.
	mdFence  = regexp.MustCompile("(?ms)^ {0,3}```.*?^ {0,3}```")
	mdInline = regexp.MustCompile("`+[^`\n]*`+")
	heading  = regexp.MustCompile(`(?m)^ {0,3}#{1,6}[ \t]+(.*?)[ \t#]*$`)
	htmlID   = regexp.MustCompile(`<a\s+(?:name|id)="([^"]+)"`)
)

// TestDocLinks: every relative link of every Markdown file of the
// repository (README, docs/, web/API.md, the data's provenance, the
// style sheets) names a file that exists, and a link to a heading
// (file.md#anchor, #anchor) names a heading that file has, as GitHub
// makes its anchors. A file moved or a heading renamed fails here
// instead of leaving a dead link.
func TestDocLinks(t *testing.T) {
	t.Parallel()
	root := filepath.Join("..", "..")
	anchors := map[string]map[string]bool{} // a Markdown file's anchors, by path
	anchorsOf := func(path string) (map[string]bool, error) {
		if a, ok := anchors[path]; ok {
			return a, nil
		}
		raw, err := os.ReadFile(path)
		if err != nil {
			return nil, err
		}
		a := mdAnchors(string(raw))
		anchors[path] = a
		return a, nil
	}
	checked := 0
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && path != root && (d.Name() == "node_modules" || strings.HasPrefix(d.Name(), ".")) {
			return filepath.SkipDir
		}
		if d.IsDir() || !strings.HasSuffix(path, ".md") {
			return nil
		}
		raw, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		name, _ := filepath.Rel(root, path)
		for _, target := range mdTargets(string(raw)) {
			if target == "" || strings.HasPrefix(target, "/") || regexp.MustCompile(`^[a-zA-Z][a-zA-Z0-9+.-]*:`).MatchString(target) {
				continue // absolute: a URL, mailto:, a path of the running bot
			}
			checked++
			file, anchor, _ := strings.Cut(target, "#")
			dest := path
			if file != "" {
				dest = filepath.Join(filepath.Dir(path), filepath.FromSlash(file))
				if _, err := os.Stat(dest); err != nil {
					t.Errorf("%s links to %s, which does not exist", name, target)
					continue
				}
			}
			if anchor == "" {
				continue
			}
			if !strings.HasSuffix(dest, ".md") {
				t.Errorf("%s links to %s: an anchor in a file that is not Markdown", name, target)
				continue
			}
			a, err := anchorsOf(dest)
			if err != nil {
				t.Errorf("%s links to %s: %v", name, target, err)
				continue
			}
			if !a[strings.ToLower(anchor)] {
				t.Errorf("%s links to %s, and %s has no heading #%s", name, target, filepath.Base(dest), anchor)
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("checked %d relative links", checked)
	if checked < 20 {
		t.Errorf("checked %d relative links: the scan is broken", checked)
	}
}

// mdTargets are the targets of a Markdown text's links, outside code.
func mdTargets(text string) []string {
	prose := mdInline.ReplaceAllString(mdFence.ReplaceAllString(text, ""), "")
	var out []string
	for _, m := range mdLink.FindAllStringSubmatch(prose, -1) {
		out = append(out, m[1])
	}
	for _, m := range mdRef.FindAllStringSubmatch(prose, -1) {
		out = append(out, m[1])
	}
	return out
}

// mdAnchors are the anchors of a Markdown text's headings as GitHub makes
// them (lower case; letters, digits, spaces, hyphens and underscores
// kept; spaces made hyphens; a repeated one numbered -1, -2, ...), and
// the ids of its HTML anchors.
func mdAnchors(text string) map[string]bool {
	out := map[string]bool{}
	seen := map[string]int{}
	for _, m := range heading.FindAllStringSubmatch(mdFence.ReplaceAllString(text, ""), -1) {
		// A heading's link text counts, its target does not.
		h := regexp.MustCompile(`\[([^\]]*)\]\([^)]*\)`).ReplaceAllString(m[1], "$1")
		var b strings.Builder
		for _, r := range strings.ToLower(h) {
			switch {
			case unicode.IsLetter(r), unicode.IsDigit(r), r == '-', r == '_':
				b.WriteRune(r)
			case r == ' ':
				b.WriteRune('-')
			}
		}
		slug := b.String()
		if n := seen[slug]; n > 0 {
			out[slug+"-"+strconv.Itoa(n)] = true
		} else {
			out[slug] = true
		}
		seen[slug]++
	}
	for _, m := range htmlID.FindAllStringSubmatch(text, -1) {
		out[strings.ToLower(m[1])] = true
	}
	return out
}

// TestAnchors: headings become GitHub's anchors.
func TestAnchors(t *testing.T) {
	t.Parallel()
	got := mdAnchors("# Operations\n## Timeouts and `/healthz`\n```\n# not a heading\n```\n## Set up\n## Set up\n### What `bot` does: a [link](x.md)\n")
	for _, want := range []string{"operations", "timeouts-and-healthz", "set-up", "set-up-1", "what-bot-does-a-link"} {
		if !got[want] {
			t.Errorf("no anchor %q in %v", want, got)
		}
	}
	if got["not-a-heading"] {
		t.Error("a comment in a fenced block is taken for a heading")
	}
}

// repoPath is a file of the repository as the docs write it in code:
// `bot/stats.go`, `web/src/api.ts`, `l10n/locales/` (a directory),
// `store/migrations/{sqlite,postgres}`.
var repoPath = regexp.MustCompile(`^(?:\.\./)?[a-z0-9_.-]+/(?:[A-Za-z0-9_.{},-]+/)*[A-Za-z0-9_.{},*<>-]*$`)

// TestDocPaths: every path of the repository that the docs write in code
// exists (relative to the repository's root, or to the doc), so that a
// file moved to another package leaves no doc pointing at where it was.
// A path with a placeholder (`<tag>`, `*`) needs its directory only.
func TestDocPaths(t *testing.T) {
	t.Parallel()
	root := filepath.Join("..", "..")
	checked := 0
	for _, doc := range docsCode(t, "testdata/README.md") {
		for _, span := range doc.spans {
			if !repoPath.MatchString(span) || strings.Contains(span, "://") {
				continue
			}
			// The top directory must be the repository's: `web/src/api.ts`,
			// not `/data/sudokubot.db` or `hintp/{game}/{level}/{part}`.
			top, _, _ := strings.Cut(strings.TrimPrefix(span, "../"), "/")
			if st, err := os.Stat(filepath.Join(root, top)); err != nil || !st.IsDir() {
				if top != "shared" {
					continue
				}
			}
			if top == "shared" || strings.HasPrefix(span, "../shared") {
				continue // beside the clone, not in it
			}
			checked++
			for _, p := range expandBraces(span) {
				if i := strings.IndexAny(p, "<*"); i >= 0 {
					p = p[:strings.LastIndex(p[:i], "/")+1]
				}
				// web/dist holds the board's build (only its placeholder is
				// committed): a plain clone has the directory, not index.html.
				if strings.HasPrefix(p, "web/dist/") {
					p = "web/dist/"
				}
				if !exists(filepath.Join(root, filepath.FromSlash(p))) && !exists(filepath.Join(filepath.Dir(doc.path), filepath.FromSlash(p))) {
					t.Errorf("%s names `%s`, and %s does not exist", filepath.Base(doc.path), span, p)
				}
			}
		}
	}
	t.Logf("checked %d paths", checked)
	if checked < 20 {
		t.Errorf("checked %d paths in the docs: the scan is broken", checked)
	}
}

// expandBraces expands one {a,b} of a path: store/migrations/{sqlite,postgres}.
func expandBraces(p string) []string {
	i := strings.Index(p, "{")
	j := strings.Index(p, "}")
	if i < 0 || j < i {
		return []string{p}
	}
	var out []string
	for _, alt := range strings.Split(p[i+1:j], ",") {
		out = append(out, expandBraces(p[:i]+alt+p[j+1:])...)
	}
	return out
}

func exists(path string) bool {
	_, err := os.Stat(path)
	return err == nil
}
