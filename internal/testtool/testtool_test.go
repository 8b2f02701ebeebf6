package testtool

import (
	"fmt"
	"os/exec"
	"strings"
	"testing"
)

// recorder is a testing.TB that notes how the test would have ended
// instead of ending it.
type recorder struct {
	testing.TB
	skipped, failed string
}

func (r *recorder) Helper()                        {}
func (r *recorder) Skipf(format string, a ...any)  { r.skipped = fmt.Sprintf(format, a...) }
func (r *recorder) Fatalf(format string, a ...any) { r.failed = fmt.Sprintf(format, a...) }

const nowhere = "about-testtool-no-such-program"

func TestMissingToolSkipsLocally(t *testing.T) {
	t.Setenv("CI", "")
	r := &recorder{TB: t}
	if got := Need(r, nowhere); got != "" || r.failed != "" || !strings.Contains(r.skipped, nowhere+" is not installed") {
		t.Errorf("Need = %q, skipped %q, failed %q; want a skip naming the tool", got, r.skipped, r.failed)
	}
}

func TestMissingToolFailsUnderCI(t *testing.T) {
	t.Setenv("ABOUT_TEST_TOOLS", "")
	for _, ci := range []string{"true", "1"} {
		t.Setenv("CI", ci)
		r := &recorder{TB: t}
		Need(r, nowhere)
		if r.skipped != "" || !strings.Contains(r.failed, nowhere+" is not installed") || !strings.Contains(r.failed, ".ci/run installs") {
			t.Errorf("CI=%s: skipped %q, failed %q; want a failure naming the tool", ci, r.skipped, r.failed)
		}
	}
}

func TestOptionalToolsSkipUnderCI(t *testing.T) {
	t.Setenv("CI", "true")
	t.Setenv("ABOUT_TEST_TOOLS", "optional")
	r := &recorder{TB: t}
	Need(r, nowhere)
	if r.failed != "" || r.skipped == "" {
		t.Errorf("ABOUT_TEST_TOOLS=optional under CI: skipped %q, failed %q; want a skip", r.skipped, r.failed)
	}
}

func TestNeedFindsAnInstalledTool(t *testing.T) {
	t.Setenv("CI", "true")
	want, err := exec.LookPath("go")
	if err != nil {
		t.Skip("no go on PATH") // the go command runs this test; its PATH may not hold it
	}
	r := &recorder{TB: t}
	if got := Need(r, "go"); got != want || r.failed != "" || r.skipped != "" {
		t.Errorf("Need(go) = %q (skipped %q, failed %q), want %s", got, r.skipped, r.failed, want)
	}
}
