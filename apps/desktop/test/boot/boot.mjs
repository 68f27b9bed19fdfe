// Boots a built main process (argv[2]) on the electron stand-in, then drives it through its IPC
// handlers as the page would, and prints one JSON line: the window, the handlers, and the answers.
await import(process.argv[2]);
const { handles, windows } = globalThis.__electronStub;
for (let i = 0; i < 200 && windows.length === 0; i += 1) await new Promise((r) => setTimeout(r, 50));
const call = (name, request) => handles.get(`econdata:${name}`)({ senderFrame: { url: 'app://explorer/index.html' } }, request);
const gdp = { kind: 'indicator', source: 'WB', indicator: 'NY.GDP.MKTP.CD', country: 'VN', start_year: 2019, end_year: 2020 };
const status = await call('session.status', {});
const series = await call('series.fetch', { queries: [gdp] });
const saved = await call('exports.writeLocal', { queries: [gdp], format: 'xlsx', name: 'boot', destination: 'library' });
const opened = saved.ok ? await call('library.open', { id: saved.value.saved.id }) : saved;
console.log(JSON.stringify({ window: windows[0]?.url ?? null, handlers: handles.size, status, series, saved, opened }));
process.exit(0);
