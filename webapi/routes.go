package webapi

import (
	"context"
	"net/http"
	"slices"
	"strings"
)

// The routes of the web door, once: Routes is the table the mux is made
// from (Server.routes) and internal/tsgen writes into
// web/src/contract.gen.ts (ROUTES, RouteTypes), so the page's calls and
// the server's routes, and the JSON each reads and answers, cannot differ.

// Route is one call of the web door: where the mux serves it, what it
// reads and what it answers.
type Route struct {
	// Name is the call's name: its key in the page's ROUTES and its
	// label in sudokubot_web_requests_total{call}.
	Name   string
	Method string
	// Path is a board route's path under each base of the board
	// (/board/ and /activity/), relative as the page calls it
	// ("api/moves"), or a lesson route's absolute path
	// ("/learn/{technique}"). A {name} is a path parameter.
	Path string
	// Query are the query parameters the call reads.
	Query []string
	// Request is the type of the JSON body (a zero value), nil for a
	// call that reads none.
	Request any
	// Media is what the call answers; Answer is the JSON type of a
	// MediaJSON answer (a zero value). An error answer of any board
	// route is an ErrorBody.
	Media  Media
	Answer any

	// Exactly one of open and authed serves the route: authed behind
	// the board token (Server.authed), open without one.
	open   func(*Server, http.ResponseWriter, *http.Request)
	authed func(*Server, context.Context, http.ResponseWriter, *http.Request, *webReq) error
}

// Auth tells that the call needs a board token (Authorization: Bearer).
func (rt Route) Auth() bool { return rt.authed != nil }

// Board tells that the route is served under each base of the board
// (its Path is relative), not at an absolute path.
func (rt Route) Board() bool { return !strings.HasPrefix(rt.Path, "/") }

// Pattern is the route's pattern for http.ServeMux under base ("" for a
// lesson route).
func (rt Route) Pattern(base string) string {
	if rt.Board() {
		return rt.Method + " " + base + rt.Path
	}
	// "/learn/" alone is the index, not every path below it.
	p := rt.Path
	if strings.HasSuffix(p, "/") {
		p += "{$}"
	}
	return rt.Method + " " + p
}

// fillPath is the path p with each {name} replaced by the value after it
// in args (name, value, name, value...).
func fillPath(p string, args ...string) string {
	for i := 0; i+1 < len(args); i += 2 {
		p = strings.ReplaceAll(p, "{"+args[i]+"}", args[i+1])
	}
	return p
}

// Media is what a route answers besides an error.
type Media string

// The answers of a route.
const (
	MediaJSON   Media = "json"   // a JSON body of the route's Answer type
	MediaNone   Media = "none"   // 204 No Content
	MediaPNG    Media = "png"    // a picture (image/png)
	MediaEvents Media = "events" // a stream of Server-Sent Events (StreamEvents)
	MediaHTML   Media = "html"   // a page (text/html)
)

// Medias lists every Media, for the board's contract.
func Medias() []Media { return []Media{MediaJSON, MediaNone, MediaPNG, MediaEvents, MediaHTML} }

// EventName names an event of the live stream (GET api/events).
type EventName string

// The events of the live stream.
const (
	EventState EventName = "state" // the game's State, after each change
	EventLook  EventName = "look"  // Looks: where each co-op player looks
)

// StreamEvent is an event of the live stream and the type of its data
// (one line of JSON).
type StreamEvent struct {
	Name EventName
	Data any
}

// StreamEvents is every event of the live stream, for the board's
// contract (StreamEvents in contract.gen.ts: the page handles each).
func StreamEvents() []StreamEvent {
	return []StreamEvent{{EventState, State{}}, {EventLook, Looks{}}}
}

// Empty is the body of a call that takes none: {}.
type Empty struct{}

// Words is the answer of GET api/words: the page's labels, each catalogue
// message whose id starts with WordsPrefix, by id, as its raw template
// (English where the language has none, so every id is there).
type Words map[string]string

// WordsPrefix starts the id of every catalogue message the page shows.
const WordsPrefix = "Web"

// The paths the server writes into its answers and pages.
const (
	pathCard           = "api/card.png" // State.Card
	pathEvents         = "api/events"   // the stream, which the request deadline spares
	pathLessons        = "/learn/"
	pathLesson         = "/learn/{technique}"
	pathLessonPicture  = "/learn/{technique}/picture.png"
	pathLessonPractise = "/learn/{technique}/practise"
	pathLessonExercise = "/learn/{technique}/exercise"
)

// Prefixes are the paths the web door serves below: the board's bases
// and the lesson pages. app mounts Server.Handler at each.
func Prefixes() []string { return append(slices.Clone(webBases), pathLessons) }

