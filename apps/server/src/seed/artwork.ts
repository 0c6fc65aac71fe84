// Product images drawn at seed time, so the shop needs no external image hosting and works offline.
// productArtworkSvg is a pure, deterministic function of its input; renderProductImage rasterises
// the SVG with sharp (librsvg) and encodes it as WebP. Text uses generic system fonts only.
// Each product gets a look of its own from a hash of its brand and title: the category's colours
// turned round the colour wheel, a background pattern, the icon's size and tilt, and a badge with
// the product's size or capacity (or its brand's initials) in a shape of its own.
import sharp from 'sharp';
import type { Pixels } from '../uploads/widths.ts';

export interface ArtworkInput {
  title: string;
  brand: string;
  categoryName: string;
  colors: [string, string];
  variant: number; // 0..3: the 1st to 4th image of the product; each variant looks different
}

const CANVAS = 800;
const FONT = 'DejaVu Sans, Arial, sans-serif';
const TITLE_CHARS_PER_LINE = 18;
const TITLE_MAX_LINES = 3;
const INK = '#1d2230';
const VARIANT_LABELS = ['FRONT', 'SIDE', 'DETAIL', 'IN USE'] as const;

/** An SVG document (800×800) for one product image. Pure function, deterministic. */
export function productArtworkSvg(input: ArtworkInput): string {
  const variant = normaliseVariant(input.variant);
  const seed = hashString(`${input.brand}|${input.title}`);
  const look = lookOf(seed);
  const c0 = shiftHue(normaliseHex(input.colors[0], '#6b7a8f'), look.hue, look.light);
  const c1 = shiftHue(normaliseHex(input.colors[1], '#2c3e50'), look.hue, -look.light / 2);
  const detail = mixHex(c1, '#000000', 0.25);
  const kind = glyphKind(input.categoryName, input.title);

  // Title panel at the bottom, sized to the wrapped title.
  const lines = wrapTitle(input.title, TITLE_CHARS_PER_LINE, TITLE_MAX_LINES);
  const longest = Math.max(1, ...lines.map((l) => l.length));
  const fontSize = clamp(Math.floor(620 / (longest * 0.66)), 34, 52);
  const lineHeight = Math.round(fontSize * 1.2);
  const panelHeight = 34 + lines.length * lineHeight + 26;
  const panelY = CANVAS - 40 - panelHeight;

  // The free area between the header and the title panel holds the illustration.
  const areaTop = 170;
  const areaBottom = panelY - 18;
  const cx = 400;
  const cy = Math.round((areaTop + areaBottom) / 2);
  const s = Math.round(Math.min(270, areaBottom - areaTop - 30) * look.scale);

  // Gradient direction alternates between variants so that the four images differ at a glance.
  const grad = [
    'x1="0" y1="0" x2="1" y2="1"',
    'x1="1" y1="0" x2="0" y2="1"',
    'x1="0" y1="1" x2="1" y2="0"',
    'x1="0.2" y1="0" x2="0.8" y2="1"',
  ][variant];

  const parts: string[] = [];
  parts.push(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${CANVAS}" height="${CANVAS}" ` +
      `viewBox="0 0 ${CANVAS} ${CANVAS}">`,
    '<defs>',
    `<linearGradient id="bg" ${grad}>` +
      `<stop offset="0" stop-color="${c0}"/><stop offset="1" stop-color="${c1}"/></linearGradient>`,
    '<radialGradient id="glow" cx="0.5" cy="0.5" r="0.5">' +
      '<stop offset="0" stop-color="#ffffff" stop-opacity="0.35"/>' +
      '<stop offset="1" stop-color="#ffffff" stop-opacity="0"/></radialGradient>',
    '</defs>',
    `<rect width="${CANVAS}" height="${CANVAS}" fill="url(#bg)"/>`,
    pattern(look.pattern, seed),
  );

  parts.push(composition(variant, kind, { cx, cy, s, seed, detail, c0, tilt: look.tilt }));
  parts.push(
    badge(look.badge, badgeLabel(input.title, input.brand), cx + s * 0.62, cy - s * 0.55, c1),
  );
  parts.push(header(input.brand, input.categoryName, variant));
  parts.push(titlePanel(lines, fontSize, lineHeight, panelY, panelHeight, c0, c1));
  parts.push('</svg>');
  return parts.join('');
}

/** The drawing rasterised `size` pixels square, as raw pixels (for the width copies). */
export async function renderProductPixels(input: ArtworkInput, size = 800): Promise<Pixels> {
  if (!Number.isInteger(size) || size < 16 || size > 4096) {
    throw new RangeError(`Image size must be an integer between 16 and 4096, got ${size}`);
  }
  const svg = productArtworkSvg(input);
  // Rasterise straight at the requested size (the SVG is 800 user units at 72 dpi).
  const { data, info } = await sharp(Buffer.from(svg), { density: (72 * size) / CANVAS })
    .resize(size, size, { fit: 'fill' })
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height, channels: info.channels };
}

