package record

// The text of a Date without fmt: the merge writes and reads every
// provider's issue date back (Date.String, ParseDate) to compare them,
// and at 10,000 works fmt's Sprintf and Sscanf were 5 % of check
// --offline's CPU. Each is fmt's result for the inputs it takes
// (TestDateTextMatchesFmt, FuzzParseDatePlain); the rest go to fmt.

// appendPadded appends v in at least width digits, as fmt's %0<width>d
// does; ok is false for a negative v.
func appendPadded(b []byte, v, width int) ([]byte, bool) {
	if v < 0 {
		return b, false
	}
	var digits [20]byte
	i := len(digits)
	for v > 0 || i == len(digits) {
		i--
		digits[i] = byte('0' + v%10)
		v /= 10
	}
	for n := len(digits) - i; n < width; n++ {
		b = append(b, '0')
	}
	return append(b, digits[i:]...), true
}

// dateText is d.String() for non-negative parts; ok is false otherwise.
func dateText(d Date) (string, bool) {
	b := make([]byte, 0, 10)
	b, ok := appendPadded(b, d.Year, 4)
	if d.Month != 0 && ok {
		b = append(b, '-')
		b, ok = appendPadded(b, d.Month, 2)
		if d.Day != 0 && ok {
			b = append(b, '-')
			b, ok = appendPadded(b, d.Day, 2)
		}
	}
	return string(b), ok
}

// parseDatePlain is ParseDate for "Y", "Y-M" or "Y-M-D" of plain digits,
// at most nine a part (no sign, no space, nothing fmt's %d reads
// otherwise): the form Date.String writes. ok is false for anything else.
// Such text is never an RFC 3339 time, which needs a "T".
func parseDatePlain(s string) (d Date, ok bool) {
	var parts [3]int
	n := 0
	for start := 0; start <= len(s); {
		end := start
		for end < len(s) && s[end] >= '0' && s[end] <= '9' {
			end++
		}
		if end == start || end-start > 9 || n == 3 {
			return Date{}, false
		}
		v := 0
		for _, c := range s[start:end] {
			v = v*10 + int(c-'0')
		}
		parts[n] = v
		n++
		switch {
		case end == len(s):
			start = end + 1
		case s[end] == '-' && end+1 < len(s):
			start = end + 1
		default:
			return Date{}, false
		}
	}
	switch n {
	case 1:
		return NewDate(parts[0], 0, 0), true
	case 2:
		return NewDate(parts[0], parts[1], 0), true
	}
	return NewDate(parts[0], parts[1], parts[2]), true
}
