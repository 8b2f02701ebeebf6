package cli

import (
	"fmt"
	"io"
	"os"
	"path/filepath"

	"github.com/urfave/cli/v2"

	"github.com/aboutscholar/about/report"
	"github.com/aboutscholar/about/snapshots"
)

// reportFlag is --report, the end of a fetch or check run as JSON besides
// the summary on standard error (see quietFlag for why a func).
func reportFlag() cli.Flag {
	return &cli.StringFlag{Name: "report", Usage: "also write the end-of-run story as JSON to `FILE` (schema in docs/run.md)", TakesFile: true}
}

// printSummary prints the end-of-run summary and its hints; with --quiet
// only when the run came back short, held removals back or was interrupted.
func printSummary(w io.Writer, quiet bool, rep *report.Report) {
	if !quiet || rep.Incomplete() || rep.HeldBack() || rep.Interrupted {
		rep.WriteSummary(w)
		printHints(w, rep.Hints())
	}
}

// writeReport writes the run's report as JSON to path, --report; nothing
// when path is "".
func writeReport(path string, rep *report.Report) error {
	if path == "" {
		return nil
	}
	return writeJSONReport(path, rep.JSON())
}

// writeJSONReport writes a --report file, whole or not at all.
func writeJSONReport(path string, v any) error {
	if _, err := snapshots.Write(path, v); err != nil {
		return ioError(err, "--report takes a file path in a folder that exists and can be written")
	}
	return nil
}

// checkReportPath refuses a --report whose folder does not exist before
// the run starts, rather than after minutes of fetching.
func checkReportPath(path string) error {
	if path == "" {
		return nil
	}
	if fi, err := os.Stat(filepath.Dir(path)); err != nil || !fi.IsDir() {
		return usageError(fmt.Errorf("--report %s: the folder %s does not exist", path, filepath.Dir(path)), "create it first, or write the report elsewhere")
	}
	return nil
}
