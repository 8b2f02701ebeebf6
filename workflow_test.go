package main

import (
	"encoding/json"
	"maps"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/aboutscholar/about/internal/testtool"

	yaml "go.yaml.in/yaml/v3"
)

// These tests hold the example CI workflow and the composite action to
// what GitHub will do with them, without GitHub: the YAML is parsed, the
// steps' shell runs in a temporary git repository, and the expressions
// are evaluated from a table of what each one means on a runner. CI's
// actionlint (.ci/run) checks the workflow's syntax and types besides.

type ghStep struct {
	ID    string            `yaml:"id"`
	Name  string            `yaml:"name"`
	If    string            `yaml:"if"`
	Uses  string            `yaml:"uses"`
	Run   string            `yaml:"run"`
	Shell string            `yaml:"shell"`
	Env   map[string]string `yaml:"env"`
	With  map[string]string `yaml:"with"`
}

type ghWorkflow struct {
	On          map[string]any    `yaml:"on"`
	Env         map[string]string `yaml:"env"`
	Permissions map[string]string `yaml:"permissions"`
	Jobs        map[string]ghJob  `yaml:"jobs"`
}

type ghJob struct {
	If          string            `yaml:"if"`
	Needs       any               `yaml:"needs"`
	Permissions map[string]string `yaml:"permissions"` // nil: the workflow's
	Outputs     map[string]string `yaml:"outputs"`
	Steps       []ghStep          `yaml:"steps"`
}

type ghAction struct {
	Name   string `yaml:"name"`
	Inputs map[string]struct {
		Description string `yaml:"description"`
		Default     string `yaml:"default"`
	} `yaml:"inputs"`
	Outputs map[string]struct {
		Value string `yaml:"value"`
	} `yaml:"outputs"`
	Runs struct {
		Using string   `yaml:"using"`
		Steps []ghStep `yaml:"steps"`
	} `yaml:"runs"`
}

const exampleWorkflow = "examples/github-workflow/about.yml"

func readYAML(t *testing.T, path string, v any) {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if err := yaml.Unmarshal(data, v); err != nil {
		t.Fatalf("%s: %v", path, err)
	}
}

var expression = regexp.MustCompile(`\$\{\{\s*(.*?)\s*\}\}`)

// evaluate replaces each ${{ … }} in s with its value from known; an
// expression the table lacks fails the test rather than guessing.
func evaluate(t *testing.T, s string, known map[string]string) string {
	t.Helper()
	return expression.ReplaceAllStringFunc(s, func(m string) string {
		expr := expression.FindStringSubmatch(m)[1]
		v, ok := known[expr]
		if !ok {
			t.Fatalf("the test does not know what ${{ %s }} is on a runner", expr)
		}
		return v
	})
}

func stepNamed(t *testing.T, steps []ghStep, match func(ghStep) bool, what string) ghStep {
	t.Helper()
	for _, s := range steps {
		if match(s) {
			return s
		}
	}
	t.Fatalf("%s has no step %s", exampleWorkflow, what)
	return ghStep{}
}

func git(t *testing.T, dir string, args ...string) string {
	t.Helper()
	cmd := exec.Command("git", args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GIT_AUTHOR_NAME=t", "GIT_AUTHOR_EMAIL=t@example.org", "GIT_COMMITTER_NAME=t", "GIT_COMMITTER_EMAIL=t@example.org", "GIT_CONFIG_GLOBAL=/dev/null")
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("git %s: %v\n%s", strings.Join(args, " "), err, out)
	}
	return string(out)
}

// runStep runs a step's shell as the runner would (bash -e -o pipefail)
// in dir, with env, and returns what it wrote to GITHUB_OUTPUT.
func runStep(t *testing.T, dir string, step ghStep, env map[string]string, known map[string]string) map[string]string {
	t.Helper()
	outputs, out, err := execStep(t, dir, step, env, known)
	if err != nil {
		t.Fatalf("step %q: %v\n%s", step.Name, err, out)
	}
	return outputs
}

// execStep runs a step's shell as runStep does, and returns its outputs,
// what it printed and how it exited, for a step that may fail.
func execStep(t *testing.T, dir string, step ghStep, env map[string]string, known map[string]string) (outputs map[string]string, printed []byte, err error) {
	t.Helper()
	output := filepath.Join(t.TempDir(), "github_output")
	cmd := exec.Command("bash", "--noprofile", "--norc", "-eo", "pipefail", "-c", step.Run)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GITHUB_OUTPUT="+output)
	for k, v := range env {
		cmd.Env = append(cmd.Env, k+"="+v)
	}
	for k, v := range step.Env {
		cmd.Env = append(cmd.Env, k+"="+evaluate(t, v, known))
	}
	printed, err = cmd.CombinedOutput()
	return readOutputs(t, output), printed, err
}

