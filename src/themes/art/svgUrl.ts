/** Wraps SVG markup as a CSS `url()` data URI, so the art ships inside the bundle with no extra request. */
export function svgUrl(svg: string): string {
  return `url("data:image/svg+xml,${encodeURIComponent(svg)}")`;
}

/** Opens an SVG document with the panel's common canvas (16:9, cropped to cover). */
export function svgDocument(body: string): string {
  return '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1600 900" preserveAspectRatio="xMidYMid slice">' + body + '</svg>';
}
