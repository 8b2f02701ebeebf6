package main

import (
	"os"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"
)

// TestProvidersPageTableMatchesTheRegistry holds docs/providers.md's
// provider table to what `about providers` prints from the registry: the same
// providers, hosts, intervals, identity kinds, batch sizes, links and
// attributions, so the page cannot drift from the code.
func TestProvidersPageTableMatchesTheRegistry(t *testing.T) {
	const page = "docs/providers.md"
	data, err := os.ReadFile(page)
	if err != nil {
		t.Fatal(err)
	}
	const header = "| provider | host | every | accepts | batch | terms · limit | attribution |"
	_, table, ok := strings.Cut(string(data), header+"\n")
	if !ok {
		t.Fatalf("%s has no provider table headed %q", page, header)
	}
	link := regexp.MustCompile(`\[(terms|limit)\]\(([^)]+)\)`)
	rows := map[string][]string{}
	for _, line := range strings.Split(table, "\n")[1:] { // after the |---| line
		if !strings.HasPrefix(line, "| `") {
			break
		}
		cells := strings.Split(strings.Trim(line, "|"), " | ")
		for i := range cells {
			cells[i] = strings.TrimSpace(cells[i])
		}
		name, _, _ := strings.Cut(strings.Trim(strings.Fields(cells[0])[0], "`"), "`")
		rows[name] = cells
	}
	infos := providerInfos(t)
	if len(rows) != len(infos) {
		t.Errorf("the table of %s has %d providers, the registry %d", page, len(rows), len(infos))
	}
	for _, p := range infos {
		cells, ok := rows[p.Name]
		if !ok || len(cells) != 7 {
			t.Errorf("%s: no row of 7 cells in the table of %s (%q)", p.Name, page, cells)
			continue
		}
		if got := strings.Contains(cells[0], "(when named)"); got == p.Default {
			t.Errorf("%s: %s says when named = %v, the registry default = %v", p.Name, page, got, p.Default)
		}
		every := (time.Duration(p.IntervalMS) * time.Millisecond).String()
		// A keyed pace is in the cell too, as "(110ms with `NCBI_API_KEY`)".
		if keyed := "(" + (time.Duration(p.KeyedMS) * time.Millisecond).String() + " with `" + p.APIKeyEnv + "`)"; (p.KeyedMS > 0) != strings.Contains(cells[2], keyed) || (p.KeyedMS == 0 && strings.Contains(cells[2], " with `")) {
			t.Errorf("%s every: %s says %q, about providers --json keyed_interval_ms %d (%s)", p.Name, page, cells[2], p.KeyedMS, p.APIKeyEnv)
		}
		links := map[string]string{}
		for _, m := range link.FindAllStringSubmatch(cells[5], -1) {
			links[m[1]] = m[2]
		}
		for _, c := range []struct{ what, page, registry string }{
			{"host", cells[1], p.Host},
			{"every", strings.Fields(cells[2])[0], every},
			{"accepts", strings.ReplaceAll(cells[3], " ", ""), strings.Join(p.Accepts, ",")},
			{"batch", cells[4], strconv.Itoa(p.BatchSize)},
			{"terms", links["terms"], p.Terms},
			{"limit", links["limit"], p.RateSource},
			{"attribution", cells[6], p.Attribution},
		} {
			if c.page != c.registry {
				t.Errorf("%s %s: %s %q, about providers %q", p.Name, c.what, page, c.page, c.registry)
			}
		}
	}
}
