package manifest

import (
	"fmt"
	"regexp"
	"strings"
)

// The INSPIRE-HEP kinds (#34): a person INSPIRE lists works for, and a
// work known only from an INSPIRE literature record.
const (
	// KindINSPIRE names a person by an INSPIRE author identifier: the
	// readable BAI ("E.Witten.1") or the numbered INSPIRE ID
	// ("INSPIRE-00210391"), as an author profile shows them.
	KindINSPIRE Kind = "inspire"
	// KindINSPIREWork names a work known only from an INSPIRE literature
	// record (no DOI or arXiv id): value its record number. Never an
	// [[identity]]; [[link]], [[exclude]] and [[override]] may name it.
	KindINSPIREWork Kind = "inspire-work"
)

// inspireBAI and inspireNumbered are INSPIRE's two author identifiers.
var (
	inspireBAI      = regexp.MustCompile(`^[A-Za-z][A-Za-z'-]*(\.[A-Za-z][A-Za-z'-]*)+\.[1-9][0-9]*$`)
	inspireNumbered = regexp.MustCompile(`^INSPIRE-[0-9]{8}$`)
	inspireRecID    = regexp.MustCompile(`^[1-9][0-9]{0,9}$`)
)

// inspireHint says where an INSPIRE author identifier is found.
const inspireHint = "INSPIRE author ids look like E.Witten.1 or INSPIRE-00210391: both are on the author's INSPIRE profile (https://inspirehep.net/authors/…); the profile's number in its address is not one"

// NormalizeINSPIRE accepts an INSPIRE author identifier, the BAI as
// written (its letters' case is INSPIRE's) or the INSPIRE ID in any case.
func NormalizeINSPIRE(raw string) (string, error) {
	s := strings.TrimSpace(raw)
	switch {
	case inspireBAI.MatchString(s):
		return s, nil
	case inspireNumbered.MatchString(strings.ToUpper(s)):
		return strings.ToUpper(s), nil
	}
	if i := strings.LastIndex(strings.TrimRight(s, "/"), "/"); i >= 0 {
		// an address ending in an id, as INSPIRE's legacy profile
		// /author/profile/<BAI> does: the id is there, alone
		if id, err := NormalizeINSPIRE(strings.TrimRight(s, "/")[i+1:]); err == nil {
			return "", fmt.Errorf("INSPIRE author id %q is an address: write the id alone, inspire = %q", raw, id)
		}
	}
	return "", fmt.Errorf("INSPIRE author id %q is neither a BAI nor an INSPIRE ID (expected e.g. E.Witten.1 or INSPIRE-00210391)", raw)
}

// parseINSPIREWork reads an inspire-work identifier's value, a record number.
func parseINSPIREWork(raw, value string) (Identity, error) {
	v := strings.TrimSpace(value)
	if !inspireRecID.MatchString(v) {
		return Identity{}, fmt.Errorf("%q is not inspire-work:<INSPIRE literature record number>, e.g. inspire-work:451647", raw)
	}
	return Identity{Kind: KindINSPIREWork, Value: v}, nil
}

// INSPIREWork is the identity of a work known only from INSPIRE's record
// number recid.
func INSPIREWork(recid int) Identity {
	return Identity{Kind: KindINSPIREWork, Value: fmt.Sprint(recid)}
}

// memberINSPIRE reads a member's INSPIRE author id, "" when none is given.
func (l labReader) memberINSPIRE(table, name, raw string) (string, error) {
	if strings.TrimSpace(raw) == "" {
		return "", nil
	}
	v, err := NormalizeINSPIRE(raw)
	if err != nil {
		return "", &Error{File: l.path, Line: l.line(table, "inspire"), Value: raw, Err: fmt.Errorf("[[member]] %q: %w", name, err), Hint: inspireHint}
	}
	return v, nil
}
