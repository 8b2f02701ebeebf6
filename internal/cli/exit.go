package cli

import (
	"errors"
	"io"
	"strings"

	"github.com/aboutscholar/about/manifest"
	"github.com/aboutscholar/about/orchestrator"
	"github.com/aboutscholar/about/providers"
	"github.com/aboutscholar/about/snapshots"
	"github.com/aboutscholar/about/transport"
)

// Exit codes, as promised in docs/exit-codes.md and shared/design/CONTRACTS.md.
const (
	exitOK          = 0
	exitShort       = 1 // some jobs failed or were skipped; check: a problem or a difference
	exitUsage       = 2 // bad flags or manifest; nothing written
	exitIO          = 3 // a file could not be read or written, or another failure that is neither the user's input nor a job's
	exitInterrupted = 130
)

// exitError carries an exit code and hints out of a command action.
type exitError struct {
	code  int
	err   error
	hints []string
}

func (e *exitError) Error() string { return e.err.Error() }
func (e *exitError) Unwrap() error { return e.err }

// usageError: the flags, arguments or manifest are wrong; nothing was
// written.
func usageError(err error, hints ...string) error {
	return &exitError{code: exitUsage, err: err, hints: hints}
}

// ioError: a file could not be read or written (the snapshot folder, the
// rendered page, --report, a recording).
func ioError(err error, hints ...string) error {
	return &exitError{code: exitIO, err: err, hints: hints}
}

// schemaHint is the hint for a folder whose layout version this about
// cannot use: a newer about wrote it, or it predates what this one reads.
func schemaHint(err error, manifest string) (string, bool) {
	var se *snapshots.SchemaError
	if !errors.As(err, &se) {
		return "", false
	}
	if se.Newer() {
		return "install a newer about (go install github.com/aboutscholar/about@latest)", true
	}
	return "about fetch " + manifest + " migrates it", true
}

// shortError: the command ran but some of it came back short; check's
// problems and differences say so too.
func shortError(err error, hints ...string) error {
	return &exitError{code: exitShort, err: err, hints: hints}
}

// interruptedError: a signal ended the run; what was written is whole.
func interruptedError(err error) error {
	return &exitError{code: exitInterrupted, err: err}
}

// codeOf classifies an error a command returned. A code the command
// chose wins; then a manifest, provider-name or mailto problem anywhere in
// the chain is a usage error. Anything else (an *fs.PathError writing the
// snapshots or the page, a corrupt snapshot file) is exitIO, never the
// usage code, so a script does not read "your input was wrong" when the
// disk was.
func codeOf(err error) int {
	var (
		ee      *exitError
		me      *manifest.Error
		unknown *providers.UnknownProviderError
		mailto  *orchestrator.NeedsMailtoError
	)
	switch {
	case err == nil:
		return exitOK
	case errors.As(err, &ee):
		return ee.code
	case errors.As(err, &me), errors.As(err, &unknown), errors.As(err, &mailto):
		return exitUsage
	}
	return exitIO
}

// providerSetupError turns a run that refused to start over its providers
// (an unknown name, a missing mailto) into a usage error with what to do;
// nil for anything else.
func providerSetupError(err error) error {
	var unknown *providers.UnknownProviderError
	if errors.As(err, &unknown) {
		return usageError(err, "about providers lists them")
	}
	var needsMailto *orchestrator.NeedsMailtoError
	if errors.As(err, &needsMailto) {
		return usageError(err, "set mailto = \"you@example.org\" in the manifest or ABOUT_MAILTO; services use it to reach you before blocking a misbehaving client")
	}
	return nil
}

// runError is the exit error of a run that started: an error that carries
// its exit code keeps it, and any other is an I/O failure, as once the
// manifest and flags are accepted only files or the network can fail. No
// service answering is every job failing, exit 1 as any short run
// (shared/design/CONTRACTS.md §1), with a hint that it is the network.
func runError(err error) error {
	var ee *exitError
	if errors.As(err, &ee) {
		return err
	}
	var offline *orchestrator.OfflineError
	if errors.As(err, &offline) {
		return shortError(err, "no service could be reached: check the network or proxy (HTTPS_PROXY); nothing was written")
	}
	return ioError(err)
}

// replayError is the exit error of a --replay folder that did not load.
// A folder that cannot be read at all (it does not exist) is the
// argument's fault, a usage error; a file in it that cannot be read or is
// not a whole answer (cut short by a full disk or an interrupted copy) is
// a file that could not be read, exit 3, and its error names the file.
func replayError(err error) error {
	var fe *transport.ReplayFileError
	if errors.As(err, &fe) {
		return ioError(err, "record the folder again with about fetch --record, or delete that file (its request then fails its job, naming the request)")
	}
	return usageError(err, "--replay takes a folder written by about fetch --record")
}

// printHints prints each hint's lines as "about: hint: …".
func printHints(w io.Writer, hints []string) {
	for _, h := range hints {
		for _, line := range strings.Split(h, "\n") {
			io.WriteString(w, "about: hint: "+line+"\n")
		}
	}
}
