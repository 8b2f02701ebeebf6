package render

import (
	"testing"

	"github.com/aboutscholar/about/record"
)

// TestKeyFromAuthorsInAnyScript: a work with authors is keyed by its first
// author's family name, in its own script when that has no Latin letters;
// "anon" only for a work with no authors (#20, item 7).
func TestKeyFromAuthorsInAnyScript(t *testing.T) {
	for _, c := range []struct {
		name    string
		authors []record.Author
		want    string
	}{
		{"latin", []record.Author{{Given: "Markus", Family: "Ralser"}}, "ralser2021work"},
		{"accented", []record.Author{{Given: "José", Family: "Núñez"}}, "nunez2021work"},
		{"han, family first", []record.Author{{Given: "小明", Family: "王"}}, "王2021work"},
		{"kana", []record.Author{{Given: "一郎", Family: "鈴木"}}, "鈴木2021work"},
		{"kana, voiced", []record.Author{{Given: "はなこ", Family: "ごとう"}}, "ごとう2021work"},
		{"hangul", []record.Author{{Given: "민준", Family: "김"}}, "김2021work"},
		{"no authors", nil, "anon2021work"},
	} {
		e := &entry{rec: record.Record{Authors: c.authors, Issued: record.Date{Year: 2021}}}
		if got := baseKey(e); got != c.want {
			t.Errorf("%s: key %q, want %q", c.name, got, c.want)
		}
	}
}
