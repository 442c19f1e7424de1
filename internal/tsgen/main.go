// Command tsgen writes web/src/contract.gen.ts, the web board's side of
// its contract with the bot: TypeScript types for the JSON of the board's
// API (package webapi) and of steps and hints (package stepjson), and the
// engine's list of roles (engine.Roles) as a const array and a union type,
// and the engine's catalogue of techniques (engine.Techniques): the keys
// and families as unions, each technique's level, rating, family and web
// address segment as a table; render's shape of each role on the board
// (render.RoleShape, SHAPES); and the web door's routes (webapi.Routes:
// ROUTES, each call's method, path, token, query and answer, and
// RouteTypes, what each sends and answers) with the live stream's events
// (StreamEvents). The board imports them instead of spelling roles,
// fields, slugs, shapes or paths by hand, so a renamed role, field,
// technique or route fails `npm --prefix web run typecheck`, and
// TestGeneratedIsCurrent fails while the committed file is stale.
//
// Run it with go generate ./webapi (webapi/webapi.go has the directive).
//
// The types are read by reflection, field by field, as encoding/json
// writes them: the json tag's name; omitempty makes a field optional; a
// slice or pointer that is not omitempty may be null; an embedded struct's
// fields are the outer struct's. A type with its own MarshalJSON, or a
// named string type, must be listed below (custom, enums): the generator
// refuses to guess.
package main

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"log"
	"maps"
	"os"
	"reflect"
	"slices"
	"strings"

	"github.com/sudokubot/sudokubot/engine"
	"github.com/sudokubot/sudokubot/l10n"
	"github.com/sudokubot/sudokubot/render"
	"github.com/sudokubot/sudokubot/stepjson"
	"github.com/sudokubot/sudokubot/webapi"
)

func main() {
	out := flag.String("o", "contract.gen.ts", "output `FILE`")
	flag.Parse()
	src, err := generate()
	if err != nil {
		log.Fatalf("tsgen: %v", err)
	}
	if err := os.WriteFile(*out, src, 0o644); err != nil {
		log.Fatalf("tsgen: %v", err)
	}
}

// root is a type the board reads or sends, with what it is for.
type root struct {
	v   any
	doc string
}

// roots are the API's messages; the types they use follow.
var roots = []root{
	{webapi.State{}, "a game as the page sees it: every call's answer (API.md, State)"},
	{webapi.Hint{}, "the answer of POST api/hint: a hint of `sudokubot hint --json` and the state after it"},
	{webapi.Moves{}, "the body of POST api/moves"},
	{webapi.HintRequest{}, "the body of POST api/hint"},
	{webapi.Calendar{}, "the answer of GET api/calendar: a month of the player's dailies"},
	{webapi.DailyRequest{}, "the body of POST api/daily"},
	{webapi.DailyStarted{}, "the answer of POST api/daily: a board token for that day's daily"},
	{webapi.TogetherRequest{}, "the body of POST api/together"},
	{webapi.Together{}, "the answer of POST api/together: a board token for the channel's co-op board or race"},
	{webapi.LookRequest{}, "the body of POST api/look: the cell the player selected on a co-op board"},
	{webapi.Looks{}, "the data of the live stream's look events: where each co-op player looks"},
	{stepjson.Step{}, "a step of `sudokubot steps --json`"},
	{webapi.ErrorBody{}, "every error answer: the words to show, the code to act on, and the state with a stale move's refusal"},
	{webapi.ClientConfig{}, "the answer of GET api/config"},
	{webapi.ActivityTokenRequest{}, "the body of POST api/activity/token"},
	{webapi.ActivityToken{}, "the answer of POST api/activity/token"},
	{webapi.ExerciseRequest{}, "the body of POST /learn/{technique}/exercise"},
	{webapi.ExerciseReply{}, "the answer of POST /learn/{technique}/exercise"},
}

// enum is a named string type whose values are listed in Go: it becomes a
// const array (named list) and a union type.
type enum struct {
	list   string
	values []string
	doc    string
}

