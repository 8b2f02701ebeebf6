package render

import (
	"fmt"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// workID is an entry's opening tag's id.
var workID = regexp.MustCompile(`\bid="([^"]*)"`)

// shownWorks are the ids of the entries a dumped DOM leaves shown.
func shownWorks(dom string) []string {
	var ids []string
	for _, tag := range workItem.FindAllString(dom, -1) {
		if !strings.Contains(tag, " hidden") {
			ids = append(ids, workID.FindStringSubmatch(tag)[1])
		}
	}
	return ids
}

// The member filter, given in the lab page's address, shows exactly the
// member's works in Chromium: the entries of that member's own page
// (--member), by citation key, and the bar tells their number; with
// another filter both must hold.
func TestLabMemberFilterInChromium(t *testing.T) {
	chromium := tool(t, "chromium")
	f, opts := labFixture(t)
	opts.Format = HTML
	dir := t.TempDir()
	page := writeTemp(t, dir, "lab.html", renderString(t, f, opts))
	for i, m := range opts.Lab.Members {
		o := opts
		o.Member = m.Name
		var want []string
		for _, e := range buildPage(f, o).shown {
			want = append(want, e.key)
		}
		slug := memberSlugs(opts.Lab)[i]
		t.Run(slug, func(t *testing.T) {
			dom := chromiumDOM(t, chromium, dir, "profile-"+slug, "file://"+filepath.ToSlash(page)+"#member="+slug)
			if got := shownWorks(dom); !slices.Equal(got, want) {
				t.Errorf("#member=%s shows %q, want %s's works %q", slug, got, m.Name, want)
			}
			if _, told := visibleWorks(dom); told != countLabel(len(want))+" shown" {
				t.Errorf("the bar tells %q for %d works", told, len(want))
			}
		})
	}
	dom := chromiumDOM(t, chromium, dir, "profile-both", "file://"+filepath.ToSlash(page)+"#member=ben-okafor&year=2024")
	if got, want := shownWorks(dom), []string{"marchand2024translation", "holt2024ribosome"}; !slices.Equal(got, want) {
		t.Errorf("Ben Okafor's 2024 works: %q, want %q", got, want)
	}
	dom = chromiumDOM(t, chromium, dir, "profile-none", "file://"+filepath.ToSlash(page)+"#member=grace-hopper")
	if got := len(shownWorks(dom)); got != len(buildPage(f, opts).shown) {
		t.Errorf("a member the lab does not have: %d works shown, want all (the select stays on all)", got)
	}
}

// Choosing a member by hand filters and keeps the member in the address;
// following a members-list link ("2 works") filters too, as the address
// changes without a reload; choosing "all" shows every entry again.
func TestLabMemberFilterIsKeptInTheAddress(t *testing.T) {
	chromium := tool(t, "chromium")
	f, opts := labFixture(t)
	opts.Format = HTML
	page := renderString(t, f, opts)
	const driver = `<!DOCTYPE html><html><body><pre id="out"></pre>
<iframe src="lab.html" onload="
  var d = this.contentDocument, w = this.contentWindow, out = [];
  function set(id, v) { var el = d.getElementById(id); el.value = v; el.dispatchEvent(new Event('input')); }
  function seen() { out.push(w.location.hash + '|' + d.querySelectorAll('li.work:not([hidden])').length); }
  set('f-member', 'wei-chen'); seen();
  set('f-member', ''); seen();
  w.addEventListener('hashchange', function () {
    seen(); document.getElementById('out').textContent = out.join(' ');
  });
  d.querySelector('a.n[href=\'#member=ben-okafor\']').click();
"></iframe></body></html>`
	out := driverOut(t, chromium, "lab.html", page, driver)
	all := len(workItem.FindAllString(page, -1))
	if got, want := out, fmt.Sprintf("#member=wei-chen|2 |%d #member=ben-okafor|3", all); got != want {
		t.Errorf("address|entries shown after choosing Wei Chen, all, then following Ben Okafor's link: %q, want %q", got, want)
	}
}

// Chromium draws the lab's page, and the page filtered to one member (the
// member filter as a link gives it), and the pictures are not blank. With
// -update they become docs/lab.png and docs/lab-member.png.
func TestLabScreenshots(t *testing.T) {
	chromium := tool(t, "chromium")
	f, opts := labFixture(t)
	opts.Format = HTML
	dir := t.TempDir()
	page := "file://" + filepath.ToSlash(writeTemp(t, dir, "lab.html", renderString(t, f, opts)))
	for _, c := range []struct{ name, fragment, update string }{
		{"lab", "", "../docs/lab.png"},
		{"member", "#member=ben-okafor", "../docs/lab-member.png"},
	} {
		t.Run(c.name, func(t *testing.T) {
			shot := chromiumShot(t, chromium, dir, c.name, "1000,1400", page+c.fragment)
			if _, ink := inkShare(readPNG(t, shot)); ink < 0.02 {
				t.Errorf("screenshot is blank: %.4f of pixels differ from the background", ink)
			}
			if updating() {
				copyFile(t, shot, c.update)
			}
		})
	}
}
