package bot

import (
	"context"
	"errors"
	"net/url"
	"slices"
	"strings"

	"github.com/bwmarrin/discordgo"
	"github.com/sudokubot/sudokubot/engine"
	"github.com/sudokubot/sudokubot/explain"
	"github.com/sudokubot/sudokubot/game"
	"github.com/sudokubot/sudokubot/l10n"
	"github.com/sudokubot/sudokubot/share"
)

// techniqueName is a technique's plain name in a language.
func techniqueName(l *l10n.Lang, t engine.TechniqueID) string { return explain.TechniqueName(l, t) }

// autocompleteTechnique offers the techniques whose name in the player's
// language, expert name, key or alias holds what they typed, easiest
// first: each labelled as a hint names it, "Coloring (Simple Coloring)",
// with the key as its value. Only what the served library can serve now
// is offered (game.Practisable): a find of the background jobs within a
// minute, on every replica.
func (b *Bot) autocompleteTechnique(ctx context.Context, r *Request) *Response {
	typed := ""
	if r.Focused != nil {
		typed, _ = r.Focused.Value.(string)
	}
	typed = strings.ToLower(strings.TrimSpace(typed))
	var ch []*discordgo.ApplicationCommandOptionChoice
	for _, t := range game.Practisable(b.maker.TechniqueLibrary(ctx)) {
		name, expert := techniqueName(r.Lang, t), explain.ExpertName(r.Lang, t)
		label := name
		if !explain.SameName(name, expert) {
			label = r.T("tech.with_expert", "Plain", name, "Expert", expert)
		}
		if typed != "" && !typedMatches(typed, t, label) {
			continue
		}
		if len([]rune(label)) > 100 {
			label = string([]rune(label)[:99]) + "…"
		}
		ch = append(ch, &discordgo.ApplicationCommandOptionChoice{Name: label, Value: t.String()})
		if len(ch) == maxChoices {
			break
		}
	}
	return &Response{Type: discordgo.InteractionApplicationCommandAutocompleteResult, Choices: ch}
}

// typedMatches says whether what a player typed (in lower case) is part
// of a technique's label, its key, an alias or its slug: "colouring" and
// "coloring" both find Simple Colouring, whatever the language spells.
func typedMatches(typed string, t engine.TechniqueID, label string) bool {
	names := []string{label, t.String(), t.Slug()}
	if info, ok := t.Info(); ok {
		names = append(names, info.Aliases...)
	}
	return slices.ContainsFunc(names, func(n string) bool { return strings.Contains(strings.ToLower(n), typed) })
}

// cmdTrain starts a training game of a technique: made in the heavy pool
// like every new puzzle, and started just before the technique when that
// suits it.
func (b *Bot) cmdTrain(ctx context.Context, r *Request, name string) (*Response, error) {
	t, err := game.PractiseTechnique(b.maker.TechniqueLibrary(ctx), name)
	if err != nil {
		return nil, err
	}
	res, err := b.play.StartTraining(ctx, game.TrainInput{User: r.UserID(), Guild: r.GuildID, Technique: t,
		Puzzle: func(ctx context.Context) (engine.TechniquePuzzle, error) { return b.maker.Training(ctx, r.UserID(), t) }})
	if err != nil {
		return b.trainFailed(ctx, r, err)
	}
	g := res.Game
	msg := r.T("train.started", "Technique", techniqueName(r.Lang, t), "Status", status(r.Lang, g))
	switch {
	case res.Illustration:
		msg += r.T("sep.sentence") + game.IllustrationNote(r.Lang, t, "train.from_illustration")
	case res.FromPosition:
		msg += r.T("sep.sentence") + r.T("train.from_position", "Step", res.Step+1)
	}
	if link := b.lessonLink(t, string(r.Locale)); link != "" {
		msg += "\n" + r.T("train.lesson_link", "URL", link)
	}
	return b.boardResponse(r, g, view{}, msg)
}

// trainFailed answers a training that made no puzzle: its message says no
// game was started, and names the game the player's hints and moves still
// go to, if they have one open here. Other errors are returned as they are.
func (b *Bot) trainFailed(ctx context.Context, r *Request, err error) (*Response, error) {
	var ue *UserError
	if !errors.As(err, &ue) || !slices.Contains([]string{"train.failed", "train.slow", "train.unavailable", "train.used_up"}, ue.Msg.ID) {
		return nil, err
	}
	text := ue.Text(r.Lang)
	cur, cerr := b.currentGame(ctx, r)
	switch {
	case cerr == nil:
		text += r.T("sep.sentence") + r.T("train.still_on", "Title", share.Title(r.Lang, cur))
	case !errors.Is(cerr, errNoGame):
		return nil, cerr
	}
	b.log.Info("training made no puzzle", "user", r.UserID(), "err", err)
	return &Response{Ephemeral: true, Content: text}, nil
}

// lessonLink is the web board's lesson page of a technique in a
// language, "" without a public URL.
func (b *Bot) lessonLink(t engine.TechniqueID, locale string) string {
	if b.cfg.PublicURL == "" {
		return ""
	}
	q := ""
	if locale != "" {
		q = "?lang=" + url.QueryEscape(locale)
	}
	return b.cfg.PublicURL + "/learn/" + t.Slug() + q
}
