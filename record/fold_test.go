package record

import "testing"

func TestFoldSpellsNamesInPlainLetters(t *testing.T) {
	for in, want := range map[string]string{
		"Müller-Lüdenscheidt": "mullerludenscheidt",
		"Ñúñez García":        "nunezgarcia",
		"Øresund Æbleskiver":  "oresundaebleskiver",
		"Straße":              "strasse",
		"Łukasz Đorđević":     "lukaszdordevic",
		"Þórsdóttir":          "thorsdottir",
		"Œuvre ĳssel":         "oeuvreijssel",
		"Yılmaz":              "yilmaz",
		"Ștefan Țurcanu":      "stefanturcanu", // comma below: the old render table had it, the old fetch table did not
		"Nguyễn Thị":          "nguyenthi",     // stacked marks: neither old table had them
		"Ǎ ǧ":                 "ag",            // Latin Extended-B: neither old table had them
		"山田 太郎":               "山田太郎",          // no Latin spelling: kept as letters
		"O'Brien, 2nd":        "obrien2nd",
	} {
		if got := Fold(in); got != want {
			t.Errorf("Fold(%q) = %q, want %q", in, got, want)
		}
	}
}
