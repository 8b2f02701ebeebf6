// Package english holds the small rules of English the messages need. It
// is a leaf any package may import.
package english

// Plural is one when n is 1, else many: Plural(n, "job was", "jobs were").
func Plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}
