import { svgDocument } from './svgUrl';

/** Terrain height per 50 px column, in blocks: a blocky hillside with a valley. */
const heights = [5, 5, 6, 6, 7, 7, 7, 6, 5, 5, 4, 4, 4, 5, 5, 6, 7, 8, 8, 8, 7, 6, 6, 5, 5, 4, 4, 5, 6, 6, 7, 7];
const block = 50;

function column(height: number, index: number): string {
  const x = index * block;
  const top = 900 - height * block;
  // Grass cap, dirt layer, stone below; a few coal specks give the stone some texture.
  const coal = index % 5 === 2 ? `<rect x="${x + 15}" y="${top + 170}" width="12" height="12" fill="#24262a"/>` : '';
  return (
    `<rect x="${x}" y="${top}" width="${block}" height="16" fill="#4e8f2f"/>` +
    `<rect x="${x}" y="${top + 16}" width="${block}" height="${block + 34}" fill="#6b4626"/>` +
    `<rect x="${x}" y="${top + 100}" width="${block}" height="${900 - top - 100}" fill="#4c5157"/>` +
    coal
  );
}

const tree =
  // Stands on column 17, whose grass is at y = 500.
  '<rect x="855" y="380" width="40" height="120" fill="#5a3b1e"/>' +
  '<rect x="775" y="260" width="200" height="80" fill="#2f6b22"/>' +
  '<rect x="815" y="200" width="120" height="60" fill="#37792a"/>' +
  '<rect x="795" y="340" width="160" height="40" fill="#2a5f1e"/>';

const clouds =
  '<g fill="#c9d6e3" opacity="0.35">' +
  '<rect x="180" y="120" width="200" height="40"/><rect x="220" y="90" width="110" height="30"/>' +
  '<rect x="1150" y="170" width="240" height="40"/><rect x="1200" y="140" width="130" height="30"/>' +
  '</g>';

/** Minecraft: a night sky with a square moon over blocky grass, dirt and stone. */
export const minecraftArt = svgDocument(
  '<defs><linearGradient id="s" x1="0" y1="0" x2="0" y2="1">' +
    '<stop offset="0" stop-color="#0d1b2a"/><stop offset="1" stop-color="#1f3b57"/></linearGradient></defs>' +
    '<rect width="1600" height="900" fill="url(#s)"/>' +
    '<rect x="1320" y="70" width="90" height="90" fill="#e8edf2"/>' +
    '<rect x="1340" y="90" width="20" height="20" fill="#c5ccd3"/><rect x="1375" y="125" width="15" height="15" fill="#c5ccd3"/>' +
    clouds +
    tree +
    heights.map(column).join(''),
);