var enums = map[reflect.Type]enum{
	reflect.TypeFor[engine.Role](): {
		list:   "ROLES",
		values: strs(engine.Roles()),
		doc:    "every role a step's pattern cell or house may have (engine.Roles)",
	},
	reflect.TypeFor[webapi.DayState](): {
		list:   "DAY_STATES",
		values: strs(webapi.DayStates()),
		doc:    "how a calendar day's daily went (webapi.DayStates)",
	},
	reflect.TypeFor[webapi.ErrorCode](): {
		list:   "ERROR_CODES",
		values: strs(webapi.ErrorCodes()),
		doc:    "what kind of refusal an error answer is (webapi.ErrorCodes)",
	},
	reflect.TypeFor[stepjson.UnitKind](): {
		list:   "UNIT_KINDS",
		values: strs(stepjson.UnitKinds()),
		doc:    "what a house is (stepjson.UnitKinds)",
	},
	reflect.TypeFor[engine.TechniqueID](): {
		list:   "TECHNIQUE_IDS",
		values: strs(engine.TechniqueIDs()),
		doc:    "every technique's key, in the catalogue's order (engine.TechniqueIDs)",
	},
	reflect.TypeFor[engine.Family](): {
		list:   "FAMILIES",
		values: strs(engine.Families()),
		doc:    "the families of techniques (engine.Families)",
	},
	reflect.TypeFor[webapi.TogetherKind](): {
		list:   "TOGETHER_KINDS",
		values: strs(webapi.TogetherKinds()),
		doc:    "what a player plays together in a voice channel (webapi.TogetherKinds)",
	},
	reflect.TypeFor[webapi.ExerciseAction](): {
		list:   "EXERCISE_ACTIONS",
		values: strs(webapi.ExerciseActions()),
		doc:    "what a lesson's exercise asks (webapi.ExerciseActions)",
	},
	reflect.TypeFor[webapi.Media](): {
		list:   "MEDIAS",
		values: strs(webapi.Medias()),
		doc:    "what a route answers (webapi.Medias)",
	},
	reflect.TypeFor[webapi.EventName](): {
		list:   "EVENT_NAMES",
		values: eventNames(),
		doc:    "the events of the live stream (webapi.StreamEvents)",
	},
	reflect.TypeFor[render.BoardShape](): {
		list:   "BOARD_SHAPES",
		values: strs(render.BoardShapes()),
		doc:    "how the board draws a pattern cell (render.BoardShapes)",
	},
	reflect.TypeFor[stepjson.HintKind](): {
		list:   "HINT_KINDS",
		values: strs(stepjson.HintKinds()),
		doc:    "what a hint is about (stepjson.HintKinds)",
	},
	reflect.TypeFor[engine.Reason](): {
		list:   "REASONS",
		values: strs(engine.Reasons()),
		doc:    "why an implication of a forcing chain follows (engine.Reasons)",
	},
	reflect.TypeFor[engine.ContradictionKind](): {
		list:   "CONTRADICTION_KINDS",
		values: strs(engine.ContradictionKinds()),
		doc:    "how a forcing chain's case breaks (engine.ContradictionKinds)",
	},
	reflect.TypeFor[engine.Level](): {
		list:   "LEVELS",
		values: levelNames(),
		doc:    "the levels, easiest first, as their JSON writes them (engine.Levels)",
	},
}

// eventNames are the names of webapi.StreamEvents.
func eventNames() []string {
	var out []string
	for _, e := range webapi.StreamEvents() {
		out = append(out, string(e.Name))
	}
	return out
}

// levelNames are engine.Levels as text (Level.MarshalText).
func levelNames() []string {
	out := make([]string, len(engine.Levels))
	for i, l := range engine.Levels {
		out[i] = l.String()
	}
	return out
}

// techniqueInfo is engine.TechniqueInfo as the board reads it.
type techniqueInfo struct {
	ID     engine.TechniqueID `json:"id"`
	Slug   string             `json:"slug"`
	Level  engine.Level       `json:"level"`
	Rating float64            `json:"rating"`
	Family engine.Family      `json:"family"`
}