// readOutputs parses GITHUB_OUTPUT: name=value lines and name<<DELIM blocks.
func readOutputs(t *testing.T, path string) map[string]string {
	t.Helper()
	data, err := os.ReadFile(path)
	if os.IsNotExist(err) {
		return map[string]string{}
	}
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]string{}
	lines := strings.Split(string(data), "\n")
	for i := 0; i < len(lines); i++ {
		if name, delim, ok := strings.Cut(lines[i], "<<"); ok {
			var block []string
			for i++; i < len(lines) && lines[i] != delim; i++ {
				block = append(block, lines[i])
			}
			out[name] = strings.Join(block, "\n")
		} else if name, value, ok := strings.Cut(lines[i], "="); ok {
			out[name] = value
		}
	}
	return out
}

// TestRefreshProposesItsChangesWithAndWithoutRendering replays the refresh
// job's file-touching steps in a git repository: with ABOUT_RENDER off,
// add-paths named a page folder that did not exist, git add failed, and
// so did every refresh whose snapshots changed. It also holds the pull
// request body to the truth about what started the run.
func TestRefreshProposesItsChangesWithAndWithoutRendering(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("the runner's steps are bash on ubuntu")
	}
	testtool.Need(t, "git")
	var wf ghWorkflow
	readYAML(t, exampleWorkflow, &wf)
	bin := aboutBinary(t)
	for _, render := range []bool{false, true} {
		for _, event := range []string{"schedule", "workflow_dispatch"} {
			name := map[bool]string{false: "render off", true: "render on"}[render] + ", " + event
			t.Run(name, func(t *testing.T) {
				r := newRefreshRun(t, wf, bin, event)
				r.checkBody(t, event)
				r.runFileSteps(t, render)
				want := []string{"snapshots/works/doi_10.7554_2felife.01567.json"}
				if render {
					// the page's .about-render.json travels with it, so the
					// next render knows the page is about's own
					want = []string{"public/.about-render.json", "public/index.html", "snapshots/works/doi_10.7554_2felife.01567.json"}
				}
				if changed := r.proposeChanges(t); strings.Join(changed, " ") != strings.Join(want, " ") {
					t.Errorf("the refresh commit holds %v, want %v", changed, want)
				}
			})
		}
	}
}

// refreshRun is the refresh job at the point its fetch has ended: a git
// repository of the example whose fetch changed one work's title.
type refreshRun struct {
	steps, propose []ghStep
	repo, temp     string
	env, known     map[string]string
}

func newRefreshRun(t *testing.T, wf ghWorkflow, bin, event string) *refreshRun {
	t.Helper()
	manifestPath, _ := exampleCopy(t)
	r := &refreshRun{steps: wf.Jobs["refresh"].Steps, propose: wf.Jobs["propose"].Steps, repo: filepath.Dir(manifestPath), temp: t.TempDir()}
	git(t, r.repo, "init", "-q", "-b", "main")
	git(t, r.repo, "add", "-A")
	git(t, r.repo, "commit", "-q", "-m", "snapshots")
	replay, _ := filepath.Abs(exampleReplay)
	for dst, src := range map[string]string{"committed": filepath.Join(r.repo, "snapshots"), "answers": replay} {
		if err := os.CopyFS(filepath.Join(r.temp, dst), os.DirFS(src)); err != nil {
			t.Fatal(err)
		}
	}
	// The fetch step's story, where the action leaves it (about-fetch.log)
	// and where an inline step used to (summary.txt).
	fetchLog := filepath.Join(r.temp, "about-fetch.log")
	for _, p := range []string{fetchLog, filepath.Join(r.temp, "summary.txt")} {
		writeFile(t, p, "about: 10/10 jobs\nabout: finished 10/10 jobs in 1s\n\n  provider  found\n"+hostileStory)
	}
	work := filepath.Join(r.repo, "snapshots", "works", "doi_10.7554_2felife.01567.json")
	data, err := os.ReadFile(work)
	if err != nil {
		t.Fatal(err)
	}
	writeFile(t, work, strings.Replace(string(data), "\"title\": \"", "\"title\": \"Revised: ", 1))

	r.env = map[string]string{"RUNNER_TEMP": r.temp, "PATH": filepath.Dir(bin) + string(os.PathListSeparator) + os.Getenv("PATH")}
	r.known = map[string]string{"runner.temp": r.temp, "github.event_name": event, "secrets.ABOUT_MAILTO": "", "steps.fetch.outputs.log": fetchLog}
	for k, v := range wf.Env {
		r.env[k] = v
		r.known["env."+k] = v
	}
	return r
}

// checkBody runs "describe the change" and wants the body to say who
// started the run: a schedule, or a person.
func (r *refreshRun) checkBody(t *testing.T, event string) {
	t.Helper()
	describe := stepNamed(t, r.steps, func(s ghStep) bool { return s.Name == "describe the change" }, `"describe the change"`)
	runStep(t, r.repo, describe, r.env, r.known)
	data, err := os.ReadFile(filepath.Join(r.temp, "body.md"))
	if err != nil {
		t.Fatal(err)
	}
	body := strings.ToLower(string(data))
	want, wrong := "scheduled", "manual"
	if event != "schedule" {
		want, wrong = wrong, want
	}
	if !strings.Contains(body, want) || strings.Contains(body, wrong) || event != "schedule" && strings.Contains(body, "weekly") {
		t.Errorf("a %s run's pull request body does not say %q (and only that):\n%s", event, want, data)
	}
	checkFenced(t, string(data))
}