// Routes is every route of the web door, in the order of web/API.md.
func Routes() []Route {
	return []Route{
		{Name: "config", Method: http.MethodGet, Path: "api/config", Media: MediaJSON, Answer: ClientConfig{}, open: (*Server).apiConfig},
		{Name: "words", Method: http.MethodGet, Path: "api/words", Media: MediaJSON, Answer: Words{}, open: (*Server).apiWords},
		{Name: "activity_token", Method: http.MethodPost, Path: "api/activity/token", Request: ActivityTokenRequest{}, Media: MediaJSON, Answer: ActivityToken{}, open: (*Server).apiActivityToken},
		{Name: "game", Method: http.MethodGet, Path: "api/game", Media: MediaJSON, Answer: State{}, authed: (*Server).apiGame},
		{Name: "events", Method: http.MethodGet, Path: pathEvents, Media: MediaEvents, authed: (*Server).apiEvents},
		{Name: "moves", Method: http.MethodPost, Path: "api/moves", Request: Moves{}, Media: MediaJSON, Answer: State{}, authed: (*Server).apiMoves},
		{Name: "check", Method: http.MethodPost, Path: "api/check", Request: Empty{}, Media: MediaJSON, Answer: State{}, authed: (*Server).apiCheck},
		{Name: "hint", Method: http.MethodPost, Path: "api/hint", Request: HintRequest{}, Media: MediaJSON, Answer: Hint{}, authed: (*Server).apiHint},
		{Name: "giveup", Method: http.MethodPost, Path: "api/giveup", Request: Empty{}, Media: MediaJSON, Answer: State{}, authed: (*Server).apiGiveUp},
		{Name: "card", Method: http.MethodGet, Path: pathCard, Query: []string{"theme"}, Media: MediaPNG, authed: (*Server).apiCard},
		{Name: "calendar", Method: http.MethodGet, Path: "api/calendar", Query: []string{"month"}, Media: MediaJSON, Answer: Calendar{}, authed: (*Server).apiCalendar},
		{Name: "daily", Method: http.MethodPost, Path: "api/daily", Request: DailyRequest{}, Media: MediaJSON, Answer: DailyStarted{}, authed: (*Server).apiDaily},
		{Name: "coophint", Method: http.MethodGet, Path: "api/coophint", Media: MediaJSON, Answer: Hint{}, authed: (*Server).apiCoopHint},
		{Name: "look", Method: http.MethodPost, Path: "api/look", Request: LookRequest{}, Media: MediaNone, authed: (*Server).apiLook},
		{Name: "progress", Method: http.MethodGet, Path: "api/progress.png", Query: []string{"theme"}, Media: MediaPNG, authed: (*Server).apiProgress},
		{Name: "together", Method: http.MethodPost, Path: "api/together", Request: TogetherRequest{}, Media: MediaJSON, Answer: Together{}, authed: (*Server).apiTogether},
		// The lesson pages (learn.go): the index, a technique's page and
		// picture, its Practise button (an HTML form whose one field,
		// token, is the board token; no JSON) and its exercise.
		{Name: "learn_index", Method: http.MethodGet, Path: pathLessons, Query: []string{"lang"}, Media: MediaHTML, open: (*Server).learnIndex},
		{Name: "learn", Method: http.MethodGet, Path: pathLesson, Query: []string{"lang"}, Media: MediaHTML, open: (*Server).learnPage},
		{Name: "learn_picture", Method: http.MethodGet, Path: pathLessonPicture, Query: []string{"ex", "size", "theme"}, Media: MediaPNG, open: (*Server).learnPicture},
		{Name: "learn_practise", Method: http.MethodPost, Path: pathLessonPractise, Query: []string{"lang"}, Media: MediaHTML, open: (*Server).learnPractise},
		{Name: "learn_exercise", Method: http.MethodPost, Path: pathLessonExercise, Query: []string{"ex", "lang"}, Request: ExerciseRequest{}, Media: MediaJSON, Answer: ExerciseReply{}, open: (*Server).learnExercise},
	}
}

// handler is the route's handler on srv, counted in /metrics.
func (rt Route) handler(srv *Server) http.HandlerFunc {
	h := func(w http.ResponseWriter, r *http.Request) { rt.open(srv, w, r) }
	if rt.authed != nil {
		h = srv.authed(func(ctx context.Context, w http.ResponseWriter, r *http.Request, q *webReq) error {
			return rt.authed(srv, ctx, w, r, q)
		})
	}
	return srv.observed(rt.Name, h)
}
