package snapshots

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"strings"

	"github.com/aboutscholar/about/manifest"
)

const (
	escapeByte = '_'
	// maxName keeps a name, plus ".json" and a temp suffix, well under the
	// 255-byte limit of common file systems.
	maxName = 200
	// hashMark separates a shortened name from its digest; it never occurs
	// in an unshortened name.
	hashMark = '~'
)

// FileName is the injective, portable file name (without extension) of an
// identity: its kind, '_', then the value with every byte outside
// [a-z0-9.-] written as _xx (lower-case hex). Upper-case letters are
// escaped too, so names differing only in case never collide on
// case-insensitive file systems; '/', '..', NUL and reserved device names
// cannot form a path or a special file. A trailing '.' is escaped because
// Windows drops it. Names longer than maxName keep a prefix and a SHA-256
// digest of the full identity.
func FileName(id manifest.Identity) string {
	var b strings.Builder
	b.WriteString(escape(string(id.Kind)))
	b.WriteByte(escapeByte)
	value := escape(id.Value)
	b.WriteString(value)
	name := b.String()
	if len(name) <= maxName {
		return name
	}
	sum := sha256.Sum256([]byte(id.Key()))
	return name[:maxName-1-32] + string(hashMark) + hex.EncodeToString(sum[:16])
}

func escape(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		c := s[i]
		plain := (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-' || (c == '.' && i < len(s)-1)
		if plain {
			b.WriteByte(c)
			continue
		}
		fmt.Fprintf(&b, "%c%02x", escapeByte, c)
	}
	return b.String()
}

// ParseFileName inverts FileName for names that were not shortened.
func ParseFileName(name string) (manifest.Identity, error) {
	if strings.IndexByte(name, hashMark) >= 0 {
		return manifest.Identity{}, fmt.Errorf("file name %q is shortened; its identity is inside the file", name)
	}
	kind, value, ok := strings.Cut(name, string(escapeByte))
	if !ok {
		return manifest.Identity{}, fmt.Errorf("file name %q has no kind", name)
	}
	v, err := unescape(value)
	if err != nil {
		return manifest.Identity{}, fmt.Errorf("file name %q: %w", name, err)
	}
	return manifest.Identity{Kind: manifest.Kind(kind), Value: v}, nil
}

func unescape(s string) (string, error) {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] != escapeByte {
			b.WriteByte(s[i])
			continue
		}
		if i+2 >= len(s) {
			return "", fmt.Errorf("truncated escape at byte %d", i)
		}
		d, err := hex.DecodeString(s[i+1 : i+3])
		if err != nil {
			return "", fmt.Errorf("bad escape %q", s[i:i+3])
		}
		b.WriteByte(d[0])
		i += 2
	}
	return b.String(), nil
}