/** Pixels encoded as the WebP the shop serves (quality ~ 78). */
export function encodeArtwork({ data, ...raw }: Pixels): Promise<Buffer> {
  // effort 2 is ~2x faster to encode than the default 4, for files only ~5% larger.
  return sharp(data, { raw }).webp({ quality: 78, effort: 2 }).toBuffer();
}

/** The same rendered to WebP with sharp (quality ~ 78), as a Buffer. */
export async function renderProductImage(input: ArtworkInput, size = 800): Promise<Buffer> {
  return encodeArtwork(await renderProductPixels(input, size));
}

// ---------------------------------------------------------------------------------------------
// Layout pieces

interface Placement {
  cx: number;
  cy: number;
  s: number; // icon size in px
  seed: number;
  detail: string; // colour for the glyph's inner details
  c0: string;
  tilt: number; // degrees the product's icon leans by
}

// ---------------------------------------------------------------------------------------------
// A product's own look

type PatternKind = 'discs' | 'stripes' | 'dots' | 'rings' | 'zigzag' | 'diamonds';
const PATTERNS: readonly PatternKind[] = [
  'discs',
  'stripes',
  'dots',
  'rings',
  'zigzag',
  'diamonds',
];
type BadgeShape = 'circle' | 'hexagon' | 'star' | 'square' | 'tag';
const BADGES: readonly BadgeShape[] = ['circle', 'hexagon', 'star', 'square', 'tag'];

interface Look {
  hue: number; // degrees added to the category's colours
  light: number; // lightness added to the first colour, -0.08..0.08
  pattern: PatternKind;
  badge: BadgeShape;
  scale: number; // icon size factor, 0.82..1.0
  tilt: number; // icon tilt, -8..8 degrees
}

/** The look of one product, from its hash: each part from different bits. */
function lookOf(seed: number): Look {
  const bits = (shift: number, n: number) => (seed >>> shift) % n;
  return {
    hue: bits(0, 9) * 9 - 36,
    light: (bits(4, 5) - 2) * 0.04,
    pattern: PATTERNS[bits(8, PATTERNS.length)]!,
    badge: BADGES[bits(12, BADGES.length)]!,
    scale: 0.82 + bits(16, 7) * 0.03,
    tilt: bits(20, 9) * 2 - 8,
  };
}

/** A faint pattern over the whole background. */
function pattern(kind: PatternKind, seed: number): string {
  const phase = seed % 40;
  const paint = 'fill="white" fill-opacity="0.07"';
  const line = 'fill="none" stroke="white" stroke-opacity="0.08"';
  switch (kind) {
    case 'discs':
      return circle(760, 40, 230, 'white', 0.08) + circle(40, 700, 180, 'white', 0.06);
    case 'stripes': {
      let d = '';
      for (let x = -800 + phase; x < 800; x += 80) d += `M${x} 800 L${x + 800} 0 `;
      return `<path d="${d}" ${line} stroke-width="22"/>`;
    }
    case 'dots': {
      let out = '';
      for (let y = 30 + (phase % 20); y < 800; y += 56) {
        for (let x = (y / 56) % 2 ? 30 : 58; x < 800; x += 56) out += `M${x} ${y}h0.1`;
      }
      return `<path d="${out}" fill="none" stroke="white" stroke-opacity="0.13" stroke-width="9" stroke-linecap="round"/>`;
    }
    case 'rings': {
      const cx = (seed & 1) === 0 ? 0 : 800;
      let out = '';
      for (let radius = 120; radius < 1100; radius += 90) {
        out += `<circle cx="${cx}" cy="800" r="${radius}" ${line} stroke-width="16"/>`;
      }
      return out;
    }
    case 'zigzag': {
      let d = '';
      for (let y = 60 + phase; y < 820; y += 120) {
        d += `M0 ${y}`;
        for (let x = 0; x < 800; x += 80) d += ` L${x + 40} ${y - 30} L${x + 80} ${y}`;
      }
      return `<path d="${d}" ${line} stroke-width="12" stroke-linejoin="round"/>`;
    }
    case 'diamonds': {
      let d = '';
      for (let y = 0; y < 860; y += 100) {
        for (let x = (y / 100) % 2 ? 50 : 0; x < 860; x += 100) {
          d += `M${x} ${y - 22} L${x + 22} ${y} L${x} ${y + 22} L${x - 22} ${y} Z `;
        }
      }
      return `<path d="${d}" ${paint}/>`;
    }
  }
}

