package bot

import (
	"context"
	"fmt"
	"strings"

	"github.com/sudokubot/sudokubot/discordclient"

	"github.com/bwmarrin/discordgo"
	"github.com/sudokubot/sudokubot/l10n"
	"github.com/sudokubot/sudokubot/store"
)

// HandlerFunc answers one interaction. It returns the response as data, or
// an error; one place (Recover and the error middleware) turns errors into
// a friendly ephemeral message and logs the detail, so handlers never talk
// to Discord themselves.
type HandlerFunc func(ctx context.Context, r *Request) (*Response, error)

// Middleware wraps a handler to add behaviour around every interaction.
type Middleware func(HandlerFunc) HandlerFunc

// Kind says how a route answers, which decides how it is deferred when the
// handler is slow: a new message (deferred with type 5, ephemeral or not)
// or an update of the message the component sits on (deferred with type 6).
type Kind int

// Route kinds.
const (
	// Private answers with a new ephemeral message: anything that could
	// spoil (boards, checks, hints, solutions).
	Private Kind = iota
	// Public answers with a new message everyone sees.
	Public
	// Update edits the message the component or modal was on.
	Update
)

// File is an attachment of a response, with its alt text.
type File = discordclient.File

// Response is what a handler answers. The zero Type means a channel message
// (for commands) or, for routes of Kind Update, a message update.
type Response struct {
	Type       discordgo.InteractionResponseType
	Content    string
	Ephemeral  bool
	Files      []File
	Components []discordgo.MessageComponent
	// Choices answer an autocomplete interaction.
	Choices []*discordgo.ApplicationCommandOptionChoice
	// CustomID and Title describe a modal (Type InteractionResponseModal).
	CustomID string
	Title    string
	// FullName names the .txt attachment that carries Content in full
	// when it is longer than a message allows; "" is message.txt.
	FullName string

	// board is the player's game a board reply shows: it gets the web
	// board's buttons (addWebButtons).
	board *store.Game

	// apology marks a response made from an error: it is always a new
	// ephemeral message, never an update of the board it came from.
	apology bool
}

// Request is one interaction with its route resolved.
type Request struct {
	*discordgo.Interaction
	// Route is the command path ("sudoku place") or the component/modal
	// pattern ("hint/{game}/{level}") that matched; metrics use it.
	Route string
	// Params are the {name} segments of a component or modal route.
	Params map[string]string
	// Options are the options of the (sub)command, by name.
	Options map[string]*discordgo.ApplicationCommandInteractionDataOption
	// Focused is the option being typed in an autocomplete interaction.
	Focused *discordgo.ApplicationCommandInteractionDataOption
	// Lang speaks the player's language (the interaction's locale).
	Lang *l10n.Lang
	kind Kind
}

// T renders a catalogue message in the player's language.
func (r *Request) T(id string, kv ...any) string { return r.lang().T(id, kv...) }

func (r *Request) lang() *l10n.Lang {
	if r == nil || r.Lang == nil {
		if r != nil && r.Interaction != nil {
			return l10n.For(string(r.Locale))
		}
		return l10n.English()
	}
	return r.Lang
}

// GuildLang is the server's language (guild_locale), for what the
// whole server reads; outside a server it is the player's.
func (r *Request) GuildLang() *l10n.Lang {
	if r.GuildLocale != nil && *r.GuildLocale != "" {
		return l10n.For(string(*r.GuildLocale))
	}
	return r.lang()
}

// UserID is the id of the member or user who interacted.
func (r *Request) UserID() string {
	if r.Member != nil && r.Member.User != nil {
		return r.Member.User.ID
	}
	if r.User != nil {
		return r.User.ID
	}
	return ""
}

// ServerInstalled reports whether the app is installed to the server the
// interaction comes from, and so can post there on its own (the daily).
// An app used only through a user's install has no such right. An
// interaction without authorizing_integration_owners (older payloads)
// counts as installed.
func (r *Request) ServerInstalled() bool {
	if r.GuildID == "" {
		return false
	}
	if r.AuthorizingIntegrationOwners == nil {
		return true
	}
	_, ok := r.AuthorizingIntegrationOwners[discordgo.ApplicationIntegrationGuildInstall]
	return ok
}

// String returns a string option, and whether it was given.
func (r *Request) String(name string) (string, bool) {
	o, ok := r.Options[name]
	if !ok || o.Type != discordgo.ApplicationCommandOptionString {
		return "", false
	}
	s, _ := o.Value.(string)
	return s, true
}

// Bool returns a boolean option, and whether it was given.
func (r *Request) Bool(name string) (bool, bool) {
	o, ok := r.Options[name]
	if !ok || o.Type != discordgo.ApplicationCommandOptionBoolean {
		return false, false
	}
	b, _ := o.Value.(bool)
	return b, true
}

// Int returns an integer option, and whether it was given. JSON numbers
// arrive as float64; a fractional value is not an integer.
func (r *Request) Int(name string) (int, bool) {
	o, ok := r.Options[name]
	if !ok || o.Type != discordgo.ApplicationCommandOptionInteger {
		return 0, false
	}
	f, ok := o.Value.(float64)
	if !ok || f != float64(int(f)) {
		return 0, false
	}
	return int(f), true
}

// Snowflake returns a user, channel or role option's id, and whether it
// was given.
func (r *Request) Snowflake(name string) (string, bool) {
	o, ok := r.Options[name]
	if !ok {
		return "", false
	}
	s, ok := o.Value.(string)
	return s, ok && s != ""
}

