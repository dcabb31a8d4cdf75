// Writes docs/decisions/README.md, the index of the decision records, from the records themselves
// (their title and their `Date: … · Status: …` line). `--check` writes nothing and exits 1 when a
// record lacks that line or the index is not what this would write; a test runs it that way.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const DIR = fileURLToPath(new URL('../docs/decisions/', import.meta.url));
const HEAD = `# Decision records

Each record says what was decided, why, and what follows. A new one copies \`000-template.md\`,
takes the next free number in its area and carries a date and a status; a later record that changes an
earlier one names it, and the earlier one's status says so. \`node scripts/decisions-index.mjs\` writes
this index from the records; a test fails when it is out of date.

| # | decision | date | status |
|---|---|---|---|
`;

export function decisionIndex() {
  const problems = [];
  const rows = [];
  for (const file of readdirSync(DIR).sort()) {
    if (!/^\d{3}-.*\.md$/.test(file) || file.startsWith('000-')) continue;
    const text = readFileSync(DIR + file, 'utf8');
    const title = text.match(/^# (\d{3}): (.+)$/m);
    const meta = text.match(/^Date: (\d{4}-\d{2}-\d{2}) · Status: (.+)$/m);
    if (!title) problems.push(`${file}: no '# NNN: Title' line`);
    if (!meta) problems.push(`${file}: no 'Date: YYYY-MM-DD · Status: …' line`);
    if (title && meta) rows.push(`| ${title[1]} | [${title[2]}](${file}) | ${meta[1]} | ${meta[2]} |`);
  }
  return { text: `${HEAD}${rows.join('\n')}\n`, problems };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { text, problems } = decisionIndex();
  const path = `${DIR}README.md`;
  if (process.argv.includes('--check')) {
    if (readFileSync(path, 'utf8') !== text) problems.push('docs/decisions/README.md is out of date: run node scripts/decisions-index.mjs');
    for (const p of problems) console.error(p);
    process.exit(problems.length ? 1 : 0);
  }
  for (const p of problems) console.error(p);
  writeFileSync(path, text);
}
