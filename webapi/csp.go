package webapi

import (
	"bytes"
	"crypto/sha256"
	"encoding/base64"
	"io/fs"
	"strings"
)

// frameAncestors lets only Discord frame the board: the Activity runs in
// an iframe of <app>.discordsays.com inside discord.com (the web client,
// PTB and Canary, and the desktop app, which loads discord.com). Any
// other site framing the board could overlay it and steal taps.
const frameAncestors = "frame-ancestors 'self' https://discord.com https://*.discord.com https://*.discordsays.com"

// pagePolicy is the Content-Security-Policy of an HTML page the web door
// serves (the board, the Activity, the lessons): everything from this
// origin only, which inside Discord is the proxy's <app>.discordsays.com
// (the Activity's SDK talks to Discord by postMessage, never by fetch),
// plus the page's own inline scripts and styles, each allowed by its
// SHA-256 so that no injected one runs; pictures also from blob: URLs
// (the board shows the result card and the progress picture it fetched
// with its token as blobs). No plugins, no <base>, forms only to this
// origin.
func pagePolicy(page []byte) string {
	scripts, styles := inlineHashes(page)
	return "default-src 'self'" +
		"; script-src 'self'" + scripts +
		"; style-src 'self'" + styles +
		"; img-src 'self' blob:" +
		"; object-src 'none'; base-uri 'none'; form-action 'self'; " + frameAncestors
}

// inlineHashes lists, as CSP sources (" 'sha256-…'" each), the hashes of
// the inline <script> elements (those without src) and <style> elements
// of an HTML page, in the page's order, each once.
func inlineHashes(page []byte) (scripts, styles string) {
	var sb, st strings.Builder
	seen := map[string]bool{}
	lower := bytes.ToLower(page)
	for i := 0; i < len(page); {
		open := bytes.IndexByte(lower[i:], '<')
		if open < 0 {
			break
		}
		open += i
		var tag string
		switch {
		case bytes.HasPrefix(lower[open:], []byte("<script")) && isTagEnd(lower, open+len("<script")):
			tag = "script"
		case bytes.HasPrefix(lower[open:], []byte("<style")) && isTagEnd(lower, open+len("<style")):
			tag = "style"
		default:
			i = open + 1
			continue
		}
		gt := bytes.IndexByte(lower[open:], '>')
		if gt < 0 {
			break
		}
		start := open + gt + 1
		end := bytes.Index(lower[start:], []byte("</"+tag))
		if end < 0 {
			break
		}
		end += start
		i = end
		attrs := lower[open+1+len(tag) : open+gt]
		if tag == "script" && bytes.Contains(attrs, []byte("src=")) {
			continue
		}
		sum := sha256.Sum256(page[start:end])
		src := " 'sha256-" + base64.StdEncoding.EncodeToString(sum[:]) + "'"
		if seen[tag+src] {
			continue
		}
		seen[tag+src] = true
		if tag == "script" {
			sb.WriteString(src)
		} else {
			st.WriteString(src)
		}
	}
	return sb.String(), st.String()
}

// isTagEnd says whether the tag name ends at i ("<script>", "<script ",
// not "<scripts").
func isTagEnd(b []byte, i int) bool {
	if i >= len(b) {
		return false
	}
	switch b[i] {
	case '>', ' ', '\t', '\n', '\r', '/':
		return true
	}
	return false
}

// notBuiltPolicy is the policy of the page that says the board is not
// built.
var notBuiltPolicy = pagePolicy([]byte(notBuiltPage))

// boardPolicy is the policy of the built board (index.html, and its
// assets, which are scripts and need none of their own but carry it
// too), computed once from the page the binary serves.
func (srv *Server) boardPolicy() string {
	srv.board.once.Do(func() {
		page, err := fs.ReadFile(srv.cfg.Web, "index.html")
		if err != nil {
			// Unreadable: no inline script or style may run.
			page = nil
		}
		srv.board.policy = pagePolicy(page)
	})
	return srv.board.policy
}
