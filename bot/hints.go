package bot

import (
	"context"
	"errors"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/bwmarrin/discordgo"
	"github.com/sudokubot/sudokubot/engine"
	"github.com/sudokubot/sudokubot/game"
	"github.com/sudokubot/sudokubot/l10n"
	"github.com/sudokubot/sudokubot/share"
	"github.com/sudokubot/sudokubot/store"
)

// hint answers with the next hint at a level, worked out and counted by
// the use case game.Hint (a hint counts once per step, however many
// levels the player opens).
func (b *Bot) hint(ctx context.Context, r *Request, g store.Game, level int) (*Response, error) {
	var resp *Response
	_, err := b.play.Hint(withPlayer(ctx, r.UserID()), game.HintInput{GameID: g.ID, User: r.UserID(), Level: level,
		Reply: func(res game.HintResult) error {
			var err error
			resp, err = b.hintReply(r, res, level)
			return err
		}})
	if errors.Is(err, errOverBudget) {
		return nil, &UserError{Msg: l10n.M("hint.slow"), Err: err}
	}
	if err != nil {
		return nil, err
	}
	return resp, nil
}

// hintReply is a hint's message at a level, its picture on the position
// the hint was worked out on, the proof attached when it is too long, and
// the buttons for more detail.
func (b *Bot) hintReply(r *Request, res game.HintResult, level int) (*Response, error) {
	h, g := res.Hint, res.Asked
	f, err := b.png(g, view{hint: &h, hintLevel: level})
	if err != nil {
		return nil, err
	}
	text := h.Text(r.Lang, level)
	resp := &Response{Ephemeral: true, Content: hintContent(r.Lang, level, text), Files: []File{f}, board: &res.Game}
	if resp.Content != r.T("hint.head", "Level", level)+text {
		resp.Files = append(resp.Files, File{Name: "proof.txt", ContentType: "text/plain; charset=utf-8",
			Data: []byte(r.T("hint.proof_head", "Level", level, "Title", share.Title(r.Lang, g)) + "\n\n" + text + "\n")})
	}
	if level < 3 && h.Result.Kind != engine.HintSolved {
		row := discordgo.ActionsRow{}
		if level < 2 {
			row.Components = append(row.Components, discordgo.Button{Label: r.T("button.more_detail"), Style: discordgo.SecondaryButton, CustomID: hintID(g.ID, 2)})
		}
		row.Components = append(row.Components, discordgo.Button{Label: r.T("button.show_me"), Style: discordgo.PrimaryButton, CustomID: hintID(g.ID, 3)})
		resp.Components = []discordgo.MessageComponent{row}
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