// hostileStory is the end of a story whose unclaimed works' titles a
// hostile service wrote to be live Markdown in the pull request body:
// backtick runs that would close the story's code fence, then an image
// that loads from elsewhere, a javascript: link, a heading, an @mention
// that pings, and the HTML that closes <details>.
const hostileStory = "    0000-0002-9341-7985  doi:10.5555/x  Title ``````\n" +
	"```\n" +
	"<img src=https://evil.example/pixel.png> [x](javascript:alert(1))\n" +
	"# Approve this pull request\n" +
	"@someone please merge\n" +
	"</details>\n"

// checkFenced wants every line of hostileStory inside a fenced code block
// of body, read as CommonMark reads fences: a block opens on a line of
// three or more backticks (up to three spaces in) and closes on the first
// later line of backticks only, at least as many.
func checkFenced(t *testing.T, body string) {
	t.Helper()
	opening := regexp.MustCompile("^ {0,3}(`{3,})[^`]*$")
	closing := regexp.MustCompile("^ {0,3}(`{3,}) *$")
	lines := strings.Split(body, "\n")
	code := make([]bool, len(lines)) // the line is inside a fence, not a fence line
	fence := 0                       // the open fence's length; 0 outside one
	for i, line := range lines {
		switch m := closing.FindStringSubmatch(line); {
		case fence == 0:
			if m := opening.FindStringSubmatch(line); m != nil {
				fence = len(m[1])
			}
		case m != nil && len(m[1]) >= fence:
			fence = 0
		default:
			code[i] = true
		}
	}
	if fence != 0 {
		t.Errorf("the pull request body ends inside a code fence:\n%s", body)
	}
	story := strings.Split(strings.TrimSuffix(hostileStory, "\n"), "\n")
	start := slices.Index(lines, story[0])
	if start < 0 || start+len(story) > len(lines) || !slices.Equal(lines[start:start+len(story)], story) {
		t.Fatalf("the pull request body does not hold the story's lines as they came:\n%s", body)
	}
	for i := range story {
		if !code[start+i] {
			t.Errorf("the story's line %q is live Markdown in the pull request body, not code:\n%s", story[i], body)
		}
	}
}

func fileExists(path string) bool {
	_, err := os.Stat(path)
	return err == nil
}

// runFileSteps runs the render step (when ABOUT_RENDER is on) and every
// step that sets outputs, collecting them for the expressions.
func (r *refreshRun) runFileSteps(t *testing.T, render bool) {
	t.Helper()
	renderStep := stepNamed(t, r.steps, func(s ghStep) bool { return strings.Contains(s.Run, "about render") }, "that renders")
	if renderStep.If != "vars.ABOUT_RENDER == 'true'" {
		t.Fatalf("the render step's condition is %q; this test knows only vars.ABOUT_RENDER == 'true'", renderStep.If)
	}
	if render {
		runStep(t, r.repo, renderStep, r.env, r.known)
	}
	handOver := stepNamed(t, r.steps, func(s ghStep) bool { return strings.Contains(s.Run, "git diff --cached") }, "that hands the change over")
	runStep(t, r.repo, handOver, r.env, r.known)
}

// proposeChanges runs the propose job: a fresh checkout of the commit,
// the refresh job's proposal where download-artifact puts it (the same
// RUNNER_TEMP path), its run steps, then what create-pull-request does
// with add-paths: git add them, commit. It returns the committed paths,
// sorted.
func (r *refreshRun) proposeChanges(t *testing.T) []string {
	t.Helper()
	fresh := filepath.Join(t.TempDir(), "checkout")
	git(t, r.repo, "clone", "-q", r.repo, fresh)
	r.repo = fresh
	for _, s := range r.propose {
		if s.Run == "" {
			continue
		}
		for k, v := range runStep(t, r.repo, s, r.env, r.known) {
			r.known["steps."+s.ID+".outputs."+k] = v
		}
	}
	pr := stepNamed(t, r.propose, func(s ghStep) bool { return strings.HasPrefix(s.Uses, "peter-evans/create-pull-request@") }, "opening the pull request")
	if body := evaluate(t, pr.With["body-path"], r.known); !fileExists(body) {
		t.Errorf("the pull request body %s is not where the proposal was downloaded", body)
	}
	var paths []string
	for _, p := range strings.Split(evaluate(t, pr.With["add-paths"], r.known), "\n") {
		if p = strings.TrimSpace(p); p != "" {
			paths = append(paths, p)
		}
	}
	cmd := exec.Command("git", append([]string{"add", "--"}, paths...)...)
	cmd.Dir = r.repo
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("git add -- %s: %v\n%s", strings.Join(paths, " "), err, out)
	}
	git(t, r.repo, "commit", "-q", "-m", pr.With["commit-message"])
	changed := strings.Fields(git(t, r.repo, "show", "--name-only", "--format=", "HEAD"))
	sort.Strings(changed)
	return changed
}

