#!/usr/bin/env node
// Writes the installable app's icons (public/icons) from the shop's bag mark: 192 and 512 px
// with rounded corners, and a maskable 512 px one whose mark sits inside the 80 % safe zone on a
// full-bleed background. Run after changing the mark; the PNGs are committed.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const out = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../public/icons');
mkdirSync(out, { recursive: true });

const BRAND = '#047857';
const bag =
  '<path d="M18 22h28l-3 24H21z" fill="#fff"/><path d="M25 22a7 7 0 0 1 14 0" stroke="#fff" stroke-width="4" fill="none"/>';
const rounded = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" rx="14" fill="${BRAND}"/>${bag}</svg>`;
// Maskable: no rounded corners (the platform cuts its own shape), the mark scaled to 70 %.
const maskable = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" fill="${BRAND}"/><g transform="translate(9.6 9.6) scale(0.7)">${bag}</g></svg>`;

const write = (svg, size, name) =>
  sharp(Buffer.from(svg), { density: 72 * (size / 64) })
    .resize(size, size)
    .png({ compressionLevel: 9 })
    .toFile(path.join(out, name));

await write(rounded, 192, 'icon-192.png');
await write(rounded, 512, 'icon-512.png');
await write(maskable, 512, 'icon-maskable-512.png');
await write(rounded, 180, 'apple-touch-icon.png');
console.log(`Icons written to ${out}`);
