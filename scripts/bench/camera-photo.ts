// A phone camera's photo of an InBody sheet for the weak-network bench (issue 39 §4): the tests'
// generated sheet (mild grade: grain, shadow, a slight tilt) at a 12 MP camera's size, a JPEG of
// about 3 MB as phones write them. Bundled and run by weak-network.mjs; prints the file it wrote.
import { writeFileSync } from 'node:fs';
import sharp from 'sharp';
import { randomTruth, sheetPhoto } from '#tests/support/inbody-sheet.ts';

const [out = 'camera.jpg', wantBytes = '3000000'] = process.argv.slice(2);
const sheet = await sheetPhoto(randomTruth(11), '270', 'en', 'mild', 11);
let photo = Buffer.alloc(0);
for (const quality of [85, 90, 94, 97, 99]) {
  photo = await sharp(sheet)
    .resize({ width: 3024, height: 4032, fit: 'fill' })
    .jpeg({ quality, chromaSubsampling: '4:4:4' })
    .toBuffer();
  if (photo.length >= Number(wantBytes)) break;
}
writeFileSync(out, photo);
console.log(JSON.stringify({ file: out, bytes: photo.length }));