// TestExampleWorkflowChecksEverywhereAndPins: pushes to the default
// branch are checked, the refresh job checks what it proposes (its pull
// request, opened with GITHUB_TOKEN, starts no workflow), every action is
// pinned to a tag or SHA, and the jobs use this repository's action.
func TestExampleWorkflowChecksEverywhereAndPins(t *testing.T) {
	var wf ghWorkflow
	readYAML(t, exampleWorkflow, &wf)
	if _, ok := wf.On["push"]; !ok {
		t.Error("pushes are never checked: no push trigger")
	}
	if !strings.Contains(wf.Jobs["check"].If, "'push'") {
		t.Errorf("the check job does not run on push: if: %s", wf.Jobs["check"].If)
	}
	checksItself := false
	for _, s := range wf.Jobs["refresh"].Steps {
		if strings.Contains(s.Run, "about check --offline") || s.With["command"] == "check" && strings.Contains(s.With["args"], "--offline") {
			checksItself = true
		}
	}
	if !checksItself {
		t.Error("the refresh job does not check the snapshots it proposes")
	}
	usesAction := 0
	for job, j := range wf.Jobs {
		for _, s := range j.Steps {
			if s.Uses == "" {
				continue
			}
			_, ref, ok := strings.Cut(s.Uses, "@")
			if !ok || ref == "main" || ref == "master" || ref == "latest" || ref == "" {
				t.Errorf("%s: %s is not pinned to a tag or SHA", job, s.Uses)
			}
			if strings.HasPrefix(s.Uses, "aboutscholar/about@") {
				usesAction++
			}
		}
	}
	if usesAction < 2 {
		t.Errorf("the jobs use aboutscholar/about@… %d times; check and fetch should both go through the action", usesAction)
	}
	data, _ := os.ReadFile(exampleWorkflow)
	for _, bad := range []string{"@latest", "go-version: stable", "about doctor --live"} {
		if got := strings.Contains(string(data), bad); got != (bad == "about doctor --live") {
			t.Errorf("%s: %q present = %v", exampleWorkflow, bad, got)
		}
	}
}

// TestActionDeclaresWhatItUses parses action.yml: a composite action whose
// every ${{ inputs.x }} is a declared input, every ${{ steps.x.… }} a
// step with that id, and every run step names its shell (GitHub requires
// it in composite actions).
func TestActionDeclaresWhatItUses(t *testing.T) {
	var a ghAction
	readYAML(t, "action.yml", &a)
	if a.Runs.Using != "composite" || a.Name == "" {
		t.Fatalf("action.yml: using %q, name %q", a.Runs.Using, a.Name)
	}
	ids := map[string]bool{}
	for _, s := range a.Runs.Steps {
		if s.ID != "" {
			ids[s.ID] = true
		}
	}
	check := func(where, text string) { checkActionRefs(t, a, ids, where, text) }
	for i, s := range a.Runs.Steps {
		where := "step " + s.Name + s.ID
		if s.Run != "" && s.Shell == "" {
			t.Errorf("step %d runs shell without naming it (composite actions must)", i)
		}
		check(where, s.If)
		if s.If != "" && !strings.Contains(s.If, "${{") {
			check(where, "${{ "+s.If+" }}")
		}
		check(where, s.Run)
		for _, v := range s.Env {
			check(where, v)
		}
		for _, v := range s.With {
			check(where, v)
		}
	}
	for name, o := range a.Outputs {
		check("output "+name, o.Value)
	}
	for name, in := range a.Inputs {
		if in.Description == "" {
			t.Errorf("input %q has no description", name)
		}
	}
	for _, name := range []string{"command", "manifest", "args"} {
		if _, ok := a.Inputs[name]; !ok {
			t.Errorf("action.yml lacks input %q", name)
		}
	}
}

// checkActionRefs wants every inputs.x and steps.x in text's expressions
// declared in a.
func checkActionRefs(t *testing.T, a ghAction, ids map[string]bool, where, text string) {
	t.Helper()
	ref := regexp.MustCompile(`\b(inputs|steps)\.([A-Za-z0-9_-]+)`)
	for _, m := range expression.FindAllStringSubmatch(text, -1) {
		for _, r := range ref.FindAllStringSubmatch(m[1], -1) {
			if r[1] == "inputs" {
				if _, ok := a.Inputs[r[2]]; !ok {
					t.Errorf("%s uses input %q, which action.yml does not declare", where, r[2])
				}
			} else if !ids[r[2]] {
				t.Errorf("%s uses step %q, which has no step with that id", where, r[2])
			}
		}
	}
}

