package snapshots

import (
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path"
	"path/filepath"
)

// digestPrefix names the hash of a digest in index.json, so the value
// says what it is.
const digestPrefix = "sha256:"

// Digest is how index.json records a file's bytes (Index.Digests):
// "sha256:" and the hex SHA-256 of data.
func Digest(data []byte) string {
	sum := sha256.Sum256(data)
	return digestPrefix + hex.EncodeToString(sum[:])
}

// IsDigest reports that text is the Digest of bytes whose SHA-256 is
// sum, without building it: check holds 100,000 sums at 50,000 works.
func IsDigest(text string, sum [sha256.Size]byte) bool {
	var buf [len(digestPrefix) + 2*sha256.Size]byte
	copy(buf[:], digestPrefix)
	hex.Encode(buf[len(digestPrefix):], sum[:])
	return text == string(buf[:])
}

// Digested reports a file whose digest index.json records, by its path in
// the folder ("counts/<name>.json"): every file of works/, counts/ and
// orcid/. A hand edit of one is canonical and complete, and nothing else
// in the folder can notice it: counts are the services' word alone, an
// orcid/ file the ORCID record's list of works and its owner's name, and
// a work's merged record is held to its sources by the re-merge, but an
// edit of a source and the merged field together passes it.
func Digested(rel string) bool {
	dir, _ := path.Split(rel)
	return dir == WorksDir+"/" || dir == CountsDir+"/" || dir == ORCIDDir+"/"
}

// RecordDigests rewrites the folder's index.json with the digest of each
// works/, counts/ and orcid/ file as it is (and the current schema): what
// a fetch that wrote the files would record. For tests and fixtures that
// build or change a folder by hand, as a fetch would have written it;
// check holds the files to the index, never to this.
func (d Dir) RecordDigests() error {
	var idx Index
	if err := Read(d.IndexPath(), &idx); err != nil {
		return err
	}
	idx.Digests = map[string]string{}
	for _, sub := range []string{WorksDir, CountsDir, ORCIDDir} {
		entries, err := os.ReadDir(filepath.Join(d.Root, sub))
		if err != nil && !errors.Is(err, fs.ErrNotExist) {
			return fmt.Errorf("record digests: %w", err)
		}
		for _, e := range entries {
			if !e.Type().IsRegular() || !IsOwnFile(e.Name()) {
				continue
			}
			data, err := os.ReadFile(filepath.Join(d.Root, sub, e.Name()))
			if err != nil {
				return fmt.Errorf("record digests: %w", err)
			}
			idx.Digests[sub+"/"+e.Name()] = Digest(data)
		}
	}
	_, err := Rewrite(d.IndexPath(), idx)
	return err
}
