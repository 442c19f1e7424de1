package bot

import (
	"strings"
	"unicode/utf8"

	"github.com/bwmarrin/discordgo"

	"github.com/sudokubot/sudokubot/l10n"
)

// Discord's limits on a message and its parts. Discord rejects a reply
// beyond any of them with 400 and the player sees "This interaction
// failed", so fit enforces them on every reply the bot builds.
const (
	// MaxContent is the most characters a message's content may have.
	MaxContent = 2000
	// MaxFiles is the most attachments a message may have.
	MaxFiles = 10
	// MaxFileBytes is the most bytes all attachments of a message may
	// have together (Discord's default upload limit).
	MaxFileBytes = 10 << 20
	maxRows      = 5   // action rows per message
	maxPerRow    = 5   // buttons per action row
	maxLabel     = 80  // characters of a button label
	maxChoices   = 25  // autocomplete choices
	maxChoice    = 100 // characters of a choice's name or value
	maxTitle     = 45  // characters of a modal title or text input label
	maxHolder    = 100 // characters of a text input placeholder
)

// fullTextName is the attachment that carries a reply's content when it
// is too long for a message.
const fullTextName = "message.txt"

// fit returns r within Discord's limits: content longer than MaxContent
// is shortened at a line or word break and the full text attached as a
// .txt file (named r.FullName, else message.txt), with a note in l (the
// reader's language; nil is English) saying so; labels, titles and
// choices are cut to their limits; surplus rows, buttons, choices and
// files are dropped. r itself is not changed.
func fit(r *Response, l *l10n.Lang) *Response {
	if r == nil {
		return nil
	}
	out := *r
	if utf8.RuneCountInString(out.Content) > MaxContent {
		name := r.FullName
		if name == "" {
			name = fullTextName
		}
		if l == nil {
			l = l10n.English()
		}
		note := "\n" + l.T("limits.full_text", "File", name)
		out.Content = shorten(r.Content, MaxContent-utf8.RuneCountInString(note)) + note
		full := File{Name: name, ContentType: "text/plain; charset=utf-8", Data: []byte(r.Content)}
		out.Files = append(append([]File(nil), r.Files...), full)
		if len(out.Files) > MaxFiles {
			// The full text matters more than a surplus picture.
			out.Files = append(out.Files[:MaxFiles-1:MaxFiles-1], full)
		}
	}
	if len(out.Files) > MaxFiles {
		out.Files = out.Files[:MaxFiles]
	}
	total := 0
	for i, f := range out.Files {
		total += len(f.Data)
		if total > MaxFileBytes {
			out.Files = out.Files[:i]
			break
		}
	}
	out.Components = fitComponents(r.Components)
	if len(r.Choices) > 0 {
		ch := r.Choices
		if len(ch) > maxChoices {
			ch = ch[:maxChoices]
		}
		out.Choices = make([]*discordgo.ApplicationCommandOptionChoice, len(ch))
		for i, c := range ch {
			cc := *c
			cc.Name = clip(cc.Name, maxChoice)
			if s, ok := cc.Value.(string); ok {
				cc.Value = clip(s, maxChoice)
			}
			out.Choices[i] = &cc
		}
	}
	out.Title = clip(r.Title, maxTitle)
	return &out
}

func fitComponents(cs []discordgo.MessageComponent) []discordgo.MessageComponent {
	if cs == nil {
		return nil
	}
	if len(cs) > maxRows {
		cs = cs[:maxRows]
	}
	out := make([]discordgo.MessageComponent, 0, len(cs))
	for _, c := range cs {
		row, ok := c.(discordgo.ActionsRow)
		if !ok {
			out = append(out, c)
			continue
		}
		items := row.Components
		if len(items) > maxPerRow {
			items = items[:maxPerRow]
		}
		fitted := make([]discordgo.MessageComponent, len(items))
		for i, it := range items {
			switch v := it.(type) {
			case discordgo.Button:
				v.Label = clip(v.Label, maxLabel)
				it = v
			case discordgo.TextInput:
				v.Label = clip(v.Label, maxTitle)
				v.Placeholder = clip(v.Placeholder, maxHolder)
				it = v
			}
			fitted[i] = it
		}
		out = append(out, discordgo.ActionsRow{Components: fitted})
	}
	return out
}

// clip cuts s to at most n characters, ending with "…" when cut.
func clip(s string, n int) string {
	if utf8.RuneCountInString(s) <= n {
		return s
	}
	return string([]rune(s)[:n-1]) + "…"
}

// shorten cuts s to at most n characters, at the last line break in the
// second half of that span, else at the last space, else anywhere.
func shorten(s string, n int) string {
	if utf8.RuneCountInString(s) <= n {
		return s
	}
	cut := string([]rune(s)[:n])
	if i := strings.LastIndexByte(cut, '\n'); i > len(cut)/2 {
		return strings.TrimRight(cut[:i], " ")
	}
	if i := strings.LastIndexByte(cut, ' '); i > len(cut)/2 {
		return cut[:i]
	}
	return cut
}
