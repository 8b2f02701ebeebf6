package main

import (
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
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("step %q: %v\n%s", step.Name, err, out)
	}
	return readOutputs(t, output)
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
					want = []string{"public/index.html", "snapshots/works/doi_10.7554_2felife.01567.json"}
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
		"check":     {"contents": "read"},
		"refresh":   {"contents": "read"},
		"doctor":    {"contents": "read"},
		"propose":   {"contents": "write", "pull-requests": "write"},
		"keepalive": {"actions": "write"},
	} {
		if got := wf.Jobs[name].Permissions; !maps.Equal(got, want) {
			t.Errorf("%s: job %s has permissions %v, want %v", exampleWorkflow, name, got, want)
		}
	}
	if len(wf.Jobs) != 5 {
		t.Errorf("%s has %d jobs; this test knows the permissions of 5", exampleWorkflow, len(wf.Jobs))
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
