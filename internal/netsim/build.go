package netsim

import (
	"context"
	"fmt"
	"os/exec"
	"path/filepath"
	"strings"
)

// Build builds the about binary of the module that holds dir (go build,
// as a user installs it) into out, and returns its path.
func Build(ctx context.Context, dir, out string) (string, error) {
	gomod, err := exec.CommandContext(ctx, "go", "env", "GOMOD").Output()
	if err != nil {
		return "", fmt.Errorf("netsim: go env GOMOD: %w", err)
	}
	root := filepath.Dir(strings.TrimSpace(string(gomod)))
	if root == "." || root == "" {
		return "", fmt.Errorf("netsim: %s is not inside a Go module", dir)
	}
	bin := filepath.Join(out, "about")
	cmd := exec.CommandContext(ctx, "go", "build", "-o", bin, ".")
	cmd.Dir = root
	if b, err := cmd.CombinedOutput(); err != nil {
		return "", fmt.Errorf("netsim: go build: %w\n%s", err, b)
	}
	return bin, nil
}
