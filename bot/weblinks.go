package bot

import (
	"context"
	"errors"
	"fmt"
	"net/url"

	"github.com/bwmarrin/discordgo"
	"github.com/sudokubot/sudokubot/game"
)

// routeActivity is the "Play in Discord" button's custom_id.
const routeActivity = "activity/{game}"

func activityID(game int64) string { return fmt.Sprintf("activity/%d", game) }

// BoardToken mints a board token for a user's open game: the Bearer of
// the board's API (web/API.md). A finished game gets none.
func (b *Bot) BoardToken(ctx context.Context, userID string, gameID int64) (string, error) {
	if b.keys == nil {
		return "", errors.New("board tokens: the store keeps no board keys")
	}
	g, err := b.cfg.Store.Game(ctx, gameID)
	if err != nil {
		return "", err
	}
	if err := game.CheckPlays(g, userID); err != nil {
		return "", fmt.Errorf("board token: %w", err)
	}
	return b.keys.Mint(ctx, userID, gameID)
}

// BoardLink is the "Open board" link of a user's open game:
// PublicURL/board/?lang=LOCALE#TOKEN (the token in the fragment never
// reaches a server log or a Referer header). It needs Config.PublicURL.
func (b *Bot) BoardLink(ctx context.Context, userID string, gameID int64, locale string) (string, error) {
	if b.cfg.PublicURL == "" {
		return "", errors.New("board link: no public URL is set (SUDOKUBOT_PUBLIC_URL)")
	}
	tok, err := b.BoardToken(ctx, userID, gameID)
	if err != nil {
		return "", err
	}
	return b.boardLink(tok, locale), nil
}

func (b *Bot) boardLink(tok, locale string) string {
	q := ""
	if locale != "" {
		q = "?lang=" + url.QueryEscape(locale)
	}
	return b.cfg.PublicURL + "/board/" + q + "#" + tok
}

// addWebButtons gives a board reply of the player's own open game its
// "Open board" link (with a public URL) and "Play in Discord" button
// (with the Activity on), on a row of their own. A link that cannot be
// minted leaves the reply as it was: the board in Discord still works.
func (b *Bot) addWebButtons(ctx context.Context, req *Request, resp *Response) {
	g := resp.board
	if g == nil || game.CheckPlays(*g, req.UserID()) != nil || (b.cfg.PublicURL == "" && !b.cfg.Activity) {
		return
	}
	var row []discordgo.MessageComponent
	if b.cfg.PublicURL != "" && b.keys != nil {
		tok, err := b.keys.Mint(ctx, g.UserID, g.ID)
		if err != nil {
			b.log.Warn("minting a board link failed", "game", g.ID, "err", err)
		} else {
			row = append(row, discordgo.Button{Label: req.T("button.open_board"), Style: discordgo.LinkButton,
				Emoji: &discordgo.ComponentEmoji{Name: "🧩"}, URL: b.boardLink(tok, string(req.Locale))})
		}
	}
	if b.cfg.Activity {
		row = append(row, discordgo.Button{Label: req.T("button.play_discord"), Style: discordgo.SecondaryButton,
			Emoji: &discordgo.ComponentEmoji{Name: "🎮"}, CustomID: activityID(g.ID)})
	}
	if len(row) == 0 || len(resp.Components) >= maxRows {
		return
	}
	resp.Components = append(resp.Components, discordgo.ActionsRow{Components: row})
}
