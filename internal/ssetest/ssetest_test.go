package ssetest

import (
	"errors"
	"io"
	"strings"
	"testing"
)

func TestReader(t *testing.T) {
	r := NewReader(strings.NewReader("retry: 1000\n\n: hb\n\nid: 7\nevent: state\ndata: {\"a\":1}\n\r\ndata: x\r\ndata: y\r\r: c\n\nid: 8\ndata: cut"))
	want := []Event{
		{ID: "7", Type: "state", Data: `{"a":1}`},
		{Type: "message", Data: "x\ny"},
	}
	for i, w := range want {
		got, err := r.Next()
		if err != nil || got != w {
			t.Fatalf("event %d: %+v, %v; want %+v", i, got, err, w)
		}
	}
	if _, err := r.Next(); !errors.Is(err, io.EOF) {
		t.Fatalf("an event cut short: %v, want EOF", err)
	}
	if r.Retry != "1000" {
		t.Errorf("Retry = %q, want 1000", r.Retry)
	}
	if r.Comments != 2 {
		t.Errorf("Comments = %d, want 2", r.Comments)
	}
}

func FuzzReader(f *testing.F) {
	f.Add("id: 1\ndata: x\n\n")
	f.Add(": hb\r\n\r\nevent: e\rdata\r\r")
	f.Fuzz(func(t *testing.T, s string) {
		r := NewReader(strings.NewReader(s))
		for range len(s) + 1 {
			ev, err := r.Next()
			if err != nil {
				return
			}
			if strings.ContainsAny(ev.ID+ev.Type, "\r\n") {
				t.Fatalf("a field holds a line break: %+v", ev)
			}
		}
		t.Fatalf("more events than bytes in %q", s)
	})
}
