package works

// NormalLicence lets works_test check normalLicence beside the merge's
// other fields.
var NormalLicence = normalLicence