// techniques writes the catalogue as a table and its slugs as a record
// keyed by technique: the board builds a lesson's address from it instead
// of re-implementing engine.TechniqueID.Slug.
func techniques(b *bytes.Buffer) error {
	b.WriteString("/** engine.TechniqueInfo: a technique of the catalogue (engine.Techniques), as the board reads it. */\n")
	b.WriteString("export interface TechniqueInfo {\n  id: TechniqueID;\n  slug: string;\n  level: Level;\n  rating: number;\n  family: Family;\n}\n\n")
	b.WriteString("/** The catalogue of techniques, easiest first (engine.Techniques). */\nexport const TECHNIQUES: readonly TechniqueInfo[] = [\n")
	slugs := new(bytes.Buffer)
	for _, t := range engine.Techniques() {
		row, err := json.Marshal(techniqueInfo{t.ID, t.Slug, t.Level, t.Rating, t.Family})
		if err != nil {
			return fmt.Errorf("technique %s: %w", t.ID, err)
		}
		fmt.Fprintf(b, "  %s,\n", row)
		id, _ := json.Marshal(t.ID)
		slug, _ := json.Marshal(t.Slug)
		fmt.Fprintf(slugs, "  %s: %s,\n", id, slug)
	}
	b.WriteString("];\n\n")
	b.WriteString("/** Each technique's web address segment, /learn/<slug> (engine.TechniqueID.Slug). */\n")
	b.WriteString("export const TECHNIQUE_SLUGS: Readonly<Record<TechniqueID, string>> = {\n")
	b.Write(slugs.Bytes())
	b.WriteString("};\n\n")
	return nil
}

// custom are the types that write their own JSON, or whose JSON no
// field says, as TypeScript.
var custom = map[reflect.Type]string{
	// Digits.MarshalJSON writes an array of numbers, [] for none.
	reflect.TypeFor[stepjson.Digits](): "number[]",
	// The body of a call that takes none: {}.
	reflect.TypeFor[webapi.Empty](): "Record<string, never>",
	// A level's name (LEVELS), or "" for a puzzle not graded yet.
	reflect.TypeFor[webapi.LevelName](): `Level | ""`,
	// Every catalogue message of the page, by id (WORD_IDS).
	reflect.TypeFor[webapi.Words](): "Words",
}

// wordIDs writes the ids of the catalogue's messages the page shows
// (webapi.WordsPrefix, in English, which every language's answer
// completes) as WORD_IDS and WordID, and Words, the answer of api/words,
// as a record over them: the page's t() takes a WordID, so a label
// renamed or dropped in the catalogue fails tsc.
func wordIDs(b *bytes.Buffer) error {
	raw, err := l10n.For("").Raw(webapi.WordsPrefix)
	if err != nil {
		return fmt.Errorf("the page's words: %w", err)
	}
	ids := slices.Sorted(maps.Keys(raw))
	b.WriteString("/** The ids of the catalogue's messages the page shows (webapi.WordsPrefix), as English has them. */\nexport const WORD_IDS = [\n")
	for _, id := range ids {
		q, _ := json.Marshal(id)
		fmt.Fprintf(b, "  %s,\n", q)
	}
	b.WriteString("] as const;\n\n/** A message the page shows. */\nexport type WordID = (typeof WORD_IDS)[number];\n\n")
	b.WriteString("/** webapi.Words: the answer of GET api/words: every message the page shows, by id, as its raw template in the request's language. */\n")
	b.WriteString("export type Words = Readonly<Record<WordID, string>>;\n\n")
	return nil
}

// shapes writes render's table of each role's shape on the board
// (render.RoleShape) as a record keyed by role, in engine.Roles' order:
// the board draws a role as the PNG does without a copy of the table.
func shapes(b *bytes.Buffer) error {
	b.WriteString("/** How the board draws each role's pattern cell, as render draws it (render.RoleShape). */\n")
	b.WriteString("export const SHAPES: Readonly<Record<Role, BoardShape>> = {\n")
	for _, r := range engine.Roles() {
		sh, ok := render.RoleShape(r)
		if !ok {
			return fmt.Errorf("role %q has no shape on the board: add it to render's roleShapes", r)
		}
		k, _ := json.Marshal(r)
		v, _ := json.Marshal(sh)
		fmt.Fprintf(b, "  %s: %s,\n", k, v)
	}
	b.WriteString("};\n\n")
	return nil
}

