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
// blocks, then of its indented blocks, then each `inline span` with its
// line breaks and runs of spaces made single spaces, so that a span cut
// over two lines reads whole.
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
	rest = indented(rest, &spans)
	for _, m := range inline.FindAllStringSubmatch(rest, -1) {
		spans = append(spans, strings.Join(strings.Fields(m[1]), " "))
	}
	return spans
}

// indented takes the indented code blocks out of text, adding their lines
// to spans: after a blank line, lines indented by four spaces more than
// the paragraph or list item they follow (CommonMark's rule, where a list
// item's text sets the indentation), up to a line indented less.
func indented(text string, spans *[]string) string {
	lines := strings.Split(text, "\n")
	var out []string
	base := 0 // the indentation of the text the block would belong to
	inBlock, blank := false, true
	for _, line := range lines {
		trimmed := strings.TrimLeft(line, " ")
		indent := len(line) - len(trimmed)
		switch {
		case trimmed == "":
			blank = true
			out = append(out, line)
			continue
		case (inBlock || blank) && indent >= base+4:
			inBlock = true
			*spans = append(*spans, strings.TrimSpace(line))
			out = append(out, "")
			blank = false
			continue
		}
		inBlock, blank = false, false
		base = indent
		if m := listItem.FindString(trimmed); m != "" {
			base = indent + len(m)
		}
		out = append(out, line)
	}
	return strings.Join(out, "\n")
}

// listItem is the marker of a list item with its spaces: "- ", "1. ".
var listItem = regexp.MustCompile(`^(?:[-*+]|\d+[.)]) +`)
