/**
 * Demo artwork drawn at seed time as small SVG files (a few KB each), so that every seeded image renders without
 * an outside image host and the repository carries no binary posters. Editors replace them with real uploads.
 */

/** Warm "screening room" palettes: [from, to, accent]. */
const palettes: readonly (readonly [string, string, string])[] = [
  ['#2b1055', '#d53369', '#ffb01b'],
  ['#0f2027', '#2c5364', '#ffca64'],
  ['#3a1c71', '#d76d77', '#ffaf7b'],
  ['#1d2b64', '#0b8793', '#f8cdda'],
  ['#42275a', '#734b6d', '#ffdd9b'],
  ['#141e30', '#243b55', '#ffab09'],
  ['#5a3f37', '#2c7744', '#ffe29f'],
  ['#4b134f', '#c94b4b', '#ffd194'],
];

function escapeXml(text: string): string {
  return text.replace(/[<>&"']/g, (character) => `&#${character.charCodeAt(0)};`);
}

/** Splits a title into lines of about `width` characters, at most `maxLines` of them. */
function wrap(text: string, width: number, maxLines: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/)) {
    if (line && `${line} ${word}`.length > width) {
      lines.push(line);
      line = word;
    } else {
      line = line ? `${line} ${word}` : word;
    }
  }
  if (line) lines.push(line);
  if (lines.length > maxLines) {
    const kept = lines.slice(0, maxLines);
    kept[maxLines - 1] = `${kept[maxLines - 1]}…`;
    return kept;
  }
  return lines;
}

function palette(index: number): readonly [string, string, string] {
  return palettes[index % palettes.length] ?? palettes[0]!;
}

export interface PosterOptions {
  width: number;
  height: number;
  title: string;
  /** A short line above the title (the section's name, a date...). */
  kicker?: string;
  paletteIndex: number;
  /** Draws a play button: the image stands for a video. */
  play?: boolean;
}

/** A poster: gradient, spotlight, film-strip edges, a kicker and the title. */
export function posterSvg({ width, height, title, kicker, paletteIndex, play }: PosterOptions): string {
  const [from, to, accent] = palette(paletteIndex);
  const fontSize = Math.round(Math.min(width / 14, height / 6));
  const lines = wrap(title, Math.max(12, Math.floor((width * 1.7) / fontSize)), 3);
  const strip = Math.round(height * 0.07);
  const holes = Array.from({ length: Math.ceil(width / (strip * 1.6)) }, (_, index) => {
    const x = Math.round(index * strip * 1.6 + strip * 0.3);
    const size = Math.round(strip * 0.55);
    const inset = Math.round((strip - size) / 2);
    return `<rect x="${x}" y="${inset}" width="${size}" height="${size}" rx="2"/><rect x="${x}" y="${height - strip + inset}" width="${size}" height="${size}" rx="2"/>`;
  }).join('');
  const textTop = height - strip * 2 - (lines.length - 1) * fontSize * 1.15;
  const titleText = lines
    .map(
      (line, index) =>
        `<text x="${strip * 1.5}" y="${Math.round(textTop + index * fontSize * 1.15)}" font-size="${fontSize}" font-weight="700">${escapeXml(line)}</text>`,
    )
    .join('');
  const kickerText = kicker
    ? `<text x="${strip * 1.5}" y="${Math.round(textTop - fontSize * 1.3)}" font-size="${Math.round(fontSize * 0.5)}" fill="${accent}" letter-spacing="3">${escapeXml(kicker.toUpperCase())}</text>`
    : '';
  const playButton = play
    ? `<circle cx="${width / 2}" cy="${height / 2 - strip}" r="${Math.round(height * 0.13)}" fill="#000" fill-opacity="0.45" stroke="${accent}" stroke-width="4"/><path d="M${width / 2 - height * 0.04} ${height / 2 - strip - height * 0.06} l${height * 0.1} ${height * 0.06} l${-height * 0.1} ${height * 0.06}z" fill="${accent}"/>`
    : `<circle cx="${width * 0.82}" cy="${height * 0.38}" r="${Math.round(height * 0.22)}" fill="none" stroke="${accent}" stroke-opacity="0.5" stroke-width="3"/><circle cx="${width * 0.82}" cy="${height * 0.38}" r="${Math.round(height * 0.08)}" fill="${accent}" fill-opacity="0.6"/>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient>
<radialGradient id="s" cx="0.8" cy="0.15" r="0.8"><stop offset="0" stop-color="#fff" stop-opacity="0.35"/><stop offset="1" stop-color="#fff" stop-opacity="0"/></radialGradient></defs>
<rect width="${width}" height="${height}" fill="url(#g)"/><rect width="${width}" height="${height}" fill="url(#s)"/>
<rect width="${width}" height="${strip}" fill="#000" fill-opacity="0.55"/><rect y="${height - strip}" width="${width}" height="${strip}" fill="#000" fill-opacity="0.55"/>
<g fill="#fff" fill-opacity="0.7">${holes}</g>${playButton}
<g font-family="'Helvetica Neue', Arial, sans-serif" fill="#fff">${kickerText}${titleText}</g>
</svg>
`;
}

/** A portrait stand-in: the initials on a gradient disc. */
export function avatarSvg(name: string, paletteIndex: number): string {
  const [from, to, accent] = palette(paletteIndex);
  const initials = name
    .replace(/[^A-Za-z ]/g, ' ')
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => word[0]?.toUpperCase())
    .join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="400" height="400" viewBox="0 0 400 400">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>
<rect width="400" height="400" fill="url(#g)"/><circle cx="200" cy="200" r="150" fill="none" stroke="${accent}" stroke-opacity="0.6" stroke-width="6"/>
<text x="200" y="200" dy="0.35em" text-anchor="middle" font-family="'Helvetica Neue', Arial, sans-serif" font-size="120" font-weight="700" fill="#fff">${escapeXml(initials)}</text>
</svg>
`;
}
