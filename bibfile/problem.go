package bibfile

import "fmt"

// Problem is one thing wrong in a file, where it is and what it says.
// A Warning loses nothing (BibTeX and biber read on: a repeated key, an
// undefined @string, stray text that starts with "@"); an error cut an
// entry short or lost it (an unterminated brace, a missing "="): the
// entries after it are still read.
type Problem struct {
	File    string // the file's name
	Line    int    // 1-based
	Key     string // the entry's key, when the problem is in one
	Text    string // the offending text, at most a line of it
	Message string // what is wrong, lowercase
	Warning bool
}

func (p Problem) Error() string {
	where := fmt.Sprintf("%s:%d", p.File, p.Line)
	if p.Key != "" {
		where += " (" + p.Key + ")"
	}
	if p.Text != "" {
		return fmt.Sprintf("%s: %s: %q", where, p.Message, p.Text)
	}
	return where + ": " + p.Message
}

// Errors are the problems that are not warnings.
func (f *File) Errors() []Problem {
	var out []Problem
	for _, p := range f.Problems {
		if !p.Warning {
			out = append(out, p)
		}
	}
	return out
}
