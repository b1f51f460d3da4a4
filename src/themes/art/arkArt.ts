import { svgDocument } from './svgUrl';

/** A palm tree: a curved trunk and a fan of fronds. */
function palm(x: number, base: number): string {
  const top = base - 220;
  const fronds = [-70, -35, 0, 35, 70].map((dx) => `M${x + 20} ${top}q${dx / 2} -40 ${dx * 1.6} ${Math.abs(dx) / 2 + 30}`).join('');
  return `<path d="M${x} ${base}q30 -110 20 -220" stroke="#1e2410" stroke-width="14" fill="none"/>` + `<path d="${fronds}" stroke="#27310f" stroke-width="12" fill="none" stroke-linecap="round"/>`;
}

/** Ark: an island at dusk, a smoking volcano, jungle palms and a long-necked grazer. */
export const arkArt = svgDocument(
  '<defs><linearGradient id="s" x1="0" y1="0" x2="0" y2="1">' +
    '<stop offset="0" stop-color="#141a0c"/><stop offset="1" stop-color="#4a5224"/></linearGradient></defs>' +
    '<rect width="1600" height="900" fill="url(#s)"/>' +
    '<path d="M900 220q-60 -70 20 -110q70 -30 40 -90" stroke="#6b6a5a" stroke-width="30" fill="none" opacity="0.35"/>' +
    '<path d="M620 640L860 240h80l280 400Z" fill="#2c2f18"/><path d="M860 240h80l-20 40q-20 20 -40 0Z" fill="#e0662a"/>' +
    '<path d="M0 660Q240 600 520 640T1080 620T1600 650V900H0Z" fill="#232a12"/>' +
    // The grazer: body, long neck and head, tail, four legs.
    '<path d="M1150 600q60 -50 140 -10q20 -110 60 -150q20 -10 30 5q-10 15 -30 15q-30 40 -40 150q50 20 90 60l-20 4q-40 -30 -70 -34l-150 -10q-20 -10 -10 -30Z" fill="#161b0b"/>' +
    '<path d="M1170 610v60h16v-55M1210 615v55h16v-52M1270 620v50h16v-48M1300 620v50h16v-46" fill="#161b0b"/>' +
    palm(180, 700) +
    palm(360, 720) +
    palm(1480, 710) +
    '<path d="M0 780Q300 730 640 770T1280 760T1600 780V900H0Z" fill="#121607"/>',
);
