package providers

import (
	"strings"

	"github.com/tidwall/gjson"
)

// First returns the first non-empty string among a JSON array's items or
// the value itself when it is a string (Crossref wraps titles in arrays).
func First(v gjson.Result) string {
	if v.IsArray() {
		for _, item := range v.Array() {
			if s := strings.TrimSpace(item.String()); s != "" {
				return s
			}
		}
		return ""
	}
	return strings.TrimSpace(v.String())
}

// Strings collects the non-empty strings of a JSON array, in order.
func Strings(v gjson.Result) []string {
	var out []string
	v.ForEach(func(_, item gjson.Result) bool {
		if s := strings.TrimSpace(item.String()); s != "" {
			out = append(out, s)
		}
		return true
	})
	return out
}
