package cli

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/urfave/cli/v2"

	"github.com/aboutscholar/about/orchestrator"
	"github.com/aboutscholar/about/progress"
	"github.com/aboutscholar/about/providers"
	"github.com/aboutscholar/about/snapshots"
)

// quietFlag and reportFlag are shared by fetch and check. Each call makes
// a new flag: urfave/cli keeps parse state in a flag, so one value shared
// by two commands or two apps would carry state between them.
func quietFlag() cli.Flag {
	return &cli.BoolFlag{Name: "quiet", Aliases: []string{"q"}, Usage: "no progress, and no summary unless the run came back short (errors are always shown)"}
}

func reportFlag() cli.Flag {
	return &cli.StringFlag{Name: "report", Usage: "also write the end-of-run story as JSON to `FILE` (schema in the README)", TakesFile: true}
}

// startProgress shows the run's progress on standard error, unless
// --quiet: a live view on a terminal, plain lines every 15s anywhere else
// (CI logs, pipes, TERM=dumb). It hooks the view into opts; call Finish on
// the returned view before printing anything else. A nil view is fine.
func startProgress(quiet bool, w io.Writer, getenv func(string) string, opts *orchestrator.Options) *progress.View {
	if quiet {
		return nil
	}
	v := progress.Start(progress.Options{
		Out:    w,
		Live:   progress.IsTerminal(w) && getenv("TERM") != "dumb",
		Labels: hostLabels(),
	})
	opts.Progress.Planned = func(lp orchestrator.LanePlan) { v.Plan(lp.Host, lp.Jobs, lp.Calls, lp.Pace) }
	opts.Progress.Done = func(o orchestrator.Outcome) {
		v.Done(o.Host, o.Status == providers.Found || o.Status == providers.NotFound)
	}
	opts.OnStart = func(host string, _ time.Time) { v.Request(host) }
	opts.OnWait = v.Wait
	opts.OnStop = v.Stop
	return v
}

// endProgress takes the view down and leaves a blank line before the
// story.
func endProgress(w io.Writer, v *progress.View) {
	if v != nil {
		v.Finish()
		fmt.Fprintln(w)
	}
}

// hostLabels names each host by its providers, as users know them.
func hostLabels() map[string]string {
	labels := map[string]string{}
	for _, s := range providers.All() {
		if l, ok := labels[s.Host]; ok {
			labels[s.Host] = l + "+" + s.Name
		} else {
			labels[s.Host] = s.Name
		}
	}
	return labels
}

// tellStory prints the end-of-run story and its hints (with --quiet, only
// when the run came back short or was interrupted), and writes --report.
func tellStory(w io.Writer, quiet bool, report string, rep *orchestrator.Report) error {
	if !quiet || rep.Short() || rep.Interrupted {
		rep.WriteSummary(w)
		printHints(w, rep.Hints())
	}
	if report != "" {
		if _, err := snapshots.Write(report, rep.JSON()); err != nil {
			return ioError(err, "--report takes a file path in a folder that exists and can be written")
		}
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

func printHints(w io.Writer, hints []string) {
	for _, h := range hints {
		for _, line := range strings.Split(h, "\n") {
			io.WriteString(w, "about: hint: "+line+"\n")
		}
	}
}
