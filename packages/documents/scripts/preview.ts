/**
 * Draws every template with the sample CV and letter into a folder, for a look at them:
 *   npx tsx packages/documents/scripts/preview.ts /tmp/previews [--photo]
 * then `pdftoppm -png -r 70 file.pdf prefix` (poppler-utils) turns pages into pictures.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { deflateSync } from 'node:zlib';
import { coverLetterTemplates } from '../src/cover-letter/templates';
import { cvTemplates } from '../src/cv/templates';
import { renderCoverLetterDocx } from '../src/docx/cover-letter';
import { renderCvDocx } from '../src/docx/cv';
import { renderCoverLetterPdf, renderCvPdf } from '../src/render-pdf';
import { sampleCoverLetter, sampleCv } from '../src/samples';

/** A 240×240 PNG: a soft gradient with a head-and-shoulders silhouette, to stand in for a photo. */
const placeholderPhoto = () => {
  const size = 240;
  const raw = Buffer.alloc((size * 3 + 1) * size);
  for (let y = 0; y < size; y++) {
    raw[y * (size * 3 + 1)] = 0;
    for (let x = 0; x < size; x++) {
      const head = (x - 120) ** 2 + (y - 95) ** 2 < 48 ** 2;
      const shoulders = y > 150 && (x - 120) ** 2 / 95 ** 2 + (y - 245) ** 2 / 95 ** 2 < 1;
      const person = head || shoulders;
      const offset = y * (size * 3 + 1) + 1 + x * 3;
      raw[offset] = person ? 92 : 196 - y / 6;
      raw[offset + 1] = person ? 104 : 210 - y / 6;
      raw[offset + 2] = person ? 122 : 224 - y / 8;
    }
  }
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (buffer: Buffer) => {
    let c = 0xffffffff;
    for (const byte of buffer) c = crcTable[(c ^ byte) & 0xff] ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const sum = Buffer.alloc(4);
    sum.writeUInt32BE(crc(body));
    return Buffer.concat([length, body, sum]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const png = Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
  return `data:image/png;base64,${png.toString('base64')}`;
};

const out = path.resolve(process.argv[2] ?? 'previews');
const photo = process.argv.includes('--photo') ? placeholderPhoto() : undefined;
await fs.mkdir(out, { recursive: true });
for (const template of cvTemplates) {
  const started = performance.now();
  const pdf = await renderCvPdf(sampleCv, template.slug, { photo });
  console.log(`cv-${template.slug}.pdf`, pdf.length, 'bytes', Math.round(performance.now() - started), 'ms');
  await fs.writeFile(path.join(out, `cv-${template.slug}.pdf`), pdf);
}
for (const template of coverLetterTemplates) {
  const pdf = await renderCoverLetterPdf(sampleCoverLetter, template.slug);
  await fs.writeFile(path.join(out, `letter-${template.slug}.pdf`), pdf);
}
await fs.writeFile(path.join(out, 'cv.docx'), await renderCvDocx(sampleCv));
await fs.writeFile(path.join(out, 'letter.docx'), await renderCoverLetterDocx(sampleCoverLetter));
console.log('written to', out);
