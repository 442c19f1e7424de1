// Package mdcode is test support for the tests that hold the docs to the
// code: it reads the code of a Markdown file, where the docs' checkable
// claims (commands, flags, settings, metric names) are written.
package mdcode

import (
	"regexp"
	"strings"
)

var (
	fence  = regexp.MustCompile("(?s)```[a-z]*\n(.*?)```")
	inline = regexp.MustCompile("`([^`]+)`")
)

// Spans returns the code of a Markdown text: each line of its fenced
// blocks, then each `inline span` with its line breaks and runs of spaces
// made single spaces, so that a span cut over two lines reads whole.
func Spans(text string) []string {
	var spans []string
	rest := fence.ReplaceAllStringFunc(text, func(block string) string {
		for _, line := range strings.Split(fence.FindStringSubmatch(block)[1], "\n") {
			if line = strings.TrimSpace(line); line != "" {
				spans = append(spans, line)
			}
		}
		return ""
	})
	for _, m := range inline.FindAllStringSubmatch(rest, -1) {
		spans = append(spans, strings.Join(strings.Fields(m[1]), " "))
	}
	return spans
}
