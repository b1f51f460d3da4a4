import { svgDocument } from './svgUrl';

/** A soft cloud made of overlapping circles. */
function cloud(x: number, y: number, scale: number): string {
  return (
    `<g fill="#d8f1ff" opacity="0.25">` +
    `<circle cx="${x}" cy="${y}" r="${40 * scale}"/><circle cx="${x + 50 * scale}" cy="${y - 20 * scale}" r="${55 * scale}"/>` +
    `<circle cx="${x + 110 * scale}" cy="${y}" r="${40 * scale}"/><rect x="${x}" y="${y}" width="${110 * scale}" height="${40 * scale}"/>` +
    `</g>`
  );
}

/** A floating island: grassy top, rocky underside and a thin waterfall. */
function island(x: number, y: number, width: number): string {
  const w = width;
  return (
    `<path d="M${x} ${y}h${w}l-${w * 0.2} ${w * 0.25}l-${w * 0.25} ${w * 0.3}l-${w * 0.2} -${w * 0.2}Z" fill="#1d3a4a"/>` +
    `<path d="M${x} ${y}h${w}v-16h-${w}Z" fill="#3fa56b"/>` +
    `<rect x="${x + w * 0.7}" y="${y}" width="8" height="${w * 0.45}" fill="#8fe3ff" opacity="0.6"/>`
  );
}

/** Palworld: a cool open sky with floating islands over green plains and a distant peak. */
export const palworldArt = svgDocument(
  '<defs><linearGradient id="s" x1="0" y1="0" x2="0" y2="1">' +
    '<stop offset="0" stop-color="#07223a"/><stop offset="1" stop-color="#1b6a8f"/></linearGradient></defs>' +
    '<rect width="1600" height="900" fill="url(#s)"/>' +
    cloud(160, 160, 1) +
    cloud(1100, 120, 1.3) +
    cloud(700, 260, 0.8) +
    island(300, 330, 260) +
    island(1180, 380, 200) +
    '<path d="M700 700L980 360l120 110 80 -60 260 290Z" fill="#12405a"/><path d="M980 360l-38 46 20 -6 18 12 16 -14 24 8Z" fill="#e6f7ff"/>' +
    '<path d="M0 690Q260 630 540 670T1100 660T1600 690V900H0Z" fill="#1f6b4a"/>' +
    '<path d="M0 790Q360 740 760 780T1600 780V900H0Z" fill="#154d36"/>',
);
