import { svgDocument } from './svgUrl';

/** Star positions as x,y pairs; fixed so the art is identical on every render. */
const stars = [
  [120, 90],
  [260, 180],
  [410, 70],
  [560, 140],
  [700, 60],
  [860, 200],
  [980, 110],
  [1090, 40],
  [1230, 160],
  [1380, 90],
  [1500, 210],
  [330, 260],
  [780, 280],
  [1450, 320],
];

/** A round-crowned tree of the kind that dots Terraria's forests. */
function tree(x: number, base: number, scale: number): string {
  const h = 120 * scale;
  return (
    `<rect x="${x - 8 * scale}" y="${base - h}" width="${16 * scale}" height="${h}" fill="#2a1838"/>` +
    `<circle cx="${x}" cy="${base - h}" r="${46 * scale}" fill="#3b2a6b"/>` +
    `<circle cx="${x - 30 * scale}" cy="${base - h + 20 * scale}" r="${30 * scale}" fill="#352460"/>` +
    `<circle cx="${x + 30 * scale}" cy="${base - h + 20 * scale}" r="${30 * scale}" fill="#352460"/>`
  );
}

/** Terraria: a starry violet night, a cratered moon, a floating island and forested hills. */
export const terrariaArt = svgDocument(
  '<defs><linearGradient id="s" x1="0" y1="0" x2="0" y2="1">' +
    '<stop offset="0" stop-color="#120a24"/><stop offset="1" stop-color="#3a2263"/></linearGradient></defs>' +
    '<rect width="1600" height="900" fill="url(#s)"/>' +
    `<g fill="#f4ecff">${stars.map(([x, y], i) => `<circle cx="${x}" cy="${y}" r="${i % 3 === 0 ? 3 : 2}"/>`).join('')}</g>` +
    '<circle cx="1260" cy="180" r="80" fill="#efe6ff"/><circle cx="1235" cy="160" r="14" fill="#d6c8f2"/><circle cx="1290" cy="205" r="10" fill="#d6c8f2"/>' +
    '<path d="M980 360h260l-40 50h-60l-30 40-40-40h-60Z" fill="#4a3a2a"/><path d="M980 360h260v-14h-260Z" fill="#5b8f3a"/>' +
    '<path d="M0 650Q180 560 380 620T760 590T1160 640T1600 580V900H0Z" fill="#2b1a4a"/>' +
    tree(240, 640, 1) +
    tree(520, 640, 0.8) +
    tree(1380, 620, 1.1) +
    '<path d="M0 760Q260 700 560 740T1120 730T1600 760V900H0Z" fill="#1b1030"/>',
);
