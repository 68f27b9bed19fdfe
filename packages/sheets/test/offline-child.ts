/**
 * A child process for the offline test: cuts this process off the network (fetch, sockets, DNS
 * refuse and record every attempt) before the library is even imported, then saves, lists, opens,
 * charts and diffs exports in the folder argv[2], and prints what it saw as JSON on stdout.
 */
import dns from 'node:dns';
import net from 'node:net';

const attempts: string[] = [];
function refuse(what: string): () => never {
  return () => {
    attempts.push(what);
    throw new Error(`network used while offline: ${what}`);
  };
}
globalThis.fetch = refuse('fetch');
net.Socket.prototype.connect = refuse('net.Socket.connect');
dns.lookup = refuse('dns.lookup') as unknown as typeof dns.lookup;
dns.promises.lookup = refuse('dns.promises.lookup');

const folder = process.argv[2] ?? '';
const { ExportLibrary } = await import('../src/node/library/library.ts');
const { periodToDate } = await import('../src/grid/periods.ts');
const { gdp, inflation, stock } = await import('./fixtures.ts');

const times = ['2026-11-01T09:00:00.000Z', '2026-11-01T09:00:00.000Z', '2026-11-20T09:00:00.000Z'];
const lib = new ExportLibrary({ folder, productVersion: '1.0.0', now: () => new Date(times.shift() ?? 0) });
const xlsx = await lib.save([gdp, inflation, stock], { name: 'offline' });
const csv = await lib.save([gdp, inflation, stock], { name: 'offline', format: 'csv', orientation: 'long' });
// A re-run whose fetch fails (as it would offline) must leave the library as it was.
const failedRerun = await lib.rerun(xlsx.id, () => Promise.reject(new Error('no connection'))).then(
  () => 'saved',
  (error: unknown) => (error as Error).message,
);
const revised = { ...gdp, values: [[346615750000.5, 367e9, null, 429716969044.2]] };
const rerun = await lib.rerun(xlsx.id, () => Promise.resolve([revised, inflation, stock]));
const listed = (await lib.list()).exports.map((e) => e.id);
const opened = await lib.open(csv.id);
// What a chart needs: an x axis of dates and y values of numbers (null for a gap).
const chart = opened.series.map((s) => ({ id: s.id, x: s.periods.map((p) => periodToDate(p, s.frequency).toISOString().slice(0, 10)), y: s.values[0] }));
const diff = await lib.compare(xlsx.id, rerun.id);
const duringScenario = [...attempts];

// Prove the guard is live: these must be refused and recorded.
const probes: string[] = [];
for (const probe of [() => fetch('http://127.0.0.1:9/'), () => net.connect(9, '127.0.0.1')]) {
  try {
    await probe();
  } catch (error) {
    probes.push((error as Error).message);
  }
}
process.stdout.write(JSON.stringify({ duringScenario, probes, failedRerun, listed, ids: [xlsx.id, csv.id, rerun.id], opened: opened.series, chart, diff: { changed: diff.changed, unchanged: diff.unchanged } }));
