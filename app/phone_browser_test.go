package app

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// clippedJS lists the header's parts that do not show whole at the
// page's width: cut by an ellipsis or overflow, or past the right edge.
const clippedJS = `(() => {
	const bad = [];
	for (const sel of [".title", ".sharecode", ".timer", ".copy"]) {
		const e = document.querySelector(sel);
		const r = e.getBoundingClientRect();
		if (e.scrollWidth > e.clientWidth + 1 || r.right > innerWidth + 1 || r.width === 0) bad.push(sel);
	}
	return bad.join(" ");
})()`

// markJS is the background of a tool button's mark (its ::before).
func markJS(action string) string {
	return fmt.Sprintf(`getComputedStyle(document.querySelector('[data-action="%s"]'), "::before").backgroundColor`, action)
}

// TestWebBrowserPhone: the board at 390x844 as a phone shows it. The
// header shows the whole title and share code (a long one wraps) and
// copies the code; every switch of the toolbar shows on and off by its
// mark, and the colour button shows the colour the cells are painted
// in; the progress picture fills the dialog's width.
func TestWebBrowserPhone(t *testing.T) {
	needBrowser(t)
	w := newWorld(t, "2026-06-01 12:00")
	w.startWeb(t, false)
	r := w.sudoku(t, "79", "new", "puzzle", webPuzzle)
	link := boardURL(t, r.Components)
	ctx := openBoard(t, link, 390, 844, "light")

	if bad := eval[string](t, ctx, clippedJS); bad != "" {
		t.Errorf("at 390 px the header clips %s", bad)
	}
	code := eval[string](t, ctx, `document.querySelector(".sharecode").textContent`)
	if len(code) < 20 {
		t.Fatalf("the share code %q", code)
	}
	// A long title and code (a pasted puzzle's title is short: try the
	// longest the page may meet) still fit.
	eval[bool](t, ctx, `(document.querySelector(".title").textContent = "Daily Sudoku #1328 · Extreme · played late") !== ""`)
	eval[bool](t, ctx, `(document.querySelector(".sharecode").textContent = "`+strings.Repeat(code, 2)+`") !== ""`)
	if bad := eval[string](t, ctx, clippedJS); bad != "" {
		t.Errorf("with a long title and code the header clips %s", bad)
	}
	shoot(t, ctx, "phone-header-long-code")
	do(t, ctx, "copy the code", chromedp.Click(chromedp.CSS(`[data-action="copy-code"]`)))
	waitFor(t, ctx, "the code copied", `document.querySelector(".status").textContent.startsWith("Code copied")`)

	// The switches: a hollow mark when off, a filled one when on.
	for _, action := range []string{"pencil", "numberfirst", "auto", "clearpeers"} {
		before := eval[string](t, ctx, fmt.Sprintf(`document.querySelector('[data-action="%s"]').getAttribute("aria-pressed")`, action))
		markBefore := eval[string](t, ctx, markJS(action))
		do(t, ctx, action, chromedp.Click(chromedp.CSS(fmt.Sprintf(`[data-action="%s"]`, action))))
		after := eval[string](t, ctx, fmt.Sprintf(`document.querySelector('[data-action="%s"]').getAttribute("aria-pressed")`, action))
		markAfter := eval[string](t, ctx, markJS(action))
		if before == after || markBefore == markAfter {
			t.Errorf("%s: pressed %s→%s, mark %s→%s: on and off look alike", action, before, after, markBefore, markAfter)
		}
		off := markBefore
		if before == "true" {
			off = markAfter
		}
		if off != "rgba(0, 0, 0, 0)" {
			t.Errorf("%s: the off mark is filled (%s)", action, off)
		}
	}
	shoot(t, ctx, "phone-toolbar-switched")
	// Put them back, number first off (it would place digits on taps).
	for _, action := range []string{"pencil", "numberfirst", "auto", "clearpeers"} {
		do(t, ctx, action, chromedp.Click(chromedp.CSS(fmt.Sprintf(`[data-action="%s"]`, action))))
	}

	// Colour: its mark is the colour a tapped cell is painted in, and
	// its label stays "Colour".
	for n, v := range []string{"--ca", "--cb"} {
		do(t, ctx, "colour", chromedp.Click(chromedp.CSS(`[data-action="colour"]`)))
		want := eval[string](t, ctx, fmt.Sprintf(`(() => { const e = document.createElement("i"); e.style.color = "var(%s)"; document.body.append(e); const c = getComputedStyle(e).color; e.remove(); return c; })()`, v))
		if got := eval[string](t, ctx, markJS("colour")); got != want {
			t.Errorf("colour %d: the button's mark is %s, the colour %s", n+1, got, want)
		}
		if lbl := eval[string](t, ctx, `document.querySelector('[data-action="colour"]').textContent`); lbl != "Colour" {
			t.Errorf("colour %d: the button reads %q", n+1, lbl)
		}
		do(t, ctx, "paint r9c9", chromedp.Click(chromedp.CSS(cellSel(9, 9-n))))
		shadow := eval[string](t, ctx, fmt.Sprintf(`getComputedStyle(document.querySelector('%s')).boxShadow`, cellSel(9, 9-n)))
		if !strings.Contains(shadow, want) {
			t.Errorf("colour %d: the painted cell's frame %q is not the button's %s", n+1, shadow, want)
		}
		if n == 0 {
			shoot(t, ctx, "phone-toolbar-colour")
		}
	}
	do(t, ctx, "colour off", chromedp.Click(chromedp.CSS(`[data-action="colour"]`)))
	if got := eval[string](t, ctx, `document.querySelector('[data-action="colour"]').getAttribute("aria-pressed") + " " + `+markJS("colour")); got != "false rgba(0, 0, 0, 0)" {
		t.Errorf("colour off: %s", got)
	}
	shoot(t, ctx, "phone-toolbar-off")

	// The progress picture: square, the dialog's width on a phone.
	do(t, ctx, "progress", chromedp.Click(chromedp.CSS(`[data-action="progress"]`)))
	waitFor(t, ctx, "the picture", `(() => { const i = document.querySelector(".panel.progress img"); return !!i && i.complete && i.naturalWidth > 400; })()`)
	if got := eval[string](t, ctx, `(() => { const i = document.querySelector(".panel.progress img"); return i.naturalWidth + "x" + i.naturalHeight + " shown " + Math.round(i.getBoundingClientRect().width); })()`); !strings.HasPrefix(got, "800x960 shown 3") {
		t.Errorf("the progress picture: %s, want 800x960 shown over 300 px wide", got)
	}
	shoot(t, ctx, "phone-progress")
	_ = context.Background
}
