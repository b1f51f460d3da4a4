import { svgDocument } from './svgUrl';

/** A lattice radio mast drawn from straight struts. */
function mast(x: number, base: number, height: number): string {
  const top = base - height;
  const struts: string[] = [];
  for (let y = base; y > top + 20; y -= 40) {
    const spread = ((y - top) / height) * 40;
    struts.push(`M${x - spread} ${y}L${x + spread * 0.85} ${y - 40}M${x + spread} ${y}L${x - spread * 0.85} ${y - 40}`);
  }
  return `<path d="M${x - 40} ${base}L${x} ${top}L${x + 40} ${base}${struts.join('')}" stroke="#1a0f0a" stroke-width="6" fill="none"/>` + `<circle cx="${x}" cy="${top}" r="7" fill="#ff5a2b"/>`;
}

/** Rust: a smoky dusk over scrap hills, a radio mast and ruined sheds. */
export const rustArt = svgDocument(
  '<defs><linearGradient id="s" x1="0" y1="0" x2="0" y2="1">' +
    '<stop offset="0" stop-color="#1b120e"/><stop offset="0.6" stop-color="#5a2a16"/><stop offset="1" stop-color="#8c3b1a"/></linearGradient>' +
    '<radialGradient id="g"><stop offset="0" stop-color="#ffb36b" stop-opacity="0.9"/><stop offset="1" stop-color="#ff7a3a" stop-opacity="0"/></radialGradient></defs>' +
    '<rect width="1600" height="900" fill="url(#s)"/>' +
    '<circle cx="420" cy="520" r="260" fill="url(#g)"/>' +
    '<circle cx="420" cy="520" r="70" fill="#ffc58a" opacity="0.8"/>' +
    '<path d="M0 640Q200 560 420 620T860 600T1250 630T1600 590V900H0Z" fill="#3a2116"/>' +
    mast(1180, 640, 420) +
    '<path d="M560 700h180v-70l-40-30h-110l-30 30Z" fill="#24150e"/>' +
    '<path d="M760 700h120v-55h-120Z" fill="#2b1911"/><path d="M790 645l30-25 30 25" stroke="#2b1911" stroke-width="8" fill="none"/>' +
    '<path d="M0 760Q300 690 620 740T1200 720T1600 750V900H0Z" fill="#1f130d"/>' +
    '<rect x="300" y="700" width="40" height="60" rx="6" fill="#6b2d14"/><rect x="300" y="716" width="40" height="6" fill="#3d1a0c"/>',
);
