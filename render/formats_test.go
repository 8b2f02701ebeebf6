package render

import (
	"strings"
	"testing"
)

// Every row of the formats table is whole: a help line, exactly one
// writer of its kind, and an --out example for a one-file format only.
func TestEveryFormatRowIsWhole(t *testing.T) {
	seen := map[Format]bool{}
	for _, r := range formats {
		if seen[r.format] || r.format != Format(strings.ToLower(string(r.format))) {
			t.Errorf("%s: listed twice, or not in lower case", r.format)
		}
		seen[r.format] = true
		if r.help == "" {
			t.Errorf("%s: no help line", r.format)
		}
		if folder := r.kind == Site; folder != (r.files != nil) || folder == (r.write != nil) || folder == (r.example != "") {
			t.Errorf("%s: a %v format needs files (a folder) or write and an example (one file), not both", r.format, r.kind)
		}
	}
}

// TestFormatHelpListsEachRowInOrder: the help's unindented lines are the
// formats table's rows, in order, each followed by its help's first word.
func TestFormatHelpListsEachRowInOrder(t *testing.T) {
	var heads []string
	for _, line := range strings.Split(FormatHelp("", 72), "\n") {
		if !strings.HasPrefix(line, " ") {
			heads = append(heads, line)
		}
	}
	if len(heads) != len(formats) {
		t.Fatalf("%d help entries, %d formats:\n%s", len(heads), len(formats), FormatHelp("", 72))
	}
	for i, r := range formats {
		fields := strings.Fields(heads[i])
		if len(fields) < 2 || fields[0] != string(r.format) || fields[1] != strings.Fields(r.help)[0] {
			t.Errorf("help entry %d is %q, want %s and its help", i, heads[i], r.format)
		}
	}
}

func TestFormatHelpWrapsUnderTheName(t *testing.T) {
	help := FormatHelp("  ", 40)
	for _, line := range strings.Split(help, "\n") {
		if len(line) > 40 && strings.Contains(strings.TrimSpace(line), " ") {
			t.Errorf("line over 40 columns: %q", line)
		}
	}
	if !strings.Contains(help, "\n"+strings.Repeat(" ", 2+len("academicpages")+2)+"Zotero") {
		t.Errorf("a wrapped help line does not hang under the text:\n%s", help)
	}
}
