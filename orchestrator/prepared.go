package orchestrator

import (
	"encoding/json"
	"fmt"

	"github.com/aboutscholar/about/record"
	"github.com/aboutscholar/about/snapshots"
	"github.com/aboutscholar/about/works"
)

// encodePrepared is the first pass's encoding of a work's files: done while
// the run still fetches, so the tail encodes only the works a link or an
// override touches.
func encodePrepared(k string, doc snapshots.Work, counts map[string]record.Counts) (preparedFiles, error) {
	var files preparedFiles
	var err error
	if files.Work, err = snapshots.Encode(doc); err != nil {
		return files, fmt.Errorf("encode %s: %w", k, err)
	}
	if len(counts) > 0 {
		if files.Counts, err = snapshots.Encode(works.CountsDoc(k, counts)); err != nil {
			return files, fmt.Errorf("encode the counts of %s: %w", k, err)
		}
	}
	return files, nil
}

// withDecisions is a work file's final bytes: the prepared ones when no
// decision touches the work (most works), else the document decoded,
// given its decisions and encoded again.
func withDecisions(prepared []byte, dec *snapshots.Decisions, overrides []string) ([]byte, error) {
	if (dec == nil || dec.IsZero()) && len(overrides) == 0 {
		return prepared, nil
	}
	var doc snapshots.Work
	if err := json.Unmarshal(prepared, &doc); err != nil {
		return nil, err
	}
	if err := works.WithDecisions(&doc, dec, overrides); err != nil {
		return nil, err
	}
	return snapshots.Encode(doc)
}