// TestWorkflowsHoldTheTokenAway holds every workflow and the action to
// where a token may be (issue #30: the refresh job kept a contents: write
// token in .git/config while fetch parsed the services' answers, and
// handed write access to an action pinned by a movable tag):
//   - every action but this repository's own is pinned by a full commit
//     SHA, its version in a comment (Dependabot keeps such pins);
//   - every checkout leaves no token in .git/config;
//   - the workflow grants nothing by default, and a job that may write
//     runs no about: what parses the services' answers holds no write
//     token, and each writer has only the scopes its step needs.
func TestWorkflowsHoldTheTokenAway(t *testing.T) {
	workflows, err := filepath.Glob(".github/workflows/*.yml")
	if err != nil {
		t.Fatal(err)
	}
	workflows = append(workflows, exampleWorkflow)
	for _, path := range append(workflows, "action.yml") {
		checkPins(t, path)
	}
	for _, path := range workflows {
		var wf ghWorkflow
		readYAML(t, path, &wf)
		if grantsWrite(wf.Permissions) {
			t.Errorf("%s: the workflow's permissions %v grant write to every job that names none", path, wf.Permissions)
		}
		for name, job := range wf.Jobs {
			checkJobToken(t, path+": job "+name, job, wf.Permissions)
		}
	}
	var wf ghWorkflow
	readYAML(t, exampleWorkflow, &wf)
	for name, want := range map[string]map[string]string{
		"check":         {"contents": "read"},
		"refresh":       {"contents": "read"},
		"doctor":        {"contents": "read"},
		"propose":       {"contents": "write", "pull-requests": "write"},
		"keepalive":     {"actions": "write"},
		"removals-held": {},
	} {
		if got := wf.Jobs[name].Permissions; got == nil || !maps.Equal(got, want) {
			t.Errorf("%s: job %s has permissions %v (nil: none of its own), want %v", exampleWorkflow, name, got, want)
		}
	}
	if len(wf.Jobs) != 6 {
		t.Errorf("%s has %d jobs; this test knows the permissions of 6", exampleWorkflow, len(wf.Jobs))
	}
}

// pinned is a uses: line pinned by commit SHA with its version after.
var pinned = regexp.MustCompile(`^\s*(?:- )?uses:\s*[\w.-]+/[\w./-]+@[0-9a-f]{40} # v\d+(\.\d+)*\s*$`)

// checkPins wants every uses: line of path pinned by SHA, but a local
// action and this repository's own (whose ref is the user's pin of about).
func checkPins(t *testing.T, path string) {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	for i, line := range strings.Split(string(data), "\n") {
		trimmed := strings.TrimSpace(strings.TrimPrefix(strings.TrimSpace(line), "- "))
		if !strings.HasPrefix(trimmed, "uses:") {
			continue
		}
		ref := strings.TrimSpace(strings.TrimPrefix(trimmed, "uses:"))
		if strings.HasPrefix(ref, "./") || strings.HasPrefix(ref, "aboutscholar/about@") {
			continue
		}
		if !pinned.MatchString(line) {
			t.Errorf("%s:%d: %s is not pinned by a full commit SHA with its version in a comment", path, i+1, ref)
		}
	}
}

func grantsWrite(perms map[string]string) bool {
	for _, v := range perms {
		if v == "write" || v == "write-all" {
			return true
		}
	}
	return false
}

// checkJobToken wants a job's checkouts to keep no token, and a job that
// may write to run no about (neither the action nor the binary).
func checkJobToken(t *testing.T, where string, job ghJob, inherited map[string]string) {
	t.Helper()
	perms := job.Permissions
	if perms == nil {
		perms = inherited
	}
	runsAbout := false
	for _, s := range job.Steps {
		if strings.HasPrefix(s.Uses, "actions/checkout@") && s.With["persist-credentials"] != "false" {
			t.Errorf("%s: its checkout keeps the token in .git/config (persist-credentials is not false)", where)
		}
		if strings.HasPrefix(s.Uses, "aboutscholar/about@") || regexp.MustCompile(`(^|\s)about\s`).MatchString(s.Run) {
			runsAbout = true
		}
	}
	if runsAbout && grantsWrite(perms) {
		t.Errorf("%s runs about, which parses the services' answers, with write permissions %v", where, perms)
	}
}

// A story with nothing but progress lines (a quiet run) leaves the
// fenced story empty: the step must still write the body, not fail on
// a search that found no backtick.
func TestDescribeWithAnEmptyStory(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("the runner's steps are bash on ubuntu")
	}
	testtool.Need(t, "git")
	var wf ghWorkflow
	readYAML(t, exampleWorkflow, &wf)
	r := newRefreshRun(t, wf, aboutBinary(t), "schedule")
	writeFile(t, r.known["steps.fetch.outputs.log"], "about: 10/10 jobs\nabout: finished 10/10 jobs in 1s\n")
	describe := stepNamed(t, r.steps, func(s ghStep) bool { return s.Name == "describe the change" }, `"describe the change"`)
	runStep(t, r.repo, describe, r.env, r.known)
	data, err := os.ReadFile(filepath.Join(r.temp, "body.md"))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(data), "<summary>fetch summary</summary>\n\n```\n```\n") {
		t.Errorf("the empty story is not an empty code block:\n%s", data)
	}
}

