package snapshots

import "bytes"

// Change is what replacing a snapshot file did to it.
type Change int

const (
	// Unchanged: the file held these bytes already and was not rewritten.
	Unchanged Change = iota
	// Changed: the file is new, or its content differs.
	Changed
	// LineEndings: the file differed only in ending its lines with CRLF,
	// as git's core.autocrlf checks text files out on Windows; it was
	// rewritten with LF, as about writes, but its content is the same.
	LineEndings
)

var (
	crlf = []byte("\r\n")
	lf   = []byte("\n")
)

// changeOf is what writing data over old (the file's bytes; nil when
// there was none) changes.
func changeOf(old, data []byte, existed bool) Change {
	switch {
	case existed && bytes.Equal(old, data):
		return Unchanged
	case existed && OnlyLineEndings(old, data):
		return LineEndings
	}
	return Changed
}

// OnlyLineEndings reports that old is data with CRLF line endings: the
// same file, checked out by git with core.autocrlf.
func OnlyLineEndings(old, data []byte) bool {
	return bytes.Contains(old, crlf) && bytes.Equal(bytes.ReplaceAll(old, crlf, lf), data)
}

// LineEndingsHint says what keeps git from converting the snapshot
// files' line endings, for the messages of check and fetch.
const LineEndingsHint = "git converted them on checkout (core.autocrlf); a .gitattributes file in the snapshot folder with the line `* text eol=lf` keeps them LF"
