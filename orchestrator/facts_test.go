package orchestrator

import (
	"context"
	"errors"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"net/url"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/aboutscholar/about/manifest"
	"github.com/aboutscholar/about/providers"
	"github.com/aboutscholar/about/providers/service"
	"github.com/aboutscholar/about/record"
	"github.com/aboutscholar/about/report"
	"github.com/aboutscholar/about/transport"
)

// TestFaultsAreToldAsBefore: the story reads a job's error through the
// facts faultOf names (report imports no adapter). Each adapter error,
// bare and as the providers wrap it, is told in the same few words, with
// the same hint, as when report read the adapters' types itself.
func TestFaultsAreToldAsBefore(t *testing.T) {
	gaveUp := &transport.StatusError{Method: "GET", URL: "https://api.openalex.org/works/doi:10.1/a?api_key=k", Host: "api.openalex.org", Code: 503, Attempts: 4}
	stopped := &transport.StoppedError{Host: "api.openalex.org", Code: 429, Reason: "answered 429 3 times in a row"}
	timeout := &transport.TimeoutError{Host: "doi.org", After: 8 * time.Second, Err: context.DeadlineExceeded}
	answered := &service.StatusError{Provider: "openalex", Code: 403}
	wrapURL := func(err error) error { return &url.Error{Op: "Get", URL: "https://api.openalex.org/works", Err: err} }
	cases := []struct {
		err    error
		reason string
		hint   string
	}{
		{gaveUp, "503 Service Unavailable (4 attempts)", ""},
		{fmt.Errorf("openalex: %w", gaveUp), "503 Service Unavailable (4 attempts)", ""},
		{stopped, "stopped for the rest of the run: answered 429 3 times in a row", "api.openalex.org answered 429: set OPENALEX_API_KEY to your OpenAlex API key (it is sent only to api.openalex.org)"},
		{timeout, "no answer from doi.org within 8s", ""},
		{wrapURL(timeout), "no answer from doi.org within 8s", ""},
		{answered, "answered 403 Forbidden", "api.openalex.org answered 403: set OPENALEX_API_KEY to your OpenAlex API key (it is sent only to api.openalex.org)"},
		{wrapURL(answered), "answered 403 Forbidden", "api.openalex.org answered 403: set OPENALEX_API_KEY to your OpenAlex API key (it is sent only to api.openalex.org)"},
		{fmt.Errorf("x: %w", answered), "x: openalex answered 403 Forbidden", "api.openalex.org answered 403: set OPENALEX_API_KEY to your OpenAlex API key (it is sent only to api.openalex.org)"},
		{providers.ErrNeedsMailto, providers.ErrNeedsMailto.Error(), `openalex answers only requests that carry a contact e-mail: set mailto = "you@example.org" in the manifest, or ABOUT_MAILTO`},
		{wrapURL(errors.New("connection refused")), "connection refused", ""},
		{report.ErrInterrupted, "interrupted", ""},
	}
	for _, c := range cases {
		o := withFault(report.Outcome{Identity: manifest.Identity{Kind: manifest.KindDOI, Value: "10.1/a"},
			Asked: &report.Asked{Provider: "openalex", Host: "api.openalex.org"}, Status: record.Failed, Err: c.err})
		rep := &report.Report{RunFacts: report.RunFacts{Providers: providerFacts([]service.Spec{providers.OpenAlex()}), Outcomes: []report.Outcome{o}}}
		jobs := rep.JSON().Short
		if len(jobs) != 1 {
			t.Fatalf("%v: %d jobs in the report", c.err, len(jobs))
		}
		if jobs[0].Reason != c.reason || jobs[0].Hint != c.hint {
			t.Errorf("%v:\n reason %q\n   want %q\n hint %q\n want %q", c.err, jobs[0].Reason, c.reason, jobs[0].Hint, c.hint)
		}
	}
}

// TestOnlyStoryFillsTheReport: the run hands its story over in one place
// (facts.go's story); no other file of the package holds a report.Report
// or one of its fact groups to write on, Run's result aside.
func TestOnlyStoryFillsTheReport(t *testing.T) {
	board := map[string]bool{"Report": true, "RunFacts": true, "FolderFacts": true, "NoteFacts": true, "DiscoveryFacts": true}
	fset := token.NewFileSet()
	files, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range files {
		if strings.HasSuffix(name, "_test.go") || name == "facts.go" {
			continue
		}
		f, err := parser.ParseFile(fset, name, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		ast.Inspect(f, func(n ast.Node) bool {
			if fd, ok := n.(*ast.FuncDecl); ok && fd.Name.Name == "Run" && fd.Recv == nil {
				ast.Inspect(fd.Body, func(n ast.Node) bool { return reportBoardUse(t, fset, n, board) })
				return false
			}
			return reportBoardUse(t, fset, n, board)
		})
	}
}

// reportBoardUse fails t when n names one of board's report types.
func reportBoardUse(t *testing.T, fset *token.FileSet, n ast.Node, board map[string]bool) bool {
	if sel, ok := n.(*ast.SelectorExpr); ok {
		if x, ok := sel.X.(*ast.Ident); ok && x.Name == "report" && board[sel.Sel.Name] {
			t.Errorf("%s: report.%s outside facts.go: the story is filled in one place", fset.Position(sel.Pos()), sel.Sel.Name)
		}
	}
	return true
}
