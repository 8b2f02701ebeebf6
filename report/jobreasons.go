package report

import "fmt"

// The words of the errors the run itself gives a job that came back
// short (the others are the transport's and the providers'): the story
// tells them as the job's reason, and --report gives them whole.

// NotAskedAfterFailure is why a job was not asked whose asking depended
// on another provider's answer (after), which failed: whether it would
// have been asked is unknown, so its previous value stands.
func NotAskedAfterFailure(provider, after string) error {
	return fmt.Errorf("not asked: whether to ask %s depends on %s's answer, which failed; its previous value is kept", provider, after)
}

// UnknownORCID is why the expansion of an ORCID iD of the manifest
// failed when every expanding provider answered "not found": likely a
// typo, which would otherwise quietly give no works.
func UnknownORCID(provider, iD string) error {
	return fmt.Errorf("%s: ORCID iD %s of the manifest was not found — check the iD", provider, iD)
}

// UnknownDBLP is UnknownORCID for a dblp person id.
func UnknownDBLP(provider, pid string) error {
	return fmt.Errorf("%s: dblp person %s of the manifest was not found — check the pid on dblp.org (https://dblp.org/pid/%s)", provider, pid, pid)
}

// UnknownINSPIRE is UnknownORCID for an INSPIRE author id.
func UnknownINSPIRE(provider, id string) error {
	return fmt.Errorf("%s: INSPIRE author %s of the manifest has no works there — check the id on the author's INSPIRE profile", provider, id)
}
