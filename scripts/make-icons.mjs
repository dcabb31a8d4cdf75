// Makes the installed app's icons in client/public from client/public/logo.svg (committed; run again
// after changing the logo): 192 and 512 px, and a maskable 512 px whose mark sits inside the safe
// circle (the launcher may cut the corners to any shape).
import sharp from 'sharp';

const dir = new URL('../client/public/', import.meta.url);
const logo = new URL('logo.svg', dir).pathname;
for (const size of [192, 512]) {
  await sharp(logo, { density: (72 * size) / 40 }).resize(size, size).png().toFile(new URL(`icon-${size}.png`, dir).pathname);
}
const mark = await sharp(logo, { density: (72 * 360) / 40 }).resize(360, 360).png().toBuffer();
await sharp({ create: { width: 512, height: 512, channels: 4, background: '#15803d' } })
  .composite([{ input: mark, left: 76, top: 76 }])
  .png()
  .toFile(new URL('icon-maskable-512.png', dir).pathname);