// routes writes webapi.Routes: ROUTES, the method, path, token, query
// and answer of each call, and RouteTypes, the TypeScript types of what
// it sends and answers; and the live stream's events with their data.
// The page calls the API through them (web/src/api.ts), so a route
// renamed, moved or retyped in Go fails tsc.
func (g *gen) routes(b *bytes.Buffer) error {
	var methods []string
	for _, rt := range webapi.Routes() {
		if !slices.Contains(methods, rt.Method) {
			methods = append(methods, rt.Method)
		}
	}
	b.WriteString("/** webapi.Route: a call of the web door. */\nexport interface Route {\n")
	fmt.Fprintf(b, "  readonly method: %s;\n", union(methods))
	b.WriteString("  /** Relative to the page (under /board/ and /activity/) for the board's calls, absolute for the lesson pages; {name} is a path parameter. */\n")
	b.WriteString("  readonly path: string;\n  /** Whether the call needs the board token (Authorization: Bearer). */\n  readonly auth: boolean;\n")
	b.WriteString("  /** The query parameters the call reads. */\n  readonly query: readonly string[];\n  readonly media: Media;\n}\n\n")
	b.WriteString("/** Every route of the web door (webapi.Routes), by name: the server serves these and no other. */\nexport const ROUTES = {\n")
	types := new(bytes.Buffer)
	for _, rt := range webapi.Routes() {
		path, _ := json.Marshal(rt.Path)
		query, _ := json.Marshal(append([]string{}, rt.Query...))
		fmt.Fprintf(b, "  %s: { method: %q, path: %s, auth: %t, query: %s, media: %q },\n", rt.Name, rt.Method, path, rt.Auth(), query, rt.Media)
		req, answer := "null", "null"
		if rt.Request != nil {
			ts, err := g.typeOf(reflect.TypeOf(rt.Request))
			if err != nil {
				return fmt.Errorf("route %s: %w", rt.Name, err)
			}
			req = ts
		}
		switch {
		case rt.Media == webapi.MediaJSON && rt.Answer == nil:
			return fmt.Errorf("route %s answers JSON of no type: set its Answer", rt.Name)
		case rt.Media != webapi.MediaJSON && rt.Answer != nil:
			return fmt.Errorf("route %s answers %s, not JSON: its Answer is not used", rt.Name, rt.Media)
		case rt.Answer != nil:
			ts, err := g.typeOf(reflect.TypeOf(rt.Answer))
			if err != nil {
				return fmt.Errorf("route %s: %w", rt.Name, err)
			}
			answer = ts
		}
		fmt.Fprintf(types, "  %s: { request: %s; answer: %s };\n", rt.Name, req, answer)
	}
	b.WriteString("} as const satisfies Readonly<Record<string, Route>>;\n\n/** The name of a route. */\nexport type RouteName = keyof typeof ROUTES;\n\n")
	b.WriteString("/** What each route sends (its JSON body) and answers (its JSON): null for none, or an answer that is not JSON (ROUTES' media). An error answer of the board's calls is an ErrorBody. */\n")
	b.WriteString("export interface RouteTypes {\n")
	b.Write(types.Bytes())
	b.WriteString("}\n\n")
	b.WriteString("/** The live stream's events (GET api/events, webapi.StreamEvents): each event's name and the type of its data. */\nexport interface StreamEvents {\n")
	for _, e := range webapi.StreamEvents() {
		ts, err := g.typeOf(reflect.TypeOf(e.Data))
		if err != nil {
			return fmt.Errorf("event %s: %w", e.Name, err)
		}
		fmt.Fprintf(b, "  %s: %s;\n", e.Name, ts)
	}
	b.WriteString("}\n\n")
	return nil
}

