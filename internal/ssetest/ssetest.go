// Package ssetest is test support: a client of Server-Sent Events (the
// web board's api/events) that reads a stream event by event, as the
// board's own reader does, for tests and benchmarks in Go.
package ssetest

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"net/http"
	"strings"
)

// Event is one event of a stream. Comments (heartbeats) are not events;
// Comments counts them.
type Event struct {
	ID   string
	Type string // "message" when the stream names none
	Data string
}

// Stream is an open event stream.
type Stream struct {
	Resp *http.Response
	r    *Reader
}

// Dial opens url with headers (Authorization, Last-Event-ID, ...) and
// checks that it answers a stream; an error answer's status and body are
// in the error.
func Dial(ctx context.Context, client *http.Client, url string, headers map[string]string) (*Stream, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
	if err != nil {
		return nil, err
	}
	req.Header.Set("Accept", "text/event-stream")
	for k, v := range headers {
		req.Header.Set(k, v)
	}
	resp, err := client.Do(req)
	if err != nil {
		return nil, err
	}
	if resp.StatusCode != http.StatusOK || !strings.HasPrefix(resp.Header.Get("Content-Type"), "text/event-stream") {
		body, _ := io.ReadAll(io.LimitReader(resp.Body, 4096))
		resp.Body.Close()
		return nil, &StatusError{Status: resp.StatusCode, Body: string(body)}
	}
	return &Stream{Resp: resp, r: NewReader(resp.Body)}, nil
}

// StatusError is a stream refused with an HTTP answer.
type StatusError struct {
	Status int
	Body   string
}

func (e *StatusError) Error() string {
	return fmt.Sprintf("event stream answered %d: %s", e.Status, e.Body)
}

// Next reads the next event.
func (s *Stream) Next() (Event, error) { return s.r.Next() }

// Comments is how many comments (heartbeats) were read so far.
func (s *Stream) Comments() int { return s.r.Comments }

// Close closes the stream.
func (s *Stream) Close() error { return s.Resp.Body.Close() }

// Reader reads events from a text/event-stream body (the HTML Standard's
// "event stream interpretation", without its id persistence).
type Reader struct {
	br       *bufio.Reader
	Comments int
	// Retry is the last reconnection pause the stream asked for.
	Retry string
}

// NewReader reads events from r.
func NewReader(r io.Reader) *Reader { return &Reader{br: bufio.NewReader(r)} }

// maxLine bounds a line: a State is a few kilobytes.
const maxLine = 1 << 20

// Next returns the next event, or the reader's error (io.EOF at the end,
// an event cut short included).
func (r *Reader) Next() (Event, error) {
	var ev Event
	var data []string
	has := false
	for {
		line, err := r.readLine()
		if err != nil {
			return Event{}, err
		}
		if line == "" {
			if !has {
				continue
			}
			ev.Data = strings.Join(data, "\n")
			if ev.Type == "" {
				ev.Type = "message"
			}
			return ev, nil
		}
		if strings.HasPrefix(line, ":") {
			r.Comments++
			continue
		}
		field, value, _ := strings.Cut(line, ":")
		value = strings.TrimPrefix(value, " ")
		switch field {
		case "id":
			ev.ID, has = value, true
		case "event":
			ev.Type, has = value, true
		case "data":
			data, has = append(data, value), true
		case "retry":
			r.Retry = value
		}
	}
}

// readLine reads one line, ended by "\n", "\r\n" or "\r".
func (r *Reader) readLine() (string, error) {
	var b strings.Builder
	for {
		c, err := r.br.ReadByte()
		if err != nil {
			return "", err
		}
		switch c {
		case '\n':
			return b.String(), nil
		case '\r':
			if next, err := r.br.Peek(1); err == nil && next[0] == '\n' {
				_, _ = r.br.ReadByte()
			}
			return b.String(), nil
		}
		if b.Len() >= maxLine {
			return "", fmt.Errorf("ssetest: a line over %d bytes", maxLine)
		}
		b.WriteByte(c)
	}
}