// TestWorkflowFailsOnHeldRemovals: (issue #30) fetch holds back the removal of
// an ORCID record's works when the record drops all or most of them at
// once, and exits 1; the refresh job lets exit 1 pass (short jobs are
// fine to propose), so when nothing else changed no pull request came and
// nobody learnt that the record had emptied. The refresh job's fetch,
// through the action's own step and about answering from recordings,
// reads its report; the removals-held job then fails the run, naming the
// record and the command that accepts the removal, and is skipped when
// nothing was held. A report that is missing is never "nothing held".
func TestWorkflowFailsOnHeldRemovals(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("the runner's steps are bash on ubuntu")
	}
	testtool.Need(t, "jq") // on GitHub's ubuntu runners
	var wf ghWorkflow
	readYAML(t, exampleWorkflow, &wf)
	bin := aboutBinary(t)
	t.Run("held", func(t *testing.T) { heldFailsTheRun(t, newHeldRun(t, wf, bin, emptiedReplay(t))) })
	for name, c := range map[string]struct {
		replay func(*testing.T) string
		exit   string
	}{
		"none held":                  {func(*testing.T) string { return exampleReplay }, "0"},
		"none held, some jobs short": {shortReplay, "1"},
	} {
		t.Run(name, func(t *testing.T) { noneHeldPasses(t, newHeldRun(t, wf, bin, c.replay(t)), c.exit) })
	}
	t.Run("fetch fails before its report", func(t *testing.T) {
		r := newHeldRun(t, wf, bin, exampleReplay)
		r.env["ABOUT_TEST_EXIT"] = "3"
		if outputs, failed := r.refresh(t); !failed {
			t.Errorf("the refresh job passed although fetch exited 3 and wrote no report; outputs %v", outputs)
		}
	})
	// Only exits 0 and 1 reach the step that reads the report, and fetch
	// writes one before either; should one still be missing, or list no
	// removals_held (an about older than the workflow), that is no
	// "nothing held".
	for name, report := range map[string]string{"exit 1, no report": "", "exit 1, no removals_held": `{"outcome":"incomplete","snapshots":{}}`} {
		t.Run(name, func(t *testing.T) {
			r := newHeldRun(t, wf, bin, exampleReplay)
			r.env["ABOUT_TEST_EXIT"], r.env["ABOUT_TEST_REPORT"] = "1", report
			noReportFailsTheRun(t, r)
		})
	}
}

// heldFailsTheRun wants the refresh to pass (its other changes are
// proposed) and the removals-held job to fail with one annotation for
// the emptied record, saying how many works it had and lists, and the
// command that accepts it, and the same in the step summary.
func heldFailsTheRun(t *testing.T, r *heldRun) {
	t.Helper()
	outputs, failed := r.refresh(t)
	if failed || r.fetchExit != "1" {
		t.Fatalf("the refresh job failed (%v; fetch exited %s), and with it the proposal of every other change", failed, r.fetchExit)
	}
	ran, printed, summary, err := r.removalsJob(t, outputs)
	if !ran || err == nil {
		t.Fatalf("the run passes although fetch held back the removal of a record's 8 works (ran %v, err %v):\n%s", ran, err, printed)
	}
	const record, accept = "orcid:0000-0002-9341-7985", "about fetch --accept-removals manifest.toml"
	var annotations []string
	for _, line := range strings.Split(string(printed), "\n") {
		if strings.HasPrefix(line, "::error ") && strings.Contains(line, record) {
			annotations = append(annotations, line)
		}
	}
	if len(annotations) != 1 {
		t.Fatalf("%d ::error annotations name %s, want 1:\n%s", len(annotations), record, printed)
	}
	for _, want := range []string{"lists no works now", "listed 8", accept} {
		if !strings.Contains(annotations[0], want) {
			t.Errorf("the annotation does not say %q:\n%s", want, annotations[0])
		}
	}
	for _, want := range []string{record, "lists no works now, where its last snapshot listed 8", "```sh\n" + accept + "\n```"} {
		if !strings.Contains(summary, want) {
			t.Errorf("the step summary does not say %q:\n%s", want, summary)
		}
	}
}

// noneHeldPasses wants a refresh whose fetch exited exit and held nothing
// to pass, and the removals-held job not to run.
func noneHeldPasses(t *testing.T, r *heldRun, exit string) {
	t.Helper()
	outputs, failed := r.refresh(t)
	if failed || r.fetchExit != exit {
		t.Fatalf("the refresh job failed (%v; fetch exited %s, want %s)", failed, r.fetchExit, exit)
	}
	if ran, printed, _, err := r.removalsJob(t, outputs); ran {
		t.Errorf("the removals-held job ran (err %v) although nothing was held; refresh outputs %v:\n%s", err, outputs, printed)
	}
}

