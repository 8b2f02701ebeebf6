package check

import (
	"bytes"
	"encoding/json"
	"os"
	"path"

	"github.com/aboutscholar/about/manifest"

	"github.com/aboutscholar/about/snapshots"
)

// folderOptions are what a caller of folderWith adds to the file
// checks. Any field may be zero.
type folderOptions struct {
	// OnWork sees every works/ file that is JSON, as it is read: rel is
	// its path in the folder ("works/<name>.json"). A caller that needs
	// the works' contents (check --offline re-merges each) reads them
	// here rather than reading the file again. It is called from several
	// goroutines at once and must not keep data.
	OnWork func(rel string, data []byte)
	// ReadFile reads a file of the folder; nil means os.ReadFile. Tests
	// count reads with it.
	ReadFile func(path string) ([]byte, error)
}

// folderWith is Folder, handing each work file to o.OnWork as
// it is read, so the folder's files are each read once however many
// checks look at them.
func folderWith(m *manifest.Manifest, dir string, o folderOptions) []Problem {
	c := newFolderCheck(dir)
	c.opts = o
	return c.run(m)
}

// bulkFile reports a file of works/ or counts/: thousands of them, of
// which the checks need a few facts, not the bytes (fileFacts).
func bulkFile(rel string) bool {
	d, _ := path.Split(rel)
	return d == snapshots.WorksDir+"/" || d == snapshots.CountsDir+"/"
}

// fileFacts is what the checks keep of a file they do not keep whole.
type fileFacts struct {
	id    string // its top-level "id"
	empty bool   // a work file no service answered about (neverAnswered)
	// lineEndings: its only fault is CRLF line endings (OnlyLineEndings),
	// which the check tells once for the folder.
	lineEndings bool
	// digest is the SHA-256 of its bytes with LF line endings, for a
	// canonical works/, counts/ or orcid/ file (digested; index.json's
	// digests): 32 bytes, not its text, as 100,000 of them are held.
	digest   [32]byte
	digested bool
}

// factsOf reads a file's id and, for a work, whether no service answered
// about it, in one decoding. A work file whose merged record is empty and
// which no service answered about, found or not found, is what an
// offline or interrupted first run of older versions wrote. A work every
// service said "not found" about is not one: that is the services'
// answer, which fetch warns about ("not found anywhere — check the DOI").
func factsOf(data []byte) fileFacts {
	var w struct {
		ID      string          `json:"id"`
		Record  json.RawMessage `json:"record"`
		Sources []struct {
			Status string `json:"status"`
		} `json:"sources"`
	}
	if json.Unmarshal(data, &w) != nil {
		var head struct {
			ID string `json:"id"`
		}
		if json.Unmarshal(data, &head) == nil {
			return fileFacts{id: head.ID} // an id, but not a work's shape
		}
		return fileFacts{}
	}
	f := fileFacts{id: w.ID, empty: true}
	if rec := string(bytes.TrimSpace(w.Record)); rec != "" && rec != "{}" && rec != "null" {
		f.empty = false
	}
	for _, src := range w.Sources {
		if src.Status != "" {
			f.empty = false
		}
	}
	return f
}

// readFile reads a file of the folder; a bulk file (which the check drops
// once read) into scratch's buffer.
func (c *folderCheck) readFile(p string, bulk bool, scratch *readScratch) ([]byte, error) {
	switch {
	case c.opts.ReadFile != nil:
		return c.opts.ReadFile(p)
	case bulk:
		data, err := readReusing(p, scratch.in)
		scratch.in = data
		return data, err
	}
	return os.ReadFile(p)
}

// readScratch is the buffers one reading goroutine of the folder check
// reuses from file to file: the file read (readReusing) and its
// canonical form (snapshots.CanonScratch).
type readScratch struct {
	in    []byte
	canon snapshots.CanonScratch
}

// checkDamage is what check says of a file Canonical could not read:
// where its JSON breaks, as fetch names it.
func checkDamage(data []byte, err error) string {
	var v any
	if uerr := json.Unmarshal(data, &v); uerr != nil {
		return snapshots.Damage(uerr, len(data))
	}
	return err.Error()
}
