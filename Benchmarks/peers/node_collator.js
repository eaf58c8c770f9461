// The Node peer of `collate` (sort only), for Benchmarks/run pipeline:
//   node Benchmarks/peers/node_collator.js LOCALE FILE > out.txt
// Sorts FILE's lines with Intl.Collator(LOCALE).compare (Node's bundled ICU).
"use strict";
const fs = require("fs");
const [locale, file] = process.argv.slice(2);
const lines = fs.readFileSync(file, "utf8").split("\n");
if (lines.length && lines[lines.length - 1] === "") lines.pop();
const collator = new Intl.Collator(locale);
lines.sort(collator.compare);
fs.writeFileSync(1, lines.length ? lines.join("\n") + "\n" : "");
