/*
 * The faces of Minecraft's two classic default skins, 8 × 8 pixels, drawn in code so no outside
 * skin service is asked. One letter per pixel, colours below.
 */
const STEVE = ['HHHHHHHH', 'HHHHHHHH', 'HSSSSSSH', 'SSSSSSSS', 'SWBSSBWS', 'SSSNNSSS', 'SSMSSMSS', 'SSMMMMSS'];
const ALEX = ['OOOOOOOO', 'OOOOOOOO', 'OOOOSSSO', 'OSSSSSSO', 'SWGSSGWS', 'SSSSSSSS', 'SSSPPSSS', 'SSSSSSSS'];
const COLOURS: Record<string, string> = {
  H: '#2b1e0e', // Steve's hair
  S: '#b78a6c', // skin
  W: '#ffffff',
  B: '#523d89', // Steve's eyes
  N: '#7f4d33', // nose
  M: '#5a3827', // mouth and beard
  O: '#e0862c', // Alex's hair
  G: '#3d8b3d', // Alex's eyes
  P: '#c76f5e', // Alex's mouth
};
const ALEX_SKIN = '#f3c9a6';

/**
 * Which default skin the game gives a UUID: Alex when Java's `UUID.hashCode()` is odd, Steve
 * otherwise (the classic two-skin rule).
 */
export function defaultSkinOf(uuid: string): 'steve' | 'alex' {
  const hex = uuid.replace(/-/g, '');
  if (!/^[0-9a-fA-F]{32}$/.test(hex)) return 'steve';
  const most = BigInt(`0x${hex.slice(0, 16)}`);
  const least = BigInt(`0x${hex.slice(16)}`);
  const hilo = most ^ least;
  const hash = Number((hilo >> 32n) & 0xffffffffn) ^ Number(hilo & 0xffffffffn);
  return (hash & 1) === 1 ? 'alex' : 'steve';
}

/** Props of {@link PlayerHead}. */
export interface PlayerHeadProps {
  uuid: string;
  name: string;
  size?: number;
}

/** A player's head: the face of their default skin (Steve or Alex by UUID), crisp at any size. */
export function PlayerHead({ uuid, name, size = 24 }: PlayerHeadProps) {
  const skin = defaultSkinOf(uuid);
  const rows = skin === 'alex' ? ALEX : STEVE;
  return (
    <svg width={size} height={size} viewBox="0 0 8 8" shapeRendering="crispEdges" role="img" aria-label={name} data-skin={skin} style={{ borderRadius: 2, flex: 'none' }}>
      {rows.flatMap((row, y) => [...row].map((c, x) => <rect key={`${x}-${y}`} x={x} y={y} width={1} height={1} fill={c === 'S' && skin === 'alex' ? ALEX_SKIN : COLOURS[c]} />))}
    </svg>
  );
}
