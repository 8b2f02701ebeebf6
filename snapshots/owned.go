package snapshots

import (
	"slices"
	"strings"

	"github.com/aboutscholar/about/manifest"
)

// Ownership: the rule prune follows. A snapshot folder lives in the
// user's repository, where .DS_Store, .gitkeep, a README or notes appear;
// about must not delete them (fetch prunes). So fetch removes only files
// it writes:
//
//   - index.json, links.json and unclaimed.json at the top;
//   - in works/, counts/ and orcid/: <kind>_<escaped value>.json, the
//     names FileName makes (shortened ones included);
//   - anywhere there: .tmp-* leftovers of its own interrupted writes.
//
// Everything else, files and folders, is left alone. check is stricter
// (check/folder.go): in works/, counts/ and orcid/ only hidden files and
// a README are the user's, and a .json beside index.json is a stray, as
// a misplaced snapshot there would pass unread.

// IsTempName reports a leftover of WriteFileAtomic.
func IsTempName(name string) bool { return strings.HasPrefix(name, tempMark) }

// IsOwnFile reports whether name, a file directly in works/, counts/ or
// orcid/, has a name FileName could have made with a ".json" extension.
func IsOwnFile(name string) bool {
	stem, ok := strings.CutSuffix(name, ".json")
	if !ok || stem == "" {
		return false
	}
	for i := 0; i < len(stem); i++ {
		c := stem[i]
		if !(c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c == '-' || c == '.' || c == escapeByte || c == hashMark) {
			return false
		}
	}
	kind, _, ok := strings.Cut(stem, string(escapeByte))
	if !ok {
		return false
	}
	kinds := append(manifest.Kinds(), manifest.KindORCIDWork, manifest.KindKey, manifest.KindDBLPWork, manifest.KindINSPIREWork)
	return slices.Contains(kinds, manifest.Kind(kind))
}
