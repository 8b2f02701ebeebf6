package render

import (
	"fmt"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// workItem is an entry's opening tag in a page or a DOM Chromium dumped.
var workItem = regexp.MustCompile(`<li class="work"[^>]*>`)

// sectionOpen is a page section's opening tag.
var sectionOpen = regexp.MustCompile(`<section id="s-[^"]*"[^>]*>`)

// visibleWorks counts the entries of a dumped DOM the filter left shown,
// and reads the filter bar's "N works shown".
func visibleWorks(dom string) (visible int, told string) {
	for _, tag := range workItem.FindAllString(dom, -1) {
		if !strings.Contains(tag, " hidden") {
			visible++
		}
	}
	if m := regexp.MustCompile(`<output id="f-shown"[^>]*>([^<]*)</output>`).FindStringSubmatch(dom); m != nil {
		told = m[1]
	}
	return visible, told
}

// The filter box and the type and year filters filter, in Chromium: a
// filter given in the page's fragment (the shareable link the script
// keeps) is applied on load, and the entries it leaves shown, the empty
// sections hidden and the count the bar tells are read back from the DOM.
func TestPageFiltersFilterInChromium(t *testing.T) {
	chromium := tool(t, "chromium")
	f, person := fixture(t)
	dir := t.TempDir()
	html := renderString(t, f, Options{Format: HTML, Person: person})
	page := writeTemp(t, dir, "page.html", html)
	all := len(workItem.FindAllString(html, -1))
	of := func(attr string) int { return strings.Count(html, attr) }
	for i, c := range []struct {
		fragment string
		want     int
	}{
		{"", all},
		{"#s-2023", all}, // a section anchor, not a filter
		{"#type=software", of(`data-type="software"`)},
		{"#year=2023", of(`data-year="2023"`)},
		{"#q=bernoulli", 1},
		{"#q=BERNOULLI%20numbers", 1},
		{"#q=lovelace+bernoulli+nothing-has-this", 0},
		{"#q=misc", 0},       // in every entry's collapsed BibTeX, which the filter box does not search
		{"#q=somerville", 1}, // a co-author shown on the line
		{"#q=zenodo", 2},     // the venue
		{"#type=datasets&year=2022", of(`data-type="datasets" data-year="2022"`)},
		{"#type=datasets&year=2023", 0}, // both must hold
		{"#type=no-such-type", all},     // not an option: the select stays on "all"
	} {
		t.Run(c.fragment, func(t *testing.T) {
			dom := chromiumDOM(t, chromium, dir, fmt.Sprint("profile-", i), "file://"+filepath.ToSlash(page)+c.fragment)
			if got := len(workItem.FindAllString(dom, -1)); got != all {
				t.Fatalf("the DOM has %d entries, the page %d", got, all)
			}
			visible, told := visibleWorks(dom)
			if visible != c.want {
				t.Errorf("%d entries shown, want %d", visible, c.want)
			}
			if !strings.Contains(c.fragment, "=") {
				return // no filter given: nothing applied, nothing told
			}
			if want := fmt.Sprintf("%d works shown", c.want); c.want == 1 && told != "1 work shown" || c.want != 1 && told != want {
				t.Errorf("the bar tells %q for %d entries shown", told, c.want)
			}
			for _, s := range sectionOpen.FindAllStringSubmatchIndex(dom, -1) {
				body := dom[s[1]:]
				if end := strings.Index(body, "</section>"); end >= 0 {
					body = body[:end]
				}
				tag := dom[s[0]:s[1]]
				shown, _ := visibleWorks(body)
				if hidden := strings.Contains(tag, " hidden"); hidden != (shown == 0) {
					t.Errorf("%s: hidden=%v with %d entries shown", tag, hidden, shown)
				}
			}
		})
	}
}

// Filtering by hand (input events, as typing and choosing fire) filters
// and keeps the filter in the page's address, so the view is a link to
// share; clearing the filters shows every entry and clears the address.
// The page is served from a local httptest server inside a frame of a
// test page whose script drives it and writes what it saw into its DOM.
func TestPageFilterIsKeptInTheAddress(t *testing.T) {
	chromium := tool(t, "chromium")
	f, person := fixture(t)
	page := renderString(t, f, Options{Format: HTML, Person: person})
	const driver = `<!DOCTYPE html><html><body><pre id="out"></pre>
<iframe src="page.html" onload="
  var d = this.contentDocument, w = this.contentWindow, out = [];
  function set(id, v) { var el = d.getElementById(id); el.value = v; el.dispatchEvent(new Event('input')); }
  function seen() { out.push(w.location.hash + '|' + d.querySelectorAll('li.work:not([hidden])').length); }
  set('f-q', 'bernoulli'); set('f-type', 'books'); seen();
  set('f-q', ''); set('f-type', ''); seen();
  document.getElementById('out').textContent = out.join(' ');
"></iframe></body></html>`
	out := driverOut(t, chromium, "page.html", page, driver)
	all := len(workItem.FindAllString(page, -1))
	if got, want := out, fmt.Sprintf("#q=bernoulli&type=books|1 |%d", all); got != want {
		t.Errorf("address|entries shown after filtering, then clearing: %q, want %q", got, want)
	}
}
