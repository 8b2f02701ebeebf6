// Command about keeps a researcher's publication page true: it expands
// ORCID records and DOIs through the public scholarly APIs, politely, and
// writes deterministic JSON snapshots to commit and diff.
//
// main wires the process (environment, network, signals, streams, the
// files the binary carries) into the command line, internal/cli, and
// exits with the code it returns.
package main

import (
	"context"
	"embed"
	"io/fs"
	"net/http"
	"os"
	"os/signal"
	"syscall"
	"time"

	"github.com/aboutscholar/about/internal/cli"
)

// version is set at build time with -ldflags "-X main.version=…".
var version = "0.1.0-dev"

// The files the binary carries; embed reads only below this folder.
var (
	//go:embed contrib/completion/about.bash
	bashCompletion string
	//go:embed contrib/completion/about.zsh
	zshCompletion string
	//go:embed contrib/completion/about.fish
	fishCompletion string
	//go:embed testdata/doctor/ok
	doctorRecordings embed.FS
)

func main() {
	started := time.Now() // tells this process's fetch lock from a predecessor's with the same pid
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	code := cli.Run(ctx, os.Args, os.Stdout, os.Stderr, system(started))
	stop()
	os.Exit(code)
}

// system is this process as the command line sees it.
func system(started time.Time) cli.System {
	recordings, err := fs.Sub(doctorRecordings, "testdata/doctor/ok")
	if err != nil {
		panic(err) // the embed pattern above names this folder: unreachable
	}
	return cli.System{
		Getenv:  os.Getenv,
		Started: started,
		Network: network(),
		Version: version,
		Files:   cli.Files{BashCompletion: bashCompletion, ZshCompletion: zshCompletion, FishCompletion: fishCompletion, DoctorRecordings: recordings},
	}
}

// network is the services: Go's default transport, which honours
// HTTPS_PROXY, NO_PROXY and SSL_CERT_FILE, cloned so the run's
// connections are its own.
func network() http.RoundTripper {
	if dt, ok := http.DefaultTransport.(*http.Transport); ok {
		return dt.Clone()
	}
	return http.DefaultTransport
}
