package discordclient

import (
	"bytes"
	"encoding/json"
	"fmt"

	"github.com/bwmarrin/discordgo"
)

// File is an attachment of a response.
type File struct {
	Name        string
	ContentType string
	Data        []byte
	// Description is the picture's alt text (Discord's attachment
	// description, at most l10n.MaxAlt characters): what a screen reader
	// reads in its place.
	Description string
}

// attachment is a file's entry in a message body's attachments: by id
// (its files[n] index), with its alt text. discordgo's MessageAttachment
// has no description, so the bodies that carry files are written here.
type attachment struct {
	ID          string `json:"id"`
	Filename    string `json:"filename"`
	Description string `json:"description,omitempty"`
}

// describedReader is a file's bytes with its alt text, carried inside a
// discordgo.File until the body is written (MultipartWithAlts).
type describedReader struct {
	*bytes.Reader
	alt string
}

func Files(fs []File) []*discordgo.File {
	if len(fs) == 0 {
		return nil
	}
	out := make([]*discordgo.File, len(fs))
	for i, f := range fs {
		out[i] = &discordgo.File{Name: f.Name, ContentType: f.ContentType, Reader: &describedReader{Reader: bytes.NewReader(f.Data), alt: f.Description}}
	}
	return out
}

// MultipartWithAlts is discordgo.MultipartBodyWithJSON with the files'
// alt texts in the body's attachments: body.data.attachments for an
// interaction response, body.attachments for a message or an edit.
func MultipartWithAlts(body any, files []*discordgo.File) (contentType string, raw []byte, err error) {
	js, err := json.Marshal(body)
	if err != nil {
		return "", nil, err
	}
	var top map[string]json.RawMessage
	if err := json.Unmarshal(js, &top); err != nil {
		return "", nil, err
	}
	list := make([]attachment, len(files))
	for i, f := range files {
		list[i] = attachment{ID: fmt.Sprint(i), Filename: f.Name}
		if d, ok := f.Reader.(*describedReader); ok {
			list[i].Description = d.alt
		}
	}
	set := func(m map[string]json.RawMessage) error {
		a, err := json.Marshal(list)
		m["attachments"] = a
		return err
	}
	if data, ok := top["data"]; ok {
		var inner map[string]json.RawMessage
		if err := json.Unmarshal(data, &inner); err != nil {
			return "", nil, err
		}
		if err := set(inner); err != nil {
			return "", nil, err
		}
		if top["data"], err = json.Marshal(inner); err != nil {
			return "", nil, err
		}
	} else if err := set(top); err != nil {
		return "", nil, err
	}
	js, err = json.Marshal(top)
	if err != nil {
		return "", nil, err
	}
	return discordgo.MultipartBodyWithJSON(json.RawMessage(js), files)
}