/** The product's size or capacity as its title gives it ("100 ml", "2 kg", "512GB"), else its brand's initials. */
function badgeLabel(title: string, brand: string): string {
  const size =
    /(\d+(?:\.\d+)?)\s?(ml|l|kg|g|gb|tb|w|wh|mah|ah|kva|inch|in|"|cm|mm|pcs|pack)\b/i.exec(title) ??
    /\b(\d+(?:\.\d+)?)-?(seater|piece|pc)\b/i.exec(title);
  if (size)
    return truncate(
      `${size[1]} ${size[2]!.toUpperCase() === size[2] ? size[2] : size[2]!.toLowerCase()}`,
      8,
    );
  const initials = brand
    .split(/\s+/)
    .filter(Boolean)
    .map((w) => w[0]!.toUpperCase())
    .join('');
  return initials.slice(0, 3) || 'D';
}

function badge(shape: BadgeShape, label: string, x: number, y: number, color: string): string {
  const R = 58;
  const body = `fill="white" fill-opacity="0.92"`;
  let outline: string;
  switch (shape) {
    case 'circle':
      outline = `<circle cx="${r(x)}" cy="${r(y)}" r="${R}" ${body}/>`;
      break;
    case 'square':
      outline = `<rect x="${r(x - R)}" y="${r(y - R * 0.8)}" width="${R * 2}" height="${r(R * 1.6)}" rx="18" ${body}/>`;
      break;
    case 'hexagon':
    case 'star': {
      const points: string[] = [];
      const n = shape === 'hexagon' ? 6 : 16;
      for (let i = 0; i < n; i++) {
        const a = (Math.PI * 2 * i) / n - Math.PI / 2;
        const radius = shape === 'hexagon' ? R : i % 2 ? R * 0.86 : R * 1.08;
        points.push(`${r(x + radius * Math.cos(a))},${r(y + radius * Math.sin(a))}`);
      }
      outline = `<polygon points="${points.join(' ')}" ${body}/>`;
      break;
    }
    case 'tag':
      outline =
        `<path d="M${r(x - R)} ${r(y - R * 0.62)} L${r(x + R * 0.7)} ${r(y - R * 0.62)} ` +
        `L${r(x + R * 1.1)} ${r(y)} L${r(x + R * 0.7)} ${r(y + R * 0.62)} L${r(x - R)} ` +
        `${r(y + R * 0.62)} Z" ${body}/>`;
      break;
  }
  const size = label.length <= 3 ? 30 : label.length <= 5 ? 24 : 19;
  return (
    outline +
    `<text x="${r(shape === 'tag' ? x - 4 : x)}" y="${r(y + size * 0.36)}" font-family="${FONT}" ` +
    `font-size="${size}" font-weight="bold" fill="${color}" text-anchor="middle">` +
    `${escapeXml(label)}</text>`
  );
}

function composition(variant: number, kind: GlyphKind, p: Placement): string {
  const { cx, cy, s, seed, detail } = p;
  const jitter = (n: number, range: number) => ((seed >>> n) % (2 * range + 1)) - range;
  const out: string[] = [];

  if (variant === 0) {
    // Front: centred icon on concentric soft discs.
    out.push(
      circle(cx, cy, s * 0.8, 'url(#glow)', 1),
      circle(cx, cy, s * 0.72, 'white', 0.14),
      circle(cx, cy, s * 0.52, 'white', 0.12),
      placeGlyph(kind, cx, cy, s * 0.95, p.tilt, detail),
    );
  } else if (variant === 1) {
    // Side: tilted card behind, icon turned, with a floor shadow.
    const tilt = -10 + jitter(2, 4);
    const w = s * 1.6;
    const h = s * 1.15;
    out.push(
      circle(60, 120, 150, 'white', 0.06),
      `<rect x="${r(cx - 30 - w / 2)}" y="${r(cy - h / 2)}" width="${r(w)}" height="${r(h)}" ` +
        `rx="56" fill="white" fill-opacity="0.14" transform="rotate(${tilt} ${cx - 30} ${cy})"/>`,
      `<ellipse cx="${cx + 20}" cy="${r(cy + s * 0.47)}" rx="${r(s * 0.48)}" ry="16" ` +
        'fill="black" fill-opacity="0.16"/>',
      placeGlyph(kind, cx + 20, cy, s * 0.9, tilt + 2, detail),
      `<circle cx="${r(cx + s * 0.85)}" cy="${r(cy - s * 0.45)}" r="38" fill="none" ` +
        'stroke="white" stroke-opacity="0.35" stroke-width="5"/>',
      circle(cx + s * 0.85 + 40, cy - s * 0.45 + 52, 10, 'white', 0.4),
    );
  } else if (variant === 2) {
    // Detail: a magnified view through a lens, with rings.
    const lens = s * 0.6;
    const zoom = s * 1.9;
    const ox = cx + ((seed & 1) === 0 ? 1 : -1) * s * 0.22;
    const oy = cy + s * 0.18;
    out.push(
      `<clipPath id="lens"><circle cx="${cx}" cy="${cy}" r="${r(lens)}"/></clipPath>`,
      ring(cx, cy, lens * 1.55, 0.08, 3),
      ring(cx, cy, lens * 1.3, 0.14, 3),
      circle(cx, cy, lens, 'white', 0.2),
      `<g clip-path="url(#lens)">${placeGlyph(kind, ox, oy, zoom, 0, detail, false)}</g>`,
      ring(cx, cy, lens, 0.85, 8),
      placeGlyph(kind, cx + lens * 1.5, cy + lens * 0.55, s * 0.34, 0, detail, false),
      plus(cx - lens * 1.1, cy - lens * 0.75, 16),
    );
  } else {
    // In use: waves, icon to one side, a dot grid and motion marks.
    const waveY = cy + s * 0.3;
    const ix = cx - 120;
    out.push(
      wave(waveY, 46, 0.12, seed),
      wave(waveY + 50, 36, 0.1, seed >>> 5),
      circle(cx + 190, cy - s * 0.4, 46, 'white', 0.22),
      dotGrid(cx + 90, cy - 40, 4, 3, 34),
      `<ellipse cx="${ix}" cy="${r(cy + s * 0.42)}" rx="${r(s * 0.42)}" ry="14" ` +
        'fill="black" fill-opacity="0.14"/>',
      placeGlyph(kind, ix, cy, s * 0.82, p.tilt, detail),
      motionMarks(ix + s * 0.5, cy - s * 0.15),
    );
  }
  return out.join('');
}

function header(brand: string, categoryName: string, variant: number): string {
  const brandText = truncate(brand.trim().toUpperCase(), 30);
  const brandSize = clamp(Math.floor(560 / (Math.max(brandText.length, 1) * 0.8)), 18, 28);
  const chipText = truncate(categoryName.trim(), 28);
  const chipWidth = Math.round(chipText.length * 10.6 + 40);
  const dots = [0, 1, 2, 3]
    .map((i) => {
      const x = 656 + i * 26;
      return i === variant
        ? `<circle cx="${x}" cy="76" r="8" fill="white"/>`
        : `<circle cx="${x}" cy="76" r="6" fill="none" stroke="white" stroke-opacity="0.7" ` +
            'stroke-width="2"/>';
    })
    .join('');
  return (
    `<text x="56" y="88" font-family="${FONT}" font-size="${brandSize}" font-weight="bold" ` +
    `letter-spacing="4" fill="white">${escapeXml(brandText)}</text>` +
    `<rect x="56" y="108" width="${chipWidth}" height="36" rx="18" fill="white" ` +
    'fill-opacity="0.2"/>' +
    `<text x="76" y="132" font-family="${FONT}" font-size="17" fill="white">` +
    `${escapeXml(chipText)}</text>` +
    dots +
    `<text x="744" y="118" font-family="${FONT}" font-size="14" letter-spacing="2" ` +
    `fill="white" fill-opacity="0.8" text-anchor="end">${VARIANT_LABELS[variant]}</text>`
  );
}

function titlePanel(
  lines: readonly string[],
  fontSize: number,
  lineHeight: number,
  panelY: number,
  panelHeight: number,
  c0: string,
  c1: string,
): string {
  const firstBaseline = panelY + 30 + Math.round(fontSize * 0.9);
  const tspans = lines
    .map(
      (line, i) => `<tspan x="92" y="${firstBaseline + i * lineHeight}">${escapeXml(line)}</tspan>`,
    )
    .join('');
  return (
    `<rect x="40" y="${panelY + 8}" width="720" height="${panelHeight}" rx="28" fill="black" ` +
    'fill-opacity="0.12"/>' +
    `<rect x="40" y="${panelY}" width="720" height="${panelHeight}" rx="28" fill="white" ` +
    'fill-opacity="0.95"/>' +
    `<rect x="64" y="${panelY + 30}" width="8" height="${panelHeight - 60}" rx="4" ` +
    `fill="${mixHex(c0, c1, 0.5)}"/>` +
    `<text font-family="${FONT}" font-size="${fontSize}" font-weight="bold" fill="${INK}">` +
    `${tspans}</text>`
  );
}

// ---------------------------------------------------------------------------------------------
// Glyphs: simple category icons drawn in a 200×200 box, white body with coloured details.

type GlyphKind =
  | 'shoe'
  | 'laptop'
  | 'tablet'
  | 'phone'
  | 'headphones'
  | 'sofa'
  | 'dress'
  | 'shirt'
  | 'bottle'
  | 'jar'
  | 'watch'
  | 'pot'
  | 'bag'
  | 'ball'
  | 'babyBottle'
  | 'vase'
  | 'solar'
  | 'box';

const GLYPH_KEYWORDS: readonly (readonly [GlyphKind, readonly string[]])[] = [
  ['headphones', ['audio', 'headphone', 'earbud', 'speaker', 'sound']],
  ['shoe', ['shoe', 'sneaker', 'boot', 'sandal', 'footwear']],
  ['laptop', ['laptop', 'computer', 'notebook', 'macbook']],
  ['tablet', ['tablet', 'ipad', 'kindle']],
  ['phone', ['phone', 'mobile']],
  ['watch', ['watch']],
  ['dress', ['dress', 'skirt', 'gown']],
  ['shirt', ['shirt', 'top', 'clothing', 'jersey', 'polo']],
  ['babyBottle', ['baby', 'infant', 'kids']],
  ['bottle', ['fragrance', 'perfume', 'parfum', 'cologne']],
  ['jar', ['beauty', 'skin', 'cosmetic', 'cream', 'lotion', 'hair']],
  ['pot', ['kitchen', 'cook', 'appliance', 'pan', 'kettle']],
  ['bag', ['grocer', 'food', 'pantry', 'drink']],
  ['ball', ['sport', 'fitness', 'football', 'gym', 'outdoor']],
  ['solar', ['solar', 'power', 'energy', 'battery']],
  ['sofa', ['furniture', 'sofa', 'chair', 'table', 'bed']],
  ['vase', ['decor', 'home', 'craft', 'art']],
];

function glyphKind(categoryName: string, title: string): GlyphKind {
  for (const text of [categoryName.toLowerCase(), title.toLowerCase()]) {
    for (const [kind, words] of GLYPH_KEYWORDS) {
      if (words.some((w) => text.includes(w))) return kind;
    }
  }
  return 'box';
}

function placeGlyph(
  kind: GlyphKind,
  x: number,
  y: number,
  size: number,
  rotate: number,
  detail: string,
  shadow = true,
): string {
  const k = size / 200;
  const t = (dx: number, dy: number) =>
    `translate(${r(x + dx)} ${r(y + dy)})` +
    (rotate ? ` rotate(${rotate})` : '') +
    ` scale(${k.toFixed(3)}) translate(-100 -100)`;
  const body = glyph(kind, 'white', detail);
  // Inherited fill/stroke opacity (not group opacity) keeps librsvg off an offscreen buffer.
  const shade = shadow
    ? `<g transform="${t(size * 0.03, size * 0.04)}" fill-opacity="0.16" stroke-opacity="0.16">` +
      `${glyph(kind, '#000000', 'none')}</g>`
    : '';
  return `${shade}<g transform="${t(0, 0)}">${body}</g>`;
}

function glyph(kind: GlyphKind, fill: string, d: string): string {
  const f = `fill="${fill}"`;
  const st = (w: number) =>
    `fill="none" stroke="${d}" stroke-width="${w}" stroke-linecap="round" ` +
    'stroke-linejoin="round"';
  switch (kind) {
    case 'shoe':
      return (
        `<path ${f} d="M18 128 Q16 84 44 80 L78 76 Q92 104 124 108 L166 114 Q188 119 186 146 ` +
        'L186 154 L18 154 Z"/>' +
        `<rect x="18" y="140" width="168" height="14" rx="6" fill="${d}"/>` +
        `<path ${st(5)} d="M70 88 L84 98 M78 82 L94 94 M60 96 L76 106"/>`
      );
    case 'laptop':
      return (
        `<rect ${f} x="40" y="40" width="120" height="88" rx="8"/>` +
        `<rect x="49" y="49" width="102" height="70" rx="3" fill="${d}"/>` +
        `<path ${f} d="M18 136 L182 136 L172 158 L28 158 Z"/>` +
        `<rect x="84" y="140" width="32" height="6" rx="3" fill="${d}"/>`
      );
    case 'tablet':
      return (
        `<rect ${f} x="36" y="24" width="128" height="152" rx="14"/>` +
        `<rect x="46" y="36" width="108" height="124" rx="4" fill="${d}"/>` +
        `<circle cx="100" cy="168" r="4" fill="${d}"/>`
      );
    case 'phone':
      return (
        `<rect ${f} x="60" y="16" width="80" height="168" rx="16"/>` +
        `<rect x="68" y="34" width="64" height="128" rx="4" fill="${d}"/>` +
        `<rect x="88" y="23" width="24" height="5" rx="2.5" fill="${d}"/>` +
        `<circle cx="100" cy="172" r="5" fill="${d}"/>`
      );
    case 'headphones':
      return (
        `<path fill="none" stroke="${fill}" stroke-width="16" stroke-linecap="round" ` +
        'd="M42 120 L42 100 A58 58 0 0 1 158 100 L158 120"/>' +
        `<rect ${f} x="26" y="108" width="38" height="64" rx="14"/>` +
        `<rect ${f} x="136" y="108" width="38" height="64" rx="14"/>` +
        `<rect x="34" y="120" width="10" height="40" rx="5" fill="${d}"/>` +
        `<rect x="156" y="120" width="10" height="40" rx="5" fill="${d}"/>`
      );
    case 'sofa':
      return (
        `<rect ${f} x="38" y="58" width="124" height="56" rx="16"/>` +
        `<rect ${f} x="30" y="104" width="140" height="40" rx="10"/>` +
        `<rect ${f} x="14" y="84" width="32" height="64" rx="14"/>` +
        `<rect ${f} x="154" y="84" width="32" height="64" rx="14"/>` +
        `<rect x="26" y="148" width="10" height="20" rx="3" fill="${fill}"/>` +
        `<rect x="164" y="148" width="10" height="20" rx="3" fill="${fill}"/>` +
        `<path ${st(4)} d="M100 66 L100 110 M46 118 L154 118"/>`
      );
    case 'dress':
      return (
        `<path ${f} d="M80 22 L90 22 Q100 34 110 22 L120 22 L118 58 L134 72 L166 174 ` +
        'Q100 186 34 174 L66 72 L82 58 Z"/>' +
        `<path ${st(6)} d="M70 74 L130 74"/>` +
        `<path ${st(4)} d="M84 100 L72 160 M116 100 L128 160 M100 100 L100 168"/>`
      );
    case 'shirt':
      return (
        `<path ${f} d="M72 26 L88 22 Q100 38 112 22 L128 26 L172 54 L156 88 L140 80 ` +
        'L140 176 L60 176 L60 80 L44 88 L28 54 Z"/>' +
        `<path ${st(4)} d="M88 22 L100 44 L112 22 M100 44 L100 176"/>` +
        `<circle cx="108" cy="70" r="3.5" fill="${d}"/>` +
        `<circle cx="108" cy="100" r="3.5" fill="${d}"/>` +
        `<circle cx="108" cy="130" r="3.5" fill="${d}"/>`
      );
    case 'bottle':
      return (
        `<rect ${f} x="84" y="18" width="32" height="30" rx="5"/>` +
        `<rect ${f} x="92" y="46" width="16" height="16"/>` +
        `<rect ${f} x="48" y="60" width="104" height="120" rx="22"/>` +
        `<rect x="66" y="98" width="68" height="44" rx="6" fill="${d}"/>` +
        `<path fill="none" stroke="${fill}" stroke-width="4" d="M78 120 L122 120"/>`
      );
    case 'jar':
      return (
        `<rect ${f} x="46" y="46" width="108" height="30" rx="8"/>` +
        `<rect x="46" y="70" width="108" height="8" fill="${d}"/>` +
        `<rect ${f} x="40" y="78" width="120" height="98" rx="18"/>` +
        `<rect x="58" y="104" width="84" height="44" rx="8" fill="${d}"/>` +
        `<path fill="none" stroke="${fill}" stroke-width="4" stroke-linecap="round" ` +
        'd="M72 126 Q100 112 128 126"/>'
      );
    case 'watch':
      return (
        `<rect ${f} x="76" y="10" width="48" height="180" rx="12"/>` +
        `<path ${st(3)} d="M84 24 L116 24 M84 176 L116 176"/>` +
        `<circle ${f} cx="100" cy="100" r="54"/>` +
        `<circle cx="100" cy="100" r="42" fill="none" stroke="${d}" stroke-width="6"/>` +
        `<path ${st(7)} d="M100 100 L100 72 M100 100 L120 110"/>` +
        `<rect x="152" y="92" width="10" height="16" rx="3" fill="${fill}"/>`
      );
    case 'pot':
      return (
        `<path fill="none" stroke="${fill}" stroke-width="6" stroke-linecap="round" ` +
        'd="M80 40 Q72 28 80 16 M100 40 Q92 28 100 16 M120 40 Q112 28 120 16"/>' +
        `<ellipse ${f} cx="100" cy="66" rx="72" ry="12"/>` +
        `<rect ${f} x="88" y="48" width="24" height="12" rx="4"/>` +
        `<path ${f} d="M34 78 L166 78 L160 160 Q158 176 142 176 L58 176 Q42 176 40 160 Z"/>` +
        `<rect ${f} x="10" y="92" width="30" height="14" rx="7"/>` +
        `<rect ${f} x="160" y="92" width="30" height="14" rx="7"/>` +
        `<rect x="40" y="100" width="120" height="10" fill="${d}"/>`
      );
    case 'bag':
      return (
        `<path fill="none" stroke="${fill}" stroke-width="10" stroke-linecap="round" ` +
        'd="M70 72 L70 56 Q100 20 130 56 L130 72"/>' +
        `<path ${f} d="M32 70 L168 70 L156 178 L44 178 Z"/>` +
        `<path fill="${d}" d="M82 64 Q74 36 100 26 Q104 52 86 64 Z"/>` +
        `<path fill="${d}" d="M104 64 Q120 40 142 46 Q130 66 108 66 Z"/>` +
        `<rect x="58" y="104" width="84" height="44" rx="8" fill="${d}"/>` +
        `<path fill="none" stroke="${fill}" stroke-width="4" d="M72 126 L128 126"/>`
      );
    case 'ball':
      return (
        `<circle ${f} cx="100" cy="100" r="76"/>` +
        `<path fill="${d}" d="M100 76 L123 93 L114 120 L86 120 L77 93 Z"/>` +
        `<path ${st(5)} d="M100 76 L100 30 M123 93 L166 78 M114 120 L140 158 ` +
        'M86 120 L60 158 M77 93 L34 78"/>'
      );
    case 'babyBottle':
      return (
        `<path ${f} d="M90 14 Q100 4 110 14 L114 40 L86 40 Z"/>` +
        `<rect x="76" y="40" width="48" height="18" rx="5" fill="${d}"/>` +
        `<rect ${f} x="64" y="58" width="72" height="124" rx="22"/>` +
        `<path ${st(4)} d="M70 90 L90 90 M70 112 L84 112 M70 134 L90 134 M70 156 L84 156"/>` +
        `<circle cx="114" cy="140" r="10" fill="${d}"/>`
      );
    case 'vase':
      return (
        `<path fill="none" stroke="${fill}" stroke-width="5" stroke-linecap="round" ` +
        'd="M100 80 Q96 50 76 26 M100 80 Q110 44 136 30 M100 80 Q100 50 104 16"/>' +
        `<ellipse ${f} cx="76" cy="26" rx="12" ry="7"/>` +
        `<ellipse ${f} cx="136" cy="30" rx="12" ry="7"/>` +
        `<ellipse ${f} cx="104" cy="16" rx="9" ry="9"/>` +
        `<path ${f} d="M78 78 L122 78 L118 92 Q156 116 146 150 Q138 180 100 182 ` +
        'Q62 180 54 150 Q44 116 82 92 Z"/>' +
        `<path ${st(5)} d="M62 128 Q100 116 138 128 M60 146 Q100 134 140 146"/>`
      );
    case 'solar':
      return (
        `<circle ${f} cx="150" cy="44" r="20"/>` +
        `<path fill="none" stroke="${fill}" stroke-width="5" stroke-linecap="round" ` +
        'd="M150 12 L150 4 M182 44 L190 44 M173 21 L179 15 M173 67 L179 73 M127 21 L121 15"/>' +
        `<path ${f} d="M40 86 L144 86 L170 160 L14 160 Z"/>` +
        `<path ${st(4)} d="M66 86 L56 160 M92 86 L92 160 M118 86 L128 160 ` +
        'M30 110 L152 110 M22 135 L161 135"/>' +
        `<rect ${f} x="84" y="160" width="16" height="24"/>` +
        `<rect ${f} x="60" y="180" width="64" height="8" rx="4"/>`
      );
    case 'box':
      return (
        `<path ${f} d="M100 24 L170 58 L170 142 L100 176 L30 142 L30 58 Z"/>` +
        `<path ${st(5)} d="M30 58 L100 92 L170 58 M100 92 L100 176"/>` +
        `<path ${st(4)} d="M65 41 L135 75"/>`
      );
  }
}

// ---------------------------------------------------------------------------------------------
// Small drawing helpers

function circle(cx: number, cy: number, radius: number, fill: string, opacity: number): string {
  return (
    `<circle cx="${r(cx)}" cy="${r(cy)}" r="${r(radius)}" fill="${fill}" ` +
    `fill-opacity="${opacity}"/>`
  );
}

function ring(cx: number, cy: number, radius: number, opacity: number, width: number): string {
  return (
    `<circle cx="${r(cx)}" cy="${r(cy)}" r="${r(radius)}" fill="none" stroke="white" ` +
    `stroke-opacity="${opacity}" stroke-width="${width}"/>`
  );
}

function plus(x: number, y: number, arm: number): string {
  return (
    `<path d="M${r(x - arm)} ${r(y)} L${r(x + arm)} ${r(y)} M${r(x)} ${r(y - arm)} ` +
    `L${r(x)} ${r(y + arm)}" stroke="white" stroke-opacity="0.6" stroke-width="5" ` +
    'stroke-linecap="round"/>'
  );
}

function wave(y: number, amplitude: number, opacity: number, seed: number): string {
  const phase = (seed % 5) * 40;
  const p = [
    `M0 ${r(y)}`,
    `C${160 + phase} ${r(y - amplitude)} ${240 + phase} ${r(y + amplitude)} 400 ${r(y)}`,
    `S${660 - phase} ${r(y - amplitude)} 800 ${r(y)}`,
    'L800 800 L0 800 Z',
  ].join(' ');
  return `<path d="${p}" fill="white" fill-opacity="${opacity}"/>`;
}

function dotGrid(x: number, y: number, cols: number, rows: number, gap: number): string {
  let out = '';
  for (let i = 0; i < cols; i++) {
    for (let j = 0; j < rows; j++) {
      out +=
        `<circle cx="${r(x + i * gap)}" cy="${r(y + j * gap)}" r="5" fill="white" ` +
        'fill-opacity="0.4"/>';
    }
  }
  return out;
}

function motionMarks(x: number, y: number): string {
  return (
    `<path d="M${r(x)} ${r(y)} Q${r(x + 24)} ${r(y + 30)} ${r(x)} ${r(y + 60)} ` +
    `M${r(x + 22)} ${r(y - 12)} Q${r(x + 54)} ${r(y + 30)} ${r(x + 22)} ${r(y + 72)}" ` +
    'fill="none" stroke="white" stroke-opacity="0.55" stroke-width="6" stroke-linecap="round"/>'
  );
}

// ---------------------------------------------------------------------------------------------
// Text and colour utilities

/** Wraps by words at ~maxChars per line, at most maxLines lines (the last one ellipsised). */
function wrapTitle(title: string, maxChars: number, maxLines: number): string[] {
  const pieces: string[] = [];
  for (const word of title.trim().split(/\s+/)) {
    if (!word) continue;
    for (let i = 0; i < word.length; i += maxChars) pieces.push(word.slice(i, i + maxChars));
  }
  const lines: string[] = [];
  let current = '';
  for (const piece of pieces) {
    if (!current) current = piece;
    else if (current.length + 1 + piece.length <= maxChars) current += ` ${piece}`;
    else {
      lines.push(current);
      current = piece;
    }
  }
  if (current) lines.push(current);
  if (lines.length === 0) return [''];
  if (lines.length <= maxLines) return lines;
  const kept = lines.slice(0, maxLines);
  const last = kept[maxLines - 1] ?? '';
  kept[maxLines - 1] = `${last.length >= maxChars ? last.slice(0, maxChars - 1).trimEnd() : last}…`;
  return kept;
}

function truncate(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 1).trimEnd()}…`;
}

function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => {
    switch (ch) {
      case '&':
        return '&amp;';
      case '<':
        return '&lt;';
      case '>':
        return '&gt;';
      case '"':
        return '&quot;';
      default:
        return '&apos;';
    }
  });
}

function normaliseVariant(variant: number): number {
  return Number.isFinite(variant) ? ((Math.trunc(variant) % 4) + 4) % 4 : 0;
}

/** Returns a safe #rrggbb colour (so nothing else can reach the SVG markup), or the fallback. */
function normaliseHex(color: string, fallback: string): string {
  const m = /^#?([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(color.trim());
  if (!m?.[1]) return fallback;
  const hex = m[1].length === 3 ? [...m[1]].map((c) => c + c).join('') : m[1];
  return `#${hex.toLowerCase()}`;
}

