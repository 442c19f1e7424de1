package bot

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/bwmarrin/discordgo"
	"github.com/sudokubot/sudokubot/engine"
	"github.com/sudokubot/sudokubot/l10n"
	"github.com/sudokubot/sudokubot/store"
)

// hint answers with the next hint at a level, recorded on the game. The
// reply is built in full before anything is stored, and the hint counter
// and the pencil marks a level-3 hint removes are stored in one call: a
// hint the player cannot be shown is never counted.
func (b *Bot) hint(ctx context.Context, r *Request, g store.Game, level int) (*Response, error) {
	if g.Finished() {
		return nil, translate(store.ErrGameFinished)
	}
	var h Hint
	err := b.heavy(ctx, r.UserID(), func(ctx context.Context) error {
		var err error
		h, err = b.cfg.Hinter.Hint(ctx, g.Givens, g.Entries, playerMarks(g))
		return err
	})
	if errors.Is(err, errOverBudget) {
		return nil, &UserError{Msg: l10n.M("hint.slow"), Err: err}
	}
	if err != nil {
		return nil, fmt.Errorf("hint for game %d: %w", g.ID, err)
	}
	f, err := b.png(g, view{hint: &h, hintLevel: level})
	if err != nil {
		return nil, err
	}
	text := h.Text(r.Lang, level)
	resp := &Response{Ephemeral: true, Content: hintContent(r.Lang, level, text), Files: []File{f}, board: &g}
	if resp.Content != r.T("hint.head", "Level", level)+text {
		resp.Files = append(resp.Files, File{Name: "proof.txt", ContentType: "text/plain; charset=utf-8",
			Data: []byte(r.T("hint.proof_head", "Level", level, "Title", title(r.Lang, g)) + "\n\n" + text + "\n")})
	}
	if level < 3 && h.Result.Kind != engine.HintSolved {
		row := discordgo.ActionsRow{}
		if level < 2 {
			row.Components = append(row.Components, discordgo.Button{Label: r.T("button.more_detail"), Style: discordgo.SecondaryButton, CustomID: hintID(g.ID, 2)})
		}
		row.Components = append(row.Components, discordgo.Button{Label: r.T("button.show_me"), Style: discordgo.PrimaryButton, CustomID: hintID(g.ID, 3)})
		resp.Components = []discordgo.MessageComponent{row}
	}
	var marks []store.PencilMark
	if level == 3 && h.Step != nil {
		// The player has seen the result: remember its eliminations in
		// their pencil marks, so the next hint moves on instead of
		// repeating a step the grid alone cannot show as done.
		marks = eliminationMarks(g, *h.Step)
	}
	if _, err := b.cfg.Store.RecordHintWithMarks(ctx, g.ID, r.UserID(), level, marks, b.now()); err != nil {
		return nil, translate(err)
	}
	return resp, nil
}

// hintContent is a hint's message: the whole text when it fits in a
// message, else its first line (which stands alone) and a pointer to the
// attached proof.txt that hint adds.
func hintContent(l *l10n.Lang, level int, text string) string {
	head := l.T("hint.head", "Level", level)
	full := head + text
	if utf8.RuneCountInString(full) <= MaxContent {
		return full
	}
	first, rest, _ := strings.Cut(text, "\n")
	note := "\n" + l.T("hint.proof_note", "Count", strings.Count(rest, "\n")+2)
	return head + clip(first, MaxContent-utf8.RuneCountInString(head)-utf8.RuneCountInString(note)) + note
}

// playerMarks are the game's pencil marks, nil when the player has none.
func playerMarks(g store.Game) *[engine.NumCells]engine.Digits {
	for _, m := range g.Pencil {
		if m != 0 {
			p := g.Pencil
			return &p
		}
	}
	return nil
}

// eliminationMarks are the pencil marks of the cells a step's
// eliminations change, starting from the candidates the board allows.
func eliminationMarks(g store.Game, s engine.Step) []store.PencilMark {
	marks := candidates(g.Givens, g.Entries, playerMarks(g))
	var out []store.PencilMark
	seen := map[int]int{}
	for _, e := range s.Eliminations {
		if !marks[e.Cell].Has(e.Digit) {
			continue
		}
		marks[e.Cell] = marks[e.Cell].Without(e.Digit)
		if i, ok := seen[e.Cell]; ok {
			out[i].Marks = marks[e.Cell]
			continue
		}
		seen[e.Cell] = len(out)
		out = append(out, store.PencilMark{Cell: e.Cell, Marks: marks[e.Cell], Was: g.Pencil[e.Cell]})
	}
	return out
}

func (b *Bot) cmdHint(ctx context.Context, r *Request) (*Response, error) {
	g, err := b.currentGame(ctx, r)
	if err != nil {
		return nil, err
	}
	return b.hint(ctx, r, g, 1)
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
