package report

import (
	"context"
	"errors"
	"fmt"

	"github.com/aboutscholar/about/record"
)

// ErrInterrupted marks a job the run's interrupt skipped before asking
// ("interrupted before asking api.crossref.org").
var ErrInterrupted = errors.New("interrupted")

// InterruptedBefore is why a job the interrupt came before was not
// asked: its host named, the words of ErrInterrupted.
func InterruptedBefore(host string) error {
	return fmt.Errorf("%w before asking %s", ErrInterrupted, host)
}

// interruptedListed is how many identities the story names of a group of
// jobs the interrupt skipped. Ctrl-C 60 s into a 50,000-work run skips
// some 250,000 jobs: naming each took the story seconds to print (the
// interrupt did not settle within 2 s, #23) and floods the terminal with
// identities the user chose not to ask about; --report still lists each.
const interruptedListed = 10

// SkippedByInterrupt says o was skipped because the run was interrupted.
func SkippedByInterrupt(o Outcome) bool {
	return o.Status == record.Skipped && (errors.Is(o.Err, ErrInterrupted) || errors.Is(o.Err, context.Canceled))
}
