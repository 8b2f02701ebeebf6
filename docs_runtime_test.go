package main

import (
	"fmt"
	"os"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/aboutscholar/about/providers"
)

// crossrefDOIsPerList is how many DOIs of 25 characters fit one Crossref
// list call's URL budget (docs/providers.md: "100 DOIs of 25 characters").
const crossrefDOIsPerList = 100

// TestRunTimeFromThePaces holds docs/run.md's account (the README points to it) of
// how long a 300-work run takes to the registry's declared intervals and
// batch sizes: they said "a few minutes", where the pacing of the busiest
// host comes to seconds.
func TestRunTimeFromThePaces(t *testing.T) {
	const n = 300
	pace := func(name string) (calls int, d time.Duration) {
		s, ok := providers.ByName(name)
		if !ok {
			t.Fatalf("no provider %s", name)
		}
		batch := s.BatchSize
		if s.BatchURLBytes > 0 {
			batch = min(batch, crossrefDOIsPerList)
		}
		every := s.MinInterval
		if s.BatchInterval > 0 && batch > 1 {
			every = s.BatchInterval
		}
		calls = (n + batch - 1) / batch
		return calls, time.Duration(calls) * every
	}
	seconds := func(d time.Duration) string { return strings.TrimSuffix(fmt.Sprintf("%.1f", d.Seconds()), ".0") + " s" }
	cr, crTime := pace("crossref")
	s2, s2Time := pace("semanticscholar")
	epmc, epmcTime := pace("europepmc")
	dc, dcTime := pace("datacite")
	_, ocTime := pace("opencitations")
	every, _ := providers.ByName("crossref")
	datacite, _ := providers.ByName("datacite")
	want := []string{
		fmt.Sprintf("%s of pacing at Crossref (%d list calls %s apart)", seconds(crTime), cr, every.BatchInterval),
		fmt.Sprintf("%s at Semantic Scholar (%d batches)", seconds(s2Time), s2),
		fmt.Sprintf("%s at Europe PMC (%d searches)", seconds(epmcTime), epmc),
		fmt.Sprintf("300 DataCite DOIs take %s at DataCite (%d lists %s apart)", seconds(dcTime), dc, datacite.MinInterval),
		fmt.Sprintf("asks one work at a time, %s for 300 works", seconds(ocTime)),
	}
	// of the default providers asked about Crossref DOIs, Crossref is the busiest
	for _, name := range []string{"openalex", "semanticscholar", "europepmc"} {
		if _, d := pace(name); d > crTime {
			t.Errorf("%s paces %s for %d DOIs, more than Crossref's %s: the pages name the wrong busiest host", name, d, n, crTime)
		}
	}
	for _, page := range []string{runPage} {
		data, err := os.ReadFile(page)
		if err != nil {
			t.Fatal(err)
		}
		text := strings.Join(strings.Fields(string(data)), " ")
		for _, w := range want {
			if !strings.Contains(text, w) {
				t.Errorf("%s does not say %q", page, w)
			}
		}
	}
}

// TestReadmeRunTimeIsNotMinutes: the README said a 300-work run "takes a
// few minutes"; it points to docs/run.md's figures instead.
func TestReadmeRunTimeIsNotMinutes(t *testing.T) {
	data, err := os.ReadFile("README.md")
	if err != nil {
		t.Fatal(err)
	}
	text := strings.Join(strings.Fields(string(data)), " ")
	if strings.Contains(text, "a few minutes") || !strings.Contains(text, "[docs/run.md](docs/run.md) works it out for 300 works") {
		t.Error("README.md does not point to docs/run.md's figures for a 300-work run")
	}
}

// TestPerformanceTableRowsAreTheBenchmarks: docs/performance.md's table
// has one row per sub-benchmark of BenchmarkFetch (its shapes × batching
// × -j, at the scale the benchmark picks), so a shape added to the
// benchmark (1 × 2,000 was missing) is measured and shown.
func TestPerformanceTableRowsAreTheBenchmarks(t *testing.T) {
	src := readText(t, "orchestrator/bench_test.go")
	_, shapes, ok := strings.Cut(src, "shapes := []benchShape{")
	shapes, _, ok2 := strings.Cut(shapes, "}\n")
	if !ok || !ok2 {
		t.Fatal("orchestrator/bench_test.go has no shapes list")
	}
	var want []string
	for _, m := range regexp.MustCompile(`\{"[^"]+", (\d+), (\d+), (\d+)\}`).FindAllStringSubmatch(shapes, -1) {
		r, _ := strconv.Atoi(m[1])
		w, _ := strconv.Atoi(m[2])
		for _, batching := range []string{"on", "off"} {
			for _, j := range []string{"8", "1"} {
				scale := m[3]
				switch {
				case batching == "off" && r*w > 120:
					scale = "1000"
				case batching == "off":
					scale = "10"
				}
				works := fmt.Sprintf("%d × %s", r, thousands(w))
				want = append(want, strings.Join([]string{works, batching, j, scale}, " | "))
			}
		}
	}
	var got []string
	for _, line := range strings.Split(readText(t, "docs/performance.md"), "\n") {
		if cells := strings.Split(line, " | "); strings.HasPrefix(line, "| ") && len(cells) == 7 && !strings.HasPrefix(line, "| works") {
			got = append(got, strings.TrimPrefix(strings.Join(cells[:4], " | "), "| "))
		}
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("docs/performance.md's rows:\n%s\nBenchmarkFetch's sub-benchmarks:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

// thousands writes n with a comma every three digits, as the docs do.
func thousands(n int) string {
	s := strconv.Itoa(n)
	for i := len(s) - 3; i > 0; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return s
}
