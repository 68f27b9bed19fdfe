/**
 * A child process for the retention test of reading a service export: reads the CSV argv[2] with
 * readCsv, keeps the Series, collects (run with --expose-gc), and prints, as one JSON line, how
 * many series it read and the strings of 512 KiB or more still alive in its heap (from a heap
 * snapshot). The file is read 1 MiB at a time, so a string that large is a chunk of its text (module sources, the largest other strings, stay under 100 KiB).
 */
import { getHeapSnapshot } from 'node:v8';
import { readCsv } from '../src/node/csv-read.ts';

interface Snapshot {
  snapshot: { meta: { node_fields: string[]; node_types: [string[]] } };
  nodes: number[];
}

const series = await readCsv(process.argv[2] ?? '');
(globalThis as { gc?: () => void }).gc?.();
let text = '';
for await (const part of getHeapSnapshot()) text += String(part);
const snap = JSON.parse(text) as Snapshot;
const fields = snap.snapshot.meta.node_fields;
const types = snap.snapshot.meta.node_types[0];
const [type, size, width] = [fields.indexOf('type'), fields.indexOf('self_size'), fields.length];
let bytes = 0;
let count = 0;
for (let i = 0; i < snap.nodes.length; i += width) {
  if (types[snap.nodes[i + type]!] === 'string' && snap.nodes[i + size]! >= 512 * 1024) {
    bytes += snap.nodes[i + size]!;
    count += 1;
  }
}
process.stdout.write(JSON.stringify({ series: series.length, bigStrings: count, bigStringBytes: bytes }));
