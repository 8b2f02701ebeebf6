// Package check is about check: it holds every file of a committed
// snapshot folder to what the manifest and the canonical encoding say,
// with no network (Offline), and, online, compares the folder with what a
// fetch into a temporary copy of it writes (Current, then the Diff).
//
// Offline reads each file of the folder once (Folder's file checks hand
// each work file to the re-merge as it is read) and finds:
//
//   - the file checks (folder.go): every file of about's canonical,
//     index.json the manifest's identities and works in fetch order, every
//     listed work's file there and no stray file;
//   - the re-merge (offline.go, workreads.go): each work's merged record
//     what its sources and the manifest's [[override]]s give, and
//     links.json what the link pass gives, through the works core;
//   - the registrar rule (routed.go) and the counts rule (counts.go);
//   - the manifest settings render would refuse or that name no work.
//
// It does not fetch: the command line hands Current its fetch (Fetch), so
// check needs nothing of how a run is scheduled. It writes nothing to the
// committed folder. What stays in snapshots is the folder's primitives
// (reading, the canonical encoding, file names, layout); what stays in
// works is the pure merge check calls.
package check
