package testtool

import (
	"bytes"
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// TypstPackage is the Typst compiler the tests run: typst.ts's native
// Node addon, the Typst compiler built for Node (it embeds Typst 0.14.2),
// at the version .ci/run installs. The Typst CLI itself is on no
// registry .ci/run may reach; this one is on npm.
const TypstPackage = "@myriaddreamin/typst-ts-node-compiler"

// TypstPackageVersion is the version .ci/run pins.
const TypstPackageVersion = "0.7.0"

// TypstModulesEnv names a node_modules folder holding TypstPackage, for
// a machine where it is not installed globally (npm install --prefix).
const TypstModulesEnv = "ABOUT_TYPST_NODE_MODULES"

// compileTypst compiles the file argv[2] to the PDF argv[3], and prints
// the embedded Typst's version. Every diagnostic, error or warning, is
// printed to stderr with exit status 1: compile (not pdf, which returns
// a PDF and drops the warnings) keeps them.
const compileTypst = `
const { NodeCompiler } = require(process.argv[1]);
const fs = require("node:fs");
const c = NodeCompiler.create({ workspace: require("node:path").dirname(process.argv[2]) });
const r = c.compile({ mainFileContent: fs.readFileSync(process.argv[2], "utf8") });
let bad = false;
for (const d of [r.takeWarnings(), r.takeError()]) {
  if (!d) continue;
  for (const x of c.fetchDiagnostics(d)) {
    bad = true;
    process.stderr.write((x.severity === 1 ? "error: " : "warning: ") + x.message + (x.range ? " at " + x.range : "") + "\n");
  }
  if (d.compilationStatus !== "ok" && d.compilationStatus !== "warning" && d.compilationStatus !== "error") {
    bad = true;
    process.stderr.write("compilation status " + d.compilationStatus + " (" + d.kind + ")\n");
  }
}
if (bad || r.hasError() || !r.result) { process.stderr.write("typst: the compile failed or warned\n"); process.exit(1); }
fs.writeFileSync(process.argv[3], c.pdf(r.result));
const v = c.compile({ mainFileContent: "#metadata(str(sys.version)) <v>" });
process.stdout.write(c.query(v.result, { selector: "<v>", field: "value" })[0]);
`

// CompileTypst compiles src, a Typst document, to PDF in dir, failing
// the test on any error or warning the compiler reports; it returns the
// PDF's path and the compiler's Typst version. Without node or the
// package, the test ends as Missing says.
func CompileTypst(t testing.TB, dir, src string) (pdf, version string) {
	t.Helper()
	node := Need(t, "node")
	pkg := typstPackageDir(t)
	in, pdf := filepath.Join(dir, "doc.typ"), filepath.Join(dir, "doc.pdf")
	if err := os.WriteFile(in, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, node, "-e", compileTypst, pkg, in, pdf)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		t.Fatalf("typst (%s): %v\n%s", pkg, err, stderr.String())
	}
	if stderr.Len() > 0 {
		t.Fatalf("typst printed to stderr:\n%s", stderr.String())
	}
	return pdf, stdout.String()
}

// typstPackageDir is TypstPackage's folder: under $ABOUT_TYPST_NODE_MODULES
// when set, else under npm's global root.
func typstPackageDir(t testing.TB) string {
	t.Helper()
	root := os.Getenv(TypstModulesEnv)
	if root == "" {
		npm := Need(t, "npm")
		out, err := exec.Command(npm, "root", "-g").Output()
		if err != nil {
			t.Fatalf("npm root -g: %v", err)
		}
		root = strings.TrimSpace(string(out))
	}
	dir := filepath.Join(root, filepath.FromSlash(TypstPackage))
	if _, err := os.Stat(filepath.Join(dir, "package.json")); err != nil {
		Missing(t, "the Typst compiler is not installed (npm install -g %s@%s, or set %s to a node_modules holding it)",
			TypstPackage, TypstPackageVersion, TypstModulesEnv)
	}
	return dir
}