// union is vs as a TypeScript union of string literals.
func union(vs []string) string {
	q := make([]string, len(vs))
	for i, v := range vs {
		b, _ := json.Marshal(v)
		q[i] = string(b)
	}
	return strings.Join(q, " | ")
}

func strs[T ~string](vs []T) []string {
	out := make([]string, len(vs))
	for i, v := range vs {
		out[i] = string(v)
	}
	return out
}

var marshaler = reflect.TypeFor[json.Marshaler]()

// gen collects the declarations of the types it meets, one per TS name.
type gen struct {
	decls map[string]string       // TS name: declaration
	named map[string]reflect.Type // TS name: the Go type that has it
	docs  map[reflect.Type]string
}

func generate() ([]byte, error) {
	g := &gen{decls: map[string]string{}, named: map[string]reflect.Type{}, docs: map[reflect.Type]string{}}
	for _, r := range roots {
		g.docs[reflect.TypeOf(r.v)] = r.doc
	}
	// The enums first, in a fixed order, whether or not a root uses them:
	// the board draws every role.
	enumTypes := make([]reflect.Type, 0, len(enums))
	for t := range enums {
		enumTypes = append(enumTypes, t)
	}
	slices.SortFunc(enumTypes, func(a, b reflect.Type) int { return strings.Compare(enums[a].list, enums[b].list) })
	var b bytes.Buffer
	b.WriteString(`// Code generated by internal/tsgen from the Go types of the board's API; DO NOT EDIT.
// Change webapi (its types, its routes), stepjson, engine.Roles, engine's catalogue of techniques,
// render's role shapes or the catalogue's Web* messages, then run: go generate ./webapi

`)
	for _, t := range enumTypes {
		e := enums[t]
		fmt.Fprintf(&b, "/** The values of %s: %s. */\n", goName(t), e.doc)
		fmt.Fprintf(&b, "export const %s = [\n", e.list)
		for _, v := range e.values {
			q, _ := json.Marshal(v)
			fmt.Fprintf(&b, "  %s,\n", q)
		}
		fmt.Fprintf(&b, "] as const;\n\n/** %s */\nexport type %s = (typeof %s)[number];\n\n", goName(t), t.Name(), e.list)
		g.named[t.Name()] = t
	}
	if err := techniques(&b); err != nil {
		return nil, err
	}
	if err := wordIDs(&b); err != nil {
		return nil, err
	}
	if err := shapes(&b); err != nil {
		return nil, err
	}
	if err := g.routes(&b); err != nil {
		return nil, err
	}
	for _, r := range roots {
		if _, err := g.typeOf(reflect.TypeOf(r.v)); err != nil {
			return nil, err
		}
	}
	names := make([]string, 0, len(g.decls))
	for n := range g.decls {
		names = append(names, n)
	}
	slices.Sort(names)
	for _, n := range names {
		b.WriteString(g.decls[n])
		b.WriteString("\n")
	}
	return bytes.TrimSuffix(b.Bytes(), []byte("\n")), nil
}

func goName(t reflect.Type) string {
	return t.PkgPath()[strings.LastIndex(t.PkgPath(), "/")+1:] + "." + t.Name()
}

