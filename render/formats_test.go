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
		if !strings.Contains(FormatHelp("", 72), string(r.format)+" ") {
			t.Errorf("%s: not in the help", r.format)
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
