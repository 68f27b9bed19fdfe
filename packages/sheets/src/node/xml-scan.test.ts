/**
 * The XML scanner gives the same tags and text however the bytes are cut into chunks (one byte at
 * a time included: inside a UTF-8 character, an entity, a CR LF, a tag, a comment, CDATA), decodes
 * what XML defines, and refuses what is not well-formed or holds a DTD.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { XmlError, XmlScanner, decodeText, nameKey, plainDecimal } from './xml-scan.ts';

const NAMES = ['worksheet', 'row', 'c', 'is', 't', 'v', 'a', 'b'];
/** The local name, checked both ways the scanner offers (is, and the key of short names). */
function nameOf(x: XmlScanner): string {
  const name = NAMES.find((n) => x.is(n)) ?? '?';
  expect(x.key).toBe(name.length <= 4 ? nameKey(name) : -1);
  return name;
}

/** The scanner's events for `xml` fed in chunks of the given sizes (cycled), text pieces joined. */
function events(xml: Buffer, sizes: number[]): string[] {
  const out: string[] = [];
  let text = '';
  const flush = (): void => {
    if (text) out.push(`text ${JSON.stringify(text)}`);
    text = '';
  };
  const scanner = new XmlScanner({
    open(x) {
      flush();
      out.push(`<${nameOf(x)} r=${x.attrText('r') ?? '-'} t=${x.attrText('t') ?? '-'} s=${x.attrInt('s')}>`);
    },
    close(x) {
      flush();
      out.push(`</${nameOf(x)}>`);
    },
    text(_x, buf, start, end, cdata) {
      text += decodeText(buf, start, end, cdata);
    },
  });
  let at = 0;
  for (let i = 0; at < xml.length; i += 1) {
    const size = sizes[i % sizes.length] ?? 1;
    scanner.push(xml.subarray(at, at + size));
    at += size;
  }
  scanner.end();
  flush();
  return out;
}

const doc = Buffer.from(
  '<?xml version="1.0" encoding="UTF-8"?>\r\n<!-- a comment with <tags> and -- dashes -->' +
    '<x:worksheet xmlns:x="urn:x" xmlns:r="urn:r"><row r="1"><c r="A1" t="inlineStr" s="12"><is><t xml:space="preserve">Việt Nam 😀 &amp; &lt;b&gt; &#x1F600;&#233;\r\nline\rtwo</t></is></c>' +
    '<c r = \'B1\' t="str" x="a>b"><v><![CDATA[<raw> &amp; ]]]]></v></c><?pi some ?><c r="C1"/></row>\n</x:worksheet>\n',
);

describe('XmlScanner', () => {
  it('reads tags, attributes and text as XML defines them', () => {
    expect(events(doc, [doc.length])).toEqual([
      'text "\\n"', // the line end between the declaration and the root, CR LF read as LF
      '<worksheet r=- t=- s=-1>',
      '<row r=1 t=- s=-1>',
      '<c r=A1 t=inlineStr s=12>',
      '<is r=- t=- s=-1>',
      '<t r=- t=- s=-1>',
      'text "Việt Nam 😀 & <b> 😀é\\nline\\ntwo"',
      '</t>',
      '</is>',
      '</c>',
      '<c r=B1 t=str s=-1>',
      '<v r=- t=- s=-1>',
      'text "<raw> &amp; ]]"',
      '</v>',
      '</c>',
      '<c r=C1 t=- s=-1>',
      '</c>',
      '</row>',
      'text "\\n"',
      '</worksheet>',
    ]);
  });

  it('gives the same events however the bytes are cut, one byte at a time included', () => {
    const whole = events(doc, [doc.length]);
    for (const sizes of [[1], [2], [3], [5, 1, 7], [64]]) expect(events(doc, sizes)).toEqual(whole);
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 1, max: 40 }), { minLength: 1, maxLength: 20 }), (sizes) => {
        expect(events(doc, sizes)).toEqual(whole);
      }),
      { numRuns: 200 },
    );
  });

  it('hands long text over in pieces that never split a character, an entity or a CR LF', () => {
    const long = `${'ệ&amp;\r\n😀'.repeat(20_000)}`;
    const xml = Buffer.from(`<t>${long}</t>`);
    const expected = long.replace(/&amp;/g, '&').replace(/\r\n/g, '\n');
    for (const sizes of [[xml.length], [4093], [65_537, 3]]) expect(events(xml, sizes)).toEqual(['<t r=- t=- s=-1>', `text ${JSON.stringify(expected)}`, '</t>']);
  });

  it.each([
    ['<a><b></a>', /ends before its last element closes|an end tag/],
    ['<a>&nbsp;</a>', /an entity XML does not define \(&nbsp;\)/],
    ['<a>AT&T</a>', /a "&" that starts no entity/],
    ['<!DOCTYPE a [<!ENTITY x "xx">]><a>&x;</a>', /DTD/],
    ['<a b="1></a>', /a "<" inside an attribute value|ends inside a tag/],
    ['<a><b>', /ends before its last element closes/],
    ['<a/><b/>', /a second root element/],
  ])('refuses %s', (xml, message) => {
    expect(() => events(Buffer.from(xml), [xml.length])).toThrow(XmlError);
    expect(() => events(Buffer.from(xml), [xml.length])).toThrow(message);
  });
});

describe('plainDecimal', () => {
  it('gives exactly what parseFloat gives for every decimal it takes, and NaN for the rest', () => {
    const check = (text: string): void => {
      const n = plainDecimal(Buffer.from(text), 0, text.length);
      if (!Number.isNaN(n)) expect(Object.is(n, parseFloat(text))).toBe(true);
    };
    fc.assert(fc.property(fc.double({ noNaN: true, noDefaultInfinity: true }), (v) => check(String(v))), { numRuns: 20_000 });
    fc.assert(
      fc.property(fc.boolean(), fc.stringMatching(/^\d{1,16}$/), fc.stringMatching(/^\d{0,16}$/), (negative, whole, fraction) => check(`${negative ? '-' : ''}${whole}${fraction ? `.${fraction}` : ''}`)),
      { numRuns: 20_000 },
    );
    for (const [text, value] of [['50.12', 50.12], ['-0', -0], ['100000', 100000], ['0.1', 0.1], ['.5', 0.5], ['123456789012345', 123456789012345]] as const) expect(plainDecimal(Buffer.from(text), 0, text.length)).toBe(value);
    for (const text of ['1e5', '1.', '+5', '-', '1234567890123456', '1&#48;', ' 1']) expect(plainDecimal(Buffer.from(text), 0, text.length)).toBeNaN();
  });
});