// typeOf is t as a TypeScript type, declaring t's struct types on the way.
func (g *gen) typeOf(t reflect.Type) (string, error) {
	if ts, ok := custom[t]; ok {
		return ts, nil
	}
	if _, ok := enums[t]; ok {
		return t.Name(), nil
	}
	if t.Implements(marshaler) || reflect.PointerTo(t).Implements(marshaler) {
		return "", fmt.Errorf("%s writes its own JSON: list its TypeScript type in custom", t)
	}
	switch t.Kind() {
	case reflect.String:
		if t.PkgPath() != "" {
			return "", fmt.Errorf("%s is a named string type: list its values in enums", t)
		}
		return "string", nil
	case reflect.Bool:
		return "boolean", nil
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64,
		reflect.Float32, reflect.Float64:
		return "number", nil
	case reflect.Slice:
		if t.Elem().Kind() == reflect.Uint8 {
			return "string", nil // base64, as encoding/json writes []byte
		}
		el, err := g.typeOf(t.Elem())
		if err != nil {
			return "", err
		}
		if strings.Contains(el, "|") {
			el = "(" + el + ")"
		}
		return el + "[]", nil
	case reflect.Array:
		el, err := g.typeOf(t.Elem())
		if err != nil {
			return "", err
		}
		return "[" + strings.Repeat(el+", ", t.Len()-1) + el + "]", nil
	case reflect.Pointer:
		return g.typeOf(t.Elem())
	case reflect.Map:
		if t.Key().Kind() != reflect.String {
			return "", fmt.Errorf("%s: only maps with string keys are JSON objects", t)
		}
		v, err := g.typeOf(t.Elem())
		if err != nil {
			return "", err
		}
		if t.Name() != "" {
			return g.alias(t, "Record<string, "+v+">")
		}
		return "Record<string, " + v + ">", nil
	case reflect.Struct:
		return g.declare(t)
	}
	return "", fmt.Errorf("%s: no TypeScript type for kind %s", t, t.Kind())
}

// alias declares a named type that is no struct as a type alias of ts,
// and returns its name.
func (g *gen) alias(t reflect.Type, ts string) (string, error) {
	name := t.Name()
	if prev, ok := g.named[name]; ok {
		if prev != t {
			return "", fmt.Errorf("%s and %s would both be %s in TypeScript", goName(prev), goName(t), name)
		}
		return name, nil
	}
	g.named[name] = t
	doc := g.docs[t]
	if doc == "" {
		g.decls[name] = fmt.Sprintf("/** %s */\nexport type %s = %s;\n", goName(t), name, ts)
	} else {
		g.decls[name] = fmt.Sprintf("/** %s: %s. */\nexport type %s = %s;\n", goName(t), doc, name, ts)
	}
	return name, nil
}

// declare writes t as an interface named after it and returns the name.
func (g *gen) declare(t reflect.Type) (string, error) {
	name := t.Name()
	if name == "" {
		return "", fmt.Errorf("an anonymous struct (%s) has no name to declare: give it a named type", t)
	}
	if prev, ok := g.named[name]; ok {
		if prev != t {
			return "", fmt.Errorf("%s and %s would both be %s in TypeScript", goName(prev), goName(t), name)
		}
		return name, nil
	}
	g.named[name] = t
	var b strings.Builder
	doc := g.docs[t]
	if doc == "" {
		fmt.Fprintf(&b, "/** %s */\n", goName(t))
	} else {
		fmt.Fprintf(&b, "/** %s: %s. */\n", goName(t), doc)
	}
	fmt.Fprintf(&b, "export interface %s {\n", name)
	if err := g.fields(&b, t); err != nil {
		return "", err
	}
	b.WriteString("}\n")
	g.decls[name] = b.String()
	return name, nil
}

// fields writes t's JSON fields, an embedded struct's in its place.
func (g *gen) fields(b *strings.Builder, t reflect.Type) error {
	for f := range t.Fields() {
		tag := f.Tag.Get("json")
		if tag == "-" {
			continue
		}
		name, opts, _ := strings.Cut(tag, ",")
		if f.Anonymous && name == "" && f.Type.Kind() == reflect.Struct {
			if err := g.fields(b, f.Type); err != nil {
				return err
			}
			continue
		}
		if !f.IsExported() {
			continue
		}
		if name == "" {
			name = f.Name
		}
		ts, err := g.typeOf(f.Type)
		if err != nil {
			return fmt.Errorf("%s.%s: %w", goName(t), f.Name, err)
		}
		optional := slices.Contains(strings.Split(opts, ","), "omitempty")
		nullable := false
		switch f.Type.Kind() {
		case reflect.Slice, reflect.Pointer, reflect.Map:
			_, own := custom[f.Type]
			nullable = !optional && !own
		}
		q := ""
		if optional {
			q = "?"
		}
		if nullable {
			ts += " | null"
		}
		fmt.Fprintf(b, "  %s%s: %s;\n", name, q, ts)
	}
	return nil
}