// noReportFailsTheRun wants a refresh whose fetch left no report of its
// held removals to pass (its changes are proposed) and the removals-held
// job to fail, saying so.
func noReportFailsTheRun(t *testing.T, r *heldRun) {
	t.Helper()
	outputs, failed := r.refresh(t)
	if failed {
		t.Fatal("the refresh job failed, and with it the proposal")
	}
	ran, printed, summary, err := r.removalsJob(t, outputs)
	if !ran || err == nil || !strings.Contains(string(printed), "::error ") || !strings.Contains(summary, "no fetch report") {
		t.Errorf("a fetch that left no report of its held removals passes as nothing held (ran %v, err %v):\n%s\n%s", ran, err, printed, summary)
	}
}

// emptiedReplay is the example's recordings with the ORCID record's works
// summary answering 200 and listing no work, as a faulty answer would.
func emptiedReplay(t *testing.T) string {
	t.Helper()
	dir := copyReplay(t)
	path := filepath.Join(dir, "pub.orcid.org", "v3.0-0000-0002-9341-7985-works-98292062.json")
	var answer map[string]any
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(data, &answer); err != nil {
		t.Fatal(err)
	}
	answer["body"] = `{"last-modified-date":null,"group":[],"path":"/0000-0002-9341-7985/works"}`
	if data, err = json.Marshal(answer); err != nil {
		t.Fatal(err)
	}
	writeFile(t, path, string(data))
	return dir
}

// shortReplay is the example's recordings without DataCite's: its jobs
// fail, and fetch exits 1 with nothing held.
func shortReplay(t *testing.T) string {
	t.Helper()
	dir := copyReplay(t)
	if err := os.RemoveAll(filepath.Join(dir, "api.datacite.org")); err != nil {
		t.Fatal(err)
	}
	return dir
}

func copyReplay(t *testing.T) string {
	t.Helper()
	dir := filepath.Join(t.TempDir(), "replay")
	if err := os.CopyFS(dir, os.DirFS(exampleReplay)); err != nil {
		t.Fatal(err)
	}
	return dir
}

// fakeAbout stands on PATH for about in the refresh job's steps. With
// ABOUT_TEST_EXIT set it is a fetch that ends with that code, writing
// ABOUT_TEST_REPORT (when not empty) as its report; otherwise it runs the
// real about with --record DIR answered from ABOUT_TEST_REPLAY instead.
const fakeAbout = `#!/usr/bin/env bash
args=() report=
while [ $# -gt 0 ]; do
  case $1 in
    --record) args+=(--replay "$ABOUT_TEST_REPLAY"); shift 2 ;;
    --report) report=$2; args+=("$1" "$2"); shift 2 ;;
    *) args+=("$1"); shift ;;
  esac
done
if [ -n "${ABOUT_TEST_EXIT:-}" ]; then
  if [ -n "${ABOUT_TEST_REPORT:-}" ]; then printf '%s' "$ABOUT_TEST_REPORT" > "$report"; fi
  exit "$ABOUT_TEST_EXIT"
fi
exec "$ABOUT_TEST_BIN" "${args[@]}"
`

// heldRun is the refresh job of a copy of the example from its fetch on,
// and the removals-held job after it.
type heldRun struct {
	wf         ghWorkflow
	action     ghAction
	repo       string
	env, known map[string]string
	fetchExit  string // the fetch step's exit-code output, once refresh ran
}

func newHeldRun(t *testing.T, wf ghWorkflow, bin, replay string) *heldRun {
	t.Helper()
	manifestPath, _ := exampleCopy(t)
	r := &heldRun{wf: wf, repo: filepath.Dir(manifestPath)}
	readYAML(t, "action.yml", &r.action)
	temp, fakeDir := t.TempDir(), t.TempDir()
	if err := os.WriteFile(filepath.Join(fakeDir, "about"), []byte(fakeAbout), 0o755); err != nil {
		t.Fatal(err)
	}
	replay, err := filepath.Abs(replay)
	if err != nil {
		t.Fatal(err)
	}
	r.env = map[string]string{"RUNNER_TEMP": temp, "PATH": fakeDir + string(os.PathListSeparator) + os.Getenv("PATH"),
		"ABOUT_TEST_BIN": bin, "ABOUT_TEST_REPLAY": replay}
	r.known = map[string]string{"runner.temp": temp, "secrets.ABOUT_MAILTO": "", "secrets.OPENALEX_API_KEY": "", "secrets.S2_API_KEY": ""}
	for k, v := range wf.Env {
		r.env[k] = v
		r.known["env."+k] = v
	}
	return r
}