/** The colour turned `degrees` round the colour wheel and made `light` lighter (HSL). */
function shiftHue(hex: string, degrees: number, light: number): string {
  const n = parseInt(hex.slice(1), 16);
  const [rr, gg, bb] = [(n >> 16) & 255, (n >> 8) & 255, n & 255].map((v) => v / 255) as [
    number,
    number,
    number,
  ];
  const max = Math.max(rr, gg, bb);
  const min = Math.min(rr, gg, bb);
  const l = (max + min) / 2;
  const d = max - min;
  let h = 0;
  const sat = d === 0 ? 0 : d / (1 - Math.abs(2 * l - 1));
  if (d !== 0) {
    if (max === rr) h = ((gg - bb) / d + 6) % 6;
    else if (max === gg) h = (bb - rr) / d + 2;
    else h = (rr - gg) / d + 4;
  }
  const hue = (((h * 60 + degrees) % 360) + 360) % 360;
  const lt = clamp(l + light, 0.08, 0.85);
  const c = (1 - Math.abs(2 * lt - 1)) * sat;
  const x = c * (1 - Math.abs(((hue / 60) % 2) - 1));
  const m = lt - c / 2;
  const [r1, g1, b1] =
    hue < 60
      ? [c, x, 0]
      : hue < 120
        ? [x, c, 0]
        : hue < 180
          ? [0, c, x]
          : hue < 240
            ? [0, x, c]
            : hue < 300
              ? [x, 0, c]
              : [c, 0, x];
  const to = (v: number) => Math.round((v + m) * 255);
  return `#${((to(r1) << 16) | (to(g1) << 8) | to(b1)).toString(16).padStart(6, '0')}`;
}

function mixHex(a: string, b: string, t: number): string {
  const pa = parseInt(a.slice(1), 16);
  const pb = parseInt(b.slice(1), 16);
  const ch = (shift: number) =>
    Math.round(((pa >> shift) & 255) * (1 - t) + ((pb >> shift) & 255) * t);
  return `#${((ch(16) << 16) | (ch(8) << 8) | ch(0)).toString(16).padStart(6, '0')}`;
}

/** FNV-1a, 32-bit: a small deterministic hash for layout jitter. */
function hashString(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

function clamp(value: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, value));
}

function r(n: number): string {
  return (Math.round(n * 10) / 10).toString();
}
