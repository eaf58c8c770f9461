// The Go x/text peer of `collate` (sort only), for Benchmarks/run pipeline:
//   gotext LOCALE FILE > out.txt
// Sorts FILE's lines with golang.org/x/text/collate (its own CLDR tables).
package main

import (
	"bufio"
	"bytes"
	"os"

	"golang.org/x/text/collate"
	"golang.org/x/text/language"
)

func main() {
	data, err := os.ReadFile(os.Args[2])
	if err != nil {
		panic(err)
	}
	lines := bytes.Split(data, []byte("\n"))
	if len(lines) > 0 && len(lines[len(lines)-1]) == 0 {
		lines = lines[:len(lines)-1]
	}
	strs := make([]string, len(lines))
	for i, line := range lines {
		strs[i] = string(line)
	}
	collate.New(language.Make(os.Args[1])).SortStrings(strs)
	out := bufio.NewWriterSize(os.Stdout, 1<<20)
	for _, s := range strs {
		out.WriteString(s)
		out.WriteByte('\n')
	}
	out.Flush()
}
