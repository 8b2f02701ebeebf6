package snapshots

// CanonScratch is the buffers one goroutine of the folder check reuses
// from file to file for Canonical: the check compares the canonical form
// with the file and drops it, and at 10,000 works fresh buffers were a
// third of check --offline's allocations. The zero value is ready.
type CanonScratch struct {
	out     []byte
	tmp     []byte
	members []member
}

// Canonical is Canonical(data) in s's buffers: the result is valid until
// the next call with s.
func (s *CanonScratch) Canonical(data []byte) ([]byte, error) {
	c := canonWriter{in: data, out: s.out[:0], tmp: s.tmp[:0], members: s.members[:0]}
	out, err := c.document()
	if err != nil {
		return canonicalGeneric(data) // the errors, and the odd text the decoder takes, as Canonical gives them
	}
	s.out, s.tmp, s.members = out, c.tmp, c.members
	return out, nil
}
