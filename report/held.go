package report

import (
	"fmt"
	"io"
	"slices"
	"strings"

	"github.com/aboutscholar/about/internal/english"
)

// writeHeld tells, per ORCID record (dblp person page, INSPIRE author's
// listing) whose removals were held back, how
// many works it dropped of how many, and that their files were kept.
func (r *Report) writeHeld(w io.Writer) {
	if !r.HeldBack() {
		return
	}
	var kinds []string // each kind of listing held, in the records' order
	for _, h := range r.Held {
		if k := listingOf(h.Record); !slices.Contains(kinds, k) {
			kinds = append(kinds, k)
		}
	}
	fmt.Fprintf(w, "\nremovals held back: %s that drops all or most of its works at once is likelier a faulty answer than an edit\n", strings.Join(kinds, " or "))
	for _, h := range r.Held {
		fmt.Fprintf(w, "  %s\n", heldLine(h))
	}
}

// heldLine says what one record's answer dropped and what was kept.
func heldLine(h HeldRemoval) string {
	n := len(h.Works)
	if h.Lists == 0 {
		return fmt.Sprintf("%s lists no works now, where its last snapshot listed %d: kept %s and %s files",
			h.Record, h.Had, english.Plural(n, "it", "all "+fmt.Sprint(n)), english.Plural(n, "its", "their"))
	}
	return fmt.Sprintf("%s no longer lists %d of the %d works its last snapshot listed (it lists %d now): kept %s and %s files",
		h.Record, n, h.Had, h.Lists, english.Plural(n, "it", "them"), english.Plural(n, "its", "their"))
}

// heldHint says how to accept the removals held back, when some were.
func (r *Report) heldHint() string {
	if !r.HeldBack() {
		return ""
	}
	records := make([]string, len(r.Held))
	for i, h := range r.Held {
		records[i] = h.Record
	}
	manifest := "MANIFEST"
	if r.Manifest != "" {
		manifest = shellWord(r.Manifest)
	}
	return fmt.Sprintf("if those works really left %s, accept their removal with: about fetch --accept-removals %s; otherwise run again later (the files stay until then)",
		strings.Join(records, " and "), manifest)
}

// shellWord is path as one word a POSIX shell reads back as path, so the
// hint's command can be pasted: as it is when it holds only characters no
// shell treats specially, else single-quoted.
func shellWord(path string) string {
	plain := strings.IndexFunc(path, func(c rune) bool {
		return !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || strings.ContainsRune("._/-+,:@%=", c))
	}) < 0
	if plain {
		return path
	}
	return "'" + strings.ReplaceAll(path, "'", `'\''`) + "'"
}
