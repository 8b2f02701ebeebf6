package cli

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"net/http"
	"net/url"
	"os"
	"strings"
	"sync"

	"github.com/urfave/cli/v2"

	"github.com/aboutscholar/about/internal/english"
	"github.com/aboutscholar/about/internal/termtext"
	"github.com/aboutscholar/about/orchestrator"
	"github.com/aboutscholar/about/transport"
)

func doctorCommand(sys System) *cli.Command {
	return &cli.Command{
		Name:      "doctor",
		Usage:     "ask each configured service one cheap question: is it still answering in the shape about reads?",
		ArgsUsage: "MANIFEST",
		Description: `Sends each provider the manifest would use (and the agency lookup, when DOIs
are routed) one cheap documented request about a stable known work, with
the manifest's mailto and the API keys from the environment, through the
same polite transport as fetch. It checks the answer has every field the
parser reads (including the list and pagination envelope), and reads the
pace the service announces where it sends one. One line per service:

   crossref: OK
   crossref: OK; announces 10 requests per 1s (one per 100ms), about keeps 200ms
   crossref: message.items[].title missing
   crossref: the probe work was not in the answer (message.items is empty), …
   crossref: pace: announces 3 requests per 1s (…) but about declares 200ms, faster; see …
   openalex: key refused (403 Forbidden): check OPENALEX_API_KEY
   openalex: key missing (401 Unauthorized): set OPENALEX_API_KEY
   unpaywall: not asked: it requires a contact e-mail (…)

Without --live no network is used: the probes are answered from the
recordings shipped with this build (or from --replay DIR), which checks the
build and the manifest, not the services. With --live the services are
asked; a weekly CI job running about doctor --live turns silent upstream
drift into a named failure.

Examples:
   about doctor manifest.toml
   about doctor --live manifest.toml
   about doctor --live --json manifest.toml

Exit status: 0 every service OK; 1 a field moved, the probe work was not
in the answer, a key was missing or refused, a pace is stricter than
declared, or a service did not answer;
2 usage or manifest error; 130 interrupted.`,
		Flags: []cli.Flag{
			&cli.BoolFlag{Name: "live", Usage: "ask the real services (default: the recordings shipped with this build)"},
			&cli.BoolFlag{Name: "json", Usage: "print the checkups as a JSON array instead of lines"},
			&cli.StringFlag{Name: "replay", Usage: "answer the probes from `DIR` (a recording folder) instead", TakesFile: true},
		},
		OnUsageError: func(_ *cli.Context, err error, _ bool) error {
			return usageError(err, "see about help doctor")
		},
		Action: func(c *cli.Context) error {
			path, err := manifestArg(c, "e.g. about doctor --live manifest.toml")
			if err != nil {
				return err
			}
			return runDoctor(c.Context, doctorOptions{
				Manifest: path,
				Live:     c.Bool("live"),
				JSON:     c.Bool("json"),
				Replay:   c.String("replay"),
				Getenv:   sys.Getenv,
				Network:  sys.Network,
				Version:  sys.Version,
				Shipped:  sys.Files.DoctorRecordings,
				Stdout:   c.App.Writer,
				Stderr:   c.App.ErrWriter,
			})
		},
	}
}

// doctorOptions is everything `about doctor` runs with.
type doctorOptions struct {
	Manifest string // path of the manifest
	Live     bool   // ask the real services
	JSON     bool   // print JSON instead of lines
	Replay   string // answer from this recording folder
	Getenv   func(string) string
	Network  http.RoundTripper // the services with --live; nil is Go's default transport
	Version  string            // this build's, for the User-Agent
	// Shipped are the probe answers this build carries: what each service
	// answered to its probe in the shape the parsers read, so an offline
	// doctor checks this build's probes and parsers agree, and which
	// providers, contact e-mail and keys the manifest's run would use.
	Shipped fs.FS
	Stdout  io.Writer // the checkups
	Stderr  io.Writer // what mode ran
}

// runDoctor is `about doctor`: one probe per configured service, one
// line each, exit 1 when any is unhealthy.
func runDoctor(ctx context.Context, o doctorOptions) error {
	if o.Live && o.Replay != "" {
		return usageError(errors.New("--live and --replay cannot be combined"))
	}
	m, err := loadManifest(o.Manifest, o.Getenv)
	if err != nil {
		return err
	}
	opts := orchestrator.Options{Manifest: m, UserAgent: userAgent(o.Version, m.Mailto), ForeignUserAgent: userAgent(o.Version, ""), Getenv: o.Getenv, Base: o.Network}
	var misses *missedHosts
	if !o.Live {
		dir, cleanup, err := doctorReplayDir(o.Replay, o.Shipped)
		if err != nil {
			return err
		}
		defer cleanup()
		rp, err := transport.LoadReplay(dir)
		if err != nil {
			return replayError(err)
		}
		misses = &missedHosts{base: rp, hosts: map[string]bool{}}
		opts.Base = misses
		opts.NoPacing = true
		opts.Clock = transport.InstantClock()
		from := "the recordings shipped with this build"
		if o.Replay != "" {
			from = o.Replay
		}
		fmt.Fprintf(o.Stderr, "about: offline: probes answered from %s; this checks the build and the manifest, not the services (--live asks them)\n", from)
	}
	checkups, err := orchestrator.Doctor(ctx, opts)
	if ctx.Err() != nil {
		return interruptedError(errors.New("interrupted"))
	}
	if err != nil {
		return err
	}
	if err := printCheckups(o.Stdout, o.JSON, checkups); err != nil {
		return ioError(err)
	}
	return doctorVerdict(checkups, o.Replay, misses)
}

