package bot

import (
	"context"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/bwmarrin/discordgo"
	"github.com/sudokubot/sudokubot/engine"
	"github.com/sudokubot/sudokubot/game"
	"github.com/sudokubot/sudokubot/l10n"
	"github.com/sudokubot/sudokubot/store"
)

// hint answers with the next hint at a level, worked out and counted by
// the use case game.Hint (a hint counts once per step, however many
// levels the player opens).
func (b *Bot) hint(ctx context.Context, r *Request, g store.Game, level int) (*Response, error) {
	var resp *Response
	_, err := b.play.Hint(ctx, game.HintInput{GameID: g.ID, User: r.UserID(), Level: level,
		Reply: func(res game.HintResult) error {
			var err error
			resp, err = b.hintReply(r, res, level)
			return err
		}})
	if err != nil {
		return nil, err
	}
	return resp, nil
}

// hintReply is a hint's message at a level with its picture on the
// position the hint was worked out on, and the buttons for more detail. A
// hint too long for one message comes in parts (hintParts): this is the
// first, with a button to the next.
func (b *Bot) hintReply(r *Request, res game.HintResult, level int) (*Response, error) {
	return b.hintPart(r, res.Hint, res.Asked, &res.Game, level, 0)
}

// hintPart is part i of a hint at a level (clamped to the parts there
// are): its lines, the picture of the case of a net they read (the
// other cases faded), buttons to the parts before and after it, and the
// buttons for more detail.
func (b *Bot) hintPart(r *Request, h game.Hint, g store.Game, board *store.Game, level, i int) (*Response, error) {
	parts := hintParts(r.Lang, h, level)
	i = min(max(i, 0), len(parts)-1)
	p := parts[i]
	f, err := b.png(r.Lang, g, view{hint: &h, hintLevel: level, hintCase: p.kase})
	if err != nil {
		return nil, err
	}
	head := r.T("hint.head", "Level", level)
	if len(parts) > 1 {
		head = r.T("hint.part_head", "Level", level, "Part", i+1, "Parts", len(parts))
	}
	resp := &Response{Ephemeral: true, Content: head + strings.Join(p.lines, "\n"), Files: []File{f}, board: board}
	if len(parts) > 1 {
		nav := discordgo.ActionsRow{}
		if i > 0 {
			nav.Components = append(nav.Components, discordgo.Button{Label: r.T("button.prev_part"), Style: discordgo.SecondaryButton, CustomID: hintPartID(g.ID, level, i-1)})
		}
		if i < len(parts)-1 {
			nav.Components = append(nav.Components, discordgo.Button{Label: r.T("button.next_part"), Style: discordgo.PrimaryButton, CustomID: hintPartID(g.ID, level, i+1)})
		}
		resp.Components = append(resp.Components, nav)
	}
	if level < 3 && h.Result.Kind != engine.HintSolved {
		row := discordgo.ActionsRow{}
		if level < 2 {
			row.Components = append(row.Components, discordgo.Button{Label: r.T("button.more_detail"), Style: discordgo.SecondaryButton, CustomID: hintID(g.ID, 2)})
		}
		row.Components = append(row.Components, discordgo.Button{Label: r.T("button.show_me"), Style: discordgo.PrimaryButton, CustomID: hintID(g.ID, 3)})
		if link := b.lessonLink(hintTechnique(h), string(r.Locale)); level == 1 && link != "" && hintTechnique(h) != "" {
			// The nudge names a technique: its lesson is one tap away.
			row.Components = append(row.Components, discordgo.Button{Label: r.T("button.lesson"), Style: discordgo.LinkButton, URL: link})
		}
		resp.Components = append(resp.Components, row)
	}
	return resp, nil
}

// hintPiece is one message of a hint: its lines, and the case of a net
// they read (0: every case, or a hint without cases).
type hintPiece struct {
	lines []string
	kase  int
}

// maxPartHead is room kept in a part for its head ("Hint 3/3, part 2
// of 5: ") and the emoji, in any language.
const maxPartHead = 80

// hintParts splits a hint's text into messages: one when it fits, else
// parts of whole lines within MaxContent, a new part at each case of a
// forcing chain or net so that each part's picture can show its case
// alone. The summary goes with the first case, the result with the last.
func hintParts(l *l10n.Lang, h game.Hint, level int) []hintPiece {
	text := h.Text(l, level)
	lines := strings.Split(text, "\n")
	// Room is kept for the sentence naming the game (whichLead), so a
	// part is the same whether or not the reply names it.
	if utf8.RuneCountInString(l.T("hint.head", "Level", level)+text) <= MaxContent-maxLead {
		return []hintPiece{{lines: lines}}
	}
	cases := h.Cases(l, level)
	if len(cases) != len(lines) {
		cases = make([]int, len(lines))
	}
	budget := MaxContent - maxPartHead - maxLead
	var out []hintPiece
	var cur hintPiece
	size := 0
	for i, line := range lines {
		line = clip(line, budget)
		n := utf8.RuneCountInString(line) + 1
		c := cases[i]
		if len(cur.lines) > 0 && (size+n > budget || c != 0 && cur.kase != 0 && c != cur.kase) {
			out = append(out, cur)
			cur, size = hintPiece{}, 0
		}
		cur.lines = append(cur.lines, line)
		size += n
		if c != 0 {
			cur.kase = c
		}
	}
	return append(out, cur)
}

// cmdHint answers /sudoku hint, which names no game: the reply says which
// game it is for and offers the player's other open games here.
func (b *Bot) cmdHint(ctx context.Context, r *Request) (*Response, error) {
	g, others, err := b.placeGames(ctx, r)
	if err != nil {
		return nil, err
	}
	resp, err := b.hint(ctx, r, g, 1)
	if err != nil {
		return nil, err
	}
	answerWhich(r, resp, g, others, true, "💡", func(id int64) string { return hintID(id, 1) })
	return resp, nil
}

func (b *Bot) btnHint(ctx context.Context, r *Request) (*Response, error) {
	level, err := strconv.Atoi(r.Params["level"])
	if err != nil || level < 1 || level > 3 {
		return nil, userErr("hint.bad_level", "Value", quote(r.Params["level"]))
	}
	g, err := b.ownedGame(ctx, r)
	if err != nil {
		return nil, err
	}
	return b.hint(ctx, r, g, level)
}

// btnHintPart shows another part of a hint the player opened, counting
// nothing (game.ShownHint): browsing a proof is not asking again.
func (b *Bot) btnHintPart(ctx context.Context, r *Request) (*Response, error) {
	level, err := strconv.Atoi(r.Params["level"])
	if err != nil || level < 1 || level > 3 {
		return nil, userErr("hint.bad_level", "Value", quote(r.Params["level"]))
	}
	part, err := strconv.Atoi(r.Params["part"])
	if err != nil || part < 0 {
		return nil, userErr("hint.moved")
	}
	g, err := b.ownedGame(ctx, r)
	if err != nil {
		return nil, err
	}
	h, g, err := b.play.ShownHint(ctx, g.ID, r.UserID(), level)
	if err != nil {
		return nil, err
	}
	return b.hintPart(r, h, g, &g, level, part)
}

// hintTechnique is the technique a hint's step teaches, "" for a hint
// about mistakes.
func hintTechnique(h game.Hint) engine.TechniqueID {
	if h.Step == nil || !engine.Trainable(h.Step.Technique) {
		return ""
	}
	return h.Step.Technique
}
