package wording

import "strings"

// MarkdownText escapes text for Markdown (the markdown page, the nih
// report's table cells): every ASCII punctuation character that
// CommonMark, GitHub (math, strike-through, tables: a "|" would end a
// cell) or kramdown could read as syntax gets a backslash, "<" and "&"
// too, so no HTML reaches the page, and braces become character
// references so Liquid ({{ }}, {% %}) in Jekyll and Hugo's shortcodes
// never see them. It is one line (Clean).
func MarkdownText(s string) string {
	s = Clean(s)
	var b strings.Builder
	for _, r := range s {
		switch r {
		case '\\', '`', '*', '_', '[', ']', '<', '>', '&', '$', '~', '|', '#', '^', '!':
			b.WriteByte('\\')
			b.WriteRune(r)
		case '{':
			b.WriteString("&#123;")
		case '}':
			b.WriteString("&#125;")
		default:
			b.WriteRune(r)
		}
	}
	return b.String()
}