// doctorVerdict is doctor's exit: nil when every service is fit, else a
// short error whose hint says what to do. When every unfit service is a
// probe the --replay folder has no answer for, the folder is the cause,
// not the services: a fetch's recording holds fetch's requests, not
// doctor's probes.
func doctorVerdict(checkups []orchestrator.Checkup, replay string, misses *missedHosts) error {
	unhealthy, missed, absent := 0, 0, 0
	for _, c := range checkups {
		if c.Healthy() {
			continue
		}
		unhealthy++
		if c.Health == orchestrator.HealthAbsent {
			absent++
		}
		if c.Health == orchestrator.HealthFailed && misses.missed(c.URL) {
			missed++
		}
	}
	switch {
	case unhealthy == 0:
		return nil
	case replay != "" && missed == unhealthy:
		return shortError(fmt.Errorf("the replay folder %s has no answer for %d of %d probes", replay, missed, len(checkups)),
			"a folder from about fetch --record holds fetch's requests, not doctor's probes; omit --replay to use the recordings shipped with this build, or --live to ask the services")
	}
	var hints []string
	if absent < unhealthy {
		hints = append(hints, "a moved field or a changed answer needs a newer about; a refused key needs its variable (about providers names it); a stricter pace needs a slower [intervals] entry in the manifest")
	}
	if absent > 0 {
		hints = append(hints, "a probe work not in the answer is the service not finding it this time, not a moved field: ask again later, and if it lasts, the service has lost the work or changed its list query")
	}
	return shortError(fmt.Errorf("%d of %d %s not fit for a fetch", unhealthy, len(checkups),
		english.Plural(len(checkups), "service is", "services are")), strings.Join(hints, "; "))
}

// missedHosts is the replay network of an offline doctor, noting each
// host a probe found no recorded answer for.
type missedHosts struct {
	base  http.RoundTripper
	mu    sync.Mutex
	hosts map[string]bool
}

func (m *missedHosts) RoundTrip(req *http.Request) (*http.Response, error) {
	resp, err := m.base.RoundTrip(req)
	var miss *transport.ReplayMissError
	if errors.As(err, &miss) {
		m.mu.Lock()
		m.hosts[req.URL.Host] = true
		m.mu.Unlock()
	}
	return resp, err
}

// missed reports whether a probe of rawURL's host found no answer; false
// for a live doctor (nil).
func (m *missedHosts) missed(rawURL string) bool {
	if m == nil {
		return false
	}
	u, err := url.Parse(rawURL)
	if err != nil {
		return false
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.hosts[u.Host]
}

// printCheckups writes one line per service, or the JSON array.
func printCheckups(w io.Writer, asJSON bool, checkups []orchestrator.Checkup) error {
	if asJSON {
		enc := json.NewEncoder(w)
		enc.SetIndent("", "  ")
		enc.SetEscapeHTML(false)
		return enc.Encode(checkups)
	}
	w = termtext.NewWriter(w) // a drift's notes quote what the service answered
	for _, c := range checkups {
		line := c.Provider + ": " + c.What
		if len(c.Notes) > 0 {
			line += " (" + strings.Join(c.Notes, "; ") + ")"
		}
		if _, err := fmt.Fprintln(w, line); err != nil {
			return err
		}
	}
	return nil
}

// doctorReplayDir is the folder the offline probes are answered from:
// replay when given, else the shipped recordings copied to a temporary
// folder (transport.LoadReplay reads folders), removed by cleanup.
func doctorReplayDir(replay string, shipped fs.FS) (dir string, cleanup func(), err error) {
	if replay != "" {
		return replay, func() {}, nil
	}
	if shipped == nil {
		return "", nil, ioError(errors.New("this build carries no probe recordings"), "use --replay DIR or --live")
	}
	tmp, err := os.MkdirTemp("", "about-doctor-")
	if err != nil {
		return "", nil, ioError(err)
	}
	cleanup = func() { os.RemoveAll(tmp) }
	if err := os.CopyFS(tmp, shipped); err != nil {
		cleanup()
		return "", nil, ioError(fmt.Errorf("unpack the shipped probe recordings: %w", err))
	}
	return tmp, cleanup, nil
}
