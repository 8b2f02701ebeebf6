package manifest

import (
	"fmt"
	"regexp"
	"strings"
)

// The dblp kinds (#34): a person dblp lists works for, and a work known
// only from a dblp record.
const (
	// KindDBLP names a person by dblp's person id ("95/7448-1"): an
	// [[identity]] whose works dblp lists, as an ORCID iD's ORCID does.
	KindDBLP Kind = "dblp"
	// KindDBLPWork names a work known only from a dblp record (no DOI or
	// arXiv id): value dblp's record key ("conf/nips/SmithD20"). Never an
	// [[identity]]; [[link]], [[exclude]] and [[override]] may name it,
	// since it is the name the work's file and entry carry.
	KindDBLPWork Kind = "dblp-work"
)

// dblpPID is a dblp person id: a numeric group and a number, with a
// homonym suffix ("95/7448-1"), or an early id, a letter and the name
// ("h/GeoffreyEHinton"). dblp documents ids as opaque; these are the
// forms its persistent person URLs take.
var dblpPID = regexp.MustCompile(`^([0-9]{1,4}/[0-9]{1,8}(-[0-9]{1,4})?|[a-z]/[A-Za-z0-9_=.'-]{1,120})$`)

// dblpRecordKey is a dblp record key: a class, a stream and a name,
// slash-separated ("conf/nips/VaswaniSPUJGKP17", "journals/corr/abs-1706-03762").
var dblpRecordKey = regexp.MustCompile(`^[a-z]+(/[A-Za-z0-9_=.'+-]{1,160}){1,4}$`)

// NormalizeDBLP accepts a dblp person as a user copies it: the persistent
// URL dblp shows on the person page (https://dblp.org/pid/95/7448-1, also
// with .html or .xml, on dblp.uni-trier.de or dblp.dagstuhl.de) or the
// bare pid. The name-based URLs (/pers/hd/…) are refused: they change
// when dblp renames a person, the pid does not.
func NormalizeDBLP(raw string) (string, error) {
	s := strings.TrimSpace(raw)
	lower := strings.ToLower(s)
	for _, scheme := range []string{"https://", "http://", ""} {
		for _, host := range []string{"dblp.org", "dblp.uni-trier.de", "dblp.dagstuhl.de", "www.dblp.org"} {
			p := scheme + host + "/"
			if !strings.HasPrefix(lower, p) {
				continue
			}
			rest := s[len(p):]
			pid, ok := strings.CutPrefix(rest, "pid/")
			if !ok {
				return "", fmt.Errorf("dblp address %q is not a person's persistent URL (expected https://dblp.org/pid/…, shown on the person page as its persistent URL)", raw)
			}
			s = pid
			break
		}
	}
	s = strings.TrimSuffix(s, "/")
	for _, ext := range []string{".html", ".xml", ".rdf", ".nt", ".ttl", ".bib"} {
		s = strings.TrimSuffix(s, ext)
	}
	if !dblpPID.MatchString(s) {
		return "", fmt.Errorf("dblp person id %q is not a pid (expected e.g. 95/7448-1 or https://dblp.org/pid/95/7448-1)", raw)
	}
	return s, nil
}

// parseDBLPWork reads a dblp-work identifier's value, a record key.
func parseDBLPWork(raw, value string) (Identity, error) {
	v := strings.TrimSpace(value)
	if !dblpRecordKey.MatchString(v) {
		return Identity{}, fmt.Errorf("%q is not dblp-work:<dblp record key>, e.g. dblp-work:conf/nips/VaswaniSPUJGKP17", raw)
	}
	return Identity{Kind: KindDBLPWork, Value: v}, nil
}

// DBLPWork is the identity of a work known only from dblp's record key,
// or false when key is not one.
func DBLPWork(key string) (Identity, bool) {
	id, err := parseDBLPWork(key, key)
	return id, err == nil
}

// dblpHint says where a dblp person id is found.
const dblpHint = "dblp person ids look like 95/7448-1: copy the persistent URL from the person's dblp page (https://dblp.org/pid/95/7448-1) or the id after /pid/"

// memberDBLP reads a member's dblp person id, "" when none is given.
func (l labReader) memberDBLP(table, name, raw string) (string, error) {
	if strings.TrimSpace(raw) == "" {
		return "", nil
	}
	v, err := NormalizeDBLP(raw)
	if err != nil {
		return "", &Error{File: l.path, Line: l.line(table, "dblp"), Value: raw, Err: fmt.Errorf("[[member]] %q: %w", name, err), Hint: dblpHint}
	}
	return v, nil
}
