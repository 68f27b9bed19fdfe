import { mkdtempSync, readFileSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { appFolders } from '../paths.ts';
import { ImageService, type Clipboard } from './images.ts';

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);
const folders = () => appFolders({ env: { ECONDATA_HOME: mkdtempSync(join(tmpdir(), 'econdata-images-')) } });

describe('ImageService', () => {
  it('saves PNG and SVG to Downloads under the export name rule, never replacing a file', async () => {
    const f = folders();
    const images = new ImageService(f, undefined, undefined);
    expect(await images.save({ name: 'GDP: VN/TH', format: 'png', data: PNG.toString('base64'), destination: 'downloads' })).toEqual({ path: join(f.downloads, 'GDP-VN-TH.png'), bytes: 12 });
    await images.save({ name: 'GDP: VN/TH', format: 'png', data: PNG.toString('base64'), destination: 'downloads' });
    await images.save({ name: 'GDP', format: 'svg', data: '<svg xmlns="http://www.w3.org/2000/svg"></svg>', destination: 'downloads' });
    expect(readdirSync(f.downloads).sort()).toEqual(['GDP-VN-TH (2).png', 'GDP-VN-TH.png', 'GDP.svg']);
    expect(readFileSync(join(f.downloads, 'GDP-VN-TH.png'))).toEqual(PNG);
  });

  it('refuses bytes that are not a PNG, text that is not SVG, and a dialog in web mode, writing nothing', async () => {
    const f = folders();
    const images = new ImageService(f, undefined, undefined);
    await expect(images.save({ name: 'x', format: 'png', data: Buffer.from('GIF89a').toString('base64'), destination: 'downloads' })).rejects.toMatchObject({ code: 'invalid_parameter', parameter: 'data' });
    await expect(images.save({ name: 'x', format: 'svg', data: '<html></html>', destination: 'downloads' })).rejects.toMatchObject({ code: 'invalid_parameter', parameter: 'data' });
    await expect(images.save({ name: 'x', format: 'svg', data: '<svg/>', destination: 'dialog' })).rejects.toMatchObject({ code: 'invalid_parameter', parameter: 'destination' });
    await expect(images.write({ text: 'a' })).rejects.toMatchObject({ code: 'invalid_parameter', parameter: 'clipboard' });
  });

  it('uses the native save dialog (null when cancelled) and the system clipboard where there are some', async () => {
    const f = folders();
    const written: unknown[] = [];
    const clipboard: Clipboard = { write: async (c) => { written.push(c); } };
    const chosen = join(f.home, 'chosen.svg');
    let answer: string | null = null;
    const images = new ImageService(f, { saveFile: async (name, ext) => { expect([name, ext]).toEqual(['GDP.svg', 'svg']); return answer; }, openFile: async () => null }, clipboard);
    expect(await images.save({ name: 'GDP', format: 'svg', data: '<svg/>', destination: 'dialog' })).toEqual({ path: null, bytes: 0 });
    answer = chosen;
    expect(await images.save({ name: 'GDP', format: 'svg', data: '<svg/>', destination: 'dialog' })).toEqual({ path: chosen, bytes: 6 });
    expect(await images.write({ png: PNG.toString('base64'), text: 'a\tb', html: '<table></table>' })).toEqual({ written: true });
    expect(written).toEqual([{ png: PNG, text: 'a\tb', html: '<table></table>' }]);
  });
});