// refresh runs the refresh job's steps from its fetch to the step that
// reads the report, as the runner does: a step with no if: runs only
// while every step before it passed. It returns the job's outputs (an
// unset step output is "", as on GitHub) and whether the job failed.
func (r *heldRun) refresh(t *testing.T) (outputs map[string]string, failed bool) {
	t.Helper()
	job := r.wf.Jobs["refresh"]
	from := slices.IndexFunc(job.Steps, func(s ghStep) bool { return s.ID == "fetch" })
	to := slices.IndexFunc(job.Steps, func(s ghStep) bool { return s.ID == "held" })
	if from < 0 || to < from {
		t.Fatalf("%s: the refresh job has no step with id held after its fetch (from %d to %d)", exampleWorkflow, from, to)
	}
	steps := map[string]map[string]string{}
	for _, s := range job.Steps[from : to+1] {
		if s.If != "" {
			t.Fatalf("step %q runs if %s; this test knows only steps that run after success", s.Name, s.If)
		}
		if failed {
			continue
		}
		var printed []byte
		var err error
		switch {
		case strings.HasPrefix(s.Uses, "aboutscholar/about@"):
			steps[s.ID], printed, err = r.runAction(t, s)
		case s.Run != "":
			steps[s.ID], printed, err = execStep(t, r.repo, s, r.env, r.known)
		default:
			t.Fatalf("step %q: this test runs only shell and the about action", s.Name)
		}
		t.Logf("step %q: %v\n%s", s.Name, err, printed)
		failed = err != nil
	}
	r.fetchExit = steps["fetch"]["exit-code"]
	outputs = map[string]string{}
	stepOutput := regexp.MustCompile(`^steps\.([\w-]+)\.outputs\.([\w-]+)$`)
	for name, value := range job.Outputs {
		outputs[name] = expression.ReplaceAllStringFunc(value, func(m string) string {
			ref := stepOutput.FindStringSubmatch(expression.FindStringSubmatch(m)[1])
			if ref == nil {
				t.Fatalf("the refresh job's output %s is %s; this test knows only step outputs", name, value)
			}
			return steps[ref[1]][ref[2]]
		})
	}
	return outputs, failed
}

// runAction runs the about action's own step that runs the command, with
// the workflow step's inputs over the action's defaults (the steps before
// it set up Go and build about, which PATH stands in for here).
func (r *heldRun) runAction(t *testing.T, s ghStep) (map[string]string, []byte, error) {
	t.Helper()
	known := maps.Clone(r.known)
	for name, in := range r.action.Inputs {
		known["inputs."+name] = in.Default
	}
	for name, v := range s.With {
		known["inputs."+name] = evaluate(t, v, r.known)
	}
	env := maps.Clone(r.env) // a uses: step's env reaches the action's steps
	for k, v := range s.Env {
		env[k] = evaluate(t, v, r.known)
	}
	run := stepNamed(t, r.action.Runs.Steps, func(a ghStep) bool { return a.ID == "run" }, "with id run in action.yml")
	return execStep(t, r.repo, run, env, known)
}

// removalsJob runs the removals-held job after a refresh that passed with
// outputs, where GitHub would: its if: is the one this test knows. It
// returns whether it ran, what it printed, its step summary and how it
// ended.
func (r *heldRun) removalsJob(t *testing.T, outputs map[string]string) (ran bool, printed []byte, summary string, err error) {
	t.Helper()
	job, ok := r.wf.Jobs["removals-held"]
	if !ok {
		t.Fatalf("%s has no removals-held job", exampleWorkflow)
	}
	if job.Needs != "refresh" || job.If != "needs.refresh.outputs.removals-held != '[]'" {
		t.Fatalf("the removals-held job needs %v if %q; this test knows refresh and needs.refresh.outputs.removals-held != '[]'", job.Needs, job.If)
	}
	if outputs["removals-held"] == "[]" {
		return false, nil, "", nil
	}
	known := map[string]string{}
	for name, v := range outputs {
		known["needs.refresh.outputs."+name] = v
	}
	summaryPath := filepath.Join(t.TempDir(), "step_summary")
	// It runs no about and reads nothing of the repository: no about on
	// PATH, and an empty folder.
	env := map[string]string{"RUNNER_TEMP": t.TempDir(), "GITHUB_STEP_SUMMARY": summaryPath, "PATH": os.Getenv("PATH")}
	maps.Copy(env, r.wf.Env)
	for _, s := range job.Steps {
		if s.Uses != "" || s.Run == "" {
			t.Fatalf("the removals-held job's step %q is not shell: it needs no checkout and no action", s.Name)
		}
		for k, v := range s.Env {
			if strings.Contains(v, "secrets.") || strings.Contains(v, "github.token") {
				t.Errorf("the removals-held job hands %s = %s to its step; it needs no token and no secret", k, v)
			}
		}
		var out []byte
		_, out, err = execStep(t, t.TempDir(), s, env, known)
		printed = append(printed, out...)
		if err != nil {
			break
		}
	}
	data, rerr := os.ReadFile(summaryPath)
	if rerr != nil && !os.IsNotExist(rerr) {
		t.Fatal(rerr)
	}
	return true, printed, string(data), err
}
