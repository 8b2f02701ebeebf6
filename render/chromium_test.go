package render

import (
	stdhtml "html"
	"io"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// chromiumOffline are the flags every test's Chromium runs with: headless,
// in a profile of its own, and unable to reach any host but this one.
// The background-networking flags alone still let it ask Google's update,
// account and time services (seen through a logging proxy: HTTPS_PROXY is
// honoured), so every name but 127.0.0.1 resolves to nothing and no proxy
// is used: a test reaches no network.
func chromiumOffline(profile string) []string {
	return []string{"--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
		"--disable-background-networking", "--disable-component-update", "--disable-sync",
		"--disable-domain-reliability", "--disable-client-side-phishing-detection", "--no-pings",
		"--no-proxy-server", "--host-resolver-rules=MAP * ~NOTFOUND , EXCLUDE 127.0.0.1",
		"--user-data-dir=" + profile}
}

// chromiumDOM is the DOM Chromium has after loading url and running its
// scripts.
func chromiumDOM(t *testing.T, chromium, dir, profile, url string) string {
	t.Helper()
	dom, stderr, err := run(t, dir, chromium, append(chromiumOffline(filepath.Join(dir, profile)), "--dump-dom", url)...)
	if err != nil {
		t.Fatalf("chromium: %v\n%s", err, stderr)
	}
	return dom
}

// driverOut serves page as /name and driver as /driver.html from a local
// server, loads the driver in Chromium and returns what its script wrote
// into <pre id="out">: the driver frames the page and drives it by hand.
func driverOut(t *testing.T, chromium, name, page, driver string) string {
	t.Helper()
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		switch r.URL.Path {
		case "/" + name:
			io.WriteString(w, page)
		case "/driver.html":
			io.WriteString(w, driver)
		default:
			http.NotFound(w, r)
		}
	}))
	t.Cleanup(srv.Close)
	dom := chromiumDOM(t, chromium, t.TempDir(), "profile", srv.URL+"/driver.html")
	m := regexp.MustCompile(`<pre id="out">([^<]*)</pre>`).FindStringSubmatch(dom)
	if m == nil {
		t.Fatalf("the driver wrote nothing:\n%.400s", dom)
	}
	return stdhtml.UnescapeString(m[1])
}

// fileURL is the file: address of a local path; a Windows drive path
// needs the third slash.
func fileURL(path string) string {
	if p := filepath.ToSlash(path); !strings.HasPrefix(p, "/") {
		return "file:///" + p
	}
	return "file://" + filepath.ToSlash(path)
}

// chromiumShot has headless Chromium draw url in a window of size ("w,h")
// with the extra flags, and returns the picture's path, dir/name.png.
func chromiumShot(t *testing.T, chromium, dir, name, size, url string, flags ...string) string {
	t.Helper()
	shot := filepath.Join(dir, name+".png")
	args := append(chromiumOffline(filepath.Join(dir, "profile-"+name)), "--screenshot="+shot, "--window-size="+size)
	args = append(args, flags...)
	if _, stderr, err := run(t, dir, chromium, append(args, url)...); err != nil {
		t.Fatalf("chromium: %v\n%s", err, stderr)
	}
	return shot
}

// schemeShots draws url light, dark and at a phone's width and holds each
// picture not blank, with its scheme's background. With -update they
// become ../docs/<docs>.png, <docs>-dark.png and <docs>-phone.png.
func schemeShots(t *testing.T, chromium, url, docs string) {
	t.Helper()
	dir := t.TempDir()
	for _, c := range []struct {
		name   string
		flags  []string
		size   string
		dark   bool
		update string
	}{
		{"light", nil, "1000,1400", false, "../docs/" + docs + ".png"},
		{"dark", []string{"--force-dark-mode"}, "1000,1400", true, "../docs/" + docs + "-dark.png"},
		{"phone", nil, "390,1400", false, "../docs/" + docs + "-phone.png"},
	} {
		t.Run(c.name, func(t *testing.T) {
			shot := chromiumShot(t, chromium, dir, c.name, c.size, url, c.flags...)
			bg, ink := inkShare(readPNG(t, shot))
			if ink < 0.02 {
				t.Errorf("screenshot is blank: %.4f of pixels differ from the background", ink)
			}
			if dark := bg < 0.5; dark != c.dark {
				t.Errorf("background luminance %.2f, want dark=%v", bg, c.dark)
			}
			if updating() {
				copyFile(t, shot, c.update)
			}
		})
	}
}
