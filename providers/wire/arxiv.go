package wire

import (
	"regexp"
	"strconv"
	"strings"
)

// arxivVersion splits an arXiv id into its version-less base and its
// version suffix ("v2"), which may be empty.
var arxivVersion = regexp.MustCompile(`^(.*?)(v[0-9]+)?$`)

// ArXivParts reads a bare arXiv id or an abs URL, as arXiv writes it in
// <id> and other services in their links, into its base (lower-case, with
// no version and, for old-style ids, no subject class: math.GT/0309136 is
// math/0309136, arXiv's canonical form) and its version (0 when none).
func ArXivParts(s string) (base string, version int) {
	s = strings.ToLower(strings.TrimSpace(s))
	for _, p := range []string{"https://arxiv.org/abs/", "http://arxiv.org/abs/"} {
		s = strings.TrimPrefix(s, p)
	}
	m := arxivVersion.FindStringSubmatch(s)
	base = m[1]
	if m[2] != "" {
		version, _ = strconv.Atoi(m[2][1:])
	}
	if archive, number, ok := strings.Cut(base, "/"); ok {
		archive, _, _ = strings.Cut(archive, ".")
		base = archive + "/" + number
	}
	return base, version
}
