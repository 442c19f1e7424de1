package l10n

import (
	"fmt"
	"maps"
	"strings"
	"sync"

	"github.com/BurntSushi/toml"
)

// Raw returns the messages whose id starts with prefix as their raw
// templates ("Row {{.Row}}"), not executed: the web board fills in the
// fields itself. A message with plural forms gives its "other" form; a
// message this language lacks falls back to English.
func (l *Lang) Raw(prefix string) (map[string]string, error) {
	out, err := rawFile(Default, prefix)
	if err != nil {
		return nil, err
	}
	if l == nil || l.tag == Default {
		return out, nil
	}
	own, err := rawFile(l.tag, prefix)
	if err != nil {
		return nil, err
	}
	for k, v := range own {
		out[k] = v
	}
	// The language's typography, as T gives it: the fields the board
	// fills in are numbers and cell names, which it does not change.
	for k, v := range out {
		out[k] = l.Typeset(v)
	}
	return out, nil
}

// rawCache keeps each file's raw messages by tag and prefix: the files
// are embedded, so they never change while the program runs.
var rawCache sync.Map // [2]string{tag, prefix} -> map[string]string

// rawFile returns a copy of one catalogue file's messages whose id starts
// with prefix.
func rawFile(tag, prefix string) (map[string]string, error) {
	key := [2]string{tag, prefix}
	if v, ok := rawCache.Load(key); ok {
		return maps.Clone(v.(map[string]string)), nil
	}
	out, err := readRaw(tag, prefix)
	if err != nil {
		return nil, err
	}
	rawCache.Store(key, out)
	return maps.Clone(out), nil
}

func readRaw(tag, prefix string) (map[string]string, error) {
	data, err := files.ReadFile("locales/" + tag + ".toml")
	if err != nil {
		return nil, fmt.Errorf("l10n: %w", err)
	}
	var msgs map[string]any
	if err := toml.Unmarshal(data, &msgs); err != nil {
		return nil, fmt.Errorf("l10n: %s.toml: %w", tag, err)
	}
	out := map[string]string{}
	for id, v := range msgs {
		if !strings.HasPrefix(id, prefix) {
			continue
		}
		switch m := v.(type) {
		case string:
			out[id] = m
		case map[string]any:
			if s, ok := m["other"].(string); ok {
				out[id] = s
			}
		}
	}
	return out, nil
}