// ModalValue returns the value of a modal's text input by custom_id.
func (r *Request) ModalValue(customID string) (string, bool) {
	if r.Type != discordgo.InteractionModalSubmit {
		return "", false
	}
	for _, row := range r.ModalSubmitData().Components {
		ar, ok := row.(*discordgo.ActionsRow)
		if !ok {
			continue
		}
		for _, c := range ar.Components {
			if ti, ok := c.(*discordgo.TextInput); ok && ti.CustomID == customID {
				return ti.Value, true
			}
		}
	}
	return "", false
}

type route struct {
	pattern []string
	raw     string
	h       HandlerFunc
	kind    Kind
}

func (rt route) match(id string) (map[string]string, bool) {
	parts := strings.Split(id, "/")
	if len(parts) != len(rt.pattern) {
		return nil, false
	}
	var params map[string]string
	for i, p := range rt.pattern {
		if strings.HasPrefix(p, "{") && strings.HasSuffix(p, "}") {
			if parts[i] == "" {
				return nil, false
			}
			if params == nil {
				params = map[string]string{}
			}
			params[p[1:len(p)-1]] = parts[i]
		} else if p != parts[i] {
			return nil, false
		}
	}
	return params, true
}

// Router dispatches interactions like net/http's ServeMux: slash commands
// by name (and subcommand), components and modals by custom_id treated as a
// path with {name} segments, autocomplete by command. The zero Router is
// ready to use.
type Router struct {
	commands     map[string]route
	autocomplete map[string]route
	components   []route
	modals       []route
	mw           []Middleware
}

// Use adds middleware; the first added is the outermost.
func (rt *Router) Use(mw ...Middleware) { rt.mw = append(rt.mw, mw...) }

// Command routes a slash command; path is the command name followed by the
// subcommand, e.g. "sudoku new".
func (rt *Router) Command(path string, kind Kind, h HandlerFunc) {
	if rt.commands == nil {
		rt.commands = map[string]route{}
	}
	rt.commands[path] = route{raw: path, h: h, kind: kind}
}

// Autocomplete routes autocomplete interactions of a command path.
func (rt *Router) Autocomplete(path string, h HandlerFunc) {
	if rt.autocomplete == nil {
		rt.autocomplete = map[string]route{}
	}
	rt.autocomplete[path] = route{raw: path, h: h, kind: Private}
}

// Component routes message components whose custom_id matches pattern,
// e.g. "hint/{game}/{level}".
func (rt *Router) Component(pattern string, kind Kind, h HandlerFunc) {
	rt.components = append(rt.components, route{pattern: strings.Split(pattern, "/"), raw: pattern, h: h, kind: kind})
}

// Modal routes modal submissions whose custom_id matches pattern.
func (rt *Router) Modal(pattern string, kind Kind, h HandlerFunc) {
	rt.modals = append(rt.modals, route{pattern: strings.Split(pattern, "/"), raw: pattern, h: h, kind: kind})
}

// ErrNoRoute means no route matches the interaction: a command this build
// does not know (e.g. registered by an older version) or a stale button.
var ErrNoRoute = fmt.Errorf("no route")

// commandPath flattens a command's name and subcommand path, returning the
// options of the innermost level.
func commandPath(d discordgo.ApplicationCommandInteractionData) (string, []*discordgo.ApplicationCommandInteractionDataOption) {
	path := d.Name
	opts := d.Options
	for len(opts) == 1 && (opts[0].Type == discordgo.ApplicationCommandOptionSubCommand || opts[0].Type == discordgo.ApplicationCommandOptionSubCommandGroup) {
		path += " " + opts[0].Name
		opts = opts[0].Options
	}
	return path, opts
}

// Route resolves an interaction to its handler, wrapped in the router's
// middleware, and the request the handler gets.
func (rt *Router) Route(i *discordgo.Interaction) (HandlerFunc, *Request, error) {
	req := &Request{Interaction: i, Lang: l10n.For(string(i.Locale))}
	var found route
	var ok bool
	switch i.Type {
	case discordgo.InteractionApplicationCommand, discordgo.InteractionApplicationCommandAutocomplete:
		path, opts := commandPath(i.ApplicationCommandData())
		req.Options = make(map[string]*discordgo.ApplicationCommandInteractionDataOption, len(opts))
		for _, o := range opts {
			req.Options[o.Name] = o
			if o.Focused {
				req.Focused = o
			}
		}
		if i.Type == discordgo.InteractionApplicationCommand {
			found, ok = rt.commands[path]
		} else {
			found, ok = rt.autocomplete[path]
		}
	case discordgo.InteractionMessageComponent:
		id := i.MessageComponentData().CustomID
		for _, r := range rt.components {
			if req.Params, ok = r.match(id); ok {
				found = r
				break
			}
		}
	case discordgo.InteractionModalSubmit:
		id := i.ModalSubmitData().CustomID
		for _, r := range rt.modals {
			if req.Params, ok = r.match(id); ok {
				found = r
				break
			}
		}
	default:
		return nil, nil, fmt.Errorf("%w: interaction type %d", ErrNoRoute, i.Type)
	}
	if !ok {
		return nil, req, fmt.Errorf("%w for %s", ErrNoRoute, describe(i))
	}
	req.Route, req.kind = found.raw, found.kind
	h := found.h
	for j := len(rt.mw) - 1; j >= 0; j-- {
		h = rt.mw[j](h)
	}
	return h, req, nil
}

// describe names an interaction for logs and errors.
func describe(i *discordgo.Interaction) string {
	switch i.Type {
	case discordgo.InteractionApplicationCommand, discordgo.InteractionApplicationCommandAutocomplete:
		p, _ := commandPath(i.ApplicationCommandData())
		return "command /" + p
	case discordgo.InteractionMessageComponent:
		return "component " + i.MessageComponentData().CustomID
	case discordgo.InteractionModalSubmit:
		return "modal " + i.ModalSubmitData().CustomID
	}
	return fmt.Sprintf("interaction type %d", i.Type)
}
