package netsim

import (
	"fmt"
	"strconv"
	"strings"
	"time"
)

// Header is the table's head, in Markdown.
const Header = "| run | works | requests | requests/work | wall | bound (busiest host) | wall ÷ bound (as sent) | tail | peak RSS | CPU | exit | note |\n" +
	"|---|---|---|---|---|---|---|---|---|---|---|---|"

// Markdown is the row as a Markdown table row; a cell with nothing
// measured is "—".
func (r Row) Markdown() string {
	dash := "—"
	cells := []string{r.Run, thousands(r.Works), dash, dash, seconds(r.Wall), dash, dash, dash,
		fmt.Sprintf("%.0f MB", float64(r.RSSKB)/1024), seconds(r.CPU), strconv.Itoa(r.Exit), r.Note}
	if r.Requests > 0 {
		cells[2] = thousands(r.Requests)
		cells[3] = fmt.Sprintf("%.3f", float64(r.Requests)/float64(max(r.Works, 1)))
	}
	if r.Bound > 0 {
		cells[5] = fmt.Sprintf("%s (%s)", seconds(r.Bound), r.Busiest)
		cells[6] = fmt.Sprintf("%.2f", r.Wall.Seconds()/r.Bound.Seconds())
		if r.BoundAsSent > 0 {
			cells[6] += fmt.Sprintf(" (%.2f)", r.Wall.Seconds()/r.BoundAsSent.Seconds())
		}
	}
	if r.Tail > 0 {
		cells[7] = seconds(r.Tail)
	}
	if r.Exit == -1 {
		cells[10] = "killed"
	}
	return "| " + strings.Join(cells, " | ") + " |"
}

func seconds(d time.Duration) string {
	if d < 10*time.Second {
		return fmt.Sprintf("%.2f s", d.Seconds())
	}
	return fmt.Sprintf("%.1f s", d.Seconds())
}

// thousands writes n with commas between groups of three digits.
func thousands(n int) string {
	s := strconv.Itoa(n)
	for i := len(s) - 3; i > 0; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return s
}
