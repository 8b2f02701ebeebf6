package main

import (
	"os"
	"regexp"
	"strings"
	"testing"

	"github.com/aboutscholar/about/providers"
)

// TestReadmeSaysWhatYouNeed holds the README's "What you need" to the
// module and the registry: the Go version is go.mod's go line, and the
// OpenAlex key is the variable the provider reads and sends to its host
// only.
func TestReadmeSaysWhatYouNeed(t *testing.T) {
	readme := readFile(t, "README.md")
	mod := readFile(t, "go.mod")
	goLine := regexp.MustCompile(`(?m)^go (\d+)\.(\d+)(\.\d+)?$`).FindStringSubmatch(mod)
	if goLine == nil {
		t.Fatal("go.mod has no go line")
	}
	if want := "**Go " + goLine[1] + "." + goLine[2] + " or later** (`go.mod` says `" + strings.TrimPrefix(goLine[0], "go ") + "`)"; !strings.Contains(readme, "`go.mod` says `go "+strings.TrimPrefix(goLine[0], "go ")+"`") ||
		!strings.Contains(readme, "**Go "+goLine[1]+"."+goLine[2]+" or later**") {
		t.Errorf("README does not say %s", want)
	}
	oa, ok := providers.ByName("openalex")
	if !ok || oa.APIKey == nil {
		t.Fatal("no OpenAlex provider with an API key")
	}
	for _, want := range []string{"export " + oa.APIKey.Env + "=", "sends it only to " + oa.Host} {
		if !strings.Contains(readme, want) {
			t.Errorf("README does not say %q", want)
		}
	}
}

func readFile(t *testing.T, name string) string {
	t.Helper()
	b, err := os.ReadFile(name)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}
