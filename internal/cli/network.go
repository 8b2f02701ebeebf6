package cli

import (
	"errors"
	"net/http"

	"github.com/urfave/cli/v2"

	"github.com/aboutscholar/about/orchestrator"
	"github.com/aboutscholar/about/transport"
)

// networkFlags choose where a run's answers come from: the network, the
// network while saving every answer (--record), or a saved folder with no
// network at all (--replay).
func networkFlags() []cli.Flag {
	return []cli.Flag{
		&cli.StringFlag{Name: "record", Usage: "save every answer the run receives into `DIR`, for --replay", TakesFile: true},
		&cli.StringFlag{Name: "replay", Usage: "answer every request from `DIR` (written by --record): no network, no pacing", TakesFile: true},
	}
}

// useNetwork applies --record or --replay to opts. The returned
// closeRecording reports a recording that could not be written; call it
// after the run.
func useNetwork(record, replay string, network http.RoundTripper, opts *orchestrator.Options) (closeRecording func() error, err error) {
	closeRecording = func() error { return nil }
	opts.Base = network
	switch {
	case record != "" && replay != "":
		return nil, usageError(errors.New("--record and --replay cannot be combined"),
			"record a live run with --record DIR, then re-run it offline with --replay DIR")
	case replay != "":
		rp, err := transport.LoadReplay(replay)
		if err != nil {
			return nil, replayError(err)
		}
		opts.Base = rp
		opts.NoPacing = true                  // the answers are local: no interval to keep
		opts.Replay = true                    // so no hint suggests an API key that would change nothing
		opts.Clock = transport.InstantClock() // a replayed backoff or Retry-After passes at once
		// No API key is read or sent: a replay must not depend on them.
		opts.Getenv = func(string) string { return "" }
	case record != "":
		rec, err := transport.NewRecording(record)
		if err != nil {
			return nil, ioError(err, "--record takes a folder that can be created and written")
		}
		opts.Recorder = rec.Record
		closeRecording = func() error {
			if err := rec.Err(); err != nil {
				return ioError(err)
			}
			return nil
		}
	}
	return closeRecording, nil
}

// userAgent names this build and the project, and the manifest's mailto
// when it has one, as the services' terms ask. Hosts no provider declares
// (reached by redirect) get it with mailto "": the address is for the
// services alone.
func userAgent(version, mailto string) string {
	ua := "about/" + version + " (+" + projectURL
	if mailto != "" {
		ua += "; mailto:" + mailto
	}
	return ua + ")"
}

const projectURL = "https://github.com/aboutscholar/about"
