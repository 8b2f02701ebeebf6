package cli

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"net/http"
	"os"

	"github.com/urfave/cli/v2"

	"github.com/aboutscholar/about/doctor"
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
	var misses *doctor.ReplayMisses
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
		misses = doctor.NewReplayMisses(rp)
		opts.Base = misses
		opts.NoPacing = true
		opts.Clock = transport.InstantClock()
		from := "the recordings shipped with this build"
		if o.Replay != "" {
			from = o.Replay
		}
		fmt.Fprintf(o.Stderr, "about: offline: probes answered from %s; this checks the build and the manifest, not the services (--live asks them)\n", from)
	}
	checkups, err := probeServices(ctx, opts)
	if ctx.Err() != nil {
		return interruptedError(errors.New("interrupted"))
	}
	if err != nil {
		return err
	}
	if err := doctor.Print(o.Stdout, o.JSON, checkups); err != nil {
		return ioError(err)
	}
	if problem, hint := doctor.Verdict(checkups, o.Replay, misses); problem != nil {
		return shortError(problem, hint)
	}
	return nil
}

// probeServices probes what a fetch with opts would ask, through the
// transport it would use.
func probeServices(ctx context.Context, opts orchestrator.Options) ([]doctor.Checkup, error) {
	svc, err := orchestrator.ServicesOf(opts)
	if err != nil {
		return nil, err
	}
	return doctor.Run(ctx, doctor.Options{Manifest: opts.Manifest, Services: svc.Specs, Bases: svc.Bases, Client: svc.Client, Getenv: opts.Getenv})
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
